#!/usr/bin/env bash
# Installs the test tools that Debian does not package: Microsoft's SARIF multitool (the validator
# the report-format tests run on the layer's SARIF), from npm, into DIR: the first argument, else
# $JVMTIGEN_TEST_TOOLS, else ~/.cache/jvmtigen/test-tools (where tests/report_formats/CMakeLists.txt
# looks for it). Then what the jtreg tests need from the network: the pinned openjdk-17 source
# package and Debian's jtreg7 (scripts/jdk/openjdk-17.sh prepare).
# Idempotent: npm runs only when the tool is missing. Prints the tool's path as its last line.
set -euo pipefail

dir="${1:-${JVMTIGEN_TEST_TOOLS:-$HOME/.cache/jvmtigen/test-tools}}"
package="@microsoft/sarif-multitool-linux@5.7.0"
tool="$dir/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"

if [ ! -f "$tool" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "test-tools: installing Debian's npm"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends npm
  fi
  echo "test-tools: installing $package into $dir"
  mkdir -p "$dir"
  npm install --no-audit --no-fund --prefix "$dir" "$package" >&2
fi
# The package's postinstall step makes the binary executable; npm 11 does not run it.
chmod u+x "$tool"
# The JDK's own JVMTI tests behind the layer (tests/jtreg, scripts/jtreg-layer.sh): the pinned
# openjdk-17 source package (its test parts) and Debian's jtreg7, into ~/.cache/jvmtigen/openjdk-17.
"$(dirname "$0")/jdk/openjdk-17.sh" prepare >&2
echo "$tool"
