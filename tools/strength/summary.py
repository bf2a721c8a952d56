#!/usr/bin/env python3
"""Prints the summary tables of docs/strength.md from the arena outputs.

    python3 tools/strength/summary.py [docs/strength]

Reads PRESET-deals/arena.json and PRESET-matches/arena.json (written by
tools/strength/run.sh) and prints one markdown table for deals and one for
matches. Presets without outputs are left out.
"""

import json
import sys
from pathlib import Path

ORDER = [
    "schnapsen", "schnapsen-vu", "sixty-six",
    "na-sixty-six", "na-sixty-six-3", "sixty-six-4", "sixes-and-sevens",
    "sixty-three", "sixty-three-inverness", "sixty-three-queens",
    "sixty-three-maine", "pedro", "king-pedro", "king-pedro-given",
    "eighty-three",
]


def load(root, preset, kind):
    path = root / f"{preset}-{kind}" / "arena.json"
    if not path.exists():
        return None
    run = root / f"{preset}-{kind}" / "run.txt"
    meta = run.read_text().strip() if run.exists() else ""
    return json.loads(path.read_text()), meta


def pair(data, a, b):
    for p in data["pairs"]:
        if p["a"] == a and p["b"] == b:
            return p
    return None


def rate(p):
    if p is None:
        return "—"
    if "a_win_rate_low" in p:
        # Reports since the Wilson interval: a (low, high) range.
        return (
            f"{100 * p['a_win_rate']:.1f}% "
            f"({100 * p['a_win_rate_low']:.1f}–{100 * p['a_win_rate_high']:.1f})"
        )
    return f"{100 * p['a_win_rate']:.1f}% ± {100 * p['a_win_rate_ci']:.1f}"


def share(p):
    if p is None:
        return "—"
    return f"{100 * p['a_point_share']:.1f}% ± {100 * p['a_point_share_ci']:.1f}"


def commit(meta):
    """The commit named in run.txt ("DATE commit HASH, ...")."""
    words = meta.replace(",", " ").split()
    # Outputs without a run.txt predate run.sh (an earlier session's code).
    return words[words.index("commit") + 1] if "commit" in words else "earlier"


def wdl(p):
    return f"{p['a_wins']}-{p['draws']}-{p['b_wins']}"


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/strength")
    print("| preset | pairs (deals) | expert vs heuristic: W-D-L | win rate | point share "
          "| expert vs random | heuristic vs random | commit |")
    print("|---|---|---|---|---|---|---|---|")
    for preset in ORDER:
        got = load(root, preset, "deals")
        if not got:
            continue
        data, meta = got
        eh = pair(data, "expert", "heuristic")
        n = data["deals_per_pair"]
        print(f"| {preset} | {n} ({2 * n}) | {wdl(eh)} | **{rate(eh)}** | {share(eh)} "
              f"| {rate(pair(data, 'expert', 'random'))} "
              f"| {rate(pair(data, 'heuristic', 'random'))} | {commit(meta)} |")
    print()
    print("| preset | match pairs (matches) | W-D-L | expert win rate | point share | commit |")
    print("|---|---|---|---|---|---|")
    for preset in ORDER:
        got = load(root, preset, "matches")
        if not got:
            continue
        data, meta = got
        eh = pair(data, "expert", "heuristic")
        n = data["deals_per_pair"]
        print(f"| {preset} | {n} ({2 * n}) | {wdl(eh)} | **{rate(eh)}** | {share(eh)} "
              f"| {commit(meta)} |")


if __name__ == "__main__":
    main()
