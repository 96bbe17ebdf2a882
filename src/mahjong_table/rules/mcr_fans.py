"""The Mahjong Competition Rules (MCR) fan table as data: all 81 fans.

Rule book 001 Part two "Scoring" sends players beyond the beginner scale to "the Mahjong
Competition Rules (MCR)" for "full scoring rules and official fan values". This module is that
table: one :class:`FanDef` per fan, with a stable snake_case ``id``, the English ``name``, the
Chinese name of the official rules (``zh``, as the MCR book of 2006 and the tournaments write
it), its ``fan`` value (88 down to 1), a readable ``explanation`` and the fans it ``excludes``.

``excludes`` writes down the MCR *non-repeat* principle (不重复原则): a fan that a more
complete fan implies is not counted with it (Big Four Winds is not also Big Three Winds, All
Pungs, the wind pungs' Pung of Terminals or Honours, Prevalent or Seat Wind). The other three
principles are how sets are combined, and live in :mod:`.mcr_scoring`:

- *non-separation* (不拆移原则): a set is not split to form another fan (the tiles of a chow
  of a Pure Straight are not re-read as another chow);
- *non-identical* (不得相同原则): a set already used for a fan is not combined with another
  set for the same fan again;
- *account once* (套算一次原则): a set not yet combined may be combined once with a set
  already combined, for a fan of the sets it forms together.

Flower Tiles (1 fan each) are counted last and never toward the minimum of 8 fan
(:data:`MINIMUM_FAN`); Chicken Hand is the 8 fan of a winning hand that has no other fan
(flowers not counted). The readings chosen where the MCR text is open are in
``docs/rules/chinese.md`` ("MCR scoring").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_

__all__ = ["FAN_TABLE", "FANS", "FanDef", "MINIMUM_FAN", "ZH_TO_ID"]

#: MCR: a hand must be worth at least 8 fan, flowers not counted, to win (起和番 8 番)
MINIMUM_FAN = 8


@dataclass(frozen=True, slots=True)
class FanDef:
    """One MCR fan: ``id`` (stable, snake_case), English ``name``, Chinese ``zh``, ``fan``
    value, ``explanation`` (what the hand needs), ``excludes`` (ids of the fans it implies,
    not counted with it: the non-repeat principle)."""

    id: str
    name: str
    zh: str
    fan: int
    explanation: str
    excludes: tuple[str, ...] = ()


def _f(id_: str, name: str, zh: str, fan: int, explanation: str, *excludes: str) -> FanDef:
    return FanDef(id_, name, zh, fan, explanation, excludes)


#: The 81 fans of MCR, in the order of the official table (88 fan first).
FANS: tuple[FanDef, ...] = (
    # ----- 88 fan
    _f("big_four_winds", N_("Big Four Winds"), "大四喜", 88,
       N_("pungs or kongs of all four winds"),
       "big_three_winds", "all_pungs", "prevalent_wind", "seat_wind",
       "pung_of_terminals_or_honours", "little_four_winds"),
    _f("big_three_dragons", N_("Big Three Dragons"), "大三元", 88,
       N_("pungs or kongs of all three dragons"),
       "two_dragon_pungs", "dragon_pung", "little_three_dragons"),
    _f("all_green", N_("All Green"), "绿一色", 88,
       N_("only the green tiles 2, 3, 4, 6 and 8 of bamboo and the Green dragon"),
       "half_flush", "one_voided_suit"),
    _f("nine_gates", N_("Nine Gates"), "九莲宝灯", 88,
       N_("concealed 1112345678999 of one suit, waiting on any tile of that suit"),
       "full_flush", "fully_concealed_hand", "concealed_hand", "no_honours"),
    _f("four_kongs", N_("Four Kongs"), "四杠", 88,
       N_("four kongs, exposed or concealed"),
       "three_kongs", "two_melded_kongs", "melded_kong", "two_concealed_kongs",
       "concealed_kong", "single_wait", "all_pungs"),
    _f("seven_shifted_pairs", N_("Seven Shifted Pairs"), "连七对", 88,
       N_("seven pairs of one suit in seven consecutive ranks"),
       "seven_pairs", "full_flush", "fully_concealed_hand", "concealed_hand", "single_wait",
       "no_honours"),
    _f("thirteen_orphans", N_("Thirteen Orphans"), "十三幺", 88,
       N_("one of each terminal and honour plus a second of one of them"),
       "all_types", "fully_concealed_hand", "concealed_hand", "single_wait",
       "all_terminals_and_honours"),
    # ----- 64 fan
    _f("all_terminals", N_("All Terminals"), "清幺九", 64,
       N_("only terminals (1s and 9s of the suits)"),
       "all_terminals_and_honours", "all_pungs", "pung_of_terminals_or_honours", "no_honours",
       "outside_hand", "double_pung"),
    _f("little_four_winds", N_("Little Four Winds"), "小四喜", 64,
       N_("pungs or kongs of three winds and a pair of the fourth"),
       "big_three_winds", "pung_of_terminals_or_honours"),
    _f("little_three_dragons", N_("Little Three Dragons"), "小三元", 64,
       N_("pungs or kongs of two dragons and a pair of the third"),
       "two_dragon_pungs", "dragon_pung"),
    _f("all_honours", N_("All Honours"), "字一色", 64,
       N_("only winds and dragons"),
       "all_pungs", "pung_of_terminals_or_honours", "all_terminals_and_honours",
       "outside_hand", "one_voided_suit"),
    _f("four_concealed_pungs", N_("Four Concealed Pungs"), "四暗刻", 64,
       N_("four pungs or kongs formed in the concealed hand"),
       "three_concealed_pungs", "two_concealed_pungs", "all_pungs", "concealed_hand",
       "fully_concealed_hand"),
    _f("pure_terminal_chows", N_("Pure Terminal Chows"), "一色双龙会", 64,
       N_("two chows 123 and two chows 789 of one suit, with a pair of 5 of that suit"),
       "seven_pairs", "full_flush", "all_chows", "pure_double_chow", "two_terminal_chows",
       "no_honours", "one_voided_suit"),
    # ----- 48 fan
    _f("quadruple_chow", N_("Quadruple Chow"), "一色四同顺", 48,
       N_("four identical chows of one suit"),
       "pure_triple_chow", "pure_shifted_pungs", "pure_double_chow", "tile_hog"),
    _f("four_pure_shifted_pungs", N_("Four Pure Shifted Pungs"), "一色四节高", 48,
       N_("four pungs or kongs of one suit in consecutive ranks"),
       "pure_shifted_pungs", "pure_triple_chow", "all_pungs"),
    # ----- 32 fan
    _f("four_pure_shifted_chows", N_("Four Pure Shifted Chows"), "一色四步高", 32,
       N_("four chows of one suit, each one or each two ranks above the last"),
       "pure_shifted_chows", "short_straight", "two_terminal_chows"),
    _f("three_kongs", N_("Three Kongs"), "三杠", 32,
       N_("three kongs, exposed or concealed"),
       "two_melded_kongs", "melded_kong", "two_concealed_kongs", "concealed_kong"),
    _f("all_terminals_and_honours", N_("All Terminals and Honours"), "混幺九", 32,
       N_("only terminals and honours, both present"),
       "all_pungs", "pung_of_terminals_or_honours", "outside_hand"),
    # ----- 24 fan
    _f("seven_pairs", N_("Seven Pairs"), "七对", 24,
       N_("seven pairs, concealed (four of a kind may be two pairs)"),
       "fully_concealed_hand", "concealed_hand", "single_wait"),
    _f("greater_honours_and_knitted_tiles", N_("Greater Honours and Knitted Tiles"), "七星不靠", 24,
       N_("all seven honours and seven suit tiles of one knitted straight (147, 258, 369 of "
       "different suits), no pair, concealed"),
       "lesser_honours_and_knitted_tiles", "all_types", "fully_concealed_hand",
       "concealed_hand", "single_wait"),
    _f("all_even_pungs", N_("All Even Pungs"), "全双刻", 24,
       N_("pungs or kongs and a pair of even suit tiles only"),
       "all_pungs", "all_simples", "no_honours"),
    _f("full_flush", N_("Full Flush"), "清一色", 24,
       N_("tiles of one suit only, no honours"),
       "one_voided_suit", "no_honours"),
    _f("pure_triple_chow", N_("Pure Triple Chow"), "一色三同顺", 24,
       N_("three identical chows of one suit"),
       "pure_shifted_pungs", "pure_double_chow"),
    _f("pure_shifted_pungs", N_("Pure Shifted Pungs"), "一色三节高", 24,
       N_("three pungs or kongs of one suit in consecutive ranks"),
       "pure_triple_chow"),
    _f("upper_tiles", N_("Upper Tiles"), "全大", 24,
       N_("suit tiles 7, 8 and 9 only"),
       "upper_four", "no_honours"),
    _f("middle_tiles", N_("Middle Tiles"), "全中", 24,
       N_("suit tiles 4, 5 and 6 only"),
       "all_simples", "no_honours"),
    _f("lower_tiles", N_("Lower Tiles"), "全小", 24,
       N_("suit tiles 1, 2 and 3 only"),
       "lower_four", "no_honours"),
    # ----- 16 fan
    _f("pure_straight", N_("Pure Straight"), "清龙", 16,
       N_("chows 123, 456 and 789 of one suit"),
       "short_straight", "two_terminal_chows"),
    _f("three_suited_terminal_chows", N_("Three-Suited Terminal Chows"), "三色双龙会", 16,
       N_("chows 123 and 789 of two suits and a pair of 5 of the third suit"),
       "mixed_double_chow", "two_terminal_chows", "no_honours", "all_chows"),
    _f("pure_shifted_chows", N_("Pure Shifted Chows"), "一色三步高", 16,
       N_("three chows of one suit, each one or each two ranks above the last")),
    _f("all_fives", N_("All Fives"), "全带五", 16,
       N_("every set and the pair hold a 5"),
       "all_simples", "no_honours"),
    _f("triple_pung", N_("Triple Pung"), "三同刻", 16,
       N_("pungs or kongs of the same rank in the three suits"),
       "double_pung"),
    _f("three_concealed_pungs", N_("Three Concealed Pungs"), "三暗刻", 16,
       N_("three pungs or kongs formed in the concealed hand"),
       "two_concealed_pungs"),
    # ----- 12 fan
    _f("lesser_honours_and_knitted_tiles", N_("Lesser Honours and Knitted Tiles"), "全不靠", 12,
       N_("fourteen single tiles: suit tiles of one knitted straight and honours, no pair, "
       "concealed"),
       "all_types", "fully_concealed_hand", "concealed_hand", "single_wait"),
    _f("knitted_straight", N_("Knitted Straight"), "组合龙", 12,
       N_("147, 258 and 369 of three different suits (all nine tiles)")),
    _f("upper_four", N_("Upper Four"), "大于五", 12,
       N_("suit tiles 6 to 9 only"),
       "no_honours"),
    _f("lower_four", N_("Lower Four"), "小于五", 12,
       N_("suit tiles 1 to 4 only"),
       "no_honours"),
    _f("big_three_winds", N_("Big Three Winds"), "三风刻", 12,
       N_("pungs or kongs of three winds (their Pung of Terminals or Honours is not counted)")),
    # ----- 8 fan
    _f("mixed_straight", N_("Mixed Straight"), "花龙", 8,
       N_("chows 123, 456 and 789, each of a different suit")),
    _f("reversible_tiles", N_("Reversible Tiles"), "推不倒", 8,
       N_("only tiles that look the same upside down: 1234589 circles, 245689 bamboo, White"),
       "one_voided_suit"),
    _f("mixed_triple_chow", N_("Mixed Triple Chow"), "三色三同顺", 8,
       N_("the same chow in each of the three suits"),
       "mixed_double_chow"),
    _f("mixed_shifted_pungs", N_("Mixed Shifted Pungs"), "三色三节高", 8,
       N_("pungs or kongs of consecutive ranks, one in each suit")),
    _f("chicken_hand", N_("Chicken Hand"), "无番和", 8,
       N_("a winning hand with no other fan (flowers not counted)")),
    _f("last_tile_draw", N_("Last Tile Draw"), "妙手回春", 8,
       N_("self-drawn win on the last tile of the wall"),
       "self_drawn"),
    _f("last_tile_claim", N_("Last Tile Claim"), "海底捞月", 8,
       N_("win on the discard after the last tile of the wall")),
    _f("out_with_replacement_tile", N_("Out with Replacement Tile"), "杠上开花", 8,
       N_("win on the replacement tile drawn after a kong"),
       "self_drawn"),
    _f("robbing_the_kong", N_("Robbing the Kong"), "抢杠和", 8,
       N_("win on the tile another player adds to an exposed pung"),
       "last_tile"),
    # ----- 6 fan
    _f("all_pungs", N_("All Pungs"), "碰碰和", 6,
       N_("four pungs or kongs and a pair")),
    _f("half_flush", N_("Half Flush"), "混一色", 6,
       N_("tiles of one suit and honours"),
       "one_voided_suit"),
    _f("mixed_shifted_chows", N_("Mixed Shifted Chows"), "三色三步高", 6,
       N_("three chows, one in each suit, each one rank above the last")),
    _f("all_types", N_("All Types"), "五门齐", 6,
       N_("characters, circles, bamboo, winds and dragons all present")),
    _f("melded_hand", N_("Melded Hand"), "全求人", 6,
       N_("four exposed sets and a win on a discard to the single pair"),
       "single_wait"),
    _f("two_concealed_kongs", N_("Two Concealed Kongs"), "双暗杠", 6,
       N_("two concealed kongs"),
       "concealed_kong", "two_concealed_pungs"),
    _f("two_dragon_pungs", N_("Two Dragon Pungs"), "双箭刻", 6,
       N_("pungs or kongs of two dragons"),
       "dragon_pung"),
    # ----- 4 fan
    _f("outside_hand", N_("Outside Hand"), "全带幺", 4,
       N_("every set and the pair hold a terminal or an honour")),
    _f("fully_concealed_hand", N_("Fully Concealed Hand"), "不求人", 4,
       N_("no exposed set (concealed kongs allowed) and a self-drawn win"),
       "concealed_hand", "self_drawn"),
    _f("two_melded_kongs", N_("Two Melded Kongs"), "双明杠", 4,
       N_("two exposed kongs"),
       "melded_kong"),
    _f("last_tile", N_("Last Tile"), "和绝张", 4,
       N_("win on the last tile of its kind: the other three are on the table (discards or "
       "exposed sets)")),
    # ----- 2 fan
    _f("dragon_pung", N_("Dragon Pung"), "箭刻", 2,
       N_("a pung or kong of dragons (its Pung of Terminals or Honours is not counted)")),
    _f("prevalent_wind", N_("Prevalent Wind"), "圈风刻", 2,
       N_("a pung or kong of the prevalent (round) wind")),
    _f("seat_wind", N_("Seat Wind"), "门风刻", 2,
       N_("a pung or kong of the seat wind")),
    _f("concealed_hand", N_("Concealed Hand"), "门前清", 2,
       N_("no exposed set (concealed kongs allowed) and a win on a discard")),
    _f("all_chows", N_("All Chows"), "平和", 2,
       N_("four chows and a pair of suit tiles"),
       "no_honours"),
    _f("tile_hog", N_("Tile Hog"), "四归一", 2,
       N_("all four tiles of a kind used, not as a kong")),
    _f("double_pung", N_("Double Pung"), "双同刻", 2,
       N_("pungs or kongs of the same rank in two suits")),
    _f("two_concealed_pungs", N_("Two Concealed Pungs"), "双暗刻", 2,
       N_("two pungs or kongs formed in the concealed hand")),
    _f("concealed_kong", N_("Concealed Kong"), "暗杠", 2,
       N_("one concealed kong")),
    _f("all_simples", N_("All Simples"), "断幺", 2,
       N_("no terminals and no honours"),
       "no_honours"),
    # ----- 1 fan
    _f("pure_double_chow", N_("Pure Double Chow"), "一般高", 1,
       N_("two identical chows of one suit")),
    _f("mixed_double_chow", N_("Mixed Double Chow"), "喜相逢", 1,
       N_("the same chow in two suits")),
    _f("short_straight", N_("Short Straight"), "连六", 1,
       N_("two chows of one suit making six consecutive ranks")),
    _f("two_terminal_chows", N_("Two Terminal Chows"), "老少副", 1,
       N_("chows 123 and 789 of one suit")),
    _f("pung_of_terminals_or_honours", N_("Pung of Terminals or Honours"), "幺九刻", 1,
       N_("a pung or kong of 1s, 9s or a wind that scores no other wind fan")),
    _f("melded_kong", N_("Melded Kong"), "明杠", 1,
       N_("one exposed kong")),
    _f("one_voided_suit", N_("One Voided Suit"), "缺一门", 1,
       N_("one of the three suits is missing")),
    _f("no_honours", N_("No Honours"), "无字", 1,
       N_("no winds or dragons")),
    _f("edge_wait", N_("Edge Wait"), "边张", 1,
       N_("the only winning tile was the 3 of 12 or the 7 of 89")),
    _f("closed_wait", N_("Closed Wait"), "嵌张", 1,
       N_("the only winning tile was the middle of a chow")),
    _f("single_wait", N_("Single Wait"), "单钓将", 1,
       N_("the only winning tile was the second tile of the pair")),
    _f("self_drawn", N_("Self-Drawn"), "自摸", 1,
       N_("the winning tile was drawn")),
    _f("flower_tiles", N_("Flower Tiles"), "花牌", 1,
       N_("each flower or season; not counted toward the 8-fan minimum")),
)

#: fans by id
FAN_TABLE: dict[str, FanDef] = {d.id: d for d in FANS}
#: id of each fan by its Chinese name (for comparison with other calculators)
ZH_TO_ID: dict[str, str] = {d.zh: d.id for d in FANS}

assert len(FANS) == 81 and len(FAN_TABLE) == 81, "MCR has 81 fans"
