"""The 25 standard generals (rules §3.1): faction, gender, max HP, lord eligibility.

Skills are not implemented yet; `skills` lists the skill ids each general will own once the skill
modules exist (see docs/sanguosha.md, "Extension points"). Until then a general is a body: HP,
gender (Double Swords) and faction.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class General:
    id: str
    name: str
    faction: str  # wei | shu | wu | qun
    gender: str  # male | female
    max_hp: int
    lord: bool
    skills: tuple[str, ...]


GENERALS: dict[str, General] = {
    g.id: g
    for g in (
        General("caocao", "Cao Cao", "wei", "male", 4, True, ("jianxiong", "hujia")),
        General("simayi", "Sima Yi", "wei", "male", 3, False, ("guicai", "fankui")),
        General("xiahoudun", "Xiahou Dun", "wei", "male", 4, False, ("ganglie",)),
        General("zhangliao", "Zhang Liao", "wei", "male", 4, False, ("tuxi",)),
        General("xuchu", "Xu Chu", "wei", "male", 4, False, ("luoyi",)),
        General("guojia", "Guo Jia", "wei", "male", 3, False, ("tiandu", "yiji")),
        General("zhenji", "Zhen Ji", "wei", "female", 3, False, ("luoshen", "qingguo")),
        General("liubei", "Liu Bei", "shu", "male", 4, True, ("rende", "jijiang")),
        General("guanyu", "Guan Yu", "shu", "male", 4, False, ("wusheng",)),
        General("zhangfei", "Zhang Fei", "shu", "male", 4, False, ("paoxiao",)),
        General("zhugeliang", "Zhuge Liang", "shu", "male", 3, False, ("guanxing", "kongcheng")),
        General("zhaoyun", "Zhao Yun", "shu", "male", 4, False, ("longdan",)),
        General("machao", "Ma Chao", "shu", "male", 4, False, ("mashu", "tieqi")),
        General("huangyueying", "Huang Yueying", "shu", "female", 3, False, ("jizhi", "qicai")),
        General("sunquan", "Sun Quan", "wu", "male", 4, True, ("zhiheng", "jiuyuan")),
        General("ganning", "Gan Ning", "wu", "male", 4, False, ("qixi",)),
        General("lvmeng", "Lü Meng", "wu", "male", 4, False, ("keji",)),
        General("huanggai", "Huang Gai", "wu", "male", 4, False, ("kurou",)),
        General("zhouyu", "Zhou Yu", "wu", "male", 3, False, ("yingzi", "fanjian")),
        General("daqiao", "Da Qiao", "wu", "female", 3, False, ("guose", "liuli")),
        General("luxun", "Lu Xun", "wu", "male", 3, False, ("qianxun", "lianying")),
        General("sunshangxiang", "Sun Shangxiang", "wu", "female", 3, False, ("jieyin", "xiaoji")),
        General("huatuo", "Hua Tuo", "qun", "male", 3, False, ("qingnang", "jijiu")),
        General("lvbu", "Lü Bu", "qun", "male", 4, False, ("wushuang",)),
        General("diaochan", "Diao Chan", "qun", "female", 3, False, ("lijian", "biyue")),
    )
}

GENERAL_IDS: tuple[str, ...] = tuple(GENERALS)
LORD_IDS: tuple[str, ...] = tuple(g.id for g in GENERALS.values() if g.lord)
