#!/bin/sh
# run-fuzzer.sh — builds the loader's libFuzzer target and runs it for a while.
#
# Owns: the clang build in _build-fuzz (-Dfuzzing=true), a run that starts
# from the stored corpus and the seeds and grows a scratch corpus in
# tests/fuzz/out/ (ignored by git), and copying any crasher into
# tests/fuzz/corpus/ as crash-<hash>.bgmod so the replay test keeps it.
# Must not: modify the stored corpus except by adding crashers.
#
# Usage: build-aux/run-fuzzer.sh [SECONDS]    (default 300)
# Environment: FUZZ_BUILD_DIR (default _build-fuzz).
# Exit 0 when no crash was found, 1 otherwise (crashers are listed).
set -eu
cd "$(dirname "$0")/.."

seconds="${1:-300}"
build="${FUZZ_BUILD_DIR:-_build-fuzz}"

if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" -Dfuzzing=true -Dbuildtype=debugoptimized
fi
ninja -C "$build" tests/fuzz/fuzz-load

out=tests/fuzz/out
mkdir -p "$out/work" "$out/artifacts"

set +e
ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}" \
  "$build/tests/fuzz/fuzz-load" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -dict=tests/fuzz/bgmod.dict -artifact_prefix="$out/artifacts/" \
    -print_final_stats=1 \
    "$out/work" tests/fuzz/corpus tests/fuzz/seeds
rc=$?
set -e

found=0
for f in "$out"/artifacts/crash-* "$out"/artifacts/leak-* "$out"/artifacts/timeout-* \
         "$out"/artifacts/oom-*; do
  [ -f "$f" ] || continue
  found=1
  dest="tests/fuzz/corpus/$(basename "$f").bgmod"
  cp "$f" "$dest"
  echo "run-fuzzer: saved $dest"
done

if [ "$found" -ne 0 ] || [ "$rc" -ne 0 ]; then
  echo "run-fuzzer: findings above (libFuzzer exit $rc); reproduce with" >&2
  echo "  $build/tests/fuzz/fuzz-load FILE" >&2
  exit 1
fi
echo "run-fuzzer: no crash in $seconds s"
