#!/usr/bin/env bash
# End-to-end tests of the browser client (web/) in real Chromium, driven by
# playwright-core. Installs what is missing on a fresh Debian machine
# (Debian's chromium, the npm packages from tools/web-test/package-lock.json),
# builds talon, starts `talon serve` on a loopback port with a temporary
# database and instant bots, and runs tools/web-test/*.test.js.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "test-web: installing Debian's chromium" >&2
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null
fi
if ! command -v npm >/dev/null; then
  echo "test-web: installing nodejs and npm" >&2
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nodejs npm >/dev/null
fi
# playwright-core and `node --test --test-concurrency` need node 20 or newer
# (Debian 12's own nodejs is 18: install a newer one, e.g. from nodesource).
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
  echo "test-web: node $(node --version) is too old; the browser tests need node 20 or newer" >&2
  exit 1
fi
if [ ! -d tools/web-test/node_modules/playwright-core ] ||
  [ tools/web-test/package-lock.json -nt tools/web-test/node_modules/.package-lock.json ]; then
  (cd tools/web-test && npm ci --no-audit --no-fund --loglevel=error)
fi

cargo build --release -q -p talon
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
target="${CARGO_TARGET_DIR:-$root/target}"
"$target/release/talon" serve --addr 127.0.0.1:0 --db "$work/talon.db" \
  --bot-delay-ms 0 --deal-pause-ms 0 >"$work/serve.log" 2>&1 &
server_pid=$!
url=""
for _ in $(seq 1 100); do
  url="$(grep -o 'http://[0-9.:]*' "$work/serve.log" | head -1 || true)"
  [ -n "$url" ] && break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "test-web: the server did not start:" >&2
  cat "$work/serve.log" >&2
  exit 1
fi
echo "test-web: talon serve at $url" >&2
cd tools/web-test
TALON_URL="$url" TALON_BIN="$target/release/talon" CHROMIUM="$chromium" node --test --test-concurrency=1 "$@" ./*.test.js
