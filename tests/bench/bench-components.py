#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench-components.py — a model of N instances of one component against
the same graph drawn flat, as users run it.

Owns: writing a line of N tanks (one definition, N instances with their own
capacitances) and the same graph flat, and timing the whole `bgmod-cli`
process on each — `analyze` and `simulate --vars … --csv FILE` — with peak
RSS from /usr/bin/time -v, median of the runs, alternating the two files.
Prints the figures and the ratios; asserts nothing.

Usage: bench-components.py BGMOD_CLI [N=10000] [RUNS=5]
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

TANK = {
    "elements": [
        {"id": "IN", "type": "Port", "domain": "hydraulic"},
        {"id": "OUT", "type": "Port", "domain": "hydraulic"},
        {"id": "J", "type": "0", "domain": "hydraulic"},
        {"id": "C", "type": "C", "domain": "hydraulic", "params": {"value": 1e-8}},
        {"id": "J2", "type": "1", "domain": "hydraulic"},
        {"id": "R", "type": "R", "domain": "hydraulic", "params": {"value": 1e9}},
    ],
    "bonds": [
        {"id": "b1", "from": "IN", "to": "J"}, {"id": "b2", "from": "J", "to": "C"},
        {"id": "b3", "from": "J", "to": "J2"}, {"id": "b4", "from": "J2", "to": "R"},
        {"id": "b5", "from": "J2", "to": "OUT"},
    ],
}
SIM = {"t_end": 10, "output_step": 0.01}


def models(n):
    hier_el = [{"id": "Q", "type": "Sf", "domain": "hydraulic", "params": {"value": 1e-4}}]
    hier_b = []
    flat_el = [dict(hier_el[0])]
    flat_b = []
    prev_h, prev_f = "Q", "Q"
    for i in range(1, n + 1):
        c = 1e-8 * (1 + (i % 7))
        hier_el.append({"id": f"T{i}", "type": "Tank", "params": {"C.value": c}})
        hier_b.append({"id": f"b{i}", "from": prev_h, "to": f"T{i}.IN"})
        prev_h = f"T{i}.OUT"
        # The flat graph in the order flattening gives: each tank's elements
        # in place, its inner bonds with the bond through IN in their place.
        p = f"T{i}_"
        flat_el += [{"id": p + "J", "type": "0", "domain": "hydraulic"},
                    {"id": p + "C", "type": "C", "domain": "hydraulic", "params": {"value": c}},
                    {"id": p + "J2", "type": "1", "domain": "hydraulic"},
                    {"id": p + "R", "type": "R", "domain": "hydraulic", "params": {"value": 1e9}}]
    hier_el.append({"id": "E", "type": "Se", "domain": "hydraulic", "params": {"value": 0}})
    hier_b.append({"id": f"b{n + 1}", "from": prev_h, "to": "E"})
    flat_el.append(dict(hier_el[-1]))
    # Bond order of the flat graph: tank by tank, b_i through IN first, then
    # b2..b4 inside; the bond between tanks takes the place of the first
    # part inside it (T_i's b5), the last one before E likewise.
    for i in range(1, n + 1):
        p = f"T{i}_"
        if i == 1:
            flat_b.append({"id": "b1", "from": "Q", "to": p + "J"})
        flat_b += [{"id": p + "b2", "from": p + "J", "to": p + "C"},
                   {"id": p + "b3", "from": p + "J", "to": p + "J2"},
                   {"id": p + "b4", "from": p + "J2", "to": p + "R"}]
        nxt = f"T{i + 1}_J" if i < n else "E"
        flat_b.append({"id": f"b{i + 1}", "from": p + "J2", "to": nxt})
    hier = {"format": "bgmod", "version": 1, "name": f"{n} tanks", "components": {"Tank": TANK},
            "elements": hier_el, "bonds": hier_b, "simulation": SIM}
    flat = {"format": "bgmod", "version": 1, "name": f"{n} tanks, flat",
            "elements": flat_el, "bonds": flat_b, "simulation": SIM}
    return hier, flat


def measure(cmd):
    p = subprocess.run(['/usr/bin/time', '-v', *cmd], capture_output=True, text=True,
                       env=dict(os.environ, LANGUAGE='C', LC_ALL='C.UTF-8'))
    wall = rss = None
    for line in p.stderr.splitlines():
        line = line.strip()
        if line.startswith('Elapsed (wall clock) time'):
            t = line.rsplit(' ', 1)[1]
            parts = [float(x) for x in t.split(':')]
            wall = sum(x * 60 ** i for i, x in enumerate(reversed(parts)))
        elif line.startswith('Maximum resident set size'):
            rss = int(line.rsplit(' ', 1)[1])
    if p.returncode != 0:
        raise SystemExit(f'{" ".join(cmd)} failed ({p.returncode}):\n{p.stderr[-2000:]}')
    return wall, rss


def main():
    cli = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    tmp = tempfile.mkdtemp(prefix='bench-components-')
    hier, flat = models(n)
    paths = {}
    for name, m in (('components', hier), ('flat', flat)):
        paths[name] = os.path.join(tmp, name + '.bgmod')
        with open(paths[name], 'w', encoding='utf-8') as f:
            json.dump(m, f)
    csv = os.path.join(tmp, 'out.csv')
    jobs = {
        'analyze': lambda p: [cli, 'analyze', p],
        'simulate': lambda p, v='': [cli, 'simulate', p, '--vars', v, '--csv', csv],
    }
    print(f'bench-components: {n} tanks of one definition against the same graph flat, '
          f'median of {runs}, whole bgmod-cli processes')
    for job in ('analyze', 'simulate'):
        res = {'components': [], 'flat': []}
        for _ in range(runs):
            for name in ('components', 'flat'):
                var = f'T{n}.C.q' if name == 'components' else f'T{n}_C.q'
                cmd = jobs[job](paths[name]) if job == 'analyze' else jobs[job](paths[name], var)
                res[name].append(measure(cmd))
        wc = statistics.median(w for w, _ in res['components'])
        wf = statistics.median(w for w, _ in res['flat'])
        rc = max(r for _, r in res['components'])
        rf = max(r for _, r in res['flat'])
        print(f'  {job:9s} components {wc:6.3f} s {rc / 1024:7.1f} MiB | flat {wf:6.3f} s '
              f'{rf / 1024:7.1f} MiB | time ×{wc / wf:.3f}, memory ×{rc / rf:.3f}')


if __name__ == '__main__':
    main()
