#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs everything BGMod needs to build, run and test on Debian 12
# (bookworm). Safe to run again. Needs root (uses sudo when not root).
set -eu

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi

PACKAGES="
  build-essential pkg-config cmake meson ninja-build gettext
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libjson-glib-dev
  libsundials-dev liblapacke-dev liblapack-dev libcairo2-dev libpango1.0-dev
  libffi-dev libpcre2-dev zlib1g-dev libsuitesparse-dev libxml2-dev
  python3 dbus-daemon xvfb xauth xdotool imagemagick fonts-dejavu-core fonts-cantarell
  adwaita-icon-theme librsvg2-common
  desktop-file-utils appstream-util valgrind
  clang libclang-rt-14-dev
"

missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done

if [ -n "$missing" ]; then
  echo "install-deps: installing:$missing"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
else
  echo "install-deps: all packages present"
fi
