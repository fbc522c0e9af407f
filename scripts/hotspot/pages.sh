#!/bin/bash
# Puts two jvmti.html pages side by side in one screenshot, in headless chromium (Debian's
# package, as the docs tests run it): the page HotSpot's build made with its stylesheet and the
# one jvmtigen made in its place (build.sh keeps both: WORK/gensrc-stock, WORK/gensrc-jvmtigen).
# docs/hotspot.md shows the result.
#
#   scripts/hotspot/pages.sh STOCK.html JVMTIGEN.html OUT.png [ANCHOR]
#
# ANCHOR (an id both pages have, e.g. GetThreadState) scrolls both there; without it, the top.
set -euo pipefail
[ $# -ge 3 ] && [ $# -le 4 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
command -v chromium >/dev/null || { echo "pages.sh: chromium is not installed (Debian's package chromium)" >&2; exit 2; }
stock=$(realpath "$1") ours=$(realpath "$2") out=$3 anchor=${4:+#$4}
dir=$(mktemp -d /tmp/hotspot-pages.XXXXXX)
trap 'rm -rf "$dir"' EXIT
cp "$stock" "$dir/stock.html"
cp "$ours" "$dir/jvmtigen.html"
cat >"$dir/side.html" <<HTML
<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
body { margin: 0; font-family: sans-serif; background: #ddd; }
.pair { display: flex; gap: 8px; padding: 8px; }
.pane { flex: 1; background: #fff; }
.pane h2 { margin: 0; padding: 6px 10px; font-size: 15px; background: #333; color: #fff; }
iframe { width: 100%; height: 1040px; border: 0; display: block; }
</style></head><body><div class="pair">
<div class="pane"><h2>stock: HotSpot's jvmti.xsl</h2><iframe src="stock.html$anchor"></iframe></div>
<div class="pane"><h2>jvmtigen --only hotspot-jvmti-html</h2><iframe src="jvmtigen.html$anchor"></iframe></div>
</div></body></html>
HTML
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
  --user-data-dir="$dir/profile" --window-size=1600,1100 --virtual-time-budget=8000 \
  --screenshot="$dir/side.png" "file://$dir/side.html" >/dev/null 2>&1 || true
[ -s "$dir/side.png" ] || { echo "pages.sh: chromium made no screenshot" >&2; exit 1; }
cp "$dir/side.png" "$out"
echo "pages.sh: $out"
