#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-fmusim.sh — runs every example's FMU in an independent importer,
# the C `fmusim` of the Reference-FMUs (docs/fmu.md, "Checked with other
# importers"), and compares it with `bgmod-cli simulate`.
#
# Owns: for each example, FMI 3.0 and 2.0, Model Exchange (fmusim's own
# CVODE at --tolerance 1e-10, against simulate --rtol 1e-9) and
# Co-Simulation (the FMU's own CVODE at the model's tolerance, against
# simulate with the model's settings): every state and output within 1e-4
# of its peak on the simulate output grid, the same end time; a table of
# the worst errors on standard output. A model with a causal conflict must
# be refused (exit 1). Must not: build or fetch fmusim (it is given), or
# be part of the test suite (the tests' own importer is
# tests/bg-test-fmi-host.c).
#
# Usage: build-aux/check-fmusim.sh FMUSIM [BGMOD-CLI [EXAMPLES-DIR]]
#   BGMOD-CLI defaults to _build/app/bgmod-cli, EXAMPLES-DIR to
#   data/examples. Exits 1 if any run fails or disagrees.

set -u

srcdir=$(cd "$(dirname "$0")/.." && pwd)
fmusim=${1:?usage: check-fmusim.sh FMUSIM [BGMOD-CLI [EXAMPLES-DIR]]}
cli=${2:-$srcdir/_build/app/bgmod-cli}
examples=${3:-$srcdir/data/examples}
tolerance=1e-4
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-fmusim-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failed=0

# The names an FMU's run is compared on (its states and outputs, one per
# line), then "stop STOPTIME".
describe () {
  python3 - "$1" <<'EOF'
import sys, zipfile
import xml.etree.ElementTree as ET
root = ET.fromstring(zipfile.ZipFile(sys.argv[1]).read("modelDescription.xml"))
names = []
if root.get("fmiVersion").startswith("3"):
    variables = [v for v in root.find("ModelVariables")]
    by_vr = {v.get("valueReference"): v for v in variables}
    states = {by_vr[v.get("derivative")].get("name") for v in variables if v.get("derivative")}
    outputs = {v.get("name") for v in variables if v.get("causality") == "output"}
    names = [v.get("name") for v in variables if v.get("name") in states | outputs]
else:
    variables = root.find("ModelVariables").findall("ScalarVariable")
    states = set()
    for v in variables:
        d = v.find("Real").get("derivative")
        if d:
            states.add(variables[int(d) - 1].get("name"))
    names = [v.get("name") for v in variables
             if v.get("name") in states or v.get("causality") == "output"]
print("\n".join(names))
print("stop", root.find("DefaultExperiment").get("stopTime"))
EOF
}

# compare SIMULATE.csv FMUSIM.csv: "worst-relative-error variable note"; exit 1 on
# a disagreement. An fmusim row at an event time comes twice (before and
# after); a simulate row there is matched with the nearer of the two.
compare () {
  python3 - "$1" "$2" "$tolerance" <<'EOF'
import bisect, csv, math, sys
sim = list(csv.reader(open(sys.argv[1], newline="")))
fmu = list(csv.reader(open(sys.argv[2], newline="")))
tol = float(sys.argv[3])
sim_head, sim_rows = sim[0], [[float(x) for x in r] for r in sim[1:] if r]
fmu_head, fmu_rows = fmu[0], [[float(x) for x in r] for r in fmu[1:] if r]
col = {name: i for i, name in enumerate(fmu_head)}
times = [r[0] for r in fmu_rows]


def rows_at(t):
    """fmusim's rows at time t (two at an event), within 1e-9 of t."""
    eps = 1e-9 * max(1.0, abs(t))
    lo, hi = bisect.bisect_left(times, t - eps), bisect.bisect_right(times, t + eps)
    return fmu_rows[lo:hi]


t_sim, t_fmu = sim_rows[-1][0], fmu_rows[-1][0]
same_end = abs(t_sim - t_fmu) <= 1e-6 * max(1.0, abs(t_sim))
worst, worst_name, missing = 0.0, "-", 0
for j, name in enumerate(sim_head[1:], start=1):
    if name not in col:
        print("nan", name, "not-recorded-by-fmusim")
        sys.exit(1)
    peak = max(abs(r[j]) for r in sim_rows) or 1.0
    for k, r in enumerate(sim_rows):
        matches = rows_at(r[0])
        if not matches:
            # An end stop off the grid ends both runs at nearly the same
            # time: that row is compared for time only.
            if k == len(sim_rows) - 1 and same_end:
                continue
            missing += 1
            continue
        err = min(abs(m[col[name]] - r[j]) for m in matches) / peak
        if not math.isfinite(err):
            err = math.inf
        if err > worst:
            worst, worst_name = err, name
note = "end=%.9g" % t_fmu
if not same_end:
    note += "(simulate:%.9g)" % t_sim
if missing:
    note += ",%d-values-off-grid" % missing
print("%.2e %s %s" % (worst, worst_name, note))
sys.exit(0 if worst <= tol and same_end and missing == 0 else 1)
EOF
}

printf '%-34s %-4s %-3s %-9s %-14s %s\n' model FMI if worst variable result
for model in "$examples"/*.bgmod; do
  base=$(basename "$model" .bgmod)
  for version in 3 2; do
    fmu="$tmp/${base//-/_}_$version.fmu"
    if ! "$cli" export-fmu "$model" --fmi "$version" --output "$fmu" 2> "$tmp/export.err"; then
      if grep -q "causality" "$tmp/export.err"; then
        printf '%-34s %-4s %-3s %-9s %-14s %s\n' "$base" "$version.0" "-" "-" "-" "refused (conflict)"
      else
        printf '%-34s %-4s %-3s %-9s %-14s %s\n' "$base" "$version.0" "-" "-" "-" "EXPORT FAILED"
        sed 's/^/#   /' "$tmp/export.err"
        failed=1
      fi
      continue
    fi
    describe "$fmu" > "$tmp/names"
    stop=$(sed -n 's/^stop //p' "$tmp/names")
    mapfile -t names < <(grep -v '^stop ' "$tmp/names")
    vars=$(IFS=,; echo "${names[*]}")
    record=()
    for name in "${names[@]}"; do record+=(--output-variable "$name"); done
    for iface in me cs; do
      sim="$tmp/sim-$iface.csv"
      out="$tmp/fmusim-$iface.csv"
      if [ "$iface" = me ]; then
        "$cli" simulate "$model" --vars "$vars" --rtol 1e-9 --csv "$sim" > /dev/null 2> "$tmp/simulate.err"
        options=(--interface-type me --solver cvode --tolerance 1e-10)
      else
        "$cli" simulate "$model" --vars "$vars" --csv "$sim" > /dev/null 2> "$tmp/simulate.err"
        # An end stop inside a communication step ends it early; fmusim
        # records the time reached only when an early return is allowed.
        options=(--interface-type cs --early-return-allowed)
      fi
      if ! "$fmusim" "${options[@]}" --stop-time "$stop" "${record[@]}" \
             --output-file "$out" "$fmu" > "$tmp/fmusim.log" 2>&1; then
        printf '%-34s %-4s %-3s %-9s %-14s %s\n' "$base" "$version.0" "$iface" "-" "-" "FMUSIM FAILED"
        sed 's/^/#   /' "$tmp/fmusim.log" | head -20
        failed=1
        continue
      fi
      if result=$(compare "$sim" "$out"); then verdict=ok; else verdict=DISAGREES; failed=1; fi
      read -r worst variable note <<< "$result"
      printf '%-34s %-4s %-3s %-9s %-14s %s %s\n' "$base" "$version.0" "$iface" "$worst" \
             "$variable" "$verdict" "$note"
    done
  done
done
exit $failed
