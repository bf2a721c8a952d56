#!/usr/bin/env python3
"""Record random-play traces of the VU Amsterdam `schnapsen` engine (pinned 0.0.5).

The package is used purely as a library (it is GPLv3; none of its code lives in
this repository).  Every deal is played by two bots that pick uniformly at random
among the moves the package's own legal-move generator offers, and one JSON
object per deal is written (JSON Lines, compact separators).  The Rust side
replays each trace and asserts identical legal-move sets and results.

Usage:
    python3 tools/vu/record_traces.py --deals 2000 --seed 1 --out tests/data/vu/traces.jsonl

Per-deal seed: deal i (0-based) uses seed S + i.  One `random.Random(seed)` is
used first for the package's deck shuffle and then, continuing the same stream,
for every move choice of both players, so `--seed X --deals 1` reproduces the
deal recorded with seed X.

See tools/vu/README.md for the record format.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from typing import Any, Optional

try:
    from schnapsen.deck import Card, Rank, Suit
    from schnapsen.game import (
        Bot,
        BotState,
        GameState,
        Move,
        PlayerPerspective,
        SchnapsenGamePlayEngine,
    )
except ImportError:  # pragma: no cover - environment problem, not a code path
    sys.exit("schnapsen is not installed; run: pip install schnapsen==0.0.5")

EXPECTED_VERSION = "0.0.5"

RANK_CHAR = {Rank.ACE: "A", Rank.TEN: "T", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J"}
SUIT_CHAR = {Suit.CLUBS: "C", Suit.DIAMONDS: "D", Suit.HEARTS: "H", Suit.SPADES: "S"}


def card_str(card: Card) -> str:
    return RANK_CHAR[card.rank] + SUIT_CHAR[card.suit]


def move_str(move: Move) -> str:
    if move.is_trump_exchange():
        return "exchange"
    if move.is_marriage():
        return "M" + SUIT_CHAR[move.as_marriage().suit]
    if move.is_regular_move():
        return card_str(move.as_regular_move().card)
    raise ValueError(f"unknown move type: {move!r}")


class RecordingRandomBot(Bot):
    """Uniform random player that appends every decision it makes to a shared step list."""

    def __init__(self, seat: int, rng: random.Random, steps: list[dict[str, Any]]) -> None:
        super().__init__(name=f"seat{seat}")
        self.seat = seat
        self.rng = rng
        self.steps = steps
        self.final: Optional[dict[str, Any]] = None

    def get_move(self, perspective: PlayerPerspective, leader_move: Optional[Move]) -> Move:
        moves = perspective.valid_moves()
        names = [move_str(m) for m in moves]
        if len(set(names)) != len(names):
            raise AssertionError(f"duplicate move strings in legal set {names}")
        # The choice is made on the package's own list order (deterministic: hand order).
        move = self.rng.choice(moves)
        step: dict[str, Any] = {"seat": self.seat, "legal": sorted(names), "action": move_str(move)}
        if move.is_marriage():
            step["marriage_card"] = card_str(move.as_marriage().underlying_regular_move().card)
        self.steps.append(step)
        return move

    def notify_game_end(self, won: bool, perspective: PlayerPerspective) -> None:
        self.final = {
            "won": won,
            "score": perspective.get_my_score(),
            "won_cards": [card_str(c) for c in perspective.get_won_cards()],
            "hand": [card_str(c) for c in perspective.get_hand()],
            "history": perspective.get_game_history(),
            "am_leader": perspective.am_i_leader(),
        }


def play_deal(engine: SchnapsenGamePlayEngine, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    # Same steps as GamePlayEngine.play_game, done by hand so the deal can be recorded.
    deck = engine.deck_generator.get_initial_deck()
    shuffled = engine.deck_generator.shuffle_deck(deck, rng)
    hand0, hand1, talon = engine.hand_generator.generateHands(shuffled)

    talon_cards = [card_str(c) for c in talon.get_cards()]
    trump = talon.trump_card()
    assert trump is not None and card_str(trump) == talon_cards[-1]
    record: dict[str, Any] = {
        "seed": seed,
        "hands": [[card_str(c) for c in hand0.get_cards()], [card_str(c) for c in hand1.get_cards()]],
        "talon": talon_cards[:-1],
        "trump_card": talon_cards[-1],
        "leader": 0,
    }

    steps: list[dict[str, Any]] = []
    bots = [RecordingRandomBot(0, rng, steps), RecordingRandomBot(1, rng, steps)]
    state = GameState(
        leader=BotState(implementation=bots[0], hand=hand0),
        follower=BotState(implementation=bots[1], hand=hand1),
        talon=talon,
        previous=None,
    )
    winner_bot, game_points, winner_score = engine.play_game_from_state(game_state=state, leader_move=None)
    assert isinstance(winner_bot, RecordingRandomBot)
    assert bots[0].final is not None and bots[1].final is not None, "both bots must be notified of the game end"

    record["steps"] = steps
    record["result"] = {
        "winner": winner_bot.seat,
        "game_points": game_points,
        "points": [b.final["score"].direct_points for b in bots],
        "pending": [b.final["score"].pending_points for b in bots],
        "tricks": [len(b.final["won_cards"]) // 2 for b in bots],
    }

    check_deal(record, bots, winner_bot, winner_score)
    return record


def history_actions(bots: list[RecordingRandomBot]) -> list[tuple[int, str]]:
    """(seat, move string) sequence reconstructed from the package's own trick history."""
    # Use seat 0's final perspective; map 'me/opponent' back to seats via am_i_leader.
    me = bots[0]
    assert me.final is not None
    out: list[tuple[int, str]] = []
    for persp, trick in me.final["history"]:
        if trick is None:
            continue
        leader_seat = me.seat if persp.am_i_leader() else 1 - me.seat
        if trick.is_trump_exchange():
            out.append((leader_seat, "exchange"))
        else:
            out.append((leader_seat, move_str(trick.leader_move)))
            out.append((1 - leader_seat, card_str(trick.follower_move.card)))
    return out


def check_deal(rec: dict[str, Any], bots: list[RecordingRandomBot], winner_bot: Bot, winner_score: Any) -> None:
    all_cards = rec["hands"][0] + rec["hands"][1] + rec["talon"] + [rec["trump_card"]]
    assert len(rec["hands"][0]) == 5 and len(rec["hands"][1]) == 5 and len(rec["talon"]) == 9
    assert len(all_cards) == 20 and len(set(all_cards)) == 20, f"deal is not a permutation of 20 cards: {all_cards}"
    assert set(all_cards) == {r + s for r in "ATKQJ" for s in "CDHS"}

    steps = rec["steps"]
    for st in steps:
        assert st["action"] in st["legal"], st
        assert ("marriage_card" in st) == st["action"].startswith("M"), st
        if "marriage_card" in st:
            assert st["marriage_card"][1] == st["action"][1]

    # Seat attribution and order must agree with the package's recorded history.
    hist = history_actions(bots)
    mine = [(st["seat"], st["action"]) for st in steps]
    assert hist == mine, f"history mismatch:\n{hist}\n{mine}"

    res = rec["result"]
    w = res["winner"]
    assert bots[w] is winner_bot and bots[w].final["won"] and not bots[1 - w].final["won"]
    assert winner_score == bots[w].final["score"]
    assert res["game_points"] in (1, 2, 3)
    assert bots[w].final["am_leader"], "the package always declares the current leader the winner"

    # Cards won = cards played in regular tricks (the marriage plays marriage_card).
    played = [st.get("marriage_card", st["action"]) for st in steps if st["action"] != "exchange"]
    won = bots[0].final["won_cards"] + bots[1].final["won_cards"]
    assert Counter(played) == Counter(won), (played, won)
    assert len(played) % 2 == 0 and sum(res["tricks"]) == len(played) // 2
    # Nothing lost: remaining hands + won cards (+ undrawn talon) = 20 cards.
    remaining = bots[0].final["hand"] + bots[1].final["hand"]
    assert len(set(remaining + won)) == len(remaining + won)
    assert set(remaining + won) <= set(all_cards)


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, required=True, help="number of deals to play")
    ap.add_argument("--seed", type=int, required=True, help="seed of the first deal; deal i uses seed+i")
    ap.add_argument("--out", required=True, help="output JSONL path ('-' for stdout)")
    args = ap.parse_args(argv)

    try:
        from importlib.metadata import version

        found = version("schnapsen")
        if found != EXPECTED_VERSION:
            print(f"warning: schnapsen {found} installed, traces are pinned to {EXPECTED_VERSION}", file=sys.stderr)
    except Exception:  # metadata unavailable; not fatal
        pass

    engine = SchnapsenGamePlayEngine()
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8", newline="\n")
    stats: Counter[str] = Counter()
    try:
        for i in range(args.deals):
            rec = play_deal(engine, args.seed + i)
            out.write(json.dumps(rec, separators=(",", ":")) + "\n")
            stats[f"gp{rec['result']['game_points']}"] += 1
            stats["steps"] += len(rec["steps"])
            stats["exchange"] += sum(st["action"] == "exchange" for st in rec["steps"])
            stats["marriage"] += sum(st["action"].startswith("M") for st in rec["steps"])
            stats["last_trick_win"] += sum(rec["result"]["tricks"]) == 10 and max(rec["result"]["points"]) < 66
    finally:
        if out is not sys.stdout:
            out.close()
    print(f"wrote {args.deals} deals to {args.out}: {dict(sorted(stats.items()))}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
