#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds BGMod in _build and starts the editor from the build tree, with the
# examples, translations and settings schema taken from the source/build tree.
# Arguments are passed to bgmod (e.g. a model file).
set -eu
cd "$(dirname "$0")/.."

if [ -f _build/build.ninja ]; then
  meson setup --reconfigure _build >/dev/null
else
  meson setup _build
fi
meson compile -C _build

export BGMOD_DATADIR="$PWD/data"
export BGMOD_LOCALEDIR="$PWD/_build/po"
if [ -f _build/data/gschemas.compiled ]; then
  export GSETTINGS_SCHEMA_DIR="$PWD/_build/data"
fi
exec _build/app/bgmod "$@"
