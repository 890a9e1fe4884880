# ruff: noqa: RUF001  (Chinese text: full-width punctuation is meant)
"""The shared shell's messages (`SHELL`): the seats' names, the words every request has (its
default, how to answer it, the `trigger` kind), what a seat answered, the end of a game, and
the line console's, the full-screen console's and the replay's own texts, for every game.

English is the source; `ZH` translates every id (a test checks it). The keys a person types
stay as they are in every language: `d`, `c`, `?`, `/`, and the commands `hand`, `table`,
`help`, `quit`/`q` and a game's (`card`, `general`)."""

from __future__ import annotations

import re

from protocol.choices import INDICES
from user_agent.words.lang import Catalogue

EN: dict[str, str] = {
    # --- lists and sentences ---
    "stop": ".",
    "list.sep": ", ",
    "list.and": " and ",
    "list.and_all": " and ",
    "list.or": " or ",
    "list.semi": "; ",
    "nothing": "nothing",
    "cards.one": "a card",
    "cards.many": "{n} cards",
    "paren": " ({what})",
    # --- seats ---
    "seat.nobody": "nobody",
    "seat.bare": "seat {seat}",
    "seat.named": "seat {seat} ({general})",
    "seat.you": "you",
    "seat.your": "your",
    "seat.whose": "{who}'s",
    "seat.you_inside": ", you",
    "seat.you_after": " (you)",
    "seat.a_player": "a player",
    # --- requests: defaults and how to answer ---
    "default.decline": "decline",
    "default.cancel": "cancel",
    "default.go_back": "go back",
    "default.nothing": "choose nothing",
    "default.first": "the first option",
    "default.picked": "{verb} {what}",
    "pile.top": "top of the draw pile",
    "pile.bottom": "bottom of the draw pile",
    "pile.named": "{name}: {cards}",
    "trigger.pass": "pass",
    "trigger.use": "use {skill}",
    "trigger.title": "Now ({timing}): use a skill?",
    "generic.title": "Decide: {kind}.",
    "generic.option": "an option",
    "generic.part": "part {n}",
    "hint.seat_unit": "seat number",
    "hint.option_unit": "option number",
    "hint.choice": "type the {unit}",
    "hint.span_one": "{min}",
    "hint.span": "{min} to {max}",
    "hint.subset_one": "type {span} {unit}",
    "hint.subset_many": "type {span} {unit}s, separated by spaces",
    "hint.subset_none": " (an empty line for none)",
    "hint.product": "type one option number per part, separated by spaces",
    "hint.arrange": (
        "type every option number once, pile by pile, piles separated by '/', e.g. '2 0 / 1'"
    ),
    "hint.arrange_console": (
        "type every option number once, pile by pile, piles separated by '/', e.g. '3 1 / 2'"
    ),
    "hint.default": "; 'd' for the default ({default})",
    "hint.default_console": "; 'd' takes the default",
    "hint.cancel": "; 'c' to {what}",
    # --- what a seat answered ---
    "decision.deadline": "{who} takes the default (deadline): {default}",
    "decision.back": "{who} goes back",
    "decision.decline": "{who} declines",
    "decision.product": "{who} chooses {parts}",
    "decision.arrange": "{who} arranges the cards ({parts})",
    "decision.choose": "{who} chooses {what}",
    "decision.pass": "{who} passes",
    "decision.trigger": "{who} chooses to {what}",
    # --- the end of a game ---
    "over.none": "The game is over{reason}",
    "over.one": "{who} wins{reason}",
    "over.many": "{who} win{reason}",
    # --- the line console ---
    "console.answering": (
        "How to answer:\n"
        "  * Options that designate a player (the targets of a card, a skill's 'to whom?') are"
        " chosen\n"
        "    by the player's SEAT NUMBER: with '2) seat 2 (Guan Yu)' listed, type 2. Every other"
        " option\n"
        "    is chosen by the number shown before it (counted from 1).\n"
        "  * Choose-one requests take one number; choose-several requests take numbers separated"
        " by\n"
        "    spaces (an empty line chooses none, when that is allowed).\n"
        "  * Arranging cards into piles: every card number once, pile by pile, piles separated"
        " by '/',\n"
        "    e.g. '3 1 / 2' (cards 3 then 1 on the first pile, card 2 on the second)."
    ),
    "console.defaults": (
        "  * 'd' takes the default (said in words with each request); 'c' cancels or declines"
        " when the\n"
        "    request allows it; '?' shows the request again.\n"
        "Commands, at any prompt:\n"
        "  hand            your cards"
    ),
    "console.table_help": "  table           {what}",
    "console.pass_help": "  {command} {switch}: on / off (then answered without a key)",
    "pass.state": "{switch}: {state}",
    "pass.on": "on",
    "pass.off": "off",
    "console.help_help": "  help            this text",
    "console.quit_help": (
        "  quit, q         leave the table (the seat stays yours: come back with its token)"
    ),
    "console.table_generic": "what is known of the table",
    "console.hand_unknown": "nothing is known about your hand",
    "console.hand_empty": "your hand is empty",
    "console.hand": "your hand ({n}): {cards}",
    "console.table_unknown": "nothing is known about the table yet",
    "console.decision": "--- your decision #{id}: {title}",
    "console.axis": "  axis {n}: {name}  {options}",
    "console.piles": "  piles, in order: {piles}",
    "console.default": "default: {default}",
    "console.how": "how: {how}; '?' shows this again, 'help' explains",
    "console.greeting": (
        "seat {seat}{where} of {seats} at {game} (table {table}); waiting for the game"
        " ('help' at any prompt)"
    ),
    "console.game_over": "=== game over: {text}",
    "console.leave": "you leave the table (your seat stays yours: come back with its token)",
    "console.input_closed": "(input closed; requests will take their defaults at the deadline)",
    "console.malformed": "! the server sent a malformed request",
    "console.deadline": "(you have {seconds} s)",
    "console.error": "! {code}: {message}",
    "console.over": "the game is over{why}",
    "console.lookup_usage": "! type '{head} NAME', e.g. '{head} {example}'",
    "console.not_pending": "(no decision is pending)",
    "console.wrong": "! {error}",
    "error.no_cancel": "this request cannot be cancelled",
    "error.numbers": "type numbers separated by spaces, 'd' or 'c'",
    "error.from_one": "options are numbered from 1",
    "error.one_number": "type one number",
    "error.numbers_or_command": (
        "type numbers separated by spaces, 'd', 'c', or a command ('help' lists them)"
    ),
    "error.seat_numbers": "type seat numbers separated by spaces, 'd' or 'c'",
    "error.not_a_choice": "seat {seat} is not one of the choices (seats {seats})",
    "error.one_seat": "type one seat number",
    "error.choose_one": "choose exactly one option",
    "error.count": "choose between {min} and {max} options",
    "error.repeat": "an option is chosen twice",
    "error.range": "there is no option {n}",
    "error.invalid": "that answer does not fit the request ({reason})",
    # --- the full-screen console ---
    "tui.help": (
        "Keys\n"
        "  1-9, 0      choose option 1..9, 10 (subset: mark / unmark it)\n"
        "  ↑ ↓         move the highlight;  Enter  choose it (subset: send the marked set)\n"
        "  space       mark / unmark the highlighted option (subset)\n"
        "  d           take the request's default;  c  cancel (when the request allows it)\n"
        "  Backspace   undo the last part (piece / element steps, arranging)\n"
        "  i           read the highlighted option's text (a general, a card, a seat)\n"
        "  p           the game's pass switch on / off (Sanguosha: pass on Nullification)\n"
        "  g           read the next seat's text (a general, a score)\n"
        "  ?           this help;  q  leave the console\n"
        "\n"
        "Mouse\n"
        "  click an option to choose it; click a seat to read its general\n"
        "  (when the request asks for seats, clicking a seat picks it);\n"
        "  click a card in your hand to read it (or to pick it when it is an option).\n"
    ),
    "tui.key.up": "up",
    "tui.key.down": "down",
    "tui.key.choose": "choose",
    "tui.key.mark": "mark",
    "tui.key.default": "default",
    "tui.key.cancel": "cancel",
    "tui.key.back": "back",
    "tui.key.about": "about",
    "tui.key.help": "help",
    "tui.key.quit": "quit",
    "tui.key.seat_text": "seat text",
    "tui.key.close": "close",
    "tui.events": "events",
    "tui.about": "about",
    "tui.stopped": "the game stopped: {why}",
    "tui.deadline": "time ran out: the default was taken for you",
    "tui.closed": "the table closed ({reason}); press q to leave",
    "tui.watching": "watching (spectator)",
    "tui.over": "the game is over{why}",
    "tui.waiting": "waiting for the other players…",
    "tui.spectator": "spectator",
    "tui.you_are": "you are seat {seat}",
    "tui.you_answer": "you answer: {what}",
    "tui.cancel": "cancel",
    "tui.none": "none",
    "tui.info": "click a seat or a card (or press i / g) to read its text",
    "tui.request": "request",
    "tui.time_left": "time left: {seconds} s",
    "tui.is_default": "  (default)",
    "tui.choose_part": "choose the {name}",
    "tui.so_far": " (so far: {done})",
    "tui.mark": "mark {min} to {max}, then Enter",
    "tui.where": "where does {item} go?",
    "tui.choose_one": "choose one",
    "tui.item": "item {n}",
    "tui.pile": "pile {n}",
    "tui.no_option": "there is no option {n}",
    "tui.unknown_form": "unknown request form {form}",
    "tui.seat_answers": "seat {seat} answers {kind}",
    # --- the replay (the text report and the viewer) ---
    "replay.turn": "== Turn {turn} ==",
    "replay.game_over": "== Game over ==",
    "replay.asked": "  ? seat {seat} is asked: {title}",
    "replay.asked_plain": "  ? seat {seat} {kind} ({form}, {n} options)",
    "replay.answers": "  > seat {seat} answers request {id}{how}",
    "replay.answers_deadline": " (deadline: the default)",
    "replay.seen_by_nobody": "seen by nobody",
    "replay.seen_by_one": "seen only by seat {seat}",
    "replay.seen_by_many": "seen only by seats {seats} and {last}",
    "replay.head": "# {game} (ruleset {version})",
    "replay.omniscient": "{head}, seed {seed}; seats: {agents}; everything shown",
    "replay.as_seen": "{head}; seats: {agents}; as {who} saw it",
    "replay.a_spectator": "a spectator",
    "replay.ended": "== the table was {how} before the game ended: {reason}",
    "replay.damaged": "!! the log is damaged{where}: {reason}",
    "replay.mid_file": " in the middle of the file",
    "replay.warning": "!! warning: {reason}{old}",
    "replay.not_finished": "the game did not finish",
    "replay.winner_none": "winner: nobody (a draw)",
    "replay.winner": "winner: {seats}",
    "replay.help": (
        "Replay keys\n"
        "  → or l or space   one step forward        ← or h   one step back\n"
        "  ] / [             next / previous decision\n"
        "  }} / {{             next / previous turn (as the game counts them: a round, a seat's"
        " turn)\n"
        "  Home / End        the start / the end\n"
        "  n                 jump to decision number N (typed, then Enter)\n"
        "  t                 jump to turn number N (typed, then Enter)\n"
        "  g                 read the next seat's text;  click a seat or a card to read it\n"
        "  ?                 this help;  q  quit\n"
        "\n"
        "A step is one event or one decision. With --seat N you see what seat N saw: its own\n"
        "cards, the others' card counts, and only its own decisions.\n"
    ),
    "replay.key.forward": "forward",
    "replay.key.back": "back",
    "replay.key.next_decision": "next decision",
    "replay.key.prev_decision": "prev decision",
    "replay.key.next_turn": "next turn",
    "replay.key.prev_turn": "prev turn",
    "replay.key.start": "start",
    "replay.key.end": "end",
    "replay.key.jump_decision": "jump to decision",
    "replay.key.jump_turn": "jump to turn",
    "replay.decision": "decision",
    "replay.turn_word": "turn",
    "replay.jump_placeholder": "{what} number, then Enter",
    "replay.jump_title": "jump to {what}",
    "replay.no_such": "there is no {what} {n}",
    "replay.omniscient_who": "omniscient",
    "replay.as_seat": "as seat {seat} saw it",
    "replay.step": "step {pos} of {total}",
    "replay.turn_of": "turn {turn} of {turns} · decision {done} of {decisions}",
    "replay.this_step": "this step:",
    "replay.keys_line": "→/← step · ]/[ decision · }}/{{ turn · n/t jump · ? help",
    "replay.was_asked": "seat {seat} was asked: {title}",
    "replay.more": "   … {n} more",
    "replay.timed_out": "(time ran out: the default)",
    "replay.sub_title": "replay step {pos}/{total}",
    "replay.bad_seat": "error: {path} has seats 0..{last}, not {seat}",
}

ZH: dict[str, str] = {
    "stop": "。",
    "list.sep": "、",
    "list.and": "和",
    "list.and_all": "、",
    "list.or": "或",
    "list.semi": "；",
    "nothing": "无",
    "cards.one": "一张牌",
    "cards.many": "{n}张牌",
    "paren": "（{what}）",
    "seat.nobody": "无人",
    "seat.bare": "{seat}号位",
    "seat.named": "{seat}号位（{general}）",
    "seat.you": "你",
    "seat.your": "你的",
    "seat.whose": "{who}的",
    "seat.you_inside": "，你",
    "seat.you_after": "（你）",
    "seat.a_player": "一名角色",
    "default.decline": "放弃",
    "default.cancel": "取消",
    "default.go_back": "返回",
    "default.nothing": "不选",
    "default.first": "第一项",
    "default.picked": "{verb}{what}",
    "pile.top": "牌堆顶",
    "pile.bottom": "牌堆底",
    "pile.named": "{name}：{cards}",
    "trigger.pass": "不发动",
    "trigger.use": "发动{skill}",
    "trigger.title": "此时（{timing}）：是否发动技能？",
    "generic.title": "请决定：{kind}。",
    "generic.option": "一个选项",
    "generic.part": "第{n}项",
    "hint.seat_unit": "座位号",
    "hint.option_unit": "选项编号",
    "hint.choice": "输入{unit}",
    "hint.span_one": "{min}",
    "hint.span": "{min}至{max}",
    "hint.subset_one": "输入{span}个{unit}",
    "hint.subset_many": "输入{span}个{unit}，以空格分隔",
    "hint.subset_none": "（空行表示不选）",
    "hint.product": "每项输入一个选项编号，以空格分隔",
    "hint.arrange": "每个选项编号输入一次，逐堆输入，堆与堆之间用 / 分隔，例如 2 0 / 1",
    "hint.arrange_console": "每个选项编号输入一次，逐堆输入，堆与堆之间用 / 分隔，例如 3 1 / 2",
    "hint.default": "；输入 d 取默认（{default}）",
    "hint.default_console": "；输入 d 取默认",
    "hint.cancel": "；输入 c {what}",
    "decision.deadline": "{who}超时，取默认：{default}",
    "decision.back": "{who}返回",
    "decision.decline": "{who}放弃",
    "decision.product": "{who}选择{parts}",
    "decision.arrange": "{who}分配牌（{parts}）",
    "decision.choose": "{who}选择{what}",
    "decision.pass": "{who}不发动技能",
    "decision.trigger": "{who}选择{what}",
    "over.none": "游戏结束{reason}",
    "over.one": "{who}获胜{reason}",
    "over.many": "{who}获胜{reason}",
    "console.answering": (
        "如何作答：\n"
        "  * 指定角色的选项（牌的目标、技能的“交给谁？”）用该角色的座位号选择：\n"
        "    列出“2) 2号位（关羽）”时，输入 2。其他选项用其前面的编号选择（从1数起）。\n"
        "  * 单选请求输入一个数字；多选请求输入以空格分隔的多个数字\n"
        "    （允许时，空行表示不选）。\n"
        "  * 将牌分成几堆：每张牌的编号输入一次，逐堆输入，堆与堆之间用 / 分隔，\n"
        "    例如 3 1 / 2（第一堆依次为牌3、牌1，第二堆为牌2）。"
    ),
    "console.defaults": (
        "  * d 取默认（每个请求都会写明默认是什么）；请求允许时，c 取消或放弃；\n"
        "    ? 再次显示请求。\n"
        "命令（任何提示符下均可输入）：\n"
        "  hand            你的手牌"
    ),
    "console.table_help": "  table           {what}",
    "console.pass_help": "  {command} {switch}：开 / 关（开时不按键即自动作答）",
    "pass.state": "{switch}：{state}",
    "pass.on": "开",
    "pass.off": "关",
    "console.help_help": "  help            本说明",
    "console.quit_help": "  quit, q         离开牌桌（座位仍属于你：凭令牌可回来）",
    "console.table_generic": "牌桌上已知的情况",
    "console.hand_unknown": "你的手牌未知",
    "console.hand_empty": "你没有手牌",
    "console.hand": "你的手牌（{n}张）：{cards}",
    "console.table_unknown": "牌桌情况尚未可知",
    "console.decision": "--- 你的决定 #{id}：{title}",
    "console.axis": "  第{n}项：{name}  {options}",
    "console.piles": "  各堆依次为：{piles}",
    "console.default": "默认：{default}",
    "console.how": "如何作答：{how}；输入 ? 再次显示，输入 help 查看说明",
    "console.greeting": (
        "{game}牌桌 {table}，共{seats}个座位，你是{seat}号位{where}；"
        "等待游戏开始（任何提示符下可输入 help）"
    ),
    "console.game_over": "=== 游戏结束：{text}",
    "console.leave": "你离开了牌桌（座位仍属于你：凭令牌可回来）",
    "console.input_closed": "（输入已关闭；此后的请求将在时限到时取默认）",
    "console.malformed": "! 服务器发来了格式错误的请求",
    "console.deadline": "（你有{seconds}秒）",
    "console.error": "! {code}：{message}",
    "console.over": "游戏结束{why}",
    "console.lookup_usage": "! 请输入“{head} 名称”，例如“{head} {example}”",
    "console.not_pending": "（当前没有待作的决定）",
    "console.wrong": "! {error}",
    "error.no_cancel": "此请求不能取消",
    "error.numbers": "请输入以空格分隔的数字、d 或 c",
    "error.from_one": "选项从1开始编号",
    "error.one_number": "请输入一个数字",
    "error.numbers_or_command": "请输入以空格分隔的数字、d、c 或命令（help 列出所有命令）",
    "error.seat_numbers": "请输入以空格分隔的座位号、d 或 c",
    "error.not_a_choice": "{seat}号位不在可选范围内（可选座位：{seats}）",
    "error.one_seat": "请输入一个座位号",
    "error.choose_one": "只能选择一项",
    "error.count": "请选择{min}至{max}项",
    "error.repeat": "同一选项被选了两次",
    "error.range": "没有第{n}项",
    "error.invalid": "这个回答不符合请求（{reason}）",
    "tui.help": (
        "按键\n"
        "  1-9, 0      选择第1至9、10项（多选：标记 / 取消标记）\n"
        "  ↑ ↓         移动高亮；  Enter  选择高亮项（多选：提交已标记的各项）\n"
        "  space       标记 / 取消标记高亮项（多选）\n"
        "  d           取请求的默认；  c  取消（请求允许时）\n"
        "  Backspace   撤销上一步（分步选择、分配牌时）\n"
        "  i           查看高亮项的说明（武将、牌、座位）\n"
        "  p           本游戏的自动放弃开关（三国杀：放弃无懈可击）\n"
        "  g           查看下一个座位的说明（武将、分数）\n"
        "  ?           本帮助；  q  离开\n"
        "\n"
        "鼠标\n"
        "  点击选项即选择；点击座位查看其武将\n"
        "  （请求要求选择角色时，点击座位即选择）；\n"
        "  点击手牌查看其说明（该牌为选项时即选择）。\n"
    ),
    "tui.key.up": "上",
    "tui.key.down": "下",
    "tui.key.choose": "选择",
    "tui.key.mark": "标记",
    "tui.key.default": "默认",
    "tui.key.cancel": "取消",
    "tui.key.back": "撤销",
    "tui.key.about": "说明",
    "tui.key.help": "帮助",
    "tui.key.quit": "退出",
    "tui.key.seat_text": "座位说明",
    "tui.key.close": "关闭",
    "tui.events": "事件",
    "tui.about": "说明",
    "tui.stopped": "游戏中止：{why}",
    "tui.deadline": "时间到：已为你取默认",
    "tui.closed": "牌桌已关闭（{reason}）；按 q 离开",
    "tui.watching": "观战中（旁观者）",
    "tui.over": "游戏结束{why}",
    "tui.waiting": "等待其他玩家…",
    "tui.spectator": "旁观者",
    "tui.you_are": "你是{seat}号位",
    "tui.you_answer": "你的回答：{what}",
    "tui.cancel": "取消",
    "tui.none": "不选",
    "tui.info": "点击座位或牌（或按 i / g）查看说明",
    "tui.request": "请求",
    "tui.time_left": "剩余时间：{seconds}秒",
    "tui.is_default": "  （默认）",
    "tui.choose_part": "选择{name}",
    "tui.so_far": "（已选：{done}）",
    "tui.mark": "标记{min}至{max}项，然后按 Enter",
    "tui.where": "{item}放到哪一堆？",
    "tui.choose_one": "选择一项",
    "tui.item": "第{n}项",
    "tui.pile": "第{n}堆",
    "tui.no_option": "没有第{n}项",
    "tui.unknown_form": "未知的请求形式 {form}",
    "tui.seat_answers": "{seat}号位回答了{kind}",
    "replay.turn": "== 第{turn}回合 ==",
    "replay.game_over": "== 游戏结束 ==",
    "replay.asked": "  ? {seat}号位被询问：{title}",
    "replay.asked_plain": "  ? {seat}号位 {kind}（{form}，{n}个选项）",
    "replay.answers": "  > {seat}号位回答请求 {id}{how}",
    "replay.answers_deadline": "（超时：取默认）",
    "replay.seen_by_nobody": "无人可见",
    "replay.seen_by_one": "仅{seat}号位可见",
    "replay.seen_by_many": "仅{seats}和{last}号位可见",
    "replay.head": "# {game}（规则版本 {version}）",
    "replay.omniscient": "{head}，种子 {seed}；座位：{agents}；全部可见",
    "replay.as_seen": "{head}；座位：{agents}；{who}所见",
    "replay.a_spectator": "旁观者",
    "replay.ended": "== 牌桌在游戏结束前被{how}：{reason}",
    "replay.damaged": "!! 记录已损坏{where}：{reason}",
    "replay.mid_file": "（在文件中部）",
    "replay.warning": "!! 警告：{reason}{old}",
    "replay.not_finished": "游戏没有结束",
    "replay.winner_none": "胜者：无（平局）",
    "replay.winner": "胜者：{seats}",
    "replay.help": (
        "回放按键\n"
        "  → 或 l 或 space   前进一步                ← 或 h   后退一步\n"
        "  ] / [             下一个 / 上一个决定\n"
        "  }} / {{             下一个 / 上一个回合（按游戏的计法：一轮，或一名角色的回合）\n"
        "  Home / End        开头 / 结尾\n"
        "  n                 跳到第N个决定（输入数字后按 Enter）\n"
        "  t                 跳到第N回合（输入数字后按 Enter）\n"
        "  g                 查看下一个座位的说明；  点击座位或牌查看其说明\n"
        "  ?                 本帮助；  q  退出\n"
        "\n"
        "一步是一个事件或一个决定。使用 --seat N 时只看到N号位所见：它自己的牌、\n"
        "其他角色的牌数，以及它自己的决定。\n"
    ),
    "replay.key.forward": "前进",
    "replay.key.back": "后退",
    "replay.key.next_decision": "下一个决定",
    "replay.key.prev_decision": "上一个决定",
    "replay.key.next_turn": "下一回合",
    "replay.key.prev_turn": "上一回合",
    "replay.key.start": "开头",
    "replay.key.end": "结尾",
    "replay.key.jump_decision": "跳到决定",
    "replay.key.jump_turn": "跳到回合",
    "replay.decision": "决定",
    "replay.turn_word": "回合",
    "replay.jump_placeholder": "{what}编号，然后按 Enter",
    "replay.jump_title": "跳到{what}",
    "replay.no_such": "没有第{n}个{what}",
    "replay.omniscient_who": "全知视角",
    "replay.as_seat": "{seat}号位所见",
    "replay.step": "第{pos}步，共{total}步",
    "replay.turn_of": "第{turn}回合，共{turns}回合 · 第{done}个决定，共{decisions}个",
    "replay.this_step": "这一步：",
    "replay.keys_line": "→/← 步 · ]/[ 决定 · }}/{{ 回合 · n/t 跳转 · ? 帮助",
    "replay.was_asked": "{seat}号位被询问：{title}",
    "replay.more": "   … 还有{n}项",
    "replay.timed_out": "（时间到：取默认）",
    "replay.sub_title": "回放 第{pos}/{total}步",
    "replay.bad_seat": "错误：{path} 的座位为 0..{last}，没有 {seat}",
}

SHELL = Catalogue("shell", {"en": EN, "zh": ZH})

# the protocol's reasons a choice does not fit its request (`check_choice`, in English) ->
# the message saying it (its numbers counted from 1, as a person types them)
CHOICE_REASONS: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(
            r"(?:axis \d+: )?index (-?\d+) is out of range 0\.\.(-?\d+)(?:"
            + re.escape(INDICES)
            + ")?"
        ),
        "error.range",
    ),
    (re.compile(r"choose between (\d+) and (\d+) items, got \d+"), "error.count"),
    (re.compile(r"indices must be strictly increasing \(no repeats\)"), "error.repeat"),
]


def choice_reason(lang: str, reason: str) -> str:
    """A reason of `check_choice` in `lang` (the reason itself in English)."""
    if lang == "en":
        return reason
    for pattern, key in CHOICE_REASONS:
        m = pattern.fullmatch(reason)
        if m is None:
            continue
        if key == "error.range":
            return SHELL(lang, key, n=int(m.group(1)) + 1)
        if key == "error.count":
            return SHELL(lang, key, min=m.group(1), max=m.group(2))
        return SHELL(lang, key)
    return SHELL(lang, "error.invalid", reason=reason)


def seat_list(lang: str, seats: list[str], joiner: str = "list.and") -> str:
    """`a, b and c` in `lang`."""
    if len(seats) <= 1:
        return "".join(seats)
    return SHELL(lang, "list.sep").join(seats[:-1]) + SHELL(lang, joiner) + seats[-1]
