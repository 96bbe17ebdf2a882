#!/bin/sh
# A mahjong-table bot in POSIX shell (sh + awk, no jq): the pipe protocol of
# docs/bot-protocol.md, version 1. Seat it with
#     mahjong-table simulate --bots cmd:examples/bots/simple_bot.sh,efficiency,efficiency,efficiency
#
# It reads one JSON message a line on standard input and answers each "decide" with one line
# on standard output: {"version":1,"index":N}, N an index into the message's "legal_actions".
# Its play is simple: declare Mahjong when it may, pass on every claim, otherwise take the
# last legal action listed (in a turn: the discard of the highest tile kind it holds, honours
# before suits; in a Charleston stage: the last pass listed).
#
# It finds the actions by their "kind" fields, relying on the table's compact JSON (no spaces)
# and on actions holding no nested arrays, which protocol version 1 guarantees; a real bot
# should use a JSON parser.

while IFS= read -r line; do
    case $line in
    *'"type":"decide"'*)
        printf '%s\n' "$line" | awk '
        {
            s = $0
            i = index(s, "\"legal_actions\":[")
            s = substr(s, i + 17)
            j = index(s, "]")
            s = substr(s, 1, j - 1)
            n = 0; mj = -1; ps = -1
            while ((k = index(s, "\"kind\":\"")) > 0) {
                s = substr(s, k + 8)
                kind = substr(s, 1, index(s, "\"") - 1)
                if (kind == "mahjong" && mj < 0) mj = n
                if (kind == "pass" && ps < 0) ps = n
                n++
            }
            choice = n - 1
            if (ps >= 0) choice = ps
            if (mj >= 0) choice = mj
            printf "{\"version\":1,\"index\":%d}\n", choice
        }'
        ;;
    *'"type":"end"'*)
        exit 0
        ;;
    esac
done
