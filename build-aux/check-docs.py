#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-docs.py — checks that the handbook in docs/ matches the code.

Owns: three rules of docs/contributing.md, each failure named:
  - every subcommand that app/bgmod-cli.c dispatches (its command table and
    the words it compares argv[1] with) appears in docs/command-line.md as
    "bgmod-cli NAME", and every option of the tool — each GOptionEntry's
    long and short name, and each "--option" inside a string literal of
    app/*.c — appears there as "--option" (or "-o");
  - every relative link in docs/*.md and README.md points at a file or
    directory that exists, and a "#anchor" at a heading of the page it
    names;
  - no file of the tree (except .git) names the team's internal notes:
    their folder or their four file names (see INTERNAL below).
Must not: change any file, or need more than the Python standard library
(and git, when the tree is a git work tree: then the files are those git
tracks or would track).

Usage: check-docs.py [--srcdir DIR]

--srcdir defaults to the parent of this script's directory. Prints one
line per problem and exits 1 if there is any.
"""

import argparse
import os
import re
import sys

sys.dont_write_bytecode = True
from tree_files import read_text, tree_files  # noqa: E402

CLI_MAIN = "app/bgmod-cli.c"
CLI_DOC = "docs/command-line.md"

# Built from pieces so that this file does not name them itself.
INTERNAL = [
    re.compile(r"\b" + "shared" + "/"),
    re.compile(r"\b(?:" + "|".join(["FOR" + "MAT", "LIB" + "RARY", "DES" + "IGN",
                                      "STY" + "LE"]) + r")\." + "md" + r"\b"),
]

problems = []


def problem(message):
    problems.append(message)


# C sources ------------------------------------------------------------------

def strip_c(text):
    """(code without comments and with every literal emptied, the string
    literals with the line each starts on)."""
    code, strings = [], []
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            code.append("\n" * text.count("\n", i, j) or " ")
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j, buf = i + 1, []
            while j < n and text[j] != c and text[j] != "\n":
                if text[j] == "\\" and j + 1 < n:
                    buf.append(text[j:j + 2])
                    j += 2
                else:
                    buf.append(text[j])
                    j += 1
            if c == '"':
                strings.append(("".join(buf), line))
                code.append('"' + "".join(buf) + '"')
            else:
                code.append("'" + "".join(buf) + "'")
            i = j + 1
        else:
            if c == "\n":
                line += 1
            code.append(c)
            i += 1
    return "".join(code), strings


def cli_commands(srcdir):
    """The words app/bgmod-cli.c dispatches: (commands, options)."""
    text = read_text(srcdir, CLI_MAIN) or ""
    code, _ = strip_c(text)
    table = re.search(r"\bcommands\s*\[\s*\]\s*=\s*\{(.*?)\n\s*\}\s*;", code, re.S)
    if table is None:
        problem(f"{CLI_MAIN}: no command table (static const BgCliCommand commands[] = {{ … }};)")
        return [], []
    commands = re.findall(r"\{\s*\"([^\"]+)\"\s*,", table.group(1))
    if not commands:
        problem(f"{CLI_MAIN}: the command table lists no command")
    words = re.findall(r"\bstrcmp\s*\(\s*argv\s*\[\s*1\s*\]\s*,\s*\"([^\"]+)\"\s*\)", code)
    options = sorted({w for w in words if w.startswith("-")})
    commands = list(dict.fromkeys(commands + [w for w in words if not w.startswith("-")]))
    return commands, options


OPTION_ENTRY = re.compile(
    r"\{\s*\"([A-Za-z0-9][A-Za-z0-9-]*)\"\s*,\s*(?:'(.)'|0)\s*,[^,{}]*,\s*G_OPTION_ARG_")
OPTION_IN_TEXT = re.compile(r"(?<![\w-])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*)")


def cli_options(srcdir, files):
    """{option: first place it was found}."""
    found = {}
    for rel in files:
        if not (rel.startswith("app/") and rel.count("/") == 1 and rel.endswith(".c")):
            continue
        code, strings = strip_c(read_text(srcdir, rel) or "")
        for m in OPTION_ENTRY.finditer(code):
            where = f"{rel}:{code.count(chr(10), 0, m.start()) + 1}"
            found.setdefault("--" + m.group(1), where)
            if m.group(2):
                found.setdefault("-" + m.group(2), where)
        for s, line in strings:
            for m in OPTION_IN_TEXT.finditer(s):
                found.setdefault(m.group(1), f"{rel}:{line}")
    return found


def mentions_option(doc, option):
    return re.search(r"(?<![\w-])" + re.escape(option) + r"(?![\w-])", doc) is not None


def check_cli(srcdir, files):
    if CLI_DOC not in files:
        problem(f"{CLI_DOC} is missing")
        return
    doc = read_text(srcdir, CLI_DOC) or ""
    commands, options = cli_commands(srcdir)
    for c in commands:
        if not re.search(r"bgmod-cli\s+" + re.escape(c) + r"(?![\w-])", doc):
            problem(f"{CLI_DOC} does not mention the command \"bgmod-cli {c}\" "
                    f"({CLI_MAIN} dispatches it)")
    for o in options:
        if not mentions_option(doc, o):
            problem(f"{CLI_DOC} does not mention the option {o} ({CLI_MAIN} accepts it)")
    found = cli_options(srcdir, files)
    if not found:
        problem("app/*.c: no command-line option found")
    for o, where in sorted(found.items()):
        if not mentions_option(doc, o):
            problem(f"{CLI_DOC} does not mention the option {o} (used in {where})")
    return len(commands), len(found)


# Links ----------------------------------------------------------------------

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def markdown_lines(text):
    """(line number, line) outside fenced code blocks, inline code removed."""
    fence = None
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^\s{0,3}(`{3,}|~{3,})", line)
        if m:
            if fence is None:
                fence = m.group(1)[0] * len(m.group(1))
            elif m.group(1).startswith(fence):
                fence = None
            continue
        if fence is None:
            yield n, re.sub(r"(`+)(?:(?!\1).)+?\1", "", line)


def slug(heading):
    """The anchor GitHub gives a heading."""
    h = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip())
    h = re.sub(r"<[^>]+>", "", h).lower()
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


def anchors(text):
    seen, out = {}, set()
    fence = None
    for line in text.splitlines():
        m = re.match(r"^\s{0,3}(`{3,}|~{3,})", line)
        if m:
            if fence is None:
                fence = m.group(1)[0] * len(m.group(1))
            elif m.group(1).startswith(fence):
                fence = None
            continue
        h = re.match(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if fence is None and h:
            s = slug(h.group(1))
            k = seen.get(s, 0)
            seen[s] = k + 1
            out.add(s if k == 0 else f"{s}-{k}")
    return out


def check_links(srcdir, files):
    pages = [f for f in files if f == "README.md"
             or (f.startswith("docs/") and f.count("/") == 1 and f.endswith(".md"))]
    n_links = 0
    for rel in pages:
        text = read_text(srcdir, rel) or ""
        base = os.path.dirname(rel)
        for n, line in markdown_lines(text):
            targets = [m.group(1) for m in LINK.finditer(line)]
            ref = REFERENCE.match(line)
            if ref:
                targets.append(ref.group(1))
            for target in targets:
                if not target or SCHEME.match(target):
                    continue
                n_links += 1
                path, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(base, path)) if path else rel
                full = os.path.join(srcdir, dest)
                if path and not os.path.exists(full):
                    problem(f"{rel}:{n}: link to {target}: there is no {dest}")
                    continue
                if anchor and dest.endswith(".md") and os.path.isfile(full):
                    if anchor not in anchors(read_text(srcdir, dest) or ""):
                        problem(f"{rel}:{n}: link to {target}: {dest} has no heading "
                                f"with the anchor #{anchor}")
    return len(pages), n_links


# Internal notes -------------------------------------------------------------

def check_internal(srcdir, files):
    for rel in files:
        text = read_text(srcdir, rel)
        if text is None:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            for pattern in INTERNAL:
                m = pattern.search(line)
                if m:
                    problem(f"{rel}:{n}: names \"{m.group(0)}\", which is not part "
                            f"of the project")
    return len(files)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--srcdir", default=os.path.dirname(
        os.path.dirname(os.path.abspath(__file__))))
    args = ap.parse_args()
    srcdir = os.path.abspath(args.srcdir)
    files = tree_files(srcdir)

    counts = check_cli(srcdir, files)
    n_pages, n_links = check_links(srcdir, files)
    n_files = check_internal(srcdir, files)

    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problems")
        return 1
    print(f"{counts[0]} commands and {counts[1]} options documented; "
          f"{n_links} links in {n_pages} pages resolve; {n_files} files checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
