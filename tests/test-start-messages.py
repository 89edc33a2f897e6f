#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-start-messages.py — what bgmod prints as it starts from the build
# tree, as a new user sees it (docs: README.md, "Two commands").
#
# Owns: starting the built bgmod on an X display (xvfb-run) without a
# session bus and without BGMOD_LOCALEDIR or BGMOD_DATADIR, letting it run
# for a few seconds and checking that it printed nothing (no "Unable to
# acquire session bus") and was still running. Must not: need a session
# bus, a window manager or an installed BGMod.
import os, subprocess, sys, tempfile, time

bgmod, model = sys.argv[1:]
with tempfile.TemporaryDirectory() as home:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DBUS_SESSION_BUS_ADDRESS", "BGMOD_LOCALEDIR", "BGMOD_DATADIR",
                        "GTK_A11Y", "G_DEBUG", "XDG_RUNTIME_DIR")}
    env.update(HOME=home, XDG_CONFIG_HOME=home, XDG_DATA_HOME=home, XDG_CACHE_HOME=home,
               GSETTINGS_BACKEND="memory", LANGUAGE="ru")
    proc = subprocess.Popen([bgmod, model], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    alive = proc.poll() is None
    proc.terminate()
    out, err = proc.communicate(timeout=20)
print("stdout:", repr(out))
print("stderr:", repr(err))
bad = 0
if not alive:
    print("bgmod exited before it was stopped")
    bad += 1
if "session bus" in err:
    print("bgmod warned about the session bus")
    bad += 1
if err.strip():
    print("bgmod printed on stderr")
    bad += 1
sys.exit(1 if bad else 0)
