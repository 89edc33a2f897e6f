#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds BGMod in _build and runs every test suite (core, cli, ui under Xvfb).
# Extra meson options may be given in MESON_EXTRA_ARGS (CI adds -Dwerror=true).
set -eu
cd "$(dirname "$0")/.."

if [ -f _build/build.ninja ]; then
  meson setup --reconfigure _build ${MESON_EXTRA_ARGS:-}
else
  rm -rf _build
  meson setup _build ${MESON_EXTRA_ARGS:-}
fi
meson compile -C _build
xvfb-run -a -s "-screen 0 1600x1000x24" \
  meson test -C _build --print-errorlogs --num-processes 2
