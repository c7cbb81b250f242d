#!/usr/bin/env bash
# Regenerates the web board's screenshots in docs/images/ (docs/web.md, README): starts the
# release server on a free port of 127.0.0.1 and takes each picture with headless Chromium
# (`chromium --screenshot`), the page opened in a given view through its URL.
#   bash docs/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -n "${NO_BUILD:-}" ]] || cargo build --release -p web
out=docs/images
mkdir -p "$out"
log=$(mktemp)
./target/release/web --bind 127.0.0.1:0 >"$log" 2>&1 &
server=$!
profiles=$(mktemp -d)
trap 'kill $server; rm -rf "$profiles" "$log"' EXIT
for _ in $(seq 50); do grep -q http "$log" && break; sleep 0.1; done
base=$(grep -o 'http://[0-9.:]*' "$log")

shot() { # NAME WIDTH HEIGHT URL
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profiles/$1" --hide-scrollbars --window-size="$2,$3" \
    --virtual-time-budget=10000 --screenshot="$out/$1.png" "$4" 2>/dev/null
  echo "$out/$1.png"
}
enc() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.stdin.read()))'; }

easy='53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
xchain='.5.642.3.2...5...8..1...6....9.7.5.....8.4....3.2.5.9.9...3...5.2.....7....4.8...'
inkala='8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..'
killer=$(enc < data/variants/killer_9x9.txt)
jigsaw=$(enc < data/variants/jigsaw_9x9.txt)

shot web-hint-light 1200 860 "$base/?theme=light&view=hint&level=3#v=plain&p=$easy"
shot web-xchain-dark 1200 860 "$base/?theme=dark&view=explain&step=28#v=plain&p=$xchain"
shot web-chain-light 1200 860 "$base/?theme=light&view=explain&step=3#v=plain&p=$inkala"
shot web-killer-light 1200 860 "$base/?theme=light&view=explain&step=3#v=killer&p=$killer"
shot web-jigsaw-dark 1200 860 "$base/?theme=dark#v=jigsaw&p=$jigsaw"
shot web-replay-dark 1200 860 "$base/?theme=dark&view=replay&events=400#v=plain&p=$inkala"
shot web-phone-light 390 1100 "$base/?theme=light&view=hint&level=2#v=plain&p=$easy"
