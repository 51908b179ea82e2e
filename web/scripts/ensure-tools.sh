#!/usr/bin/env bash
# Installs what the build and the tests need when it is missing, so that `npm start` and `npm test` work on a
# fresh Debian machine. Usage: ensure-tools.sh [emcc] [format] [cmake] [chromium] [native] [fuzz] [npm]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

apt_updated=0
apt_install() {
  local sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  if [ "$apt_updated" = 0 ]; then
    echo "narrowphase: apt-get update" >&2
    $sudo apt-get update -qq
    apt_updated=1
  fi
  echo "narrowphase: apt-get install $*" >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >&2
}

for tool in "$@"; do
  case "$tool" in
    emcc) command -v emcc >/dev/null 2>&1 || apt_install emscripten ;;
    format) command -v clang-format >/dev/null 2>&1 || apt_install clang-format ;;
    cmake) command -v cmake >/dev/null 2>&1 || apt_install cmake ;;
    chromium)
      command -v chromium >/dev/null 2>&1 || apt_install chromium
      # Korean and Japanese glyphs for the tutorial's ko/ja pages (their screenshots are test artifacts; without
      # these fonts Chromium draws empty boxes): Nanum Gothic and IPA Gothic, about 14 MB.
      { fc-list :lang=ko | grep -q . && fc-list :lang=ja | grep -q .; } 2>/dev/null ||
        apt_install fonts-nanum fonts-ipafont-gothic
      ;;
    native)
      pkgs=()
      command -v cmake >/dev/null 2>&1 || pkgs+=(cmake)
      command -v g++ >/dev/null 2>&1 || pkgs+=(g++)
      [ -f /usr/include/gtest/gtest.h ] || pkgs+=(libgtest-dev)
      [ -f /usr/include/benchmark/benchmark.h ] || pkgs+=(libbenchmark-dev)
      if [ "${#pkgs[@]}" -gt 0 ]; then apt_install "${pkgs[@]}"; fi
      ;;
    fuzz)
      # clang with libFuzzer and the ASan / UBSan runtimes (tests/fuzz/), and cmake to build with.
      pkgs=()
      command -v cmake >/dev/null 2>&1 || pkgs+=(cmake)
      command -v clang++ >/dev/null 2>&1 || pkgs+=(clang)
      # The runtimes' directory is clang's resource dir: lib/linux/ there (Debian), or lib/<triple>/ (newer layouts).
      if ! command -v clang++ >/dev/null 2>&1 ||
        ! ls "$(clang++ -print-resource-dir)"/lib/*/libclang_rt.fuzzer*.a >/dev/null 2>&1; then
        pkgs+=(libclang-rt-14-dev)
      fi
      if [ "${#pkgs[@]}" -gt 0 ]; then apt_install "${pkgs[@]}"; fi
      ;;
    npm)
      # Reinstall when package-lock.json is newer than the last install.
      if [ ! -f "$root/node_modules/.package-lock.json" ] || [ "$root/package-lock.json" -nt "$root/node_modules/.package-lock.json" ]; then
        echo "narrowphase: npm ci" >&2
        (cd "$root" && npm ci --no-audit --no-fund --loglevel=error >&2)
      fi
      ;;
    *) echo "ensure-tools.sh: unknown tool $tool" >&2; exit 2 ;;
  esac
done
