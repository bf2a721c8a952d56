#!/usr/bin/env bash
# Every test of the project, as CI runs it: the Rust workspace (release,
# the long simulations included), the Python package (its own virtualenv,
# the wheel, pytest) and the browser client in real Chromium. On a fresh
# machine it installs what is missing: Debian's chromium (and python3-venv
# if needed), the PyPI and npm packages from their pinned lock files.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --release -- --include-ignored
bash tools/test-python.sh
bash tools/test-web.sh
