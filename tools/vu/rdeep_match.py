#!/usr/bin/env python3
"""Duplicate match: VU's rdeep bot against a Talon bot, under the VU engine.

The VU Amsterdam course package `schnapsen` (pinned 0.0.5, GPLv3) is used purely
as an installed library; none of its code lives in this repository.

The package's `SchnapsenGamePlayEngine` runs every game.  One player is the
package's `RdeepBot`; the other is `TalonBot`, a VU `Bot` that keeps a
`talon engine` subprocess (docs/protocol.md) in step with the VU game.  At the
start of a deal it sends `new` for the `schnapsen-vu` preset with the deal in
Talon notation; before each of its decisions it replays every move made since
(both players', in order) with `play`, checks that Talon has the same seat to
move and the same legal set as VU, asks `bot`, and maps the answer back to one
of VU's legal moves.  At the end of the deal it replays the rest and checks
that Talon's result (winner and game points) is VU's.  Any disagreement raises.

Duplicate deals: pair i (0-based) uses seed S + i.  `random.Random(seed)`
shuffles the deck through the package's own `shuffle_deck` (exactly as
`play_game` would), and the deal is played twice with the same cards per seat:
game A with rdeep as the first player (it leads trick 1, holding c[0],c[2],..),
game B with the Talon bot in that seat.  Each bot therefore plays both hands.
rdeep's RNG and the Talon bot's seeds are derived from (seed, game), so results
do not depend on --jobs.

Statistics treat each pair as one observation (the two games of a pair are
correlated by construction): Talon's share of all game points is a ratio
estimator with a delta-method 95% CI (a percentile bootstrap with a fixed seed
is reported too), and the per-game win rate has a normal CI over pair means.

Usage (from the repository root):
    python3 tools/vu/rdeep_match.py --talon-bot heuristic --deals 200 --seed 1 --out rdeep_vs_heuristic.json
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Optional

try:
    from schnapsen.bots import RdeepBot
    from schnapsen.deck import Card, Rank
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
PRESET = "schnapsen-vu"

# RdeepBot.__init__ in 0.0.5 has no defaults for these.  16 samples and depth 4
# are what the course's own example CLI (`rdeep-game`, and the GUI's
# "rdeepbot") constructs, i.e. the de-facto defaults of the platform.
RDEEP_SAMPLES = 16
RDEEP_DEPTH = 4

# Card and move notation are the trace recorder's (one mapping for both tools).
from record_traces import card_str, move_str  # noqa: E402


def talon_plays(move: Move) -> list[str]:
    """The Talon `play` actions for one VU move: a marriage is `MX` then the King VU leads."""
    if move.is_marriage():
        king = move.as_marriage().underlying_regular_move().card
        assert king.rank == Rank.KING, "VU 0.0.5 always leads the King of a marriage"
        return [move_str(move), card_str(king)]
    return [move_str(move)]


def history_moves(perspective: PlayerPerspective, leader_move: Optional[Move]) -> list[Move]:
    """Every move of the deal so far, both players', in the order played."""
    out: list[Move] = []
    for _persp, trick in perspective.get_game_history():
        if trick is None:  # the current state
            continue
        if trick.is_trump_exchange():
            out.append(trick.exchange)
        else:
            out.append(trick.leader_move)
            out.append(trick.follower_move)
    if leader_move is not None:
        out.append(leader_move)
    return out


def derive_seed(*parts: Any) -> int:
    """A stable 32-bit seed from labelled parts (str seeding of Random is deterministic)."""
    return random.Random("/".join(str(p) for p in parts)).getrandbits(32)


# --------------------------------------------------------------------------- Talon side


class TalonEngine:
    """One `talon engine` subprocess, spoken to line by line."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.proc = subprocess.Popen(
            [path, "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def request(self, req: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        line = json.dumps(req, separators=(",", ":"))
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise RuntimeError(f"talon engine died: {self._stderr()}") from None
        reply = self.proc.stdout.readline()
        if not reply:
            raise RuntimeError(f"talon engine closed its output after {line}: {self._stderr()}")
        return json.loads(reply)

    def _stderr(self) -> str:
        try:
            self.proc.kill()
            assert self.proc.stderr is not None
            return self.proc.stderr.read()[-2000:]
        except Exception:
            return "<no stderr>"

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class SyncError(RuntimeError):
    """VU and Talon disagree: the adapter or the schnapsen-vu preset is wrong."""


class TalonBot(Bot):
    """A VU bot whose decisions come from a Talon bot over the engine protocol."""

    def __init__(self, engine: TalonEngine, bot_name: str, seat: int, deal: str, seed: int) -> None:
        super().__init__(name=f"talon-{bot_name}")
        self.engine = engine
        self.bot_name = bot_name
        self.seat = seat  # Talon seat; seat 0 is VU's first player
        self.deal = deal
        self.seed = seed
        self.sent = 0  # VU moves already replayed into Talon
        self.decisions = 0
        self.seconds = 0.0
        self.log: list[str] = []  # Talon actions sent, for error messages
        self.result: Optional[dict[str, Any]] = None
        state = self._req({"cmd": "new", "game": PRESET, "deal": deal})
        self.state = state

    def _req(self, req: dict[str, Any]) -> dict[str, Any]:
        reply = self.engine.request(req)
        if not reply.get("ok"):
            raise SyncError(
                f"talon rejected {json.dumps(req)}: {reply.get('error')}\n"
                f"  deal {self.deal}\n  actions so far {self.log}"
            )
        return reply

    def _catch_up(self, moves: list[Move]) -> None:
        if len(moves) < self.sent:
            raise SyncError(f"VU history shrank from {self.sent} to {len(moves)} moves")
        for move in moves[self.sent :]:
            for action in talon_plays(move):
                self.state = self._req({"cmd": "play", "action": action})
                self.log.append(action)
        self.sent = len(moves)

    def get_move(self, perspective: PlayerPerspective, leader_move: Optional[Move]) -> Move:
        t0 = time.perf_counter()
        self._catch_up(history_moves(perspective, leader_move))
        vu_moves = perspective.valid_moves()
        by_name = {move_str(m): m for m in vu_moves}
        if len(by_name) != len(vu_moves):
            raise SyncError(f"duplicate move names in VU's legal set {[move_str(m) for m in vu_moves]}")
        if self.state.get("to_move") != self.seat:
            raise SyncError(
                f"Talon has seat {self.state.get('to_move')} to move, VU asks seat {self.seat}\n"
                f"  deal {self.deal}\n  actions {self.log}"
            )
        if sorted(self.state["legal"]) != sorted(by_name):
            raise SyncError(
                f"legal sets differ: Talon {sorted(self.state['legal'])}, VU {sorted(by_name)}\n"
                f"  deal {self.deal}\n  actions {self.log}"
            )
        reply = self._req({"cmd": "bot", "name": self.bot_name, "seed": (self.seed + self.decisions) % (1 << 32)})
        action = reply.get("action")
        if action not in by_name:
            raise SyncError(
                f"Talon bot {self.bot_name!r} chose {action!r}, not among VU's legal moves {sorted(by_name)}\n"
                f"  deal {self.deal}\n  actions {self.log}"
            )
        self.decisions += 1
        self.seconds += time.perf_counter() - t0
        return by_name[action]

    def notify_game_end(self, won: bool, perspective: PlayerPerspective) -> None:
        self._catch_up(history_moves(perspective, None))
        if self.state.get("to_move") is not None or self.state.get("result") is None:
            raise SyncError(f"VU's deal is over but Talon's is not: {self.state}\n  deal {self.deal}\n  actions {self.log}")
        self.result = self.state["result"]
        score = self.result["score"]
        if (score[self.seat] > 0) != won:
            raise SyncError(f"winner differs: VU says Talon won={won}, Talon result {self.result}")
        # Talon's `points` are VU's direct points (pending marriage points excluded).
        vu_points = [0, 0]
        vu_points[self.seat] = perspective.get_my_score().direct_points
        vu_points[1 - self.seat] = perspective.get_opponent_score().direct_points
        if list(self.result.get("points", [])) != vu_points:
            raise SyncError(f"card points differ: VU {vu_points}, Talon {self.result}\n  deal {self.deal}\n  actions {self.log}")


class TimedBot(Bot):
    """Delegates to a VU bot and measures its thinking time."""

    def __init__(self, inner: Bot, name: str) -> None:
        super().__init__(name=name)
        self.inner = inner
        self.decisions = 0
        self.seconds = 0.0

    def get_move(self, perspective: PlayerPerspective, leader_move: Optional[Move]) -> Move:
        t0 = time.perf_counter()
        move = self.inner.get_move(perspective, leader_move)
        self.seconds += time.perf_counter() - t0
        self.decisions += 1
        return move

    def notify_trump_exchange(self, move: Any) -> None:
        self.inner.notify_trump_exchange(move)

    def notify_game_end(self, won: bool, perspective: PlayerPerspective) -> None:
        self.inner.notify_game_end(won, perspective)


# --------------------------------------------------------------------------- playing

_worker: dict[str, Any] = {}


def _init_worker(cfg: dict[str, Any]) -> None:
    _worker["cfg"] = cfg
    _worker["engine"] = TalonEngine(cfg["talon"])
    _worker["vu"] = SchnapsenGamePlayEngine()


def _close_worker() -> None:
    eng = _worker.pop("engine", None)
    if eng is not None:
        eng.close()


def play_pair(index: int) -> dict[str, Any]:
    cfg = _worker["cfg"]
    vu: SchnapsenGamePlayEngine = _worker["vu"]
    engine: TalonEngine = _worker["engine"]
    seed = cfg["seed"] + index

    rng = random.Random(seed)
    deck = vu.deck_generator.get_initial_deck()
    shuffled = vu.deck_generator.shuffle_deck(deck, rng)
    cards = [card_str(c) for c in shuffled.get_cards()]
    # Dealer 1 means seat 0 (VU's first player, c[0], c[2], ...) leads.
    deal = "1/{}/{}/{}/{}".format(
        " ".join(cards[0:10:2]), " ".join(cards[1:10:2]), " ".join(cards[10:19]), cards[19]
    )

    games = []
    for g, rdeep_first in enumerate((True, False)):
        hand0, hand1, talon = vu.hand_generator.generateHands(shuffled)
        assert [card_str(c) for c in hand0.get_cards()] == cards[0:10:2]
        assert [card_str(c) for c in talon.get_cards()] == cards[10:20]
        rdeep = TimedBot(
            RdeepBot(cfg["rdeep_samples"], cfg["rdeep_depth"], random.Random(derive_seed("rdeep", seed, g))),
            name="rdeep",
        )
        talon_seat = 1 if rdeep_first else 0
        tbot = TalonBot(engine, cfg["talon_bot"], talon_seat, deal, derive_seed("talon", seed, g))
        first, second = (rdeep, tbot) if rdeep_first else (tbot, rdeep)
        state = GameState(
            leader=BotState(implementation=first, hand=hand0),
            follower=BotState(implementation=second, hand=hand1),
            talon=talon,
            previous=None,
        )
        t0 = time.perf_counter()
        winner, game_points, _score = vu.play_game_from_state(game_state=state, leader_move=None)
        wall = time.perf_counter() - t0
        if tbot.result is None:
            raise SyncError("Talon bot was not notified of the game end")
        talon_won = winner is tbot
        if abs(tbot.result["score"][talon_seat]) != game_points:
            raise SyncError(f"game points differ: VU {game_points}, Talon {tbot.result}")
        games.append(
            {
                "first": "rdeep" if rdeep_first else "talon",
                "winner": "talon" if talon_won else "rdeep",
                "game_points": game_points,
                "talon_gp": game_points if talon_won else 0,
                "rdeep_gp": 0 if talon_won else game_points,
                "card_points": tbot.result.get("points"),  # by seat; seat 0 = first player
                "actions": list(tbot.log),  # Talon notation, both seats, a marriage as MX then KX
                "marriages": sum(a.startswith("M") for a in tbot.log),
                "exchanges": tbot.log.count("exchange"),
                "rdeep_decisions": rdeep.decisions,
                "rdeep_seconds": round(rdeep.seconds, 4),
                "talon_decisions": tbot.decisions,
                "talon_seconds": round(tbot.seconds, 4),
                "seconds": round(wall, 4),
            }
        )
    return {"pair": index, "seed": seed, "deal": deal, "games": games}


# --------------------------------------------------------------------------- statistics

Z95 = 1.959963984540054


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def _sd(xs: list[float]) -> float:
    if len(xs) < 2:
        return float("nan")
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def ratio_ci(num: list[float], den: list[float]) -> tuple[float, float, float, float]:
    """Ratio sum(num)/sum(den) over pairs, delta-method SE and 95% CI."""
    n = len(num)
    mden = _mean(den)
    r = sum(num) / sum(den) if sum(den) else float("nan")
    z = [(a - r * b) / mden for a, b in zip(num, den)]
    se = _sd(z) / math.sqrt(n) if n > 1 else float("nan")
    return r, se, r - Z95 * se, r + Z95 * se


def bootstrap_ratio(num: list[float], den: list[float], reps: int, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    n = len(num)
    vals = []
    for _ in range(reps):
        a = b = 0.0
        for _ in range(n):
            k = rng.randrange(n)
            a += num[k]
            b += den[k]
        vals.append(a / b if b else float("nan"))
    vals.sort()
    return vals[int(0.025 * (reps - 1))], vals[int(math.ceil(0.975 * (reps - 1)))]


def mean_ci(xs: list[float]) -> tuple[float, float, float, float]:
    m = _mean(xs)
    se = _sd(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, se, m - Z95 * se, m + Z95 * se


def summarize(pairs: list[dict[str, Any]], bootstrap_reps: int, bootstrap_seed: int) -> dict[str, Any]:
    t_gp = [float(sum(g["talon_gp"] for g in p["games"])) for p in pairs]
    r_gp = [float(sum(g["rdeep_gp"] for g in p["games"])) for p in pairs]
    tot = [a + b for a, b in zip(t_gp, r_gp)]
    share, share_se, lo, hi = ratio_ci(t_gp, tot)
    boot = bootstrap_ratio(t_gp, tot, bootstrap_reps, bootstrap_seed) if bootstrap_reps > 0 else None
    wins = [sum(g["winner"] == "talon" for g in p["games"]) / 2 for p in pairs]
    wr, wr_se, wlo, whi = mean_ci(wins)
    diff = [a - b for a, b in zip(t_gp, r_gp)]  # net game points per pair (2 games)
    d, d_se, dlo, dhi = mean_ci(diff)

    games = [g for p in pairs for g in p["games"]]
    by_first: dict[str, Any] = {}
    for first in ("rdeep", "talon"):
        gs = [g for g in games if g["first"] == first]
        by_first[f"{first}_first"] = {
            "games": len(gs),
            "talon_wins": sum(g["winner"] == "talon" for g in gs),
            "talon_game_points": sum(g["talon_gp"] for g in gs),
            "rdeep_game_points": sum(g["rdeep_gp"] for g in gs),
        }
    gp_hist = {
        side: {str(k): sum(1 for g in games if g["winner"] == side and g["game_points"] == k) for k in (1, 2, 3)}
        for side in ("talon", "rdeep")
    }
    # How often the same cards produced the same winner seat (luck) vs the same bot (skill).
    same_bot = sum(p["games"][0]["winner"] == p["games"][1]["winner"] for p in pairs)
    rd_dec = sum(g["rdeep_decisions"] for g in games)
    tb_dec = sum(g["talon_decisions"] for g in games)
    return {
        "pairs": len(pairs),
        "games": len(games),
        "talon_game_points": int(sum(t_gp)),
        "rdeep_game_points": int(sum(r_gp)),
        "talon_wins": sum(g["winner"] == "talon" for g in games),
        "rdeep_wins": sum(g["winner"] == "rdeep" for g in games),
        "talon_share": {"estimate": share, "se": share_se, "ci95": [lo, hi], "method": "delta (pairs)",
                        "bootstrap_ci95": list(boot) if boot else None, "bootstrap_reps": bootstrap_reps,
                        "bootstrap_seed": bootstrap_seed},
        "talon_win_rate": {"estimate": wr, "se": wr_se, "ci95": [wlo, whi], "method": "normal over pair means"},
        "talon_net_gp_per_pair": {"estimate": d, "se": d_se, "ci95": [dlo, dhi]},
        "pairs_won_by_same_bot_both_games": same_bot,
        "pairs_by_net_game_points": {
            "talon_ahead": sum(x > 0 for x in diff),
            "even": sum(x == 0 for x in diff),
            "rdeep_ahead": sum(x < 0 for x in diff),
        },
        "marriages_played": sum(g["marriages"] for g in games),
        "exchanges_played": sum(g["exchanges"] for g in games),
        "by_first_player": by_first,
        "game_points_histogram": gp_hist,
        "rdeep_decisions": rd_dec,
        "rdeep_seconds": sum(g["rdeep_seconds"] for g in games),
        "talon_decisions": tb_dec,
        "talon_seconds": sum(g["talon_seconds"] for g in games),
        "rdeep_ms_per_decision": 1000 * sum(g["rdeep_seconds"] for g in games) / rd_dec if rd_dec else None,
        "talon_ms_per_decision": 1000 * sum(g["talon_seconds"] for g in games) / tb_dec if tb_dec else None,
    }


# --------------------------------------------------------------------------- main


def default_talon() -> Optional[str]:
    here = Path(__file__).resolve().parent / ".." / ".." / "target" / "release" / "talon"
    if here.is_file() and os.access(here, os.X_OK):
        return str(here.resolve())
    return shutil.which("talon")


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--talon-bot", required=True, help="Talon bot name for the `bot` request (random, heuristic, ...)")
    ap.add_argument("--talon", default=None,
                    help="path to the talon binary (default: ../../target/release/talon from this script, else `talon` on PATH)")
    ap.add_argument("--deals", type=int, default=1000, help="number of duplicate deal pairs (2 games each; default 1000)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first pair; pair i uses seed+i (default 1)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes, each with its own talon engine (default 2)")
    ap.add_argument("--rdeep-samples", type=int, default=RDEEP_SAMPLES, help=f"rdeep num_samples (default {RDEEP_SAMPLES})")
    ap.add_argument("--rdeep-depth", type=int, default=RDEEP_DEPTH, help=f"rdeep depth in tricks (default {RDEEP_DEPTH})")
    ap.add_argument("--bootstrap", type=int, default=2000, help="bootstrap replicates for the share CI (0 = off; default 2000)")
    ap.add_argument("--bootstrap-seed", type=int, default=12345, help="bootstrap RNG seed (default 12345)")
    ap.add_argument("--out", default=None, help="write the JSON summary (with per-pair results) here")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    args = ap.parse_args(argv)

    if args.deals < 1 or args.jobs < 1:
        ap.error("--deals and --jobs must be at least 1")
    talon = args.talon or default_talon()
    if not talon or not (Path(talon).is_file() or shutil.which(talon)):
        sys.exit("talon binary not found: build it with `cargo build --release -p talon` or pass --talon PATH")
    talon = shutil.which(talon) or talon

    try:
        from importlib.metadata import version

        found = version("schnapsen")
        if found != EXPECTED_VERSION:
            print(f"warning: schnapsen {found} installed, the schnapsen-vu preset matches {EXPECTED_VERSION}", file=sys.stderr)
    except Exception:
        found = "unknown"

    # Fail early on an unknown bot name or a missing preset.
    probe = TalonEngine(talon)
    try:
        r = probe.request({"cmd": "new", "game": PRESET, "seed": 1})
        if not r.get("ok"):
            sys.exit(f"talon does not know the {PRESET} preset: {r.get('error')}")
        r = probe.request({"cmd": "bot", "name": args.talon_bot, "seed": 1})
        if not r.get("ok"):
            sys.exit(f"talon bot {args.talon_bot!r}: {r.get('error')}")
    finally:
        probe.close()

    cfg = {
        "talon": talon,
        "talon_bot": args.talon_bot,
        "seed": args.seed,
        "rdeep_samples": args.rdeep_samples,
        "rdeep_depth": args.rdeep_depth,
    }
    t0 = time.perf_counter()
    pairs: list[dict[str, Any]] = []

    def progress(p: dict[str, Any]) -> None:
        pairs.append(p)
        n = len(pairs)
        if not args.quiet and (n % max(1, min(50, args.deals // 10 or 1)) == 0 or n == args.deals):
            tg = sum(g["talon_gp"] for q in pairs for g in q["games"])
            rg = sum(g["rdeep_gp"] for q in pairs for g in q["games"])
            el = time.perf_counter() - t0
            print(f"  {n}/{args.deals} pairs  talon {tg} gp, rdeep {rg} gp  {el:.0f}s ({el / n:.2f}s/pair)",
                  file=sys.stderr, flush=True)

    if args.jobs == 1:
        _init_worker(cfg)
        try:
            for i in range(args.deals):
                progress(play_pair(i))
        finally:
            _close_worker()
    else:
        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(
            args.jobs, initializer=_init_worker, initargs=(cfg,)
        ) as pool:
            for p in pool.imap_unordered(play_pair, range(args.deals)):
                progress(p)
    wall = time.perf_counter() - t0
    pairs.sort(key=lambda p: p["pair"])

    s = summarize(pairs, args.bootstrap, args.bootstrap_seed)
    sh, wr, net = s["talon_share"], s["talon_win_rate"], s["talon_net_gp_per_pair"]
    print(f"rdeep (samples={args.rdeep_samples}, depth={args.rdeep_depth}) vs talon {args.talon_bot}, "
          f"{s['pairs']} duplicate pairs = {s['games']} games, seeds {args.seed}..{args.seed + args.deals - 1}")
    print(f"  game points: talon {s['talon_game_points']}, rdeep {s['rdeep_game_points']}")
    print(f"  games won:   talon {s['talon_wins']}, rdeep {s['rdeep_wins']}")
    line = f"  talon share of game points: {sh['estimate']:.4f}  95% CI [{sh['ci95'][0]:.4f}, {sh['ci95'][1]:.4f}] (delta)"
    if sh["bootstrap_ci95"]:
        line += f", [{sh['bootstrap_ci95'][0]:.4f}, {sh['bootstrap_ci95'][1]:.4f}] (bootstrap)"
    print(line)
    print(f"  talon win rate per game:    {wr['estimate']:.4f}  95% CI [{wr['ci95'][0]:.4f}, {wr['ci95'][1]:.4f}]")
    print(f"  talon net game points/pair: {net['estimate']:+.3f}  95% CI [{net['ci95'][0]:+.3f}, {net['ci95'][1]:+.3f}]")
    pn = s["pairs_by_net_game_points"]
    print(f"  pairs: one bot won both games {s['pairs_won_by_same_bot_both_games']}; by net game points "
          f"talon ahead {pn['talon_ahead']}, even {pn['even']}, rdeep ahead {pn['rdeep_ahead']}")
    for k, v in s["by_first_player"].items():
        print(f"  {k}: talon won {v['talon_wins']}/{v['games']}, gp talon {v['talon_game_points']} rdeep {v['rdeep_game_points']}")
    print(f"  game points histogram (winner: 1/2/3): {s['game_points_histogram']}")
    rd_ms = s["rdeep_ms_per_decision"] or 0.0
    tb_ms = s["talon_ms_per_decision"] or 0.0
    print(f"  time: {wall:.1f}s wall with {args.jobs} jobs = {wall / s['pairs']:.2f}s/pair; "
          f"rdeep {rd_ms:.1f} ms/decision, talon {tb_ms:.2f} ms/decision (incl. sync)")

    if args.out:
        summary = {
            "tool": "tools/vu/rdeep_match.py",
            "config": {
                "talon_bot": args.talon_bot,
                "talon_binary": talon,
                "preset": PRESET,
                "rdeep": {"num_samples": args.rdeep_samples, "depth": args.rdeep_depth},
                "seed": args.seed,
                "deals": args.deals,
                "jobs": args.jobs,
                "schnapsen_version": found,
                "python": sys.version.split()[0],
            },
            "wall_seconds": wall,
            "seconds_per_pair": wall / s["pairs"],
            "summary": s,
            "pairs": pairs,
        }
        with open(args.out, "w", encoding="utf-8", newline="\n") as f:
            json.dump(summary, f, indent=1)
            f.write("\n")
        print(f"  wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
