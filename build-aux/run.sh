#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds what the editor needs in _build (bgmod, its translations and its
# settings schema: not the tests or bgmod-cli) and starts it from the build
# tree. Run from there, bgmod finds its translations and examples by itself
# (core/bg-paths.c); the schema is the build tree's. Arguments are passed
# to bgmod (e.g. a model file).
set -eu
cd "$(dirname "$0")/.."

if [ -f _build/build.ninja ]; then
  meson setup --reconfigure _build >/dev/null
else
  meson setup _build
fi
meson compile -C _build bgmod:executable bgmod-ru.mo gsettings-compile-data

if [ -f _build/data/gschemas.compiled ]; then
  export GSETTINGS_SCHEMA_DIR="$PWD/_build/data"
fi
exec _build/app/bgmod "$@"
