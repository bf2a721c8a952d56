#!/usr/bin/env python3
"""Independent re-implementation of the rules in docs/rules/vu-notes.md, checked against traces.

This does NOT import the schnapsen package.  It replays every trace written by
record_traces.py with our own reading of the VU rules and asserts that, at every
decision, the legal set is identical to the recorded one, and that the final
result (winner, game points, direct/pending points, tricks) is identical.
It is a reference for the Rust replay test and a check that the notes are complete.

Usage:  python3 tools/vu/replay_check.py tests/data/vu/traces.jsonl
"""

from __future__ import annotations

import json
import sys
from typing import Any

POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def legal_leader(hand: list[str], talon: list[str], trump_suit: str) -> list[str]:
    moves = list(hand)
    if talon and ("J" + trump_suit) in hand:  # talon incl. face-up trump card is non-empty
        moves.append("exchange")
    for c in hand:
        if c[0] == "Q" and ("K" + c[1]) in hand:
            moves.append("M" + c[1])
    return sorted(moves)


def legal_follower(hand: list[str], led: str, talon_empty: bool, trump_suit: str) -> list[str]:
    if not talon_empty:
        return sorted(hand)
    same = [c for c in hand if c[1] == led[1]]
    if same:
        higher = [c for c in same if POINTS[c[0]] > POINTS[led[0]]]
        return sorted(higher or same)
    trumps = [c for c in hand if c[1] == trump_suit]
    if led[1] != trump_suit and trumps:
        return sorted(trumps)
    return sorted(hand)


def leader_wins(lead: str, follow: str, trump_suit: str) -> bool:
    if lead[1] == follow[1]:
        return POINTS[lead[0]] > POINTS[follow[0]]
    return follow[1] != trump_suit


def replay(rec: dict[str, Any]) -> None:
    hands = [list(rec["hands"][0]), list(rec["hands"][1])]
    talon = list(rec["talon"]) + [rec["trump_card"]]  # draw order; last element = face-up trump
    trump_suit = rec["trump_card"][1]
    direct, pending, tricks = [0, 0], [0, 0], [0, 0]
    leader = rec["leader"]
    steps = rec["steps"]
    i = 0
    winner = gp = None

    def take(seat: int) -> dict[str, Any]:
        nonlocal i
        assert i < len(steps), "trace ended before the deal was decided"
        st = steps[i]
        i += 1
        assert st["seat"] == seat, (i, st, seat)
        return st

    while winner is None:
        st = take(leader)
        assert st["legal"] == legal_leader(hands[leader], talon, trump_suit), (i, st, hands[leader])
        act = st["action"]
        if act == "exchange":
            jack = "J" + trump_suit
            hands[leader].remove(jack)
            hands[leader].append(talon[-1])
            talon[-1] = jack
            # declare_winner is evaluated here too, but nothing can have changed.
            continue
        if act.startswith("M"):
            pending[leader] += 40 if act[1] == trump_suit else 20
            lead_card = "K" + act[1]  # the engine always leads the king
            assert st.get("marriage_card") == lead_card, st
            led_for_rules = "Q" + act[1]  # follower legality is computed against the queen
        else:
            lead_card = led_for_rules = act
        talon_empty = not talon
        follower = 1 - leader
        st2 = take(follower)
        assert st2["legal"] == legal_follower(hands[follower], led_for_rules, talon_empty, trump_suit), (i, st2)
        follow_card = st2["action"]
        hands[leader].remove(lead_card)
        hands[follower].remove(follow_card)
        w = leader if leader_wins(lead_card, follow_card, trump_suit) else follower
        direct[w] += POINTS[lead_card[0]] + POINTS[follow_card[0]] + pending[w]
        pending[w] = 0
        tricks[w] += 1
        leader = w
        if talon:
            hands[w].append(talon.pop(0))
            hands[1 - w].append(talon.pop(0))
        if direct[leader] >= 66:
            other = direct[1 - leader]
            winner, gp = leader, (3 if other == 0 else 1 if other >= 33 else 2)
        elif not talon and not hands[0] and not hands[1]:
            winner, gp = leader, 1

    assert i == len(steps), "trace continues after the deal was decided"
    expect = {"winner": winner, "game_points": gp, "points": direct, "pending": pending, "tricks": tricks}
    assert rec["result"] == expect, (rec["result"], expect)


def main() -> int:
    path = sys.argv[1] if len(sys.argv) > 1 else "tests/data/vu/traces.jsonl"
    n = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            try:
                replay(rec)
            except AssertionError as e:
                print(f"seed {rec['seed']}: MISMATCH {e}", file=sys.stderr)
                return 1
            n += 1
    print(f"{n} deals replayed, all legal sets and results identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
