#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""test-doc-checkers.py — build-aux/check-spdx.py and check-docs.py refuse
what they must.

Owns: a small temporary source tree that both checkers accept, and one
broken copy of it per rule, each of which the checker must refuse with a
message naming what is wrong: a source file without its licence line; a
dispatched command, an option entry, a short option and an option in a
message missing from docs/command-line.md; a link to a missing file and to
a missing heading; a file naming the internal notes. Must not: write
anything outside its temporary directory, or contain the names it makes
the checker look for (they are put together at run time).

Usage: test-doc-checkers.py CHECK-SPDX.py CHECK-DOCS.py
Prints one line per case (TAP) and exits 1 if any case fails.
"""

import os
import shutil
import subprocess
import sys
import tempfile

SPDX_C = "/* SPDX-License-Identifier: GPL-3.0-or-later */\n"
SPDX_SH = "# SPDX-License-Identifier: GPL-3.0-or-later\n"

GOOD_TREE = {
    "app/bgmod-cli.c": SPDX_C + """/* the dispatcher */
static const BgCliCommand commands[] = {
  { "analyze", bg_cli_analyze },
  { "frobnicate", bg_cli_frobnicate },
};

int
main (int argc, char **argv)
{
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "help") == 0)
    return 0;
  return 1;
}
""",
    "app/bg-cli-analyze.c": SPDX_C + """/* a comment with "--not-an-option" in quotes */
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write here"), N_("FILE") },
    { NULL }
  };
  message = _("--plot needs a file name ending in .png or .svg");
""",
    "meson.build": SPDX_SH + "project('x', 'c')\n",
    "README.md": "# X\n\nSee [the handbook](docs/README.md) and [the CLI](docs/command-line.md#analyze).\n",
    "docs/README.md": "# Docs\n\n[CLI](command-line.md), [its JSON](command-line.md#json-output-1), "
                      "[top](#docs), [site](https://example.org/x.md).\n",
    "docs/command-line.md": """# The tool

```text
bgmod-cli help
[a link in a code block](nowhere.md)
```

## analyze

`bgmod-cli analyze MODEL [--json]`, `--output FILE` (`-o`), `--plot`, `--help`.

## JSON output

## frobnicate

`bgmod-cli frobnicate`.

## JSON output
""",
}

INTERNAL_DIR = "sha" + "red/"
INTERNAL_FILE = "STY" + "LE.md"

results = []


def write_tree(root, files):
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def run(checker, root):
    r = subprocess.run([sys.executable, checker, "--srcdir", root],
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def case(name, checker, edit, expected):
    """Runs checker on GOOD_TREE changed by edit; expected: None for a pass,
    else the texts the failure must print."""
    files = dict(GOOD_TREE)
    edit(files)
    root = tempfile.mkdtemp(prefix="doc-checkers-")
    try:
        write_tree(root, files)
        code, out = run(checker, root)
    finally:
        shutil.rmtree(root)
    if expected is None:
        ok = code == 0
    else:
        ok = code == 1 and all(e in out for e in expected)
    results.append((ok, name, out))


def replace(rel, old, new):
    def edit(files):
        assert old in files[rel], (rel, old)
        files[rel] = files[rel].replace(old, new)
    return edit


def add(rel, text):
    def edit(files):
        files[rel] = text
    return edit


def main():
    spdx, docs = sys.argv[1:3]
    case("check-spdx accepts the good tree", spdx, lambda f: None, None)
    case("check-docs accepts the good tree", docs, lambda f: None, None)
    case("check-spdx names a C file without its licence line", spdx,
         replace("app/bg-cli-analyze.c", SPDX_C, "/* no licence */\n"),
         ["app/bg-cli-analyze.c: no \"SPDX-License-Identifier: GPL-3.0-or-later\""])
    case("check-spdx names a meson.build without its licence line", spdx,
         replace("meson.build", SPDX_SH, ""), ["meson.build: no"])
    case("check-spdx wants the line within the first three", spdx,
         replace("app/bgmod-cli.c", SPDX_C, "\n\n\n" + SPDX_C), ["app/bgmod-cli.c: no"])
    case("check-docs names an undocumented command", docs,
         replace("docs/command-line.md", "`bgmod-cli frobnicate`", "frobnicate"),
         ["does not mention the command \"bgmod-cli frobnicate\""])
    case("check-docs names an undocumented option entry", docs,
         replace("docs/command-line.md", "[--json]", ""),
         ["does not mention the option --json (used in app/bg-cli-analyze.c:4)"])
    case("check-docs names an undocumented short option", docs,
         replace("docs/command-line.md", "(`-o`)", ""), ["does not mention the option -o"])
    case("check-docs names an option used in a message", docs,
         replace("docs/command-line.md", "`--plot`", ""), ["does not mention the option --plot"])
    case("check-docs names an option the dispatcher compares", docs,
         replace("docs/command-line.md", "`--help`", ""), ["does not mention the option --help"])
    case("check-docs names a link to a missing file", docs,
         replace("docs/README.md", "[CLI](command-line.md)", "[CLI](commandline.md)"),
         ["docs/README.md:3: link to commandline.md: there is no docs/commandline.md"])
    case("check-docs names a link to a missing heading", docs,
         replace("README.md", "#analyze", "#analyse"),
         ["README.md:3: link to docs/command-line.md#analyse: docs/command-line.md has no "
          "heading with the anchor #analyse"])
    case("check-docs names a file that names the internal notes' folder", docs,
         add("notes.txt", "see /work/" + INTERNAL_DIR + "x\n"),
         ["notes.txt:1: names \"" + INTERNAL_DIR + "\""])
    case("check-docs names a file that names an internal note", docs,
         add("core/x.c", SPDX_C + "/* as " + INTERNAL_FILE + " says */\n"),
         ["core/x.c:2: names \"" + INTERNAL_FILE + "\""])

    print(f"1..{len(results)}")
    for i, (ok, name, out) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {i} - {name}")
        if not ok:
            for line in out.splitlines():
                print(f"# {line}")
    return 0 if all(ok for ok, _, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
