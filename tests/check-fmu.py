# SPDX-License-Identifier: GPL-3.0-or-later
"""The FMU runtime and export-fmu from outside (TAP): the runtime library
needs only libc and libm (ldd) and exports only the FMI functions (nm);
the refusals of export-fmu (a causal conflict: exit 1; an unknown input or
output, a bad --fmi: exit 2, each with a message); a 100 000-element model
exports in bounded time and size, and its FMU loads and instantiates in
another program (Python's ctypes) within bounded time.

Usage: check-fmu.py BGMOD-CLI RUNTIME.so [SANITIZE] (BGMOD_DATADIR set).
In a sanitizer build (SANITIZE is not "none") the runtime needs the
sanitizers' libraries too, and another program cannot load it."""
import ctypes
import json
import os
import subprocess
import sys
import tempfile
import time
import zipfile

cli, runtime = sys.argv[1:3]
sanitized = len(sys.argv) > 3 and sys.argv[3] not in ("", "none")
examples = os.path.join(os.environ["BGMOD_DATADIR"], "examples")
tmp = tempfile.mkdtemp(prefix="check-fmu-")
results = []


def check(name, ok, detail=""):
    results.append((name, ok, detail))


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True)


# 1. Dependencies and exports.
ldd = subprocess.run(["ldd", runtime], capture_output=True, text=True).stdout
libs = sorted(line.split()[0] for line in ldd.splitlines() if line.strip())
allowed = ("linux-vdso.so", "libc.so", "libm.so", "/lib64/ld-linux-x86-64.so", "ld-linux-x86-64.so")
if sanitized:
    allowed += ("libasan.so", "libubsan.so", "libstdc++.so", "libgcc_s.so", "libdl.so", "libpthread.so",
                "librt.so")
print("# ldd:", " ".join(libs))
check("runtime needs only libc, libm and the loader",
      all(lib.startswith(allowed) for lib in libs) and any(l.startswith("libc.so") for l in libs), ldd)
nm = subprocess.run(["nm", "-D", "--defined-only", runtime], capture_output=True, text=True).stdout
symbols = [line.split()[-1] for line in nm.splitlines() if line.strip()]
others = [s for s in symbols if not (s.startswith("fmi2") or s.startswith("fmi3"))]
print("# %d exported symbols, %d fmi3*, %d fmi2*" % (
    len(symbols), sum(s.startswith("fmi3") for s in symbols), sum(s.startswith("fmi2") for s in symbols)))
check("runtime exports only fmi2* and fmi3*", not others, " ".join(others[:10]))
check("runtime exports the 75 FMI 3.0 and 44 FMI 2.0 functions",
      sum(s.startswith("fmi3") for s in symbols) == 75 and sum(s.startswith("fmi2") for s in symbols) == 44)

# 2. Refusals.
conflict = os.path.join(examples, "conflict-two-capacitors.bgmod")
out = os.path.join(tmp, "x.fmu")
r = run("export-fmu", conflict, "--output", out)
check("a causal conflict: exit 1 with the conflict named",
      r.returncode == 1 and "causality" in r.stderr and not os.path.exists(out), r.stderr)
rc = os.path.join(examples, "rc-circuit.bgmod")
r = run("export-fmu", rc, "--output", out, "--inputs", "NOPE")
check("an unknown input: exit 2 naming it and the sources",
      r.returncode == 2 and "NOPE" in r.stderr and "U" in r.stderr and not os.path.exists(out), r.stderr)
r = run("export-fmu", rc, "--output", out, "--outputs", "C1.zz")
check("an unknown output: exit 2 naming it", r.returncode == 2 and "C1.zz" in r.stderr, r.stderr)
r = run("export-fmu", rc, "--output", out, "--fmi", "4")
check("--fmi 4: exit 2", r.returncode == 2 and "--fmi" in r.stderr, r.stderr)
r = run("export-fmu", rc)
check("no --output: exit 2", r.returncode == 2, r.stderr)
r = run("export-fmu", rc, "--output", out)
check("rc-circuit exports", r.returncode == 0 and zipfile.is_zipfile(out), r.stderr)

# 3. 100 000 elements: an RC ladder of 24 999 sections.
n = 24999
elements = [{"id": "U", "type": "Se", "domain": "electrical", "x": 0, "y": 0,
             "params": {"value": 1}}]
bonds = []
prev = "U"
for i in range(1, n + 1):
    elements += [
        {"id": "S%d" % i, "type": "1", "domain": "electrical", "x": i, "y": 0},
        {"id": "R%d" % i, "type": "R", "domain": "electrical", "x": i, "y": 1, "params": {"value": 1}},
        {"id": "P%d" % i, "type": "0", "domain": "electrical", "x": i, "y": 2},
        {"id": "C%d" % i, "type": "C", "domain": "electrical", "x": i, "y": 3, "params": {"value": 1}},
    ]
    bonds += [{"id": "a%d" % i, "from": prev, "to": "S%d" % i},
              {"id": "r%d" % i, "from": "S%d" % i, "to": "R%d" % i},
              {"id": "p%d" % i, "from": "S%d" % i, "to": "P%d" % i},
              {"id": "c%d" % i, "from": "P%d" % i, "to": "C%d" % i}]
    prev = "P%d" % i
model = {"format": "bgmod", "version": 1, "name": "ladder", "elements": elements, "bonds": bonds,
         "simulation": {"t_end": 1, "output_step": 0.1}}
big = os.path.join(tmp, "ladder.bgmod")
with open(big, "w") as f:
    json.dump(model, f)
big_fmu = os.path.join(tmp, "ladder.fmu")
start = time.monotonic()
r = run("export-fmu", big, "--output", big_fmu)
seconds = time.monotonic() - start
size = os.path.getsize(big_fmu) if os.path.exists(big_fmu) else 0
print("# %d elements: export %.1f s, FMU %.1f MiB" % (len(elements), seconds, size / 2**20))
check("100 000 elements export within 120 s and 64 MiB",
      r.returncode == 0 and seconds < 120 and 0 < size < 64 * 2**20, r.stderr)

# Its FMU loads in another program and instantiates (FMI 3.0 ME).
if r.returncode == 0 and not sanitized:
    d = os.path.join(tmp, "ladder")
    zipfile.ZipFile(big_fmu).extractall(d)
    lib = ctypes.CDLL(os.path.join(d, "binaries", "x86_64-linux", "ladder.so"))
    import xml.etree.ElementTree as ET
    token = ET.parse(os.path.join(d, "modelDescription.xml")).getroot().get("instantiationToken")
    lib.fmi3InstantiateModelExchange.restype = ctypes.c_void_p
    lib.fmi3InstantiateModelExchange.argtypes = [ctypes.c_char_p] * 3 + [ctypes.c_bool] * 2 + [
        ctypes.c_void_p] * 2
    lib.fmi3GetNumberOfContinuousStates.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
    lib.fmi3FreeInstance.argtypes = [ctypes.c_void_p]
    start = time.monotonic()
    inst = lib.fmi3InstantiateModelExchange(b"ladder", token.encode(),
                                            (os.path.join(d, "resources") + "/").encode(),
                                            False, False, None, None)
    seconds = time.monotonic() - start
    nx = ctypes.c_size_t(0)
    ok = inst is not None and lib.fmi3GetNumberOfContinuousStates(inst, ctypes.byref(nx)) == 0
    print("# instantiation %.1f s, %d states" % (seconds, nx.value))
    check("its FMU instantiates within 60 s with 24 999 states", ok and nx.value == n and seconds < 60)
    if inst is not None:
        lib.fmi3FreeInstance(inst)
    # A wrong token: no instance, no crash.
    bad = lib.fmi3InstantiateModelExchange(b"bad", b"{0}", (os.path.join(d, "resources") + "/").encode(),
                                           False, False, None, None)
    check("a wrong token gives no instance", bad is None)

subprocess.run(["rm", "-rf", tmp])
print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in detail.splitlines()[:10]:
            print("#   " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
