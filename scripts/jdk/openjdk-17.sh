#!/usr/bin/env bash
# OpenJDK 17 from Debian's source package, and the JDK's own jtreg tests, for the scripts that
# need them (scripts/jtreg-layer.sh; the HotSpot build). Run it, or source it for its functions.
#
#   scripts/jdk/openjdk-17.sh deb-src          write the deb-src lines (from the machine's own
#                                              Debian sources) and update apt's lists if needed
#   scripts/jdk/openjdk-17.sh fetch            download the pinned source package, verify it
#   scripts/jdk/openjdk-17.sh tree             the whole source tree, patched (prints its path)
#   scripts/jdk/openjdk-17.sh test-tree        only the parts jtreg needs (prints its path)
#   scripts/jdk/openjdk-17.sh jtreg            install Debian's jtreg7 if missing (prints jtreg)
#   scripts/jdk/openjdk-17.sh natives DIR JDK OUT
#                                              compile the native test libraries under DIR
#                                              against JDK's headers into OUT/lib<Name>.so
#   scripts/jdk/openjdk-17.sh build-deps       install the package's build dependencies
#   scripts/jdk/openjdk-17.sh runtime          Debian's build of the same version, with the
#                                              debug symbols of its native libraries (prints
#                                              its JAVA_HOME; see jdk17_runtime)
#   scripts/jdk/openjdk-17.sh prepare          deb-src, fetch, test-tree and jtreg: everything
#                                              that needs the network, for scripts/test-tools.sh
#
# The version is pinned: an unpinned `apt-get source` takes whatever security update is newest
# that day, and its tests would change under us. Bookworm's main archive keeps this one.
# Everything goes to $JVMTIGEN_CACHE (default ~/.cache/jvmtigen)/openjdk-17/VERSION/; work
# already done there is not done again.
set -euo pipefail

JDK17_SOURCE_PACKAGE=openjdk-17
JDK17_SOURCE_VERSION=17.0.19+10-1~deb12u2
JDK17_UPSTREAM_VERSION=${JDK17_SOURCE_VERSION%-*}   # 17.0.19+10
JDK17_CACHE=${JVMTIGEN_CACHE:-$HOME/.cache/jvmtigen}/openjdk-17/$JDK17_SOURCE_VERSION
# The file of deb-src lines this script owns (written whole, so it can be rewritten safely).
JDK17_APT_DIR=${JDK17_APT_DIR:-/etc/apt}
JDK17_DEBSRC_FILE=$JDK17_APT_DIR/sources.list.d/jvmtigen-src.sources
# The parts of the tree jtreg needs for test/hotspot/jtreg: the suite (TEST.ROOT, TEST.groups),
# the test library (@library /test/lib, WhiteBox) and the @requires properties (VMProps).
JDK17_TEST_PARTS=(test/hotspot/jtreg test/lib test/jtreg-ext)

jdk17_die() { echo "openjdk-17: error: $*" >&2; exit 1; }
jdk17_log() { echo "openjdk-17: $*" >&2; }

jdk17_sudo() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# The deb-src paragraphs for every Debian source of the machine that has no deb-src yet, in
# deb822 form, on standard output. Reads /etc/apt/sources.list, *.list and *.sources of
# sources.list.d (but our own file), one-line and deb822 formats alike. Only deb.debian.org and
# other *.debian.org URIs are taken; third-party repositories are left out.
jdk17_debsrc_lines() {
  local files=() f
  [ -f "$JDK17_APT_DIR/sources.list" ] && files+=("$JDK17_APT_DIR/sources.list")
  for f in "$JDK17_APT_DIR"/sources.list.d/*.list "$JDK17_APT_DIR"/sources.list.d/*.sources; do
    [ -f "$f" ] && [ "$f" != "$JDK17_DEBSRC_FILE" ] && files+=("$f")
  done
  [ ${#files[@]} -gt 0 ] || return 0
  awk '
    function debian(uri) { return uri ~ /^[a-z+]+:\/\/([^\/]*\.)?debian\.org(:[0-9]+)?(\/|$)/ }
    # One source entry: its types, URIs, suites, components, signed-by (may be several lines).
    function entry(types, uris, suites, comps, signed,   nt, t, nu, u, ns, s, i, j, k, hasdeb) {
      nt = split(types, t, /[ \t]+/); hasdeb = 0
      for (i = 1; i <= nt; i++) if (t[i] == "deb") hasdeb = 1
      nu = split(uris, u, /[ \t]+/); ns = split(suites, s, /[ \t]+/)
      for (i = 1; i <= nu; i++) {
        if (u[i] == "" || !debian(u[i])) continue
        sub(/\/+$/, "", u[i])
        for (j = 1; j <= ns; j++) {
          if (s[j] == "") continue
          for (k = 1; k <= nt; k++) if (t[k] == "deb-src") have[u[i] SUBSEP s[j]] = 1
          if (hasdeb) { n++; euri[n] = u[i]; esuite[n] = s[j]; ecomp[n] = comps; esig[n] = signed }
        }
      }
    }
    function flush() {
      if (f_types != "" && tolower(f_enabled) != "no") entry(f_types, f_uris, f_suites, f_comps, f_signed)
      f_types = f_uris = f_suites = f_comps = f_signed = f_enabled = ""; last = ""
    }
    FNR == 1 { flush(); deb822 = (FILENAME ~ /\.sources$/) }
    deb822 {
      if ($0 ~ /^[ \t]*#/) next
      if ($0 ~ /^[ \t]*$/) { flush(); next }
      if ($0 ~ /^[ \t]/) { if (last == "signed-by") f_signed = f_signed "\n" $0; next }
      key = tolower(substr($0, 1, index($0, ":") - 1)); val = substr($0, index($0, ":") + 1)
      gsub(/^[ \t]+|[ \t]+$/, "", val); last = key
      if (key == "types") f_types = val; else if (key == "uris") f_uris = val
      else if (key == "suites") f_suites = val; else if (key == "components") f_comps = val
      else if (key == "signed-by") f_signed = val; else if (key == "enabled") f_enabled = val
      next
    }
    {
      line = $0; sub(/#.*/, "", line)
      if (line !~ /^[ \t]*deb(-src)?[ \t]/) next
      type = line; sub(/^[ \t]*/, "", type); sub(/[ \t].*/, "", type)
      sub(/^[ \t]*deb(-src)?[ \t]+/, "", line)
      signed = ""
      if (line ~ /^\[/) {
        opts = substr(line, 2, index(line, "]") - 2); line = substr(line, index(line, "]") + 1)
        if (match(opts, /signed-by=[^ \t]+/)) signed = substr(opts, RSTART + 10, RLENGTH - 10)
      }
      sub(/^[ \t]+/, "", line); split(line, w, /[ \t]+/)
      comps = line; sub(/^[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", comps)
      entry(type, w[1], w[2], comps, signed)
    }
    END {
      flush()
      for (i = 1; i <= n; i++) {
        key = euri[i] SUBSEP esuite[i] SUBSEP ecomp[i] SUBSEP esig[i]
        if ((euri[i] SUBSEP esuite[i]) in have || key in done) continue
        done[key] = 1
        # One paragraph per URI, components and key; its suites together.
        g = euri[i] SUBSEP ecomp[i] SUBSEP esig[i]
        if (!(g in gsuites)) { order[++ng] = g; guri[g] = euri[i]; gcomp[g] = ecomp[i]; gsig[g] = esig[i] }
        gsuites[g] = gsuites[g] (gsuites[g] == "" ? "" : " ") esuite[i]
      }
      for (i = 1; i <= ng; i++) {
        g = order[i]
        if (i > 1) print ""
        print "Types: deb-src"; print "URIs: " guri[g]; print "Suites: " gsuites[g]
        print "Components: " gcomp[g]
        if (gsig[g] != "") print "Signed-By: " gsig[g]
      }
    }' "${files[@]}"
}

# Writes $JDK17_DEBSRC_FILE from the machine's Debian sources when its contents would change,
# then updates apt's lists if they lack the pinned source version.
jdk17_debsrc() {
  local lines content
  lines=$(jdk17_debsrc_lines)
  if [ -n "$lines" ]; then
    content="# Written by jvmtigen's scripts/jdk/openjdk-17.sh: the deb-src lines of this machine's Debian
# sources (source packages: $JDK17_SOURCE_PACKAGE $JDK17_SOURCE_VERSION). Rewritten when they change.
$lines"
    if [ ! -f "$JDK17_DEBSRC_FILE" ] || [ "$(cat "$JDK17_DEBSRC_FILE")" != "$content" ]; then
      jdk17_log "writing $JDK17_DEBSRC_FILE"
      printf '%s\n' "$content" | jdk17_sudo tee "$JDK17_DEBSRC_FILE.tmp" >/dev/null
      jdk17_sudo mv "$JDK17_DEBSRC_FILE.tmp" "$JDK17_DEBSRC_FILE"
      jdk17_sudo apt-get update -qq || jdk17_die "apt-get update failed after writing $JDK17_DEBSRC_FILE"
    fi
  elif [ -f "$JDK17_DEBSRC_FILE" ]; then
    # The machine's own sources have deb-src already (or none is Debian's): ours is not needed.
    jdk17_log "removing $JDK17_DEBSRC_FILE: the machine's sources already cover it"
    jdk17_sudo rm -f "$JDK17_DEBSRC_FILE"
  fi
  if ! jdk17_source_record >/dev/null; then
    jdk17_log "apt-get update (no source record of $JDK17_SOURCE_PACKAGE $JDK17_SOURCE_VERSION yet)"
    jdk17_sudo apt-get update -qq || jdk17_die "apt-get update failed"
    jdk17_source_record >/dev/null \
      || jdk17_die "apt knows no source package $JDK17_SOURCE_PACKAGE $JDK17_SOURCE_VERSION (deb-src lines: $JDK17_DEBSRC_FILE; 'apt-cache showsrc $JDK17_SOURCE_PACKAGE' lists the versions it knows)"
  fi
}

# The Sources record of the pinned version, from apt's (signed) lists. awk reads to the end:
# leaving early while apt-cache still writes (a newer version listed after ours) would kill
# apt-cache with SIGPIPE, and pipefail would turn the found record into a failure.
jdk17_source_record() {
  apt-cache showsrc --only-source "$JDK17_SOURCE_PACKAGE" 2>/dev/null | awk -v v="$JDK17_SOURCE_VERSION" '
    done { next }
    /^$/ { if (found) done = 1; else rec = ""; next }
    { rec = rec $0 "\n" }
    /^Version: / && $2 == v { found = 1 }
    END { if (!found) exit 1; printf "%s", rec }'
}

# "SHA256 SIZE NAME" lines of a Checksums-Sha256 field, from a .dsc or a Sources record.
jdk17_sha256_lines() {
  awk '/^Checksums-Sha256:/ { on = 1; next } on && /^ / { print $1, $2, $3; next } { on = 0 }'
}

# The .dsc of the pinned version in the cache, downloaded if needed, every file of it checked:
# the .dsc against the Sources record of apt's lists, the tarballs against the .dsc.
jdk17_fetch() {
  local dir=$JDK17_CACHE/src dsc
  dsc=$dir/${JDK17_SOURCE_PACKAGE}_${JDK17_SOURCE_VERSION#*:}.dsc
  if [ -f "$dir/.verified" ] && [ -f "$dsc" ]; then
    echo "$dsc"
    return 0
  fi
  command -v dpkg-source >/dev/null || jdk17_die "dpkg-source is missing (Debian package dpkg-dev; scripts/setup.sh installs it)"
  jdk17_debsrc
  mkdir -p "$dir"
  if ! jdk17_verify "$dir" "$dsc" 2>/dev/null; then
    jdk17_log "downloading $JDK17_SOURCE_PACKAGE $JDK17_SOURCE_VERSION into $dir"
    # apt downloads as user _apt where it can write the directory, else as root (with a note).
    # The filter's own status is not apt's: grep -v fails when apt, quiet, prints nothing else.
    (cd "$dir" && apt-get source --download-only -qq "$JDK17_SOURCE_PACKAGE=$JDK17_SOURCE_VERSION" 2>&1 \
       | { grep -v '^[NW]: Download is performed unsandboxed' >&2 || true; }) \
      || jdk17_die "apt-get source --download-only $JDK17_SOURCE_PACKAGE=$JDK17_SOURCE_VERSION failed (in $dir)"
    jdk17_verify "$dir" "$dsc" || jdk17_die "the download in $dir does not match its checksums"
  fi
  touch "$dir/.verified"
  echo "$dsc"
}

# Checks the .dsc against apt's Sources record and each file it names against the .dsc.
jdk17_verify() {
  local dir=$1 dsc=$2 record sum size name want
  [ -f "$dsc" ] || { echo "openjdk-17: no $dsc" >&2; return 1; }
  record=$(jdk17_source_record) || { echo "openjdk-17: no source record of $JDK17_SOURCE_VERSION in apt's lists" >&2; return 1; }
  want=$(jdk17_sha256_lines <<<"$record" | awk -v n="$(basename "$dsc")" '$3 == n { print $1 }')
  [ -n "$want" ] || { echo "openjdk-17: apt's source record names no $(basename "$dsc")" >&2; return 1; }
  [ "$(sha256sum "$dsc" | cut -d' ' -f1)" = "$want" ] \
    || { echo "openjdk-17: $dsc: SHA-256 differs from apt's source record" >&2; return 1; }
  local n=0
  while read -r sum size name; do
    n=$((n + 1))
    [ -f "$dir/$name" ] || { echo "openjdk-17: missing $dir/$name" >&2; return 1; }
    [ "$(stat -c %s "$dir/$name")" = "$size" ] \
      || { echo "openjdk-17: $dir/$name: size $(stat -c %s "$dir/$name"), the .dsc says $size" >&2; return 1; }
    [ "$(sha256sum "$dir/$name" | cut -d' ' -f1)" = "$sum" ] \
      || { echo "openjdk-17: $dir/$name: SHA-256 differs from the .dsc" >&2; return 1; }
  done < <(jdk17_sha256_lines < "$dsc")
  [ "$n" -gt 0 ] || { echo "openjdk-17: $dsc lists no Checksums-Sha256" >&2; return 1; }
}

# The whole source tree with Debian's patches applied (dpkg-source -x), for building HotSpot.
jdk17_tree() {
  local dsc tree=$JDK17_CACHE/tree
  if [ -f "$tree/.complete" ]; then echo "$tree"; return 0; fi
  dsc=$(jdk17_fetch)
  rm -rf "$tree" "$tree.tmp"
  jdk17_log "extracting the whole tree into $tree"
  # The checksums were verified above; without debian-keyring dpkg-source cannot check the
  # signature and says so, which is not an error: the user is told before gpgv's lines.
  [ -f /usr/share/keyrings/debian-keyring.gpg ] ||
    jdk17_log "the .dsc and its files match apt's signed index; without debian-keyring, dpkg-source's" \
      "gpgv cannot check the uploader's own signature (\"Can't check signature\" below is expected)"
  dpkg-source -q -x "$dsc" "$tree.tmp" >&2 || jdk17_die "dpkg-source -x $dsc failed"
  touch "$tree.tmp/.complete"
  mv "$tree.tmp" "$tree"
  echo "$tree"
}

# Only the parts of the tree jtreg needs ($JDK17_TEST_PARTS), from the upstream tarball, with
# those of Debian's patches that touch them. Uses the whole tree instead when it is there.
jdk17_test_tree() {
  local dsc tree=$JDK17_CACHE/test-tree dir orig debian top patch part
  if [ -f "$JDK17_CACHE/tree/.complete" ]; then echo "$JDK17_CACHE/tree"; return 0; fi
  if [ -f "$tree/.complete" ]; then echo "$tree"; return 0; fi
  dsc=$(jdk17_fetch)
  dir=$(dirname "$dsc")
  orig=$dir/${JDK17_SOURCE_PACKAGE}_$JDK17_UPSTREAM_VERSION.orig.tar.xz
  debian=$dir/${JDK17_SOURCE_PACKAGE}_$JDK17_SOURCE_VERSION.debian.tar.xz
  [ -f "$orig" ] && [ -f "$debian" ] || jdk17_die "expected $orig and $debian"
  rm -rf "$tree" "$tree.tmp"
  mkdir -p "$tree.tmp"
  jdk17_log "extracting ${JDK17_TEST_PARTS[*]} into $tree"
  top=$JDK17_SOURCE_PACKAGE-$JDK17_UPSTREAM_VERSION
  tar -xJf "$orig" -C "$tree.tmp" --strip-components=1 "${JDK17_TEST_PARTS[@]/#/$top/}" \
    || jdk17_die "extracting ${JDK17_TEST_PARTS[*]} from $orig failed"
  tar -xJf "$debian" -C "$tree.tmp" debian/patches || jdk17_die "extracting debian/patches from $debian failed"
  # A patch of the series that touches an extracted part is applied; one that touches only
  # those parts applies cleanly, and one that also touches other files needs the whole tree.
  while read -r patch; do
    for part in "${JDK17_TEST_PARTS[@]}"; do
      if grep -q "^+++ b/$part/" "$tree.tmp/debian/patches/$patch"; then
        jdk17_log "applying debian/patches/$patch"
        patch -s -p1 -d "$tree.tmp" < "$tree.tmp/debian/patches/$patch" \
          || jdk17_die "debian/patches/$patch does not apply to the extracted parts (it touches other files too): use 'tree' instead"
        break
      fi
    done
  done < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$tree.tmp/debian/patches/series")
  touch "$tree.tmp/.complete"
  mv "$tree.tmp" "$tree"
  echo "$tree"
}

# Debian's jtreg7 (7.5.2 in bookworm; the suite needs 7.4+1 or later, its TEST.ROOT says).
jdk17_jtreg() {
  local jtreg=/usr/share/jtreg/bin/jtreg
  if ! dpkg-query -W -f='${Status}' jtreg7 2>/dev/null | grep -q 'install ok installed'; then
    jdk17_log "installing Debian's jtreg7"
    local log
    log=$(mktemp)
    DEBIAN_FRONTEND=noninteractive jdk17_sudo apt-get install -y -qq --no-install-recommends jtreg7 >"$log" 2>&1 \
      || { cat "$log" >&2; rm -f "$log"; jdk17_die "apt-get install jtreg7 failed"; }
    rm -f "$log"
  fi
  [ -x "$jtreg" ] || jtreg=$(command -v jtreg) || jdk17_die "jtreg7 is installed but no jtreg command was found"
  echo "$jtreg"
}

# Compiles every native test library under DIR (lib<Name>.c or lib<Name>.cpp, one source file
# each, as the JDK's test image has them) into OUT/lib<Name>.so with JDK's jni.h and jvmti.h,
# the suite's shared jvmti_common.h, and the source's own directory on the include path.
# A library newer than its source and JDK's headers is kept.
jdk17_natives() {
  [ $# -eq 3 ] || jdk17_die "natives: expected TEST_DIR JDK OUT_DIR"
  local dir=$1 jdk=$2 out=$3 root src name cc lib n=0 built=0
  [ -d "$dir" ] || jdk17_die "natives: no test directory $dir"
  [ -f "$jdk/include/jvmti.h" ] || jdk17_die "natives: $jdk is not a JDK with include/jvmti.h"
  # The tree's root (where test/lib is): up from DIR to the directory holding test/lib.
  root=$(cd "$dir" && pwd)
  while [ "$root" != / ] && [ ! -d "$root/test/lib" ]; do root=$(dirname "$root"); done
  [ -d "$root/test/lib" ] || jdk17_die "natives: $dir is not inside a JDK source tree (no test/lib above it)"
  mkdir -p "$out"
  declare -A seen=()
  while IFS= read -r -d '' src; do
    name=$(basename "$src"); name=${name%.*}
    [ -z "${seen[$name]:-}" ] || jdk17_die "natives: two sources for $name.so: ${seen[$name]} and $src"
    seen[$name]=$src
    n=$((n + 1))
    lib=$out/$name.so
    if [ -f "$lib" ] && [ "$lib" -nt "$src" ] && [ "$lib" -nt "$jdk/include/jvmti.h" ]; then continue; fi
    case $src in *.cpp) cc=${CXX:-g++} ;; *) cc=${CC:-gcc} ;; esac
    "$cc" -shared -fPIC -O2 -g -w \
      -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS -D__STDC_CONSTANT_MACROS \
      -I"$jdk/include" -I"$jdk/include/linux" -I"$root/test/lib/jdk/test/lib/jvmti" -I"$(dirname "$src")" \
      -o "$lib.tmp" "$src" -lpthread \
      || jdk17_die "natives: compiling $src failed ($cc)"
    mv "$lib.tmp" "$lib"
    built=$((built + 1))
  done < <(find "$dir" -type f \( -name 'lib*.c' -o -name 'lib*.cpp' \) -print0 | sort -z)
  [ "$n" -gt 0 ] || jdk17_die "natives: no lib*.c or lib*.cpp under $dir"
  jdk17_log "natives: $n libraries in $out ($built compiled now)"
}

# Debian's binary build of the pinned version (openjdk-17-jre-headless), unpacked into the cache
# (never installed: the machine's own JDK stays as it is), with the debug symbols that
# openjdk-17-dbg holds for its native libraries. Their source lines are the pinned source
# tree's, so a tool can name a line of libinstrument or libjdwp in that tree and find it in the
# running library (jvmti-lint --confirm, inject=FUNCTION@FILE:LINE). Each library's debug file
# is put beside it under the name its .gnu_debuglink asks for (lib/libinstrument.debuginfo):
# where elfutils looks, without writing under /usr/lib/debug. apt verifies the packages against
# its signed lists. The conf/ links point into /etc/java-17-openjdk, which the machine's
# openjdk-17 package provides. Prints the JAVA_HOME.
jdk17_runtime() {
  local dir=$JDK17_CACHE/runtime home lib id link n=0 wanted=()
  home=$dir/root/usr/lib/jvm/java-17-openjdk-amd64
  if [ -f "$dir/.ready" ]; then echo "$home"; return 0; fi
  [ -d /etc/java-17-openjdk ] || jdk17_die "runtime: /etc/java-17-openjdk is missing (the openjdk-17-jre-headless package of the machine provides it)"
  rm -rf "$dir"
  mkdir -p "$dir/debs" "$dir/root"
  jdk17_log "downloading openjdk-17-jre-headless and openjdk-17-dbg $JDK17_SOURCE_VERSION into $dir/debs"
  (cd "$dir/debs" && apt-get download -qq "openjdk-17-jre-headless=$JDK17_SOURCE_VERSION"       "openjdk-17-dbg=$JDK17_SOURCE_VERSION" 2>&1 | { grep -v '^[NW]: Download is performed unsandboxed' >&2 || true; })     || jdk17_die "runtime: apt-get download of $JDK17_SOURCE_VERSION failed"
  dpkg-deb -x "$dir"/debs/openjdk-17-jre-headless_*.deb "$dir/root" || jdk17_die "runtime: unpacking the JRE failed"
  [ -x "$home/bin/java" ] || jdk17_die "runtime: no bin/java in $home"
  # The debug file of each native library, by its build id.
  for lib in "$home"/lib/*.so "$home"/lib/server/*.so; do
    id=$(readelf -n "$lib" 2>/dev/null | awk '/Build ID/ { print $3 }')
    [ -n "$id" ] && wanted+=("./usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug")
  done
  dpkg-deb --fsys-tarfile "$dir"/debs/openjdk-17-dbg_*.deb | tar -x -C "$dir/root" "${wanted[@]}" 2>/dev/null || true
  for lib in "$home"/lib/*.so "$home"/lib/server/*.so; do
    id=$(readelf -n "$lib" 2>/dev/null | awk '/Build ID/ { print $3 }')
    [ -n "$id" ] && [ -f "$dir/root/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" ] || continue
    # The section is the file name, a NUL, padding and a CRC: the name is its first record.
    link=$(objcopy --dump-section .gnu_debuglink=/dev/stdout "$lib" 2>/dev/null | head -z -n 1 | tr -d '\0' || true)
    case $link in ''|*/*) continue ;; esac
    cp "$dir/root/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" "$(dirname "$lib")/$link"
    n=$((n + 1))
  done
  [ -f "$home/lib/libinstrument.debuginfo" ] && [ -f "$home/lib/libjdwp.debuginfo" ] \
    || jdk17_die "runtime: openjdk-17-dbg has no debug symbols for libinstrument or libjdwp"
  rm -rf "$dir/debs" "$dir/root/usr/lib/debug"
  "$home/bin/java" -version >/dev/null 2>&1 || jdk17_die "runtime: $home/bin/java does not run"
  touch "$dir/.ready"
  jdk17_log "runtime: $JDK17_SOURCE_VERSION in $home, debug symbols of $n libraries"
  echo "$home"
}

# The package's build dependencies (for building HotSpot), from the same deb-src lines.
jdk17_build_deps() {
  jdk17_debsrc
  DEBIAN_FRONTEND=noninteractive jdk17_sudo apt-get build-dep -y -qq "$JDK17_SOURCE_PACKAGE=$JDK17_SOURCE_VERSION" >&2 \
    || jdk17_die "apt-get build-dep $JDK17_SOURCE_PACKAGE=$JDK17_SOURCE_VERSION failed"
}

jdk17_main() {
  local cmd=${1:-}
  [ $# -gt 0 ] && shift
  case $cmd in
    deb-src) jdk17_debsrc ;;
    fetch) jdk17_fetch ;;
    tree) jdk17_tree ;;
    test-tree) jdk17_test_tree ;;
    jtreg) jdk17_jtreg ;;
    natives) jdk17_natives "$@" ;;
    build-deps) jdk17_build_deps ;;
    runtime) jdk17_runtime ;;
    prepare) jdk17_test_tree >/dev/null && jdk17_jtreg >/dev/null && jdk17_log "ready: $JDK17_SOURCE_VERSION in $JDK17_CACHE" ;;
    version) echo "$JDK17_SOURCE_VERSION" ;;
    ''|-h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//' ;;
    *) jdk17_die "unknown command '$cmd' (commands: deb-src fetch tree test-tree jtreg natives build-deps runtime prepare version)" ;;
  esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  jdk17_main "$@"
fi
