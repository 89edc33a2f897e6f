#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-links.py — checks which toolkits a library or program may use.

Owns: the layering rule of docs/architecture.md in the built objects: the core archive
refers to no GTK, GDK, Cairo or Pango symbol (nm), and each program named
with --no-gtk (bgmod-cli) loads no GTK or GDK library (ldd), and each named
with --no-toolkit (a core-only test) loads no GTK, GDK, Cairo or Pango
library. Must not: build anything or need more than the Python standard
library, nm and ldd.

Usage: check-links.py [--core-archive LIB.a]... [--no-gtk PROG]...
                      [--no-toolkit PROG]...
Prints one line per problem and exits 1 if there is any.
"""

import argparse
import re
import subprocess
import sys

GTK_LIBS = re.compile(r"\blib(gtk|gdk)[-_0-9a-z.]*\.so")
TOOLKIT_LIBS = re.compile(r"\blib(gtk|gdk|cairo|pango)[-_0-9a-z.]*\.so")
TOOLKIT_SYMBOLS = re.compile(r"^(gtk|gdk|cairo|pango|pango_cairo)_")


def undefined_symbols(archive):
    out = subprocess.run(["nm", "-u", "--format=posix", archive], check=True,
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 2 and fields[1] == "U":
            yield fields[0]


def loaded_libraries(program):
    out = subprocess.run(["ldd", program], check=True,
                         capture_output=True, text=True).stdout
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--core-archive", action="append", default=[])
    ap.add_argument("--no-gtk", action="append", default=[])
    ap.add_argument("--no-toolkit", action="append", default=[])
    args = ap.parse_args()

    problems = []
    for archive in args.core_archive:
        used = sorted({s for s in undefined_symbols(archive)
                       if TOOLKIT_SYMBOLS.match(s)})
        for s in used:
            problems.append(f"{archive}: uses {s} (the core links no GTK, Cairo or Pango)")
        print(f"{archive}: {len(used)} GTK/Cairo/Pango symbols")
    for program, pattern in ([(p, GTK_LIBS) for p in args.no_gtk] +
                             [(p, TOOLKIT_LIBS) for p in args.no_toolkit]):
        libs = [lib for lib in loaded_libraries(program) if pattern.search(lib)]
        for lib in libs:
            problems.append(f"{program}: loads {lib}")
        print(f"{program}: {len(libs)} forbidden libraries")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
