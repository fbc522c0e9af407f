#!/usr/bin/env bash
# Installs what jvmtigen needs to build and test, from Debian's packages. Idempotent: asks apt
# only for packages that are missing, and does nothing when all are present.
set -euo pipefail

packages=(
  g++ cmake ninja-build ccache            # toolchain
  dpkg-dev                                # dpkg-shlibdeps: the .deb's dependencies (cpack -G DEB)
  clang                                   # second compiler of the compile tests; ABI analysis
  clang-14 libclang-14-dev llvm-14-dev    # libTooling: jvmti-abi-diff, jvmti-impl-check (tools/)
  libclang-rt-14-dev                      # libFuzzer and the sanitizers' runtimes for clang-14 (fuzz/)
  libpugixml-dev nlohmann-json3-dev libkainjow-mustache-dev catch2
  libmimalloc-dev                         # the generator's allocator (generator/CMakeLists.txt)
  libdw-dev                               # elfutils: the layer names agents' call sites in reports
  libcli11-dev                            # jvmti-check's command line (check/options.cpp)
  openjdk-17-jdk-headless                 # jni.h/jvmti.h of JDK 17: the ABI reference
  libbyteman-java                         # a Debian-packaged Java agent for the layer's real-agent tests
  libjacoco-java                          # JaCoCo's coverage agent: real_bench's real -javaagent
  python3                                 # runs ../shared/tools/spec-originality
  tidy chromium                           # docs tests: HTML5 validity, the page in a real browser
  ant ant-optional junit4                 # jvmti-check's CI tests: a JUnit batch in forked JVMs, junitreport
  libicu72                                # the SARIF validator of the tests (.NET) needs ICU
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
