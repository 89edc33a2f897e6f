#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-compare.py — `bgmod-cli simulate A --compare B` from outside (TAP).

Owns: the CSV of a comparison read back with python3's csv module (strict:
every row as long as the header, every cell a number or empty): the header
t,<var>[A],<var>[B],… with the files' base names, `[B~2]` for a file
compared with itself, both runs on A's grid with A's settings (B's own end
time and output step ignored) against the RC circuit's closed form
10·(1 − e^(−t/RC)) for both resistances, B's cells empty after B's end
stop and A's event row kept; the plot in PNG and SVG; the refusals: a
variable B lacks (exit 1, named with both files, nothing written), a B
that cannot be read (2), is not a model (1) or has a causal conflict (1),
an unknown --vars name (2), --compare with --sweep (2). Must not: use any
of BGMod's own code but the CLI it checks.

Usage: check-compare.py BGMOD-CLI (BGMOD_DATADIR set).
"""
import csv
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

cli = sys.argv[1]
examples = os.path.join(os.environ["BGMOD_DATADIR"], "examples")
tmp = tempfile.mkdtemp(prefix="check-compare-")
results = []


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def run(*args):
    env = dict(os.environ, LANGUAGE="C", LC_ALL="C.UTF-8")
    # In the sanitizer build: fontconfig's lifetime allocations are not
    # leaks of ours (lsan.supp).
    env.setdefault("LSAN_OPTIONS", "print_suppressions=0:suppressions=" +
                   os.path.join(os.path.dirname(os.path.abspath(__file__)), "lsan.supp"))
    return subprocess.run([cli, *args], capture_output=True, text=True, env=env)


def read_csv(text):
    """(header, rows): rows of floats or None for an empty cell; raises on
    a ragged row or a cell that is not a number."""
    rows = list(csv.reader(text.splitlines(), strict=True))
    header, body = rows[0], rows[1:]
    out = []
    for r in body:
        if len(r) != len(header):
            raise ValueError("row of %d cells under a header of %d" % (len(r), len(header)))
        out.append([float(c) if c != "" else None for c in r])
    return header, out


def variant(name, out_name, change):
    """A copy of an example with change(model_json) applied."""
    with open(os.path.join(examples, name), encoding="utf-8") as f:
        model = json.load(f)
    change(model)
    path = os.path.join(tmp, out_name)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(model, f)
    return path


def element(model, eid):
    return next(e for e in model["elements"] if e["id"] == eid)


rc = os.path.join(examples, "rc-circuit.bgmod")


def slower(m):
    element(m, "R1")["params"]["value"] = 2000
    # B's own settings, which the comparison must not use.
    m["simulation"]["t_end"] = 2
    m["simulation"]["output_step"] = 0.1


rc_slow = variant("rc-circuit.bgmod", "rc-slow.bgmod", slower)

# 1. Two RC circuits against the closed form, on A's grid.
r = run("simulate", rc, "--compare", rc_slow, "--vars", "C1.e,C1.q", "--csv", "-")
check("RC against a slower RC: exit 0", r.returncode == 0, r.stderr)
try:
    header, rows = read_csv(r.stdout)
    check("header t,<var>[A],<var>[B] with the base names",
          header == ["t", "C1.e[rc-circuit]", "C1.e[rc-slow]", "C1.q[rc-circuit]",
                     "C1.q[rc-slow]"], header)
    times = [row[0] for row in rows]
    check("A's grid: 0 to 5 s every 5 ms (B's 2 s and 0.1 s are not used)",
          len(rows) == 1001 and abs(times[-1] - 5) < 1e-12
          and all(abs(t - 0.005 * k) < 1e-9 for k, t in enumerate(times)), (len(rows), times[-1]))
    # Closed form, rtol 1e-6: within 1e-4 of the peak (10 V, 10 mC).
    worst = 0.0
    for t, ea, eb, qa, qb in rows:
        worst = max(worst,
                    abs(ea - 10 * (1 - math.exp(-t / 1.0))) / 10,
                    abs(eb - 10 * (1 - math.exp(-t / 2.0))) / 10,
                    abs(qa - 0.01 * (1 - math.exp(-t / 1.0))) / 0.01,
                    abs(qb - 0.01 * (1 - math.exp(-t / 2.0))) / 0.01)
    check("both runs follow 10(1 - exp(-t/RC)) within 1e-4 of the peak", worst < 1e-4,
          "worst %.2e" % worst)
    print("# RC closed form: worst %.2e of the peak" % worst)
except (ValueError, IndexError) as e:
    check("the CSV reads back", False, str(e))

# 2. A file compared with itself: B's columns are [name~2], equal to A's.
r = run("simulate", rc, "--compare", rc, "--csv", "-")
try:
    header, rows = read_csv(r.stdout)
    check("a file with itself: [rc-circuit~2], the same numbers",
          r.returncode == 0 and header == ["t", "C1.e[rc-circuit]", "C1.e[rc-circuit~2]"]
          and all(row[1] == row[2] for row in rows), header)
except (ValueError, IndexError) as e:
    check("the CSV reads back", False, str(e))

# 3. End stops: a shorter cylinder ends B earlier; B's cells are empty
#    after its end, A keeps its own event row.
bench = os.path.join(examples, "hydraulic-bench.bgmod")
short = variant("hydraulic-bench.bgmod", "short-stroke.bgmod",
                lambda m: element(m, "CYL")["params"].update({"L": 0.2}))
out = os.path.join(tmp, "stops.csv")
r = run("simulate", bench, "--compare", short, "--vars", "CYL.x", "--csv", out)
try:
    with open(out, encoding="utf-8") as f:
        header, rows = read_csv(f.read())
    b_rows = [row for row in rows if row[2] is not None]
    check("end stops: exit 0, one event line per run",
          r.returncode == 0 and "hydraulic-bench: CYL reached its end stop" in r.stderr
          and "short-stroke: CYL reached its end stop" in r.stderr, r.stderr)
    check("B's cells are empty after B's end stop, only there",
          0 < len(b_rows) < len(rows) and all(row[2] is not None for row in rows[:len(b_rows)])
          and all(row[2] is None for row in rows[len(b_rows):]), (len(b_rows), len(rows)))
    check("B never passes its stop (x <= 0.2 m), A reaches 0.3 m at its event row",
          max(row[2] for row in b_rows) <= 0.2 + 1e-9 and abs(rows[-1][1] - 0.3) < 1e-6,
          (max(row[2] for row in b_rows), rows[-1][1]))
except (OSError, ValueError, IndexError) as e:
    check("the CSV reads back", False, str(e))

# 4. The plot, PNG and SVG.
for suffix, magic in (("png", b"\x89PNG\r\n\x1a\n"), ("svg", b"<")):
    path = os.path.join(tmp, "compare." + suffix)
    r = run("simulate", rc, "--compare", rc_slow, "--plot", path)
    data = open(path, "rb").read() if os.path.exists(path) else b""
    check("--plot %s: exit 0, a %s file, no CSV on stdout" % (suffix, suffix),
          r.returncode == 0 and data.startswith(magic) and len(data) > 1000 and r.stdout == "",
          r.stderr)

# 5. Refusals.
hydraulic_rc = os.path.join(examples, "hydraulic-rc.bgmod")
out = os.path.join(tmp, "never.csv")
r = run("simulate", rc, "--compare", hydraulic_rc, "--csv", out)
check("a variable B lacks: exit 1, named with both files, nothing written",
      r.returncode == 1 and "“C1.e”" in r.stderr and "hydraulic-rc.bgmod" in r.stderr
      and "rc-circuit.bgmod" in r.stderr and not os.path.exists(out), r.stderr)
r = run("simulate", rc, "--compare", os.path.join(tmp, "missing.bgmod"))
check("a B that cannot be read: exit 2, named", r.returncode == 2 and "missing.bgmod" in r.stderr,
      r.stderr)
notjson = os.path.join(tmp, "broken.bgmod")
with open(notjson, "w", encoding="utf-8") as f:
    f.write("{ not json")
r = run("simulate", rc, "--compare", notjson)
check("a B that is not a model: exit 1, named", r.returncode == 1 and "broken.bgmod" in r.stderr,
      (r.returncode, r.stderr))
conflict = os.path.join(examples, "conflict-two-capacitors.bgmod")
r = run("simulate", rc, "--compare", conflict, "--vars", "C1.e")
check("a B with a causal conflict: exit 1, its path and the conflict",
      r.returncode == 1 and "conflict-two-capacitors.bgmod: Causal conflict" in r.stderr, r.stderr)
r = run("simulate", rc, "--compare", rc_slow, "--vars", "C9.e")
check("an unknown --vars name: exit 2", r.returncode == 2 and "C9.e" in r.stderr, r.stderr)
r = run("simulate", rc, "--compare", rc_slow, "--sweep", "R1.value=1,2")
check("--compare with --sweep: exit 2",
      r.returncode == 2 and "--compare and --sweep" in r.stderr, r.stderr)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:20]:
            print("#   " + line)
shutil.rmtree(tmp, ignore_errors=True)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
