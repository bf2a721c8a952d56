#!/usr/bin/env bash
# Reproduces the arena tables of docs/strength.md for the presets named.
#
#   tools/strength/run.sh DEALS MATCHES preset...
#
# For each preset: expert, heuristic and random on DEALS duplicate deal
# pairs (2 x DEALS deals per pair of bots; 0: none), then expert against
# heuristic on MATCHES duplicate match pairs (0: none). Outputs (table, JSON, CSV,
# SVG, wall time) go to docs/strength/PRESET-deals and PRESET-matches.
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=$1 matches=$2
shift 2
cargo build --release -q -p talon
for preset in "$@"; do
  if [ "$deals" -gt 0 ]; then
    out=docs/strength/$preset-deals
    mkdir -p "$out"
    start=$(date +%s)
    target/release/talon arena "$preset" --bots expert,heuristic,random \
      --deals "$deals" --seed 1 --quiet --out "$out" >"$out/arena.txt"
    echo "$(date -u +%F) commit $(git rev-parse --short HEAD), $(($(date +%s) - start)) s wall, $(nproc) cores" >"$out/run.txt"
  fi
  if [ "$matches" -gt 0 ]; then
    out=docs/strength/$preset-matches
    mkdir -p "$out"
    start=$(date +%s)
    target/release/talon arena "$preset" --bots expert,heuristic --matches \
      --deals "$matches" --seed 1 --quiet --out "$out" >"$out/arena.txt"
    echo "$(date -u +%F) commit $(git rev-parse --short HEAD), $(($(date +%s) - start)) s wall, $(nproc) cores" >"$out/run.txt"
  fi
done
