#!/usr/bin/env bash
# Builds the Python package (crates/py) and runs its tests.
#
# On a fresh Debian machine with only Rust and python3 it installs what is
# missing: python3-venv (apt-get) if venv cannot be made, a virtualenv in
# .venv/ (gitignored) with the pinned packages of
# crates/py/requirements-test.txt, then builds the abi3 wheel with maturin,
# installs it, lints the binding code and runs pytest. Run again, it reuses all of that and only
# rebuilds what changed. Exits non-zero on any failure.
#
#   bash tools/test-python.sh              # everything
#   bash tools/test-python.sh -k parity    # extra arguments go to pytest
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
requirements="$root/crates/py/requirements-test.txt"
python="${PYTHON:-python3}"

say() { printf 'test-python: %s\n' "$*" >&2; }

# The pinned test packages (numpy, scipy, OpenSpiel) need Python 3.11; the
# wheel itself runs on 3.10. Say so rather than fail inside pip.
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    say "the tests need python 3.11 or newer; $python is $("$python" -V 2>&1 || echo missing) (set PYTHON=python3.11 to choose another)"
    exit 1
fi

# 1. A virtualenv. Debian's python3 lacks ensurepip until python3-venv is in.
if [ ! -x "$venv/bin/python" ]; then
    if ! "$python" -c 'import ensurepip, venv' >/dev/null 2>&1; then
        say "installing python3-venv"
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        $sudo apt-get install -y -qq python3-venv
    fi
    say "creating $venv"
    rm -rf "$venv"
    "$python" -m venv "$venv"
fi
pip=("$venv/bin/python" -m pip --disable-pip-version-check -q)

# 2. The pinned packages, installed again only when the list changes.
stamp="$venv/.requirements.sha256"
want="$(sha256sum "$requirements" | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    say "installing $(basename "$requirements")"
    "${pip[@]}" install -r "$requirements"
    echo "$want" >"$stamp"
fi

# 3. Lints of the binding code: `cargo clippy --workspace` builds talon-py
#    without its `python` feature (so it needs no Python), which skips it.
say "clippy on the Python binding"
cargo clippy --quiet -p talon-py --features python --all-targets -- -D warnings

# 4. The wheel (cargo builds incrementally), installed over the last one.
wheels="$root/target/wheels"
rm -f "$wheels"/talon_py-*.whl
say "building the wheel"
"$venv/bin/maturin" build --release --quiet -m "$root/crates/py/Cargo.toml" -o "$wheels" >&2
wheel="$(ls "$wheels"/talon_py-*.whl)"
"${pip[@]}" install --no-deps --force-reinstall "$wheel"

# 5. The tests, from outside the source tree so the installed wheel is tested.
cd "$root/crates/py/tests"
say "running pytest"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$@" .
