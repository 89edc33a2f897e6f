#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-pdf.py — a PDF read back strictly, apart from the program that wrote it.

Owns: the structure a PDF reader relies on (ISO 32000-1 §7.5): the header,
the cross-reference table and its every offset landing on "N G obj", the
trailer's /Size, /Root (a /Catalog) and /Info, startxref and %%EOF, every
stream's length ending at "endstream" and inflating when it is FlateDecode;
then what the caller expects: the number of pages, the page size, and the
text the document's /Title holds. Must not: depend on anything but Python.

Usage: check-pdf.py FILE [--pages N] [--media W H] [--title-contains TEXT]...
Exit 0 when the file passes, 1 with the reason on standard error.
"""
import re
import sys
import zlib


class Bad(Exception):
    pass


def literal_or_hex(value):
    """The text of a PDF string: (literal) or <hex>, UTF-16BE with a BOM."""
    value = value.strip()
    if value.startswith(b"<"):
        raw = bytes.fromhex(value[1:-1].decode("ascii"))
    elif value.startswith(b"("):
        raw = value[1:-1]
        raw = re.sub(rb"\\([()\\])", rb"\1", raw)
    else:
        raise Bad("not a string: %r" % value[:40])
    if raw.startswith(b"\xfe\xff"):
        return raw[2:].decode("utf-16-be")
    return raw.decode("latin-1")


def read_xref(data):
    tail = data.rstrip()
    if not tail.endswith(b"%%EOF"):
        raise Bad("no %%EOF at the end")
    sx = data.rfind(b"startxref")
    if sx < 0:
        raise Bad("no startxref")
    offset = int(data[sx + len(b"startxref"):].split()[0])
    if data[offset:offset + 4] != b"xref":
        raise Bad("startxref %d does not point at an xref table" % offset)
    pos = offset + 4
    objects = {}
    lines = data[pos:].split(b"trailer", 1)
    if len(lines) != 2:
        raise Bad("no trailer after the xref table")
    table, rest = lines
    words = table.split()
    i = 0
    while i < len(words):
        first, count = int(words[i]), int(words[i + 1])
        i += 2
        for k in range(count):
            off, gen, kind = int(words[i]), int(words[i + 1]), words[i + 2]
            i += 3
            if kind == b"n":
                objects[first + k] = (off, gen)
            elif kind != b"f":
                raise Bad("xref entry of kind %r" % kind)
    end = rest.find(b"startxref")
    return objects, rest[:end]


def object_body(data, objects, number):
    off, gen = objects[number]
    m = re.match(rb"\s*(\d+)\s+(\d+)\s+obj\b", data[off:off + 40])
    if not m or int(m.group(1)) != number or int(m.group(2)) != gen:
        raise Bad("xref offset %d of object %d does not start it" % (off, number))
    start = off + m.end()
    stop = data.find(b"endobj", start)
    if stop < 0:
        raise Bad("object %d has no endobj" % number)
    return data[start:stop]


def check_streams(data, objects):
    for number in objects:
        body = object_body(data, objects, number)
        s = body.find(b"stream")
        if s < 0 or body[:s].rstrip().endswith(b"end"):
            continue
        head = body[:s]
        m = re.search(rb"/Length\s+(\d+)(\s+(\d+)\s+R)?", head)
        if not m:
            raise Bad("stream %d without /Length" % number)
        length = int(m.group(1))
        if m.group(2):
            length = int(object_body(data, objects, length).strip())
        begin = s + len(b"stream")
        begin += 2 if body[begin:begin + 2] == b"\r\n" else 1
        content = body[begin:begin + length]
        if not body[begin + length:].lstrip().startswith(b"endstream"):
            raise Bad("stream %d is not %d bytes long" % (number, length))
        if b"/FlateDecode" in head:
            try:
                zlib.decompress(content)
            except zlib.error as e:
                raise Bad("stream %d does not inflate: %s" % (number, e))


def main(argv):
    path = argv[1]
    pages = None
    media = None
    titles = []
    i = 2
    while i < len(argv):
        if argv[i] == "--pages":
            pages = int(argv[i + 1]); i += 2
        elif argv[i] == "--media":
            media = (float(argv[i + 1]), float(argv[i + 2])); i += 3
        elif argv[i] == "--title-contains":
            titles.append(argv[i + 1]); i += 2
        else:
            raise SystemExit("check-pdf: unknown argument %s" % argv[i])
    data = open(path, "rb").read()
    if not re.match(rb"%PDF-1\.[0-7]\r?\n", data):
        raise Bad("no %PDF-1.x header")
    objects, trailer = read_xref(data)
    size = re.search(rb"/Size\s+(\d+)", trailer)
    root = re.search(rb"/Root\s+(\d+)\s+\d+\s+R", trailer)
    if not size or not root:
        raise Bad("the trailer lacks /Size or /Root")
    if max(objects) >= int(size.group(1)):
        raise Bad("an object beyond /Size")
    catalog = object_body(data, objects, int(root.group(1)))
    if b"/Catalog" not in catalog:
        raise Bad("/Root is not a /Catalog")
    check_streams(data, objects)
    kids = [n for n in objects if re.search(rb"/Type\s*/Page\b", object_body(data, objects, n))]
    if pages is not None and len(kids) != pages:
        raise Bad("%d pages, not %d" % (len(kids), pages))
    if media is not None:
        for n in kids:
            m = re.search(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]",
                          object_body(data, objects, n))
            if not m:
                pages_tree = b"".join(object_body(data, objects, k) for k in objects)
                m = re.search(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]",
                              pages_tree)
            box = tuple(float(x) for x in m.groups())
            if abs(box[2] - box[0] - media[0]) > 0.5 or abs(box[3] - box[1] - media[1]) > 0.5:
                raise Bad("page %d is %g × %g, not %g × %g" % (n, box[2] - box[0],
                                                               box[3] - box[1], *media))
    if titles:
        info = re.search(rb"/Info\s+(\d+)\s+\d+\s+R", trailer)
        if not info:
            raise Bad("no /Info for the title")
        body = object_body(data, objects, int(info.group(1)))
        m = re.search(rb"/Title\s*(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))", body)
        if not m:
            raise Bad("no /Title")
        title = literal_or_hex(m.group(1))
        for t in titles:
            if t not in title:
                raise Bad("the title %r lacks %r" % (title, t))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (Bad, ValueError, KeyError, IndexError, AttributeError) as e:
        print("check-pdf: %s: %s" % (sys.argv[1] if len(sys.argv) > 1 else "?", e), file=sys.stderr)
        sys.exit(1)
