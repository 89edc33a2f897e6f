#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-po.py — checks that every translatable string has a translation.

Owns: regenerating the template from po/POTFILES.in with xgettext (the same
keywords and flags as meson's i18n 'glib' preset, plus the ITS rules that
gettext ships for GtkBuilder .ui, desktop, metainfo and GSettings files),
merging it with each translation into a temporary file, and failing with a
list of every untranslated and every fuzzy message; that a language which
writes units with the Russian symbols (its "unit symbols" switch,
core/bg-units.c) leaves no international one after a number in its
sentences; checking the merged
catalogue with `msgfmt -c --check-format --check-accelerators=_` (a lost
mnemonic is an error); and failing when a source file
that marks strings for translation (_( N_( C_( NC_( ngettext(,
translatable="yes") is missing from POTFILES.in, or when a GtkBuilder file
has a user-visible property without translatable="yes". Must not: write
anything in the source tree (po/bgmod.pot is never created) or need more
than the Python standard library and the gettext tools.

Usage: check-po.py [--srcdir DIR] [--potfiles FILE] [--po FILE]...
                   [--scan DIR]... [--expect-error TEXT]...

Paths are relative to --srcdir (default: the parent of this script's
directory). Without --po, every language in po/LINGUAS is checked. With
--expect-error, the check must fail and print every TEXT given (used by the
test that feeds it a broken fixture); it exits 0 only then.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# meson's i18n module, preset 'glib' (mesonbuild/modules/i18n.py).
GLIB_PRESET = [
    "--from-code=UTF-8",
    "--add-comments",
    "--keyword=_",
    "--keyword=N_",
    "--keyword=C_:1c,2",
    "--keyword=NC_:1c,2",
    "--keyword=g_dcgettext:2",
    "--keyword=g_dngettext:2,3",
    "--keyword=g_dpgettext2:2c,3",
    "--flag=N_:1:pass-c-format",
    "--flag=C_:2:pass-c-format",
    "--flag=NC_:2:pass-c-format",
    "--flag=g_dngettext:2:pass-c-format",
    "--flag=g_strdup_printf:1:c-format",
    "--flag=g_string_printf:2:c-format",
    "--flag=g_string_append_printf:2:c-format",
    "--flag=g_error_new:3:c-format",
    "--flag=g_set_error:4:c-format",
    "--flag=g_markup_printf_escaped:1:c-format",
    "--flag=g_log:3:c-format",
    "--flag=g_print:1:c-format",
    "--flag=g_printerr:1:c-format",
    "--flag=g_printf:1:c-format",
    "--flag=g_fprintf:2:c-format",
    "--flag=g_sprintf:2:c-format",
    "--flag=g_snprintf:3:c-format",
]

# C sources: a call of a gettext macro outside comments.
C_MARK = re.compile(r"(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|ngettext|g_dngettext"
                    r"|g_dpgettext2|g_dcgettext)\s*\(")
C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
C_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')

# GtkBuilder properties and menu attributes a user reads.
UI_VISIBLE = {"label", "title", "subtitle", "tooltip-text", "tooltip-markup",
              "placeholder-text", "text", "secondary-text", "description",
              "heading", "body", "comments"}

problems = []


def fail(message):
    problems.append(message)


def read_potfiles(srcdir, potfiles):
    listed = []
    with open(os.path.join(srcdir, potfiles), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if not os.path.exists(os.path.join(srcdir, line)):
                fail(f"{potfiles}:{n}: {line} does not exist")
                continue
            listed.append(line)
    return listed


def file_marks_strings(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    if path.endswith((".ui", ".xml", ".xml.in")):
        return 'translatable="yes"' in text or path.endswith(
            (".gschema.xml", ".metainfo.xml.in"))
    if path.endswith(".in"):
        return True
    # Strings first: a comment marker inside a string is not a comment.
    code = C_COMMENT.sub(" ", C_STRING.sub('""', text))
    return C_MARK.search(code) is not None


def check_scanned(srcdir, scan_dirs, listed):
    """Every file that marks strings must be listed in POTFILES.in."""
    listed_set = set(listed)
    for d in scan_dirs:
        top = os.path.join(srcdir, d)
        if not os.path.isdir(top):
            continue
        for root, dirs, files in os.walk(top):
            dirs[:] = sorted(x for x in dirs if not x.startswith((".", "_build")))
            for name in sorted(files):
                if not name.endswith((".c", ".h", ".ui")):
                    continue
                path = os.path.join(root, name)
                rel = os.path.relpath(path, srcdir)
                if rel not in listed_set and file_marks_strings(path):
                    fail(f"{rel}: marks strings for translation but is not "
                         "in POTFILES.in")
                if name.endswith(".ui"):
                    check_ui(path, rel)
    data = os.path.join(srcdir, "data")
    if os.path.isdir(data):
        for name in sorted(os.listdir(data)):
            if name.endswith((".desktop.in", ".metainfo.xml.in",
                              ".gschema.xml")):
                rel = os.path.join("data", name)
                if rel not in listed_set:
                    fail(f"{rel}: has translatable text but is not in "
                         "POTFILES.in")


def check_ui(path, rel):
    """A visible property or menu attribute without translatable="yes"."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail(f"{rel}: not well-formed XML: {e}")
        return
    for el in root.iter():
        if el.tag not in ("property", "attribute"):
            continue
        if el.get("name") not in UI_VISIBLE or el.get("translatable") == "yes":
            continue
        text = (el.text or "").strip()
        if re.search(r"[^\W\d_]", text):
            fail(f"{rel}: <{el.tag} name=\"{el.get('name')}\">{text}</{el.tag}>"
                 " is shown to the user but lacks translatable=\"yes\"")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def unquote(s):
    s = s.strip()
    assert s.startswith('"') and s.endswith('"'), s
    return (s[1:-1].replace('\\"', '"').replace("\\n", "\n")
            .replace("\\t", "\t").replace("\\\\", "\\"))


def parse_po(path):
    """Entries of a PO file: dicts with flags, ctxt, id, plural, strs,
    refs, obsolete. Enough of the format for msgmerge's output."""
    entries = []
    cur = None
    key = None

    def new():
        return {"flags": set(), "ctxt": None, "id": None, "plural": None,
                "strs": {}, "refs": [], "obsolete": False}

    def flush():
        nonlocal cur
        if cur is not None and cur["id"] is not None:
            entries.append(cur)
        cur = new()

    cur = new()
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            obsolete = line.startswith("#~")
            if obsolete:
                line = line[2:].lstrip()
            if not line.strip():
                flush()
                key = None
                continue
            if line.startswith("#,"):
                if cur["id"] is not None:
                    flush()
                cur["flags"].update(x.strip() for x in line[2:].split(","))
                continue
            if line.startswith("#:"):
                if cur["id"] is not None:
                    flush()
                cur["refs"].extend(line[2:].split())
                continue
            if line.startswith("#"):
                if cur["id"] is not None:
                    flush()
                continue
            m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)'
                         r'\s+(".*")$', line)
            if m:
                kw = m.group(1)
                if kw in ("msgctxt", "msgid") and cur["id"] is not None and (
                        kw == "msgctxt" or cur["strs"]):
                    flush()
                cur["obsolete"] = cur["obsolete"] or obsolete
                val = unquote(m.group(3))
                if kw == "msgctxt":
                    cur["ctxt"] = val
                    key = ("ctxt",)
                elif kw == "msgid":
                    cur["id"] = val
                    key = ("id",)
                elif kw == "msgid_plural":
                    cur["plural"] = val
                    key = ("plural",)
                else:
                    idx = int(m.group(2) or 0)
                    cur["strs"][idx] = val
                    key = ("strs", idx)
                continue
            if line.startswith('"') and key is not None:
                val = unquote(line)
                if key[0] == "strs":
                    cur["strs"][key[1]] += val
                else:
                    cur[key[0]] += val
                continue
            fail(f"{path}: cannot read line: {line!r}")
    flush()
    return entries


def describe(e):
    where = f" ({e['refs'][0]})" if e["refs"] else ""
    ctxt = f"[{e['ctxt']}] " if e["ctxt"] else ""
    msgid = e["id"].replace("\n", "\\n")
    return f"{ctxt}\"{msgid}\"{where}"


# The international unit symbols (core/bg-units.c, with prefixes) a
# translation that writes units in Russian must not leave after a number or
# a printf directive ("at t = %.4g s" in a Russian sentence).
PRINTF_DIRECTIVE = re.compile(r"%[-+ #0-9.$]*[a-zA-Z]")
LATIN_UNIT = re.compile(
    r"\d\s?"
    r"(?:[pnµumkMG]?(?:s|m|g|N|Pa|V|A|Ω|F|H|Wb|C|W|J|Hz)|kg|rad|rad/s|dB|"
    r"m/s|m²|m³|m³/s|N·m|1/s)"
    r"(?![^\W\d_]|\d)")


def check_unit_symbols(po_rel, live):
    """A language whose translation of the "unit symbols" switch asks for
    GOST 8.417 symbols writes them in its sentences too."""
    switch = [e for e in live if e["ctxt"] == "unit symbols"
              and e["id"] == "international"]
    if not switch or switch[0]["strs"].get(0) != "gost-8.417":
        return
    for e in live:
        for text in e["strs"].values():
            # a directive stands for a number: "%.4g s" reads "0 s"
            m = LATIN_UNIT.search(PRINTF_DIRECTIVE.sub("0", text))
            if m:
                fail(f"{po_rel}: an international unit symbol in a translation "
                     f"that writes units in Russian: {m.group(0)!r} in "
                     f"{describe(e)}")


def check_language(srcdir, pot, po_rel, tmp):
    po = os.path.join(srcdir, po_rel)
    if not os.path.exists(po):
        fail(f"{po_rel}: does not exist")
        return
    merged = os.path.join(tmp, os.path.basename(po_rel))
    # No fuzzy matching: a new string is reported as untranslated, and
    # "fuzzy" means an entry the translation itself marks so.
    r = run(["msgmerge", "--quiet", "--no-wrap", "--no-fuzzy-matching",
             "-o", merged, po, pot])
    if r.returncode != 0:
        fail(f"{po_rel}: msgmerge failed: {r.stderr.strip()}")
        return
    entries = parse_po(merged)
    live = [e for e in entries if e["id"] and not e["obsolete"]]
    stale = [e for e in entries if e["id"] and e["obsolete"]]
    untranslated = [e for e in live
                    if not e["strs"] or any(v == "" for v in e["strs"].values())]
    fuzzy = [e for e in live if "fuzzy" in e["flags"] and e not in untranslated]
    for e in untranslated:
        fail(f"{po_rel}: untranslated: {describe(e)}")
    for e in fuzzy:
        fail(f"{po_rel}: fuzzy: {describe(e)}")
    check_unit_symbols(po_rel, live)
    r = run(["msgfmt", "-c", "--check-format", "--check-accelerators=_",
             "-o", os.devnull, merged])
    if r.returncode != 0:
        for line in r.stderr.strip().splitlines():
            fail(f"{po_rel}: msgfmt: {line.replace(merged, po_rel + ' (merged)')}")
    done = len(live) - len(untranslated) - len(fuzzy)
    print(f"{po_rel}: {done} of {len(live)} messages translated, "
          f"{len(untranslated)} untranslated, {len(fuzzy)} fuzzy")
    for e in stale:
        print(f"{po_rel}: note: no longer in the sources: {describe(e)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--srcdir", default=os.path.dirname(
        os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--potfiles", default=os.path.join("po", "POTFILES.in"))
    ap.add_argument("--po", action="append", default=[])
    ap.add_argument("--scan", action="append", default=[])
    ap.add_argument("--expect-error", action="append", default=[])
    args = ap.parse_args()

    for tool in ("xgettext", "msgmerge", "msgfmt"):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed")
            return 77

    srcdir = os.path.abspath(args.srcdir)
    scan_dirs = args.scan or ["core", "ui", "app"]
    pos = args.po
    if not pos:
        podir = os.path.dirname(args.potfiles)
        with open(os.path.join(srcdir, podir, "LINGUAS"), encoding="utf-8") as f:
            langs = [w for line in f for w in line.split("#")[0].split()]
        pos = [os.path.join(podir, lang + ".po") for lang in langs]

    listed = read_potfiles(srcdir, args.potfiles)
    check_scanned(srcdir, scan_dirs, listed)

    with tempfile.TemporaryDirectory(prefix="check-po-") as tmp:
        pot = os.path.join(tmp, "template.pot")
        lst = os.path.join(tmp, "files")
        with open(lst, "w", encoding="utf-8") as f:
            f.write("\n".join(listed) + "\n")
        r = run(["xgettext", *GLIB_PRESET, "--package-name=bgmod",
                 "-D", srcdir, "-f", lst, "-o", pot])
        if r.stderr.strip():
            print(r.stderr.strip(), file=sys.stderr)
        if r.returncode != 0 or not os.path.exists(pot):
            fail(f"xgettext failed on the files in {args.potfiles}")
        else:
            for po in pos:
                check_language(srcdir, pot, po, tmp)

    for p in problems:
        print(p)
    if args.expect_error:
        missing = [t for t in args.expect_error
                   if not any(t in p for p in problems)]
        for t in missing:
            print(f"expected an error containing {t!r}, none came")
        if missing or not problems:
            return 1
        print(f"refused as expected ({len(problems)} problems)")
        return 0
    if problems:
        print(f"{len(problems)} problems")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
