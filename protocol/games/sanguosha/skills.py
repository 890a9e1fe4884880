"""The generals' skills as a client shows them: id, title in English and Chinese, how it is
invoked ("compulsory", "optional", "active", "conversion": rules §3.3), whether it is a lord
skill, and its rules text (rules §3.2, in its order). What a skill does is the rules' own
(`game_agent.games.sanguosha.skills`), each bundle naming its entry here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SkillText:
    """What a person or a bot is shown of one skill."""

    id: str
    title: str
    chinese: str
    kind: str  # compulsory | optional | active | conversion
    text: str
    lord: bool = False  # works only for the lord of an identity game


SKILLS: dict[str, SkillText] = {
    s.id: s
    for s in (
        SkillText(
            "jianxiong",
            "Jianxiong",
            "奸雄",
            "optional",
            "After you suffer damage, you may take the card that caused it into your hand, if all"
            " of it is still in the processing area.",
        ),
        SkillText(
            "hujia",
            "Hujia",
            "护驾",
            "optional",
            "Lord skill. Whenever you need to use or play a Dodge, you may ask the other Wei "
            "players, in turn, to play a Dodge on your behalf.",
            lord=True,
        ),
        SkillText(
            "guicai",
            "Guicai",
            "鬼才",
            "optional",
            "Before any player's judgement card takes effect, you may play a hand card to replace"
            " it.",
        ),
        SkillText(
            "fankui",
            "Fankui",
            "反馈",
            "optional",
            "After you suffer damage, you may take one card (a hand card chosen blind, or "
            "equipment) of the damage source. If you were your own source, only equipment.",
        ),
        SkillText(
            "ganglie",
            "Ganglie",
            "刚烈",
            "optional",
            "After you suffer damage, you may perform a judgement: unless it is a heart, the "
            "damage source discards two hand cards or takes 1 damage from you.",
        ),
        SkillText(
            "tuxi",
            "Tuxi",
            "突袭",
            "optional",
            "At the start of your draw phase, instead of drawing, you may take one random hand "
            "card from each of one or two other players.",
        ),
        SkillText(
            "luoyi",
            "Luoyi",
            "裸衣",
            "optional",
            "In your draw phase you may draw one card fewer; if you do, until the end of the turn"
            " the damage of every Slash or Duel that you use is increased by 1.",
        ),
        SkillText(
            "tiandu",
            "Tiandu",
            "天妒",
            "optional",
            "After a judgement card of yours takes effect, you may take it into your hand.",
        ),
        SkillText(
            "yiji",
            "Yiji",
            "遗计",
            "optional",
            "Whenever you suffer 1 point of damage, you may look at the top two cards of the draw"
            " pile and give them to any players as you like (yourself included).",
        ),
        SkillText(
            "luoshen",
            "Luoshen",
            "洛神",
            "optional",
            "At the start of your prepare phase you may perform a judgement: if it is black, take"
            " the card and you may repeat; stop at the first red result.",
        ),
        SkillText(
            "qingguo",
            "Qingguo",
            "倾国",
            "conversion",
            "You may use or play any black hand card as a Dodge.",
        ),
        SkillText(
            "rende",
            "Rende",
            "仁德",
            "active",
            "In your play phase you may give any number of hand cards to another player, as often"
            " as you like; the first time you have given away two or more cards this phase, you "
            "recover 1 HP.",
        ),
        SkillText(
            "jijiang",
            "Jijiang",
            "激将",
            "conversion",
            "Lord skill. Whenever you need to use or play a Slash, you may ask the other Shu "
            "players, in turn, to play a Slash that you use or play as your own. If nobody does, "
            "you cannot ask again this phase.",
            lord=True,
        ),
        SkillText(
            "wusheng",
            "Wusheng",
            "武圣",
            "conversion",
            "You may use or play any red card (in hand or equipped) as a Slash.",
        ),
        SkillText(
            "paoxiao",
            "Paoxiao",
            "咆哮",
            "compulsory",
            "In your play phase there is no limit on the number of Slashes you use.",
        ),
        SkillText(
            "guanxing",
            "Guanxing",
            "观星",
            "optional",
            "At the start of your prepare phase you may look at the top X cards of the draw pile "
            "(X = the number of living players, at most 5) and put any of them back on top and "
            "the rest at the bottom, in any order.",
        ),
        SkillText(
            "kongcheng",
            "Kongcheng",
            "空城",
            "compulsory",
            "While you have no hand cards, you cannot be chosen as the target of a Slash or a "
            "Duel.",
        ),
        SkillText(
            "longdan",
            "Longdan",
            "龙胆",
            "conversion",
            "You may use or play a Slash as a Dodge, or a Dodge as a Slash.",
        ),
        SkillText(
            "mashu",
            "Mashu",
            "马术",
            "compulsory",
            "Your distance to every other player is reduced by 1.",
        ),
        SkillText(
            "tieqi",
            "Tieqi",
            "铁骑",
            "optional",
            "After your Slash targets a player, you may perform a judgement: if it is red, that "
            "player cannot use a Dodge against this Slash.",
        ),
        SkillText(
            "jizhi",
            "Jizhi",
            "集智",
            "optional",
            "Whenever you use a non-delayed trick card, you may draw 1 card.",
        ),
        SkillText(
            "qicai",
            "Qicai",
            "奇才",
            "compulsory",
            "Your trick cards have no distance limit.",
        ),
        SkillText(
            "zhiheng",
            "Zhiheng",
            "制衡",
            "active",
            "Once per play phase, you may discard any number of your cards (hand and equipment), "
            "then draw the same number.",
        ),
        SkillText(
            "jiuyuan",
            "Jiuyuan",
            "救援",
            "compulsory",
            "Lord skill. When another Wu player's Peach makes you recover, you recover 1 more HP.",
            lord=True,
        ),
        SkillText(
            "qixi",
            "Qixi",
            "奇袭",
            "conversion",
            "You may use any black card (in hand or equipped) as a Dismantlement.",
        ),
        SkillText(
            "keji",
            "Keji",
            "克己",
            "optional",
            "If you did not use or play any Slash during your play phase this turn, you may skip "
            "your discard phase.",
        ),
        SkillText(
            "kurou",
            "Kurou",
            "苦肉",
            "active",
            "In your play phase, as often as you like, you may lose 1 HP and then draw 2 cards.",
        ),
        SkillText(
            "yingzi",
            "Yingzi",
            "英姿",
            "optional",
            "In your draw phase you may draw one extra card.",
        ),
        SkillText(
            "fanjian",
            "Fanjian",
            "反间",
            "active",
            "Once per play phase, if you have a hand card, you may choose another player: that "
            "player names a suit, then takes one of your hand cards at random and shows it; if "
            "its suit is not the named one, you deal that player 1 damage.",
        ),
        SkillText(
            "guose",
            "Guose",
            "国色",
            "conversion",
            "You may use any diamond card (in hand or equipped) as an Indulgence.",
        ),
        SkillText(
            "liuli",
            "Liuli",
            "流离",
            "optional",
            "When you become the target of a Slash, you may discard a card and choose another "
            "player within your attack range, other than the Slash's user, who becomes its target"
            " instead.",
        ),
        SkillText(
            "qianxun",
            "Qianxun",
            "谦逊",
            "compulsory",
            "You cannot be chosen as the target of Snatch or Indulgence.",
        ),
        SkillText(
            "lianying",
            "Lianying",
            "连营",
            "optional",
            "Whenever you lose your last hand card, you may draw 1 card.",
        ),
        SkillText(
            "jieyin",
            "Jieyin",
            "结姻",
            "active",
            "Once per play phase, you may discard two hand cards and choose a wounded male "
            "player: you and that player each recover 1 HP.",
        ),
        SkillText(
            "xiaoji",
            "Xiaoji",
            "枭姬",
            "optional",
            "Whenever a card leaves your equipment area, you may draw 2 cards (once per card).",
        ),
        SkillText(
            "qingnang",
            "Qingnang",
            "青囊",
            "active",
            "Once per play phase, you may discard a hand card and choose a wounded player (you "
            "may choose yourself): that player recovers 1 HP.",
        ),
        SkillText(
            "jijiu",
            "Jijiu",
            "急救",
            "conversion",
            "Outside your turn, you may use any red card (in hand or equipped) as a Peach.",
        ),
        SkillText(
            "wushuang",
            "Wushuang",
            "无双",
            "compulsory",
            "A player your Slash targets needs two Dodges to cancel it. In a Duel you use or are "
            "the target of, your opponent must play two Slashes each time.",
        ),
        SkillText(
            "lijian",
            "Lijian",
            "离间",
            "active",
            "Once per play phase, you may discard a card and choose two male players: the second "
            "is treated as using a Duel on the first. This Duel cannot be nullified.",
        ),
        SkillText(
            "biyue",
            "Biyue",
            "闭月",
            "optional",
            "At the start of your finish phase you may draw 1 card.",
        ),
    )
}
