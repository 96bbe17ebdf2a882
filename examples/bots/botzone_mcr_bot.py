#!/usr/bin/env python3
"""A small bot for Botzone's Chinese Standard Mahjong, written from the protocol alone (it
knows nothing of mahjong-table): ``mahjong-table simulate --rules chinese --option
scoring=mcr --bots 'botzone:python3 examples/bots/botzone_mcr_bot.py,efficiency'``.

It plays for a full flush (one suit, 24 fan, so its Mahjong always has MCR's 8): it keeps
the suit it holds most of, discards honours and the other suits first, claims a pung or a
chow of its suit, declares kongs of its suit, and declares HU only with a complete hand of
that one suit. It speaks both of Botzone's interactions, telling them by its first line of
input (a JSON object, or the simple interaction's turn count). It runs in Botzone's
long-running mode (``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after each response, then one
request a line); with ``--restart`` it answers one turn and exits, being started again with
the whole history every turn (the traditional mode).
"""

from __future__ import annotations

import json
import sys
from collections import Counter

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
SUITS = "WBT"


class Bot:
    def __init__(self) -> None:
        self.me = 0
        self.hand: list[str] = []
        self.pungs: list[str] = []  # tiles of its exposed pungs (for BUGANG)
        self.melds: list[str] = []  # every tile of its melds
        self.last_tile = ""  # the last tile discarded
        self.last_player = -1
        self.drew = False  # its own draw was the last draw or discard

    # ----- what it knows -------------------------------------------------------------------

    def suit(self) -> str:
        held = Counter(t[0] for t in self.hand + self.melds if t[0] in SUITS)
        melded = {t[0] for t in self.melds}
        if melded:
            return melded.pop()
        return max(SUITS, key=lambda s: (held[s], s)) if held else "W"

    def flush(self, tiles: list[str]) -> bool:
        return len({t[0] for t in tiles + self.melds}) == 1 and tiles[0][0] in SUITS

    def complete(self, tiles: list[str]) -> bool:
        """Four sets and a pair, with the melds counted as sets."""
        counts = Counter(tiles)

        def sets(c: Counter[str]) -> bool:
            left = sorted(t for t in c if c[t])
            if not left:
                return True
            t = left[0]
            if c[t] >= 3:
                c[t] -= 3
                if sets(c):
                    c[t] += 3
                    return True
                c[t] += 3
            if t[0] in SUITS and int(t[1]) <= 7:
                a, b = f"{t[0]}{int(t[1]) + 1}", f"{t[0]}{int(t[1]) + 2}"
                if c[a] and c[b]:
                    for x in (t, a, b):
                        c[x] -= 1
                    ok = sets(c)
                    for x in (t, a, b):
                        c[x] += 1
                    if ok:
                        return True
            return False

        if (len(tiles) - 2) % 3:
            return False
        for pair in [t for t in counts if counts[t] >= 2]:
            counts[pair] -= 2
            ok = sets(counts)
            counts[pair] += 2
            if ok:
                return True
        return False

    def can_win(self, tiles: list[str]) -> bool:
        return self.complete(tiles) and self.flush(tiles)

    def discard(self, hand: list[str]) -> str:
        suit = self.suit()
        off = [t for t in hand if t[0] != suit]
        if off:  # honours first, then the other suits
            return sorted(off, key=lambda t: (t[0] in SUITS, t))[0]
        counts = Counter(hand)

        def neighbours(t: str) -> int:
            n = int(t[1])
            return sum(counts[f"{t[0]}{m}"] for m in (n - 2, n - 1, n + 1, n + 2)
                       if 1 <= m <= 9) + 3 * (counts[t] - 1)
        return min(hand, key=lambda t: (neighbours(t), t))

    # ----- requests ------------------------------------------------------------------------

    def answer(self, request: str) -> str:
        w = request.split()
        if w[0] == "0":
            self.me = int(w[1])
            return "PASS"
        if w[0] == "1":
            self.hand = w[5:18]
            return "PASS"
        if w[0] == "2":
            tile = w[1]
            self.drew = True
            self.hand.append(tile)
            if self.can_win(self.hand):
                return "HU"
            suit = self.suit()
            for t in set(self.hand):
                if self.hand.count(t) == 4 and t[0] == suit:
                    return f"GANG {t}"
            if tile in self.pungs:
                return f"BUGANG {tile}"
            return f"PLAY {self.discard(self.hand)}"
        player, verb = int(w[1]), w[2]
        if verb in ("PLAY", "PENG", "CHI"):
            self.drew = False
            if player == self.me:
                self.apply_own(verb, w[3:])
            self.last_tile, self.last_player = w[-1], player
            return "PASS" if player == self.me else self.claim(w[-1], player)
        if verb == "GANG" and player == self.me:
            self.apply_kong()
        elif verb == "BUGANG":
            if player == self.me:
                self.hand.remove(w[3])
                self.melds.append(w[3])
            elif self.can_win(self.hand + [w[3]]):
                return "HU"
        return "PASS"

    def apply_own(self, verb: str, args: list[str]) -> None:
        if verb == "PENG":
            for _ in range(2):
                self.hand.remove(self.last_tile)
            self.pungs.append(self.last_tile)
            self.melds += [self.last_tile] * 3
        elif verb == "CHI":
            middle = args[0]
            run = [f"{middle[0]}{int(middle[1]) + d}" for d in (-1, 0, 1)]
            for t in run:
                if t != self.last_tile:
                    self.hand.remove(t)
            self.melds += run
        self.hand.remove(args[-1])

    def apply_kong(self) -> None:
        if self.drew:  # after its own draw: a concealed kong of four in hand
            tile = next(t for t in set(self.hand) if self.hand.count(t) == 4)
            n = 4
        else:  # of the last discard
            tile, n = self.last_tile, 3
        for _ in range(n):
            self.hand.remove(tile)
        self.melds += [tile] * 4

    def claim(self, tile: str, player: int) -> str:
        if self.can_win(self.hand + [tile]):
            return "HU"
        if tile[0] != self.suit():
            return "PASS"
        if self.hand.count(tile) >= 2:
            rest = list(self.hand)
            rest.remove(tile)
            rest.remove(tile)
            return f"PENG {self.discard(rest)}"
        if (player + 1) % 4 == self.me:  # chow only from the left
            n = int(tile[1])
            for low in (n - 2, n - 1, n):
                run = [f"{tile[0]}{m}" for m in range(low, low + 3)]
                if low < 1 or low > 7:
                    continue
                need = [t for t in run if t != tile]
                if all(t in self.hand for t in need):
                    rest = list(self.hand)
                    for t in need:
                        rest.remove(t)
                    return f"CHI {run[1]} {self.discard(rest)}"
        return "PASS"


def main() -> None:
    restart = "--restart" in sys.argv[1:]
    first = sys.stdin.readline()
    if not first:
        return
    bot = Bot()
    if first.lstrip().startswith("{"):  # Botzone's JSON interaction
        given = json.loads(first)
        requests, responses = given["requests"], given["responses"]
        for request in requests[:-1]:
            bot.answer(request)
        print(json.dumps({"response": bot.answer(requests[-1])}), flush=True)
        del responses  # (its own past responses follow from the requests)
    else:  # the simple interaction: the turn count, then requests and responses
        turns = int(first)
        lines = [sys.stdin.readline().strip() for _ in range(2 * turns - 1)]
        for request in lines[0:-1:2]:
            bot.answer(request)
        print(bot.answer(lines[-1]), flush=True)
    if restart:  # the traditional mode: started again with the whole history every turn
        return
    print(KEEP_RUNNING, flush=True)
    while True:  # long-running: each next request alone, one line (in either interaction)
        request = sys.stdin.readline()
        if not request:
            return
        if not request.strip():
            continue
        answer = bot.answer(request.strip())
        print(json.dumps({"response": answer}) if first.lstrip().startswith("{") else answer,
              flush=True)
        print(KEEP_RUNNING, flush=True)


if __name__ == "__main__":
    main()
