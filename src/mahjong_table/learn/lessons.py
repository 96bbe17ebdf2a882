"""The lessons of each rule set, in the order its book teaches, in our own words.

Each :class:`~.model.Lesson` cites the sections of the book it teaches (:mod:`.books`); every
section of a book is cited by at least one lesson (tests/test_learn_lessons.py). Tile rows are
in the project's hand notation (shared/NOTATION.md) so every face draws them with its own
tiles: ``"123m 456p"``, ``"[777z]"`` for an exposed meld, ``1f`` a flower, ``1j`` a joker.
"""

from __future__ import annotations

from ..i18n import N_
from .books import check_rules
from .model import Lesson, Screen

__all__ = ["lesson", "lessons"]

S = Screen

# ----- Hong Kong (book 004) -----------------------------------------------------------------

_HONGKONG = (
    Lesson(
        "hongkong-01-tiles", "hongkong", N_("The tiles and their names"),
        ("004 s01", "004 s02", "004 s09"),
        (
            S(N_("Hong Kong mahjong is a game for four players with 144 tiles. It is "
                 "not the solitaire game that removes matching pairs, and it is "
                 "neither Japanese riichi nor the international competition rules: "
                 "the book picks one Hong Kong table and sticks to it for the whole "
                 "game.")
              + "\n\n" + N_("Most tiles belong to three suits, numbered 1 to 9, four copies of "
                 "each. We write a tile as its number and a letter: m for "
                 "Characters, p for Circles (dots), s for Bamboo."),
              ("123456789m", "123456789p", "123456789s"),
              (N_("Characters (m)"), N_("Circles (p)"), N_("Bamboo (s)"))),
            S(N_("The honours have no numbers. Four winds (East, South, West, North: "
                 "1z-4z) and three dragons (White, Green, Red: 5z-7z), four copies "
                 "of each. The 1s and 9s of the suits are called terminals."),
              ("1234z", "567z", "19m19p19s"),
              (N_("winds: East South West North"), N_("dragons: White Green Red"),
               N_("the terminals"))),
            S(N_("Eight bonus tiles complete the set: four Flowers (1f-4f) and four "
                 "Seasons (1g-4g), one of each. They are never part of a hand's "
                 "groups. You also need three dice and something to keep the score.")
              + "\n\n" + N_("When you start, learn to tell the three suits and the seven "
                 "honours apart, and sort your tiles by suit and number."),
              ("1234f", "1234g"), (N_("Flowers"), N_("Seasons"))),
        ),
        ("name-tile",)),
    Lesson(
        "hongkong-02-wall", "hongkong", N_("Seats, the wall, the dice and the break"),
        ("004 s04",),
        (
            S(N_("Seats are drawn with one of each wind, face down: whoever draws "
                 "East deals first. Play goes counter-clockwise: East, then South, "
                 "West and North. These seat winds are not compass points on the "
                 "table."),
              ("1z2z3z4z",), (N_("the four winds drawn for seats"),)),
            S(N_("The tiles are mixed face down and each player builds a wall of 18 "
                 "stacks, two tiles high (36 tiles). The four walls are pushed "
                 "together into a square.")
              + "\n\n" + N_("Three dice are thrown. Their total is counted around the walls, "
                 "East being 1, South 2, West 3, North 4, and round again; on that "
                 "wall, the same number of stacks is counted from its right end, and "
                 "the wall is opened there.")),
            S(N_("The seven stacks (14 tiles) to the right of the opening are the "
                 "dead wall: replacement tiles for kongs and bonus tiles come from "
                 "there only. Tiles are drawn from the left of the opening, going on "
                 "round the square. The dead wall is kept at 14 tiles by moving the "
                 "last tile of the live wall onto it whenever a replacement is "
                 "taken; it is never an extra supply to draw from.")),
        ),
        ()),
    Lesson(
        "hongkong-03-deal", "hongkong", N_("The deal and the bonus tiles"),
        ("004 s04", "004 s10"),
        (
            S(N_("Tiles are dealt in lots of four: East, South, West, North, three "
                 "times round, so everyone has twelve. Then East takes two more and "
                 "the others one each. East starts with 14 tiles, the others with "
                 "13. Stand your tiles up so that only you see them."),
              ("123m456p789s1122z 3z",), (N_("East's 14 tiles: East discards first"),)),
            S(N_("A Flower or Season is exposed beside you as soon as you have it, "
                 "and replaced from the dead wall, again if the replacement is a "
                 "bonus tile too. It never counts among your 13 tiles.")
              + "\n\n" + N_("The whole game in one breath: four players, 13 tiles each (14 for "
                 "East); draw one and discard one unless a claim is allowed; chow "
                 "only on the player before you, pung or kong on anyone, a win "
                 "before everything; four groups and a pair (or an allowed special "
                 "hand) win; kongs take a replacement; count fans, pay, and move the "
                 "winds on."),
              ("2f 3g",), (N_("bonus tiles are exposed and replaced"),)),
        ),
        ()),
    Lesson(
        "hongkong-04-turns", "hongkong", N_("Turns: draw, then discard"),
        ("004 s05", "004 s08"),
        (
            S(N_("East has 14 tiles and starts by discarding one face up in the "
                 "middle. From then on, in your turn you take the next tile of the "
                 "live wall, look at your hand, and discard one tile face up: 13 "
                 "tiles, 14, then 13 again (kongs and bonus tiles aside)."),
              ("123m456p789s1122z", "3z"), (N_("your 13 tiles"), N_("the tile you drew"))),
            S(N_("Common mistakes: collecting pairs as in solitaire; making a run "
                 "across suits or with honours; picking up an old discard (only the "
                 "latest one can be taken); forgetting the replacement after a kong, "
                 "which leaves you a tile short; mixing in fan tables from other "
                 "games."),
              ("123m", "1m2p3s", "123z"),
              (N_("a chow"), N_("not a chow: three suits"), N_("not a chow: honours"))),
        ),
        ()),
    Lesson(
        "hongkong-05-claims", "hongkong", N_("Claims and their priority"),
        ("004 s05", "004 s06"),
        (
            S(N_("Right after a discard, before the next draw, another player may "
                 "claim it. Only the latest discard can be claimed.")
              + "\n\n" + N_("A chow (three in a row of one suit) may be claimed only from the "
                 "player just before you in turn order, the one on your left. A pung "
                 "(three alike) or an exposed kong (four alike) may be claimed from "
                 "anyone, if you hold the other two (or three). You expose the "
                 "group and discard without drawing from the wall; after a kong you "
                 "first take its replacement tile from the dead wall."),
              ("34s 5s", "77z 7z", "999p 9p"),
              (N_("chow: 3-4 held, the 5 claimed from your left neighbour"),
               N_("pung: a pair held, the third claimed from anyone"),
               N_("kong: three held, the fourth claimed from anyone"))),
            S(N_("A pair can be claimed only when that tile finishes your whole "
                 "winning hand. When several players want the same tile, Mahjong (a "
                 "win) goes before a pung or kong, and a pung or kong before a chow. "
                 "When two players both win on it, the first in turn order from the "
                 "discarder takes it: there is one winner.")
              + "\n\n" + N_("Players between the discarder and the claimer lose their turn: "
                 "play goes on from the claimer."),
              ("234s567p777z11z88m",), (N_("waiting on East (1z) or 8m"),)),
            S(N_("The book's example: you hold 2-3-4 Bamboo, 5-6-7 Circles, three "
                 "Red dragons, two East winds and two 8 Characters. A third East "
                 "from anyone wins. If the player on your right throws a 4 Bamboo "
                 "you may not chow it with your 2 and 3: a chow comes only from your "
                 "left, and only a tile that completes the whole hand may be claimed "
                 "from anyone for Mahjong."),
              ("234s567p777z11z88m", "1z"), (N_("the hand"), N_("the winning tile"))),
        ),
        ("claims", "claim-priority")),
    Lesson(
        "hongkong-06-kongs", "hongkong", N_("Kongs and replacement tiles"),
        ("004 s05",),
        (
            S(N_("A kong is four alike. There are three ways to make one: claim a "
                 "discard when you hold three (an exposed kong); declare four you "
                 "drew yourself in your turn (a concealed kong, shown with its two "
                 "outer tiles face down); or add the fourth tile you drew to a pung "
                 "you exposed earlier (an added kong)."),
              ("[5555p]", "(2222s)", "[777z] 7z"),
              (N_("exposed kong"), N_("concealed kong (still declared)"),
               N_("added kong: the drawn 7z goes onto the exposed pung"))),
            S(N_("Every declared kong takes a replacement tile from the dead wall, "
                 "then you discard. A hand with one kong has 15 tiles at the end, "
                 "bonus aside. Four alike kept in your hand without declaring them "
                 "are just tiles: they can serve in chows. Exposed groups are fixed "
                 "for the rest of the hand.")
              + "\n\n" + N_("When someone adds a tile to a pung, another player who wins on "
                 "exactly that tile may take it (robbing the kong), and only to win.")),
        ),
        ()),
    Lesson(
        "hongkong-07-winning", "hongkong", N_("Winning hands"),
        ("004 s03", "004 s05", "004 s06"),
        (
            S(N_("The goal: four groups and a pair. A group is a chow (three in a "
                 "row of one suit), a pung (three alike) or a kong (four alike). "
                 "Declare Mahjong and show the hand with the tile that completes it, "
                 "drawn yourself or the latest discard of anyone, even to finish a "
                 "chow. In this table a hand with no fan may win: no minimum."),
              ("123m 456p 789s 111z 22z",), (N_("four groups and a pair"),)),
            S(N_("Two special hands win as well. Seven pairs, all different, "
                 "concealed until the winning tile; and the thirteen orphans: one of "
                 "each terminal, wind and dragon, plus a second copy of one of them."),
              ("1199m 2277p 55s 1133z", "19m19p19s1234567z 1z"),
              (N_("seven pairs"), N_("thirteen orphans"))),
        ),
        ("completing-tiles", "is-win")),
    Lesson(
        "hongkong-08-scoring", "hongkong", N_("Fans, limit hands and payments"),
        ("004 s07",),
        (
            S(N_("Only the winner counts. Add the fans the hand has, without "
                 "counting a pattern twice when a bigger one contains it. Dragon "
                 "pungs and kongs: 1 each; a pung of your seat wind: 1; of the "
                 "prevailing wind: 1 (both: 2). All chows: 1. All pungs: 3. One suit "
                 "with honours: 3; one suit alone: 6 instead. Seven pairs: 4. No "
                 "bonus tile: 1, else 1 for each bonus tile of your seat's number "
                 "and 2 for a full set of four Flowers or four Seasons. Self-drawn "
                 "win: 1; last tile of the wall or its last discard: 1; robbing a "
                 "kong: 1; win on a kong replacement: 1. Small three dragons: 4, "
                 "plus its two dragon pungs."),
              ("123m 456m 789m 777z 11m",), (N_("one suit with honours: 3 fan, Red "
                                                "pung 1"),)),
            S(N_("Some hands are limit hands, worth a base of 64 at once: four "
                 "concealed pungs self-drawn, big three dragons, small or big four "
                 "winds, all honours, all terminals, four kongs, thirteen orphans, "
                 "East winning on the deal, a win on East's first discard, the nine "
                 "gates (1112345678999 of one suit plus one more, concealed, no "
                 "kong), and all pungs of one suit with its matching dragon "
                 "(Bamboo-Green, Characters-Red, Circles-White, pair included). "
                 "Limits do not add up: the base stays 64."),
              ("1112345678999p 5p",), (N_("nine gates"),)),
            S(N_("Fans become a base: 0 fan 1, 1 fan 2, 2 fan 4, 3 fan 8, 4-6 fan "
                 "16, 7-9 fan 32, 10 or more 64. On a discard the discarder pays "
                 "twice the base and the other two once; self-drawn, all three pay "
                 "twice the base. A base of 8 on a discard: +32 to the winner, -16 "
                 "to the discarder, -8 to each other.")
              + "\n\n" + N_("In the book's table a false Mahjong ends the hand and costs 64 to "
                 "each other player, and twice that, 128, to the discarder when the "
                 "false Mahjong claimed a discard (tables may agree beforehand to be "
                 "lenient with beginners). This game refuses a Mahjong that does not "
                 "win, unless started with the option false_mahjong=penalise.")),
        ),
        ("score",)),
    Lesson(
        "hongkong-09-rounds", "hongkong", N_("Rounds, the end, and good habits"),
        ("004 s07", "004 s08", "004 s09", "004 s10"),
        (
            S(N_("If the live wall runs out with no winner, the hand is a draw and "
                 "nobody pays. If East wins, or the hand is a draw, the seats stay; "
                 "otherwise the next player becomes East and every seat wind moves "
                 "on. The prevailing wind starts at East and moves to South, West "
                 "and North after each full turn of dealers: at least 16 hands. The "
                 "best total at the end wins."),
              ("1z2z3z4z",), (N_("the prevailing wind: East, South, West, North"),)),
            S(N_("Good habits: aim first for four groups and a pair, not for limit "
                 "hands. Claiming a pung speeds your hand up but shows what you "
                 "collect and fixes the group. Look at the discards before you throw "
                 "a tile someone seems to want. Never make runs across suits or with "
                 "honours, never take an old discard, and always take the "
                 "replacement after a kong.")),
        ),
        ("is-win",)),
)

# ----- Chinese (book 001 Part two) ----------------------------------------------------------

_CHINESE = (
    Lesson(
        "chinese-01-tiles", "chinese", N_("The tiles and their names"),
        ("001 Tile guide", "001 Part two 'Setting up'", "001 Part two 'Tile combinations'"),
        (
            S(N_("The booklet's set holds 164 tiles for two games; Chinese mahjong "
                 "uses 144. Three suits of 1 to 9, four copies each: Characters or "
                 "Craks (m), Circles or Dots (p), Bamboo or Bams (s)."),
              ("123456789m", "123456789p", "123456789s"),
              (N_("Characters (m)"), N_("Circles (p)"), N_("Bamboo (s)"))),
            S(N_("Four of each wind (East, South, West, North: 1z-4z), four of each "
                 "dragon (White, Green, Red: 5z-7z), and one each of four Flowers "
                 "and four Seasons. Jokers, blanks and the extra flowers stay in the "
                 "box."),
              ("1234z", "567z", "1234f 1234g"),
              (N_("winds"), N_("dragons"), N_("Flowers and Seasons"))),
            S(N_("Four players race to make a hand of four sets and a pair. The "
                 "pieces: a pair (two alike), a chow (three in a row of one suit), a "
                 "pung (three alike), a kong (four alike)."),
              ("55p", "345s", "888m", "6666z"), (N_("pair"), N_("chow"), N_("pung"), N_("kong"))),
        ),
        ("name-tile",)),
    Lesson(
        "chinese-02-wall", "chinese", N_("Seats, the wall and the break"),
        ("001 Part two 01", "001 Part two 02", "001 Part two 03"),
        (
            S(N_("Everyone rolls two dice; the highest total is East, the dealer "
                 "(ties roll again). South sits on East's right, West opposite, "
                 "North on East's left, and play goes counter-clockwise."),
              ("1z2z3z4z",), (N_("East, South, West, North"),)),
            S(N_("The tiles are shuffled face down and each player builds a wall 18 "
                 "stacks long and two high (36 tiles). East rolls one or two dice, "
                 "counts that many stacks from the right end of East's own wall, and "
                 "breaks the wall there.")),
        ),
        ()),
    Lesson(
        "chinese-03-deal", "chinese", N_("The deal, Flowers and Seasons"),
        ("001 Part two 04", "001 Part two 'Flowers and Seasons'"),
        (
            S(N_("Dealing starts with the stack right of the break. East takes two "
                 "stacks (four tiles), then each player in turn, counter-clockwise, "
                 "until all have twelve. East takes two more, the others one more: "
                 "14 for East, 13 for the others."),
              ("123m456p789s1122z 3z",), (N_("East's 14 tiles"),)),
            S(N_("Flowers and Seasons are bonus tiles: never part of your sets and "
                 "pair. Draw one and you expose it at once and draw a replacement. "
                 "They can bring bonus points under some scoring; some tables even "
                 "give a win for all eight. Beginners may leave them out and play "
                 "with 136 tiles (this game's option bonus_tiles=false)."),
              ("1f 3g",), (N_("exposed bonus tiles"),)),
        ),
        ()),
    Lesson(
        "chinese-04-turns", "chinese", N_("Turns, exposed and concealed sets"),
        ("001 Part two 05", "001 Part two 'Exposed and concealed sets'"),
        (
            S(N_("East starts by discarding a tile. The player on East's right draws "
                 "the first tile from the live wall. On your turn: draw, arrange, "
                 "discard. You hold 14 tiles during your turn and 13 after your "
                 "discard."),
              ("123m456p789s1122z", "3z"), (N_("13 tiles"), N_("the draw makes 14"))),
            S(N_("Tiles in your hand are concealed. A set made by claiming a discard "
                 "is placed face up: it is exposed and stays so for the rest of the "
                 "hand."),
              ("[345s] 123m456p1122z",), (N_("an exposed chow beside the concealed "
                                             "tiles"),)),
        ),
        ()),
    Lesson(
        "chinese-05-claims", "chinese", N_("Chows, claims and their priority"),
        ("001 Part two 'Chows'", "001 Part two 'Claiming discards'",
         "001 Part two 'Priority of calls'"),
        (
            S(N_("A chow is three in a row of one suit. Winds and dragons never make "
                 "a chow.")
              + "\n\n" + N_("Only the latest discard may be claimed, and only when it completes "
                 "at once a chow, a pung, a kong or your winning hand. A chow may be "
                 "claimed only from the player just before you in turn order (on "
                 "your right as the booklet puts it). Call before the next player "
                 "draws, expose the set, discard (unless you won)."),
              ("456p", "123z"), (N_("a chow"), N_("never a chow"))),
            S(N_("A claim counts as your turn: play continues after you, and the "
                 "players between the discarder and you lose their turn. When "
                 "several claim: Mahjong first, then pung or kong, then chow. Equal "
                 "calls go to the player nearest the discarder in turn order.")),
        ),
        ("claims", "claim-priority")),
    Lesson(
        "chinese-06-kongs", "chinese", N_("Kongs: concealed, exposed, added"),
        ("001 Part two 'Kongs'",),
        (
            S(N_("A kong counts as one set though it has four tiles. Declare it "
                 "(expose it, unless it is concealed) and draw one replacement tile."),
              ("[7777m]",), (N_("an exposed kong"),)),
            S(N_("Concealed kong: four you drew yourself. Exposed kong: usually a "
                 "discard claimed when you hold three. Added kong: the fourth tile "
                 "drawn yourself, added to a pung you exposed. In this game the "
                 "replacement comes from the far end of the wall. On the booklet's "
                 "scale nobody may rob an added kong; under the Mahjong Competition "
                 "Rules, which the scoring exercises practise, a player who wins on "
                 "the added tile may rob it, and robbing the kong scores 8 fan."),
              ("(9999s)", "[222p] 2p"),
              (N_("concealed kong"), N_("added kong: the 2p drawn joins the exposed pung"))),
        ),
        ()),
    Lesson(
        "chinese-07-winning", "chinese", N_("Winning a hand, and the end of the hand"),
        ("001 Part two 'Winning a hand'", "001 Part two 'End of the hand'"),
        (
            S(N_("A winning hand is four sets and one pair. The last tile may be "
                 "drawn from the wall or claimed from any player's discard. Declare "
                 "Mahjong, show the hand, and have it checked."),
              ("123m 456p 789s 555z 11p",), (N_("four sets and a pair"),)),
            S(N_("A hand ends when someone declares Mahjong or the live wall is used "
                 "up. With no winner the hand is a draw. (This game's options can "
                 "add seven pairs and thirteen orphans, which the booklet does not "
                 "list.)")),
        ),
        ("completing-tiles", "is-win")),
    Lesson(
        "chinese-08-scoring", "chinese", N_("Scoring"),
        ("001 Part two 'Scoring'",),
        (
            S(N_("Tables score differently, so agree before you start. The "
                 "beginner's way, this game's default scale: one point to the winner "
                 "of each hand.")
              + "\n\n" + N_("More advanced tables count fans for special features, such as "
                 "winning on a tile you drew, pungs or kongs of dragons or winds, "
                 "concealed sets, or a hand of one suit, and add them up. The "
                 "booklet points to the Mahjong Competition Rules for the full "
                 "table: this game offers them as scoring=mcr (8 fan needed to win), "
                 "and the scoring exercise practises them."),
              ("111z 555z 123m 456m 99m",), (N_("wind and dragon pungs score fans"),)),
        ),
        ("score",)),
    Lesson(
        "chinese-09-rounds", "chinese", N_("Dealer rotation, wind rounds and tips"),
        ("001 Part two 'Dealer rotation'", "001 Part two 'Wind rounds'",
         "001 Beginner tips 'Chinese Mahjong'"),
        (
            S(N_("If East wins, East deals again. Otherwise the deal passes "
                 "counter-clockwise to the next player. A game traditionally has "
                 "four wind rounds, East, South, West and North; the wind indicator "
                 "shows the prevailing wind, which moves on when every player has "
                 "dealt and East loses the deal."),
              ("1z2z3z4z",), (N_("the four wind rounds"),)),
            S(N_("Tips: sort your tiles by suit; watch the discards; choose early "
                 "what kind of hand you are building; remember that exposed sets "
                 "tell the others what you want; flexible hands are easier to "
                 "finish; learn legal hands before scoring.")),
        ),
        ()),
)

# ----- American (book 001 Part one) ---------------------------------------------------------

_AMERICAN = (
    Lesson(
        "american-01-tiles", "american", N_("The tiles and their names"),
        ("001 Tile guide", "001 Part one 'Setting up'"),
        (
            S(N_("American mahjong uses 152 tiles: the three suits, Characters (Craks, "
                 "m), Circles (Dots, p) and Bamboo (Bams, s), 1 to 9, four of each; four "
                 "of each wind and dragon, eight Flowers and eight Jokers. Seasons, "
                 "blanks and the wind indicator stay in the box."),
              ("123456789m", "123456789p", "123456789s"),
              (N_("Characters (m)"), N_("Circles (p)"), N_("Bamboo (s)"))),
            S(N_("Each dragon belongs to a suit on the card: Red with Characters, "
                 "Green with Bamboo, White with Circles. The White dragon, nicknamed "
                 "\"Soap\", is also the zero of years such as 2026. All Flowers count as "
                 "the same tile. The goal: a 14-tile hand that is a line of the card "
                 "(this game ships its own practice card, not the NMJL's)."),
              ("7z 6z 5z", "1f2f3f", "1j"),
              (N_("Red, Green, White (Soap)"), N_("any flowers: all alike"), N_("a Joker"))),
        ),
        ("name-tile",)),
    Lesson(
        "american-02-wall", "american", N_("East, the wall, the pusher and the break"),
        ("001 Part one 01", "001 Part one 02", "001 Part one 03", "001 Part one 04"),
        (
            S(N_("Everyone rolls two dice; the highest total is East, the dealer "
                 "(ties roll again). The deal moves counter-clockwise after every "
                 "hand.")
              + "\n\n" + N_("All tiles are shuffled face down; each player builds a wall 19 "
                 "stacks long, two high (38 tiles), against their pusher.")),
            S(N_("The pusher moves a wall towards the middle when it is needed: "
                 "East's first, since the deal starts there, then the walls in "
                 "clockwise order. The last stack on the left may be turned as a "
                 "reminder to take tiles from right to left.")
              + "\n\n" + N_("East rolls one or two dice and counts that many stacks from the "
                 "right end of East's wall; the wall is broken there. The counted "
                 "stacks stay right of the break and are drawn last.")),
        ),
        ()),
    Lesson(
        "american-03-deal", "american", N_("The deal"),
        ("001 Part one 05",),
        (
            S(N_("From the first stack right of the break, East takes two stacks "
                 "(four tiles), then each player in turn counter-clockwise, until "
                 "everyone has twelve. East then takes the first and third top tiles "
                 "(14 in all), the others one tile each (13)."),
              ("2m5z2m6m 666p 666s 44z 1f 1j",), (N_("East's 14 tiles"),)),
        ),
        ()),
    Lesson(
        "american-04-charleston", "american", N_("The Charleston"),
        ("001 Part one 06",),
        (
            S(N_("Before play, everyone passes tiles face down, all at once, to "
                 "build towards one line of the card. Jokers are never passed. The "
                 "first Charleston is required: three tiles right, three over "
                 "(across), three left. Tiles you just received may go on in the "
                 "next pass."),
              ("7m 3p 9s",), (N_("three tiles to pass"),)),
            S(N_("If all four agree, a second Charleston follows: left, over, right "
                 "(remember R-O-L, L-O-R). Then the players opposite each other may "
                 "exchange up to three tiles in a courtesy pass; both must agree and "
                 "the smaller number counts.")
              + "\n\n" + N_("Pass what does not help your hand; keep what fits the lines you "
                 "aim at.")),
        ),
        ("pass-three",)),
    Lesson(
        "american-05-turns", "american", N_("Play: draw, rack, discard"),
        ("001 Part one 07", "001 Part one 'Tile combinations'", "001 Part one 'Quick reference'"),
        (
            S(N_("East begins by discarding a tile face up; the player on East's "
                 "right goes next. In your turn: draw the next tile, rack it "
                 "(arrange your tiles), discard one. You hold 14 tiles during your "
                 "turn, 13 after discarding."),
              ("2m5z2m6m 666p 666s 444z", "1f"), (N_("13 tiles"), N_("the draw"))),
            S(N_("The card's groups: pair (2 alike), pung (3), kong (4), quint (5, "
                 "usually with a joker), sextet (6, usually with jokers), and runs "
                 "of consecutive numbers of one suit."),
              ("22m", "333p", "4444s", "5555m1j", "6666p1j1j", "123s"),
              (N_("pair"), N_("pung"), N_("kong"), N_("quint: only four naturals exist, so a "
                                          "joker fills"),
               N_("sextet: two jokers"), N_("a run"))),
            S(N_("The whole game: build the walls; deal; the first Charleston "
                 "(right, over, left); a vote on the second (left, over, right); the "
                 "courtesy pass; East discards; then draw, rack, discard "
                 "counter-clockwise.")),
        ),
        ()),
    Lesson(
        "american-06-claims", "american", N_("Calling discards and priority"),
        ("001 Part one 'Calling discards'", "001 Part one 'Priority of calls'",
         "001 Part one 'Exposed sets'"),
        (
            S(N_("Any player may call the latest discard, until the next player has "
                 "racked their draw, but only if it completes at once a pung, kong, "
                 "quint or sextet, or wins (Mahjong). There are no chows. Expose the "
                 "group on your rack and discard (unless you won). Players between "
                 "the discarder and you lose their turn. There are no kong "
                 "replacements and no declared kongs in this game."),
              ("44p 4p", "9s1j 9s"),
              (N_("a pair held, the third called: a pung"),
               N_("a 9s and a joker held, a 9s called: a pung with a joker"))),
            S(N_("When two or more call: Mahjong first; otherwise the next player in "
                 "turn order from the discarder. Exposed sets stay face up and never "
                 "change, except by a joker exchange.")),
        ),
        ("claims", "claim-priority")),
    Lesson(
        "american-07-jokers", "american", N_("Jokers and the joker exchange"),
        ("001 Part one 'Jokers'", "001 Part one 'Joker exchange'"),
        (
            S(N_("A joker stands for a tile in a group of three or more alike: "
                 "pungs, kongs, quints, sextets, even all jokers. Never in a pair, "
                 "never as a single tile, never in a run, in NEWS or in a year such "
                 "as 2026. A discarded joker is dead."),
              ("555m1j", "1j1j1j"), (N_("a kong of 5m with one joker"), N_("a pung of "
                                                                       "jokers"))),
            S(N_("In your turn, after drawing (or after calling and exposing), if an "
                 "exposed group of anyone, yours included, holds a joker standing "
                 "for a tile you have, you may give that tile and take the joker. "
                 "Several exchanges in one turn are allowed. A tile already "
                 "discarded cannot be taken back for an exchange."),
              ("[44m1j]", "4m"), (N_("North's exposed pung with a joker"), N_("your "
                                                                          "natural 4m"))),
        ),
        ()),
    Lesson(
        "american-08-card", "american", N_("Reading the card"),
        ("001 Part one 'Understanding the NMJL card'",),
        (
            S(N_("Each line of the card is a hand. Its colours are not suits: one "
                 "colour means any one suit, two colours two different suits, three "
                 "colours all three. The note in brackets says which suits and "
                 "numbers are allowed. X means exposures are allowed; C a concealed "
                 "hand, which may call only the tile that wins. Each line is worth "
                 "its own points."),
              ("2m5z2m6m 666p 666s 4444z",),
              (N_("practice card 2026 #1: year in one suit (White as zero), pungs "
                  "of 6, kong of North"),)),
            S(N_("Count how far you are from a line in tiles: the tiles still "
                 "missing, with jokers filling groups of three or more. The exercise "
                 "below uses the matcher that checks every win in this game.")),
        ),
        ("nearest-line", "completing-tiles")),
    Lesson(
        "american-09-winning", "american", N_("Winning, dead hands, the wall game"),
        ("001 Part one 'Winning the hand'", "001 Part one 'Dead hands'",
         "001 Part one 'Wall game'"),
        (
            S(N_("When your 14 tiles make a line of the card: declare Mahjong, show "
                 "your tiles and check them against the card. A hand on the card "
                 "wins the round; many players play for fun without keeping score."),
              ("2m5z2m6m 666p 666s 4444z",), (N_("a complete line"),)),
            S(N_("A hand is dead after a false Mahjong, a concealed hand exposed "
                 "wrongly, or a wrong number of tiles: that player sits out until "
                 "the next hand. (This game refuses a Mahjong that does not win "
                 "unless started with the option false_mahjong=dead; with "
                 "dead_exposures=true a player may call a hand dead whose exposures "
                 "fit no line of the card.) If nobody wins before the playable tiles "
                 "are gone, it is a wall game and nobody scores.")),
        ),
        ("is-win", "score")),
    Lesson(
        "american-10-tips", "american", N_("Beginner tips"),
        ("001 Beginner tips 'American Mahjong'",),
        (
            S(N_("Study the card before choosing a hand, and decide early what you "
                 "build. Keep your tiles sorted by suit. Watch the discards. Every "
                 "exposure tells the others what you are after.")),
        ),
        ("nearest-line",)),
)

_LESSONS = {"hongkong": _HONGKONG, "chinese": _CHINESE, "american": _AMERICAN}


def lessons(rules: str) -> tuple[Lesson, ...]:
    """The lessons of ``rules`` in the book's teaching order. Raises ``ValueError`` for a rule
    set with no lessons."""
    check_rules(rules)
    return _LESSONS[rules]


def lesson(lesson_id: str) -> Lesson:
    """The lesson with ``lesson_id`` (any rule set). Raises ``KeyError`` naming it."""
    for group in _LESSONS.values():
        for ls in group:
            if ls.id == lesson_id:
                return ls
    raise KeyError(f"no lesson {lesson_id!r}")
