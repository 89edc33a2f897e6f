#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-energy.py — `bgmod-cli energy` read back by independent parsers.

Owns: running `energy --json` and `energy --csv -` on every example of
data/examples (those whose causality has an error must exit 1 and print
nothing), reading the JSON with python3's strict json parser (no NaN or
Infinity) and the CSV with the csv module, and checking them against
docs/command-line.md (energy): the keys and their types, the roles, the
totals as sums of the element rows, the residual, relative_residual ≤ 1e-4
at the defaults, the CSV header `t,<id>.W…,supplied,dissipated,stored,
residual` with one column per element row, its last row equal to the JSON
(to the CSV's 12 digits), t increasing; and the closed forms of the RC
example (supplied C·U²(1 − e^−5), stored ½ C·U²(1 − e^−5)², within 1e-4).
Must not: use any of BGMod's code but the command line it checks.

Usage: check-energy.py BGMOD_CLI EXAMPLES_DIR (TAP on standard output)
"""
import csv
import io
import json
import math
import os
import subprocess
import sys

ROLES = {"source", "dissipator", "storage", "transducer"}
TOTALS = ["supplied", "dissipated", "stored", "residual"]
CLI = None
N = 0
FAILED = 0


def report(ok, what):
    global N, FAILED
    N += 1
    if not ok:
        FAILED += 1
    print(("ok" if ok else "not ok") + f" {N} - {what}")


def run(*args):
    env = dict(os.environ, LANGUAGE="C", LC_ALL="C.UTF-8")
    env.setdefault("LSAN_OPTIONS", "print_suppressions=0:suppressions=" +
                   os.path.join(os.path.dirname(os.path.abspath(__file__)), "lsan.supp"))
    p = subprocess.run([CLI, *args], capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def strict_json(text):
    def no_constants(name):
        raise ValueError(f"not strict JSON: {name}")
    return json.loads(text, parse_constant=no_constants)


def number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def close(a, b, rel):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def check_json(name, d):
    """Problems with one --json document (an empty list when none)."""
    problems = []
    want = {"t_end", "elements", "supplied", "dissipated", "stored", "residual", "relative_residual"}
    if set(d) != want:
        return [f"keys {sorted(d)}"]
    for k in want - {"elements"}:
        if not number(d[k]):
            problems.append(f"{k} is {d[k]!r}")
    if problems:
        return problems
    sums = dict.fromkeys(("source", "dissipator", "storage"), 0.0)
    size = 0.0
    for e in d["elements"]:
        if set(e) != {"id", "role", "energy"} or not isinstance(e["id"], str) \
           or e["role"] not in ROLES or not number(e["energy"]):
            problems.append(f"element {e!r}")
            continue
        if e["role"] in sums:
            sums[e["role"]] += e["energy"]
        size += abs(e["energy"])
        if e["role"] == "dissipator" and e["energy"] < -1e-9 * max(size, 1e-300):
            problems.append(f"{e['id']} dissipated {e['energy']} J")
    for key, role in (("supplied", "source"), ("dissipated", "dissipator"), ("stored", "storage")):
        if abs(d[key] - sums[role]) > 1e-12 * max(size, 1e-300):
            problems.append(f"{key} {d[key]} is not the sum {sums[role]}")
    residual = d["supplied"] - d["dissipated"] - d["stored"]
    if abs(d["residual"] - residual) > 1e-12 * max(size, 1e-300):
        problems.append(f"residual {d['residual']} is not {residual}")
    if not 0 <= d["relative_residual"] <= 1e-4:
        problems.append(f"relative_residual {d['relative_residual']}")
    scale = max(abs(d["supplied"]), abs(d["dissipated"]), abs(d["stored"]))
    if scale > 0 and d["relative_residual"] > abs(d["residual"]) / scale * (1 + 1e-12):
        problems.append("relative_residual above |residual| / max(supplied, dissipated, |stored|)")
    return problems


def check_csv(d, text):
    rows = list(csv.reader(io.StringIO(text), strict=True))
    header = rows[0]
    problems = []
    if header[0] != "t" or header[-4:] != TOTALS or len(header) != 1 + len(d["elements"]) + 4:
        return [f"header {header}"]
    seen = {}
    for e, col in zip(d["elements"], header[1:-4]):
        first = e["id"] not in seen
        want = f"{e['id']}.W" if first else f"{e['id']}.W_{e['role']}"
        seen[e["id"]] = True
        if col != want:
            problems.append(f"column {col}, expected {want}")
    if len(set(header)) != len(header):
        problems.append("a column name repeats")
    values = [[float(x) for x in r] for r in rows[1:]]
    if any(len(r) != len(header) for r in values):
        return problems + ["a row's length"]
    if any(not math.isfinite(x) for r in values for x in r):
        problems.append("a value that is not finite")
    times = [r[0] for r in values]
    if times[0] != 0 or any(b <= a for a, b in zip(times, times[1:])):
        problems.append("t does not increase from 0")
    last = values[-1]
    expected = [d["t_end"]] + [e["energy"] for e in d["elements"]] + [d[k] for k in TOTALS]
    scale = max(abs(x) for x in expected[1:]) if len(expected) > 1 else 1
    for col, a, b in zip(header, last, expected):
        if abs(a - b) > 1e-11 * max(abs(b), scale * 1e-3, 1e-300):
            problems.append(f"last row {col} = {a}, JSON {b}")
    return problems


def check_example(path):
    name = os.path.basename(path)
    rc, out, err = run("energy", path, "--json")
    if name.startswith("conflict-"):
        report(rc == 1 and out == "" and "bgmod-cli energy: " in err,
               f"{name}: a causal conflict exits 1 with its message")
        return
    try:
        d = strict_json(out)
    except ValueError as e:
        report(False, f"{name}: --json is strict JSON ({e}; exit {rc}, {err.strip()})")
        return
    problems = check_json(name, d)
    report(rc == 0 and not problems,
           f"{name}: --json as documented, relative residual {d.get('relative_residual')!r}"
           + ("" if not problems else ": " + "; ".join(problems)))
    rc, text, err = run("energy", path, "--csv", "-")
    problems = check_csv(d, text) if rc == 0 else [f"exit {rc}: {err}"]
    report(not problems, f"{name}: --csv read back by the csv module"
           + ("" if not problems else ": " + "; ".join(problems)))


def check_rc(examples):
    rc, out, err = run("energy", os.path.join(examples, "rc-circuit.bgmod"), "--json")
    d = strict_json(out)
    c, u, k = 1e-3, 10.0, 1 - math.exp(-5)     # 1 mF, 10 V, τ = 1 s, t_end = 5 s
    roles = {e["id"]: e["role"] for e in d["elements"]}
    ok = rc == 0 and roles == {"U": "source", "R1": "dissipator", "C1": "storage"} \
        and d["t_end"] == 5 \
        and close(d["supplied"], c * u * u * k, 1e-4) \
        and close(d["stored"], 0.5 * c * u * u * k * k, 1e-4) \
        and close(d["dissipated"], c * u * u * k - 0.5 * c * u * u * k * k, 1e-4)
    report(ok, f"rc-circuit: the closed forms within 1e-4 ({d['supplied']}, {d['dissipated']}, {d['stored']})")


def main():
    global CLI
    CLI, examples = sys.argv[1:3]
    paths = sorted(os.path.join(examples, f) for f in os.listdir(examples) if f.endswith(".bgmod"))
    for path in paths:
        check_example(path)
    check_rc(examples)
    print(f"1..{N}")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
