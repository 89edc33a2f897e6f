#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-desktop-data.py — cross-checks the desktop integration files.

Owns: the consistency between data/org.bgmod.BGMod.desktop.in, the MIME
package data/org.bgmod.BGMod.mime.xml, the metainfo and the icons under
data/icons (same app id, same MIME type, every named icon present, SVGs well
formed with the sizes the icon theme expects), and that update-mime-database
accepts the MIME package and maps *.bgmod to our type. Must not: need more
than the Python standard library (update-mime-database is used when present)
or touch the user's MIME database.

Usage: check-desktop-data.py DATA_DIR
"""

import configparser
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

APP_ID = "org.bgmod.BGMod"
MIME_TYPE = "application/x-bgmod+json"
GLOB = "*.bgmod"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
SVG_NS = "{http://www.w3.org/2000/svg}"

problems = []


def fail(where, message):
    problems.append(f"{where}: {message}")


def check_svg(path, viewbox):
    if not os.path.exists(path):
        fail(path, "missing")
        return
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail(path, f"not well-formed XML: {e}")
        return
    if root.tag != SVG_NS + "svg":
        fail(path, "the root element is not <svg>")
    if root.get("viewBox") != viewbox:
        fail(path, f"viewBox is {root.get('viewBox')!r}, must be {viewbox!r}")
    for el in root.iter():
        if el.tag in (SVG_NS + "text", SVG_NS + "image"):
            fail(path, f"<{el.tag[len(SVG_NS):]}> depends on fonts or files; "
                 "draw the shapes as paths")


def check_desktop(data):
    path = os.path.join(data, APP_ID + ".desktop.in")
    cp = configparser.RawConfigParser(strict=True, interpolation=None)
    cp.optionxform = str
    try:
        cp.read(path, encoding="utf-8")
        entry = cp["Desktop Entry"]
    except (configparser.Error, KeyError) as e:
        fail(path, f"cannot read [Desktop Entry]: {e}")
        return
    if entry.get("Icon") != APP_ID:
        fail(path, f"Icon={entry.get('Icon')} must be {APP_ID}")
    types = [t for t in entry.get("MimeType", "").split(";") if t]
    if MIME_TYPE not in types:
        fail(path, f"MimeType lacks {MIME_TYPE}")
    exec_ = entry.get("Exec", "")
    if not exec_.startswith("bgmod ") or "%F" not in exec_ and "%U" not in exec_:
        fail(path, f"Exec={exec_} must run bgmod with the files (%F or %U)")


def check_metainfo(data):
    path = os.path.join(data, APP_ID + ".metainfo.xml.in")
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail(path, f"not well-formed XML: {e}")
        return
    if root.findtext("id") != APP_ID:
        fail(path, f"<id> must be {APP_ID}")
    launch = root.find("launchable")
    if launch is None or launch.text != APP_ID + ".desktop":
        fail(path, f"<launchable type=\"desktop-id\"> must be {APP_ID}.desktop")
    types = [e.text for e in root.iterfind("provides/mediatype")]
    if MIME_TYPE not in types:
        fail(path, f"<provides> lacks <mediatype>{MIME_TYPE}</mediatype>")


def check_mime(data):
    path = os.path.join(data, APP_ID + ".mime.xml")
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail(path, f"not well-formed XML: {e}")
        return None
    mt = root.find(MIME_NS + "mime-type")
    if mt is None or mt.get("type") != MIME_TYPE:
        fail(path, f"must declare <mime-type type=\"{MIME_TYPE}\">")
        return path
    globs = [g.get("pattern") for g in mt.iterfind(MIME_NS + "glob")]
    if GLOB not in globs:
        fail(path, f"lacks <glob pattern=\"{GLOB}\"/>")
    icon = mt.find(MIME_NS + "icon")
    icon_name = icon.get("name") if icon is not None else MIME_TYPE.replace("/", "-")
    if icon_name != MIME_TYPE.replace("/", "-"):
        fail(path, f"icon {icon_name!r} should be {MIME_TYPE.replace('/', '-')!r}")
    check_svg(os.path.join(data, "icons", "hicolor", "scalable", "mimetypes",
                           icon_name + ".svg"), "0 0 128 128")
    return path


def check_update_mime_database(mime_xml):
    tool = shutil.which("update-mime-database")
    if tool is None or mime_xml is None:
        print("# update-mime-database not found; skipped the database check")
        return
    with tempfile.TemporaryDirectory() as share:
        tmp = os.path.join(share, "mime")
        os.makedirs(os.path.join(tmp, "packages"))
        shutil.copy(mime_xml, os.path.join(tmp, "packages", APP_ID + ".xml"))
        # A private data dir on the search path, so the tool does not warn.
        env = dict(os.environ, PKGSYSTEM_ENABLE_FSYNC="0", XDG_DATA_DIRS=share,
                   XDG_DATA_HOME=share)
        res = subprocess.run([tool, tmp], capture_output=True, text=True, env=env)
        if res.returncode != 0 or res.stderr.strip():
            fail(mime_xml, "update-mime-database refused it: "
                 + (res.stderr.strip() or f"exit {res.returncode}"))
            return
        with open(os.path.join(tmp, "globs2"), encoding="utf-8") as f:
            globs2 = f.read()
        if f":{MIME_TYPE}:{GLOB}" not in globs2:
            fail(mime_xml, f"update-mime-database did not map {GLOB} to {MIME_TYPE}")


def main(argv):
    if len(argv) != 1:
        print("usage: check-desktop-data.py DATA_DIR", file=sys.stderr)
        return 2
    data = argv[0]
    check_desktop(data)
    check_metainfo(data)
    mime_xml = check_mime(data)
    check_update_mime_database(mime_xml)
    icons = os.path.join(data, "icons", "hicolor")
    check_svg(os.path.join(icons, "scalable", "apps", APP_ID + ".svg"), "0 0 128 128")
    check_svg(os.path.join(icons, "symbolic", "apps", APP_ID + "-symbolic.svg"), "0 0 16 16")
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print("desktop data OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
