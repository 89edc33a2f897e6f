#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""make-fuzz-corpus.py — writes the stored fuzz corpus for the model loader.

Owns: turning the example models (data/examples/*.bgmod) and the hand-written
seeds (tests/fuzz/seeds/*.bgmod) into a deterministic set of mutated files in
tests/fuzz/corpus/: byte flips, truncations, deleted and duplicated brackets,
number mutations (huge, negative, NaN, 1e400), id and reference mutations,
deep nesting, long strings, invalid UTF-8, shuffled keys, wrong types,
missing keys and combinations. The same inputs and seed always give the same
files. Must not: use anything beyond the Python standard library, or delete
files it did not write (saved crashers "crash-*" and other hand-added files
stay).

Usage: make-fuzz-corpus.py [--count N] [--seed S] [SOURCE_ROOT]
Run it again when the examples change, and commit the result.
"""

import argparse
import copy
import glob
import json
import os
import random
import re
import sys

GENERATED = re.compile(r"^\d{3}-[a-z0-9-]+\.bgmod$")

HUGE_NUMBERS = [
    "1e400", "-1e400", "1e-400", "NaN", "-NaN", "Infinity", "-Infinity",
    "1.7976931348623157e309", "99999999999999999999999999999999",
    "-0", "0", "-1", "-1e-300", "4.9e-324", "0x10", "1e", "1e+", ".5", "5.",
    "01", "+1", "1_000", "9" * 400, "-" + "9" * 400, "1e99999999999", "3.0e-7",
    "18446744073709551616", "-9223372036854775809", "2147483648",
]

BAD_IDS = [
    "", " ", "9bad", "a.b", "a-b", "Ω1", "x" * 65, "x" * 64, "_", "__init__",
    "U\u0000V", "\t", "b1", "U", "J", "null", "elements", "p1", "a b",
    "\ud7ff", "é", "A" * 1000,
]

BAD_REFS = [
    "", ".", "NOPE", "U.", ".P", "U.P.Q", "J.p1", "J.p99", "T1.X", "CYL.Z",
    "PUMP", "CYL", "C1.E", "C1.H", "..", "U..P", "x" * 300, "b1",
]

WRONG_VALUES = [
    None, True, False, 0, -1, 1.5, "", "1", "10", [], [1, 2], {}, {"a": 1},
    "forward", "reversed", "sideways", 1e308, -1e308, [[0, 1]], "NaN",
]

TOP_KEYS = ["format", "version", "name", "elements", "bonds", "simulation", "view"]
ELEMENT_KEYS = ["id", "type", "domain", "x", "y", "rotation", "label", "params"]
BOND_KEYS = ["id", "from", "to", "arrow"]
SIM_KEYS = ["t_end", "output_step", "rtol", "atol"]
TYPES = ["0", "1", "R", "C", "I", "Se", "Sf", "TF", "CylinderDA",
         "MechanicalLoad", "PumpCurve", "GasAccumulator", "GY", "r", "", "Ω"]
DOMAINS = ["electrical", "hydraulic", "translational", "rotational",
           "hydraulics", "Electrical", "thermal", ""]
PARAM_NAMES = ["value", "initial", "n", "waveform", "after", "time", "table",
               "D", "d", "L", "x0", "mass", "damping", "load", "V0", "p0",
               "bogus", "", "Value"]


def dump(model, rng):
    style = rng.randrange(3)
    if style == 0:
        return json.dumps(model, indent=2, ensure_ascii=False)
    if style == 1:
        return json.dumps(model, separators=(",", ":"), ensure_ascii=False)
    return json.dumps(model, indent=1, ensure_ascii=True)


def to_bytes(text):
    # Lone surrogates (from the id list) become invalid UTF-8 on purpose.
    return text.encode("utf-8", "surrogatepass")


def pick_obj(model, rng, key):
    items = model.get(key)
    if isinstance(items, list) and items:
        i = rng.randrange(len(items))
        if isinstance(items[i], dict):
            return i, items[i]
    return None, None


# -- text mutations --------------------------------------------------------

def m_byte_flip(data, rng):
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if b:
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
    return bytes(b)


def m_truncate(data, rng):
    return data[:rng.randrange(len(data))] if data else data


def m_delete_bracket(data, rng):
    idx = [i for i, c in enumerate(data) if c in b"{}[]"]
    if not idx:
        return data
    i = rng.choice(idx)
    return data[:i] + data[i + 1:]


def m_duplicate_bracket(data, rng):
    idx = [i for i, c in enumerate(data) if c in b"{}[],:\""]
    if not idx:
        return data
    i = rng.choice(idx)
    return data[:i] + data[i:i + 1] * rng.randint(2, 4) + data[i + 1:]


NUMBER = re.compile(rb"(?<![A-Za-z0-9_\"])-?\d+(\.\d+)?([eE][-+]?\d+)?")


def m_number(data, rng):
    spans = [m.span() for m in NUMBER.finditer(data)]
    if not spans:
        return data
    for _ in range(rng.randint(1, 3)):
        spans = [m.span() for m in NUMBER.finditer(data)]
        if not spans:
            break
        a, b = rng.choice(spans)
        data = data[:a] + rng.choice(HUGE_NUMBERS).encode() + data[b:]
    return data


def m_invalid_utf8(data, rng):
    bad = rng.choice([b"\xff", b"\xc3\x28", b"\xc0\xaf", b"\xed\xa0\x80",
                      b"\xf4\x90\x80\x80", b"\xe2\x82", b"\x80", b"\xfe\xff",
                      b"\x00", b"\xef\xbb\xbf"])
    quotes = [i for i, c in enumerate(data) if c == ord('"')]
    i = rng.choice(quotes) + 1 if quotes else 0
    return data[:i] + bad + data[i:]


def m_splice(data, rng):
    if len(data) < 4:
        return data
    a = rng.randrange(len(data))
    b = rng.randrange(len(data))
    n = rng.randint(1, 64)
    return data[:a] + data[b:b + n] + data[a:]


def m_duplicate_key(data, rng):
    # {"id": "X", ...} -> {"id": "X", "id": "Y", ...}
    spans = [m.span() for m in re.finditer(rb'"(id|from|to|type|version|format)"\s*:\s*("[^"]*"|\d+)', data)]
    if not spans:
        return data
    a, b = rng.choice(spans)
    key = data[a:b].split(b":", 1)[0]
    other = rng.choice([b'"U"', b'"b1"', b'"NOPE"', b'2', b'null', b'"1"'])
    return data[:b] + b", " + key + b": " + other + data[b:]


# -- structural mutations --------------------------------------------------

def s_ids(model, rng):
    kind = rng.choice(["elements", "bonds"])
    i, obj = pick_obj(model, rng, kind)
    if obj is None:
        return model
    obj["id"] = rng.choice(BAD_IDS + [WRONG_VALUES[rng.randrange(len(WRONG_VALUES))]])
    return model


def s_refs(model, rng):
    i, bond = pick_obj(model, rng, "bonds")
    if bond is None:
        return model
    end = rng.choice(["from", "to"])
    choice = rng.randrange(4)
    if choice == 0:
        bond[end] = rng.choice(BAD_REFS)
    elif choice == 1:
        bond["from"] = bond.get("to")  # self bond
    elif choice == 2:
        j, other = pick_obj(model, rng, "bonds")
        if other is not None:
            bond[end] = other.get(end)  # port already in use
    else:
        _, el = pick_obj(model, rng, "elements")
        if el is not None:
            bond[end] = str(el.get("id")) + rng.choice(["", ".P", ".S", ".A", ".M", ".T", ".H"])
    return model


DEEP_MARK = "@@deep-nesting@@"


def deep_text(rng):
    depth = rng.choice([63, 64, 65, 66, 200, 1000, 5000])
    opens, closes = [], []
    for _ in range(depth):
        if rng.random() < 0.5:
            opens.append("[")
            closes.append("]")
        else:
            opens.append('{"a":')
            closes.append("}")
    inner = rng.choice(["[]", "{}", "1", '"x"'])
    return "".join(opens) + inner + "".join(reversed(closes))


def s_deep(model, rng):
    # A marker string, replaced by the nested text after dumping (json.dumps
    # itself would recurse too deeply).
    where = rng.randrange(4)
    if where == 0:
        model["view"] = DEEP_MARK
    elif where == 1:
        _, el = pick_obj(model, rng, "elements")
        if el is not None:
            el.setdefault("params", {})
            if isinstance(el["params"], dict):
                el["params"]["value"] = DEEP_MARK
    elif where == 2:
        model["extra"] = DEEP_MARK
    else:
        model["simulation"] = DEEP_MARK
    return model


def s_long_strings(model, rng):
    n = rng.choice([65, 1000, 20000])
    s = rng.choice(["x", "Ж", "0", "\\", "\"", " "]) * n
    where = rng.randrange(5)
    if where == 0:
        model["name"] = s
    elif where == 1:
        _, el = pick_obj(model, rng, "elements")
        if el is not None:
            el["label"] = s
    elif where == 2:
        _, el = pick_obj(model, rng, "elements")
        if el is not None:
            el["type"] = s
    elif where == 3:
        _, b = pick_obj(model, rng, "bonds")
        if b is not None:
            b["to"] = s
    else:
        model[s[:5000]] = s
    return model


def shuffle_keys(obj, rng):
    if isinstance(obj, dict):
        items = list(obj.items())
        rng.shuffle(items)
        return {k: shuffle_keys(v, rng) for k, v in items}
    if isinstance(obj, list):
        return [shuffle_keys(v, rng) for v in obj]
    return obj


def s_shuffle(model, rng):
    model = shuffle_keys(model, rng)
    for key in ("elements", "bonds"):
        if isinstance(model.get(key), list) and rng.random() < 0.5:
            rng.shuffle(model[key])
    return model


def s_wrong_types(model, rng):
    for _ in range(rng.randint(1, 3)):
        target = rng.randrange(5)
        value = copy.deepcopy(rng.choice(WRONG_VALUES))
        if target == 0:
            model[rng.choice(TOP_KEYS)] = value
        elif target == 1:
            _, el = pick_obj(model, rng, "elements")
            if el is not None:
                el[rng.choice(ELEMENT_KEYS)] = value
        elif target == 2:
            _, b = pick_obj(model, rng, "bonds")
            if b is not None:
                b[rng.choice(BOND_KEYS)] = value
        elif target == 3:
            sim = model.setdefault("simulation", {})
            if isinstance(sim, dict):
                sim[rng.choice(SIM_KEYS)] = rng.choice([value, 0, -1, 1e-300, 1e300, 2.0])
        else:
            _, el = pick_obj(model, rng, "elements")
            if el is not None:
                params = el.setdefault("params", {})
                if isinstance(params, dict):
                    params[rng.choice(PARAM_NAMES)] = value
    return model


def s_semantics(model, rng):
    choice = rng.randrange(9)
    _, el = pick_obj(model, rng, "elements")
    if choice == 0 and el is not None:
        el["type"] = rng.choice(TYPES)
    elif choice == 1 and el is not None:
        el["domain"] = rng.choice(DOMAINS)
    elif choice == 2 and el is not None:
        el["rotation"] = rng.choice([45, -90, 360, 90.5, 180])
    elif choice == 3 and el is not None:
        el.setdefault("params", {})
        if isinstance(el["params"], dict):
            el["params"][rng.choice(PARAM_NAMES)] = rng.choice(
                [0, -1, 1e-320, 1e308, "step", "ramp", [[0, 1], [0, 2]], [[1, 0], [0, 1]], [], [[0]]])
    elif choice == 4:
        model["version"] = rng.choice([0, 2, 99, -1, 1.5, "1"])
    elif choice == 5:
        model["format"] = rng.choice(["bgmod2", "BGMOD", "", "json"])
    elif choice == 6:
        key = rng.choice(TOP_KEYS[:5])
        model.pop(key, None)
    elif choice == 7 and el is not None:
        el.pop(rng.choice(["id", "type", "domain"]), None)
    elif choice == 8:
        _, b = pick_obj(model, rng, "bonds")
        if b is not None:
            b.pop(rng.choice(["id", "from", "to"]), None)
    return model


def s_duplicate_items(model, rng):
    for key in ("elements", "bonds"):
        items = model.get(key)
        if isinstance(items, list) and items and rng.random() < 0.7:
            items.append(copy.deepcopy(rng.choice(items)))
    return model


def s_many(model, rng):
    # Many junction bonds and elements: stresses port numbering and analysis.
    n = rng.choice([50, 300, 1000])
    els = model.setdefault("elements", [])
    bonds = model.setdefault("bonds", [])
    if not isinstance(els, list) or not isinstance(bonds, list):
        return model
    els.append({"id": "Jhub", "type": rng.choice(["0", "1"]), "domain": "electrical"})
    for k in range(n):
        els.append({"id": f"R{k}x", "type": rng.choice(["R", "C", "I", "Se"]),
                    "domain": "electrical"})
        bonds.append({"id": f"bx{k}", "from": "Jhub", "to": f"R{k}x"})
    return model


TEXT_MUTATIONS = [
    ("flip", m_byte_flip), ("trunc", m_truncate), ("delbrace", m_delete_bracket),
    ("dupbrace", m_duplicate_bracket), ("number", m_number), ("utf8", m_invalid_utf8),
    ("splice", m_splice), ("dupkey", m_duplicate_key),
]
STRUCT_MUTATIONS = [
    ("ids", s_ids), ("refs", s_refs), ("deep", s_deep), ("long", s_long_strings),
    ("shuffle", s_shuffle), ("types", s_wrong_types), ("semantics", s_semantics),
    ("dupitems", s_duplicate_items), ("many", s_many),
]

FIXED_CASES = [
    ("empty", b""), ("space", b"   \n\t"), ("null", b"null"), ("array", b"[]"),
    ("object", b"{}"), ("string", b"\"bgmod\""), ("bom", b"\xef\xbb\xbf{\"format\":\"bgmod\",\"version\":1,\"elements\":[],\"bonds\":[]}"),
    ("minimal", b"{\"format\":\"bgmod\",\"version\":1,\"elements\":[],\"bonds\":[]}"),
    ("trailing", b"{\"format\":\"bgmod\",\"version\":1,\"elements\":[],\"bonds\":[]} {}"),
    ("nul", b"{\"format\":\"bgmod\",\x00\"version\":1}"),
    ("comment", b"{\"format\":\"bgmod\", /* c */ \"version\":1,\"elements\":[],\"bonds\":[]}"),
    ("single-quote", b"{'format':'bgmod','version':1}"),
    ("deep-array", b"[" * 100000 + b"]" * 100000),
    ("deep-open", b"{\"a\":" * 20000),
]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root", nargs="?", default=os.path.join(os.path.dirname(__file__), ".."))
    ap.add_argument("--count", type=int, default=240)
    ap.add_argument("--seed", type=int, default=20261202)
    args = ap.parse_args(argv)

    root = os.path.abspath(args.root)
    sources = sorted(glob.glob(os.path.join(root, "data", "examples", "*.bgmod")))
    sources += sorted(glob.glob(os.path.join(root, "tests", "fuzz", "seeds", "*.bgmod")))
    if not sources:
        print("make-fuzz-corpus: no seed models found", file=sys.stderr)
        return 1
    seeds = []
    for path in sources:
        with open(path, "rb") as f:
            raw = f.read()
        try:
            model = json.loads(raw)
        except ValueError as e:
            print(f"make-fuzz-corpus: {path}: not JSON ({e}); used for byte mutations only",
                  file=sys.stderr)
            model = None
        seeds.append((os.path.splitext(os.path.basename(path))[0], raw, model))

    out = os.path.join(root, "tests", "fuzz", "corpus")
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        if GENERATED.match(name):
            os.unlink(os.path.join(out, name))

    rng = random.Random(args.seed)
    written = 0

    def write(kind, name, data):
        nonlocal written
        fname = f"{written:03d}-{kind}-{re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')}.bgmod"
        with open(os.path.join(out, fname), "wb") as f:
            f.write(data)
        written += 1

    for kind, data in FIXED_CASES:
        write("fixed", kind, data)

    while written < args.count:
        name, raw, model = seeds[rng.randrange(len(seeds))]
        use_struct = model is not None and rng.random() < 0.55
        kinds = []
        if use_struct:
            m = copy.deepcopy(model)
            for _ in range(1 if rng.random() < 0.7 else rng.randint(2, 3)):
                kind, fn = rng.choice(STRUCT_MUTATIONS)
                m = fn(m, rng)
                kinds.append(kind)
            text = dump(m, rng)
            while '"' + DEEP_MARK + '"' in text:
                text = text.replace('"' + DEEP_MARK + '"', deep_text(rng), 1)
            data = to_bytes(text)
            if rng.random() < 0.15:
                kind, fn = rng.choice(TEXT_MUTATIONS)
                data = fn(data, rng)
                kinds.append(kind)
        else:
            data = raw
            for _ in range(1 if rng.random() < 0.7 else rng.randint(2, 3)):
                kind, fn = rng.choice(TEXT_MUTATIONS)
                data = fn(data, rng)
                kinds.append(kind)
        write("-".join(kinds), name, data)

    total = sum(os.path.getsize(os.path.join(out, n)) for n in os.listdir(out))
    print(f"make-fuzz-corpus: wrote {written} files from {len(seeds)} seeds "
          f"into {os.path.relpath(out, root)} ({total // 1024} KiB in the directory)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
