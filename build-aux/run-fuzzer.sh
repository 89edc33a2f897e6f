#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# run-fuzzer.sh — builds a libFuzzer target and runs it for a while.
#
# Owns: the clang build in _build-fuzz (-Dfuzzing=true) and one timed run of
# a target: "load" (the file loader; starts from the stored corpus and the
# seeds, copies crashers into tests/fuzz/corpus/ as crash-<hash>.bgmod so the
# replay test keeps them), "sim" (load, analyse, compile and a bounded
# simulation; same corpus and crasher rule), "edit" (edits and undo/redo; crashers go to
# tests/fuzz/edit-crashers/) or "cli-options" (bgmod-cli's option parsing;
# starts from and keeps crashers in tests/fuzz/cli-options-seeds/, which
# tests/test-fuzz-cli-options replays). Scratch corpora live in tests/fuzz/out/
# (ignored by git). Must not: modify the stored corpus except by adding
# crashers.
#
# Usage: build-aux/run-fuzzer.sh [SECONDS] [load|sim|edit|cli-options]   (default 300 load)
# Environment: FUZZ_BUILD_DIR (default _build-fuzz).
# Exit 0 when no crash was found, 1 otherwise (crashers are listed).
set -eu
cd "$(dirname "$0")/.."

seconds="${1:-300}"
target="${2:-load}"
case "$target" in
  load) seeds="tests/fuzz/corpus tests/fuzz/seeds"; keep=tests/fuzz/corpus; ext=.bgmod
        extra="-max_len=65536 -dict=tests/fuzz/bgmod.dict" ;;
  sim)  seeds="tests/fuzz/corpus tests/fuzz/seeds"; keep=tests/fuzz/corpus; ext=.bgmod
        extra="-max_len=65536 -dict=tests/fuzz/bgmod.dict" ;;
  edit) seeds=""; keep=tests/fuzz/edit-crashers; ext=.bin
        extra="-max_len=1024" ;;
  cli-options) seeds="tests/fuzz/cli-options-seeds"; keep=tests/fuzz/cli-options-seeds; ext=""
        extra="-max_len=2048" ;;
  *) echo "run-fuzzer: unknown target $target (load, sim, edit or cli-options)" >&2; exit 2 ;;
esac
build="${FUZZ_BUILD_DIR:-_build-fuzz}"

if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" -Dfuzzing=true -Dbuildtype=debugoptimized
fi
ninja -C "$build" "tests/fuzz/fuzz-$target"

out="tests/fuzz/out/$target"
mkdir -p "$out/work" "$out/artifacts" "$keep"

set +e
# $extra and $seeds are word lists on purpose.
# shellcheck disable=SC2086
ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}" \
  "$build/tests/fuzz/fuzz-$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 $extra \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
    "$out/work" $seeds
rc=$?
set -e

found=0
for f in "$out"/artifacts/crash-* "$out"/artifacts/leak-* "$out"/artifacts/timeout-* \
         "$out"/artifacts/oom-*; do
  [ -f "$f" ] || continue
  found=1
  dest="$keep/$(basename "$f")$ext"
  cp "$f" "$dest"
  echo "run-fuzzer: saved $dest"
done

if [ "$found" -ne 0 ] || [ "$rc" -ne 0 ]; then
  echo "run-fuzzer: findings above (libFuzzer exit $rc); reproduce with" >&2
  echo "  $build/tests/fuzz/fuzz-$target FILE" >&2
  exit 1
fi
echo "run-fuzzer: no crash in $seconds s"
