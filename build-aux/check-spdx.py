#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-spdx.py — checks that every source file names its licence.

Owns: the rule of docs/contributing.md that every source file of the tree
(C sources and headers, Python, shell, meson.build and meson_options.txt,
GtkBuilder .ui, CSS, XML, .in templates and .ci/run) carries
"SPDX-License-Identifier: GPL-3.0-or-later" in its first three lines, and
a failure that names each file without it. Must not: change any file, or
need more than the Python standard library (and git, when the tree is a
git work tree: then the files are those git tracks or would track).

Usage: check-spdx.py [--srcdir DIR]

--srcdir defaults to the parent of this script's directory. Prints one
line per file without the identifier and exits 1 if there is any.
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True
from tree_files import read_text, tree_files  # noqa: E402

IDENTIFIER = "SPDX-License-Identifier: GPL-3.0-or-later"
SUFFIXES = (".c", ".h", ".py", ".sh", ".ui", ".css", ".xml", ".in")
NAMES = ("meson.build", "meson_options.txt")
PATHS = (".ci/run",)
HEAD_LINES = 3


def is_source(rel):
    base = rel.rsplit("/", 1)[-1]
    return rel in PATHS or base in NAMES or base.endswith(SUFFIXES)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--srcdir", default=os.path.dirname(
        os.path.dirname(os.path.abspath(__file__))))
    args = ap.parse_args()
    srcdir = os.path.abspath(args.srcdir)

    checked = 0
    missing = []
    for rel in tree_files(srcdir):
        if not is_source(rel):
            continue
        checked += 1
        text = read_text(srcdir, rel)
        head = "\n".join((text or "").splitlines()[:HEAD_LINES])
        if IDENTIFIER not in head:
            missing.append(rel)

    for rel in missing:
        print(f"{rel}: no \"{IDENTIFIER}\" in its first {HEAD_LINES} lines")
    if missing:
        print(f"{len(missing)} of {checked} source files lack the licence identifier")
        return 1
    print(f"{checked} source files carry the licence identifier")
    return 0


if __name__ == "__main__":
    sys.exit(main())
