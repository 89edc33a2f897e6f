#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# valgrind-cli.sh — runs bgmod-cli under Valgrind over every example model.
#
# Owns: one memcheck run of `analyze --json`, `simulate` and `render` (the
# last two when the build has them) per model in data/examples/ and
# tests/fuzz/seeds/; render is checked in bgmod-cli-draw, which bgmod-cli
# hands drawing to and --trace-children follows; fails on any memory
# error or definite leak. Must not: judge the models (exit 1 for a causal conflict or a solver failure is a
# normal answer; only a crash or a usage error fails the run) or write
# outside a temporary directory.
#
# Usage: build-aux/valgrind-cli.sh [BUILD_DIR]     (default: _build)
# Environment: VALGRIND_EXTRA_ARGS adds options to valgrind.
set -eu
cd "$(dirname "$0")/.."

build="${1:-_build}"
cli="$build/app/bgmod-cli"
if [ ! -x "$cli" ]; then
  echo "valgrind-cli: $cli not found; build first (meson compile -C $build)" >&2
  exit 2
fi
command -v valgrind >/dev/null || { echo "valgrind-cli: valgrind is not installed" >&2; exit 2; }

supp="--suppressions=build-aux/valgrind.supp"
if [ -f /usr/share/glib-2.0/valgrind/glib.supp ]; then
  supp="$supp --suppressions=/usr/share/glib-2.0/valgrind/glib.supp"
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT INT TERM

# GLib 2.74's slice allocator hides frees from Valgrind; gc-friendly clears
# pointers on free so leaks are reported as definite.
export G_SLICE=always-malloc
export G_DEBUG=gc-friendly
export LC_ALL=C.UTF-8
export BGMOD_DATADIR="$PWD/data"

# 99 marks a Valgrind finding, distinct from the CLI's own exit codes 0/1/2.
vg_exit=99

have_command () {
  "$cli" "$1" --help >/dev/null 2>&1
}

runs=0
failures=0

# run NAME ARGS... : one memcheck run; a Valgrind error or an exit other
# than 0/1 counts as a failure and prints its log.
run () {
  name="$1"; shift
  log="$tmp/vg.log"
  runs=$((runs + 1))
  set +e
  # shellcheck disable=SC2086
  valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite \
    --show-leak-kinds=definite --error-exitcode=$vg_exit --num-callers=30 \
    --track-origins=yes --trace-children=yes $supp ${VALGRIND_EXTRA_ARGS:-} --log-file="$log" \
    "$cli" "$@" >"$tmp/stdout" 2>"$tmp/stderr"
  rc=$?
  set -e
  case "$rc" in
    0|1) printf 'ok    %-60s exit %d\n' "$name" "$rc" ;;
    *)
      failures=$((failures + 1))
      if [ "$rc" -eq $vg_exit ]; then
        printf 'FAIL  %-60s memory errors or definite leaks:\n' "$name"
      else
        printf 'FAIL  %-60s exit %d (crash or usage error):\n' "$name" "$rc"
        sed 's/^/    stderr: /' "$tmp/stderr"
      fi
      sed 's/^/    /' "$log"
      ;;
  esac
}

models=$(ls data/examples/*.bgmod tests/fuzz/seeds/*.bgmod 2>/dev/null || true)
if [ -z "$models" ]; then
  echo "valgrind-cli: no models in data/examples/ or tests/fuzz/seeds/" >&2
  exit 2
fi

simulate=no; have_command simulate && simulate=yes
render=no; have_command render && render=yes
echo "valgrind-cli: $cli (simulate: $simulate, render: $render)"

for model in $models; do
  base=$(basename "$model" .bgmod)
  run "analyze --json $model" analyze "$model" --json
  if [ "$simulate" = yes ]; then
    run "simulate $model" simulate "$model" --csv "$tmp/$base.csv"
  fi
  if [ "$render" = yes ]; then
    run "render $model" render "$model" --output "$tmp/$base.svg"
  fi
done

echo "valgrind-cli: $runs runs, $failures failed"
[ "$failures" -eq 0 ]
