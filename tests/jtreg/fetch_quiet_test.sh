#!/usr/bin/env bash
# openjdk-17.sh fetch into an empty cache, where apt-get source prints nothing but its
# "unsandboxed" note (as it does for root): the download must count as done and be verified.
# apt-get is a stand-in that copies the files the real cache already holds (scripts/test-tools.sh
# fetched them), so the test needs no network; skipped (77) without that cache.
set -euo pipefail
script=$1
real=${JVMTIGEN_CACHE:-$HOME/.cache/jvmtigen}/openjdk-17/$("$script" version)/src
[ -f "$real/.verified" ] || { echo "skipped: no verified source package in $real (scripts/test-tools.sh)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
cat >"$tmp/bin/apt-get" <<STUB
#!/bin/sh
case " \$* " in
  *" source "*) cp "$real"/*.dsc "$real"/*.tar.* . && echo "W: Download is performed unsandboxed as root as file 'x' couldn't be accessed by user '_apt'." ;;
  *) exec /usr/bin/apt-get "\$@" ;;
esac
STUB
chmod +x "$tmp/bin/apt-get"
dsc=$(PATH="$tmp/bin:$PATH" JVMTIGEN_CACHE="$tmp/cache" "$script" fetch)
case $dsc in "$tmp/cache/"*.dsc) ;; *) echo "FAIL: fetch printed '$dsc', not the .dsc in the new cache"; exit 1 ;; esac
[ -f "$(dirname "$dsc")/.verified" ] || { echo "FAIL: no .verified after the fetch"; exit 1; }
echo "ok: $dsc"
