"""The 25 standard generals (rules §3.1) as both sides know them: names in English and Chinese,
faction, gender, max HP, lord eligibility and the ids of their skills (their texts are in
`skills.py`; what each skill does is the rules' own), and the factions' names."""

from __future__ import annotations

from dataclasses import dataclass

FACTIONS: dict[str, tuple[str, str]] = {
    "wei": ("Wei", "魏"),
    "shu": ("Shu", "蜀"),
    "wu": ("Wu", "吴"),
    "qun": ("Qun", "群"),
    "god": ("God", "神"),
}


@dataclass(frozen=True, slots=True)
class General:
    id: str
    name: str
    chinese: str
    faction: str  # wei | shu | wu | qun
    gender: str  # male | female
    max_hp: int
    lord: bool  # lord-eligible: offered to the lord at setup (owns a lord skill)
    skills: tuple[str, ...]


_G = General
GENERALS: dict[str, General] = {
    g.id: g
    for g in (
        _G("caocao", "Cao Cao", "曹操", "wei", "male", 4, True, ("jianxiong", "hujia")),
        _G("simayi", "Sima Yi", "司马懿", "wei", "male", 3, False, ("guicai", "fankui")),
        _G("xiahoudun", "Xiahou Dun", "夏侯惇", "wei", "male", 4, False, ("ganglie",)),
        _G("zhangliao", "Zhang Liao", "张辽", "wei", "male", 4, False, ("tuxi",)),
        _G("xuchu", "Xu Chu", "许褚", "wei", "male", 4, False, ("luoyi",)),
        _G("guojia", "Guo Jia", "郭嘉", "wei", "male", 3, False, ("tiandu", "yiji")),
        _G("zhenji", "Zhen Ji", "甄姬", "wei", "female", 3, False, ("luoshen", "qingguo")),
        _G("liubei", "Liu Bei", "刘备", "shu", "male", 4, True, ("rende", "jijiang")),
        _G("guanyu", "Guan Yu", "关羽", "shu", "male", 4, False, ("wusheng",)),
        _G("zhangfei", "Zhang Fei", "张飞", "shu", "male", 4, False, ("paoxiao",)),
        _G("zhugeliang", "Zhuge Liang", "诸葛亮", "shu", "male", 3, False, ("guanxing", "kongcheng")),  # noqa: E501
        _G("zhaoyun", "Zhao Yun", "赵云", "shu", "male", 4, False, ("longdan",)),
        _G("machao", "Ma Chao", "马超", "shu", "male", 4, False, ("mashu", "tieqi")),
        _G("huangyueying", "Huang Yueying", "黄月英", "shu", "female", 3, False, ("jizhi", "qicai")),  # noqa: E501
        _G("sunquan", "Sun Quan", "孙权", "wu", "male", 4, True, ("zhiheng", "jiuyuan")),
        _G("ganning", "Gan Ning", "甘宁", "wu", "male", 4, False, ("qixi",)),
        _G("lvmeng", "Lü Meng", "吕蒙", "wu", "male", 4, False, ("keji",)),
        _G("huanggai", "Huang Gai", "黄盖", "wu", "male", 4, False, ("kurou",)),
        _G("zhouyu", "Zhou Yu", "周瑜", "wu", "male", 3, False, ("yingzi", "fanjian")),
        _G("daqiao", "Da Qiao", "大乔", "wu", "female", 3, False, ("guose", "liuli")),
        _G("luxun", "Lu Xun", "陆逊", "wu", "male", 3, False, ("qianxun", "lianying")),
        _G("sunshangxiang", "Sun Shangxiang", "孙尚香", "wu", "female", 3, False, ("jieyin", "xiaoji")),  # noqa: E501
        _G("huatuo", "Hua Tuo", "华佗", "qun", "male", 3, False, ("qingnang", "jijiu")),
        _G("lvbu", "Lü Bu", "吕布", "qun", "male", 4, False, ("wushuang",)),
        _G("diaochan", "Diao Chan", "貂蝉", "qun", "female", 3, False, ("lijian", "biyue")),
    )
}  # fmt: skip

GENERAL_IDS: tuple[str, ...] = tuple(GENERALS)
LORD_IDS: tuple[str, ...] = tuple(g.id for g in GENERALS.values() if g.lord)
