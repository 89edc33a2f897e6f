#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-flatpak-manifest.py — checks the Flatpak manifest against our policy.

Owns: the rules a BGMod Flatpak manifest must follow (app id, GNOME runtime
matching GTK 4.8, command, sandbox permissions with files only through the
portal, well-formed modules, a SUNDIALS module configured for what the core
links, a LAPACK module with its C interface LAPACKE, bgmod built last from
the source tree). Must not: build anything, use
the network, or need anything beyond the Python standard library.

Usage:
  check-flatpak-manifest.py MANIFEST [--meson-build meson.build]
  check-flatpak-manifest.py MANIFEST --expect-error TEXT [--expect-error TEXT ...]

Exit 0 when the manifest is fine; 1 with one line per problem otherwise.
With --expect-error the sense is inverted (negative self-test): exit 0 only
when the manifest is refused and every TEXT occurs in some problem line.
"""

import argparse
import json
import re
import sys

APP_ID = "org.bgmod.BGMod"
RUNTIME = "org.gnome.Platform"
SDK = "org.gnome.Sdk"
RUNTIME_VERSION = "43"  # GNOME 43 ships GTK 4.8, the API level we pin
COMMAND = "bgmod"
FINAL_MODULE = "bgmod"

REQUIRED_FINISH_ARGS = [
    "--share=ipc",
    "--socket=wayland",
    "--socket=fallback-x11",
    "--device=dri",
]

BUILDSYSTEMS = {"autotools", "cmake", "cmake-ninja", "meson", "simple", "qmake"}

# What each SUNDIALS library named in the core's meson dependency needs
# switched on in SUNDIALS' CMake configuration.
SUNDIALS_COMPONENT_OPTS = [
    ("cvode_", "BUILD_CVODE", "ON"),
    ("cvodes_", "BUILD_CVODES", "ON"),
    ("kinsol_", "BUILD_KINSOL", "ON"),
    ("ida_", "BUILD_IDA", "ON"),
    ("arkode_", "BUILD_ARKODE", "ON"),
    ("sunlinsolklu_", "ENABLE_KLU", "ON"),
]


class Checker:
    def __init__(self, path):
        self.path = path
        self.problems = []

    def fail(self, where, message):
        self.problems.append(f"{self.path}: {where}: {message}")

    # -- top level ---------------------------------------------------------

    def check_identity(self, m):
        app_id = m.get("app-id", m.get("id"))
        if app_id != APP_ID:
            self.fail("app-id", f"is {app_id!r}, must be {APP_ID!r} "
                      "(the desktop file, icon and metainfo are named after it)")
        if not re.search(re.escape(APP_ID) + r"\.(json|ya?ml)$", self.path):
            self.fail("file name", f"must be {APP_ID}.json")
        for key, want in (("runtime", RUNTIME), ("sdk", SDK),
                          ("runtime-version", RUNTIME_VERSION)):
            if m.get(key) != want:
                self.fail(key, f"is {m.get(key)!r}, must be {want!r} "
                          "(GNOME 43 provides GTK 4.8, the version BGMod targets)")
        if m.get("command") != COMMAND:
            self.fail("command", f"is {m.get('command')!r}, must be {COMMAND!r}")

    def check_finish_args(self, m):
        args = m.get("finish-args")
        if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
            self.fail("finish-args", "must be a list of strings")
            return
        for want in REQUIRED_FINISH_ARGS:
            if want not in args:
                self.fail("finish-args", f"lacks {want!r}")
        for i, arg in enumerate(args):
            where = f"finish-args[{i}]"
            if arg.startswith("--filesystem="):
                target = arg.split("=", 1)[1].split(":", 1)[0]
                broad = (target in ("host", "host-os", "host-etc", "home", "/", "~")
                         or target.startswith("~/") or target.startswith("/"))
                if broad or target.startswith("xdg-"):
                    self.fail(where, f"{arg!r} opens the user's files to the sandbox; "
                              "models are opened and saved through the file chooser "
                              "portal, so no --filesystem is needed")
                else:
                    self.fail(where, f"{arg!r}: BGMod needs no filesystem access "
                              "beyond the portal")
            elif arg == "--socket=x11":
                self.fail(where, "'--socket=x11' must be '--socket=fallback-x11' "
                          "so Wayland sessions do not get X11 access")
            elif arg in ("--socket=session-bus", "--socket=system-bus",
                         "--talk-name=org.freedesktop.Flatpak", "--device=all",
                         "--share=network"):
                self.fail(where, f"{arg!r} is more than an offline editor needs")

    # -- modules -----------------------------------------------------------

    def check_source(self, where, src):
        if not isinstance(src, dict):
            self.fail(where, "must be an object (inline source)")
            return
        kind = src.get("type")
        if kind in ("archive", "file"):
            if "url" in src and not any(k in src for k in ("sha256", "sha512")):
                self.fail(where, f"{kind} source {src.get('url')!r} has no sha256")
            if "url" not in src and "path" not in src:
                self.fail(where, f"{kind} source has neither url nor path")
        elif kind == "git":
            if "url" not in src and "path" not in src:
                self.fail(where, "git source has no url")
            if not any(k in src for k in ("tag", "commit")):
                self.fail(where, "git source must pin a tag or commit")
        elif kind in ("dir", "patch", "shell", "script"):
            pass
        else:
            self.fail(where, f"unknown source type {kind!r}")

    def check_module(self, where, mod):
        if not isinstance(mod, dict):
            self.fail(where, "must be an inline module object")
            return
        name = mod.get("name")
        if not isinstance(name, str) or not name:
            self.fail(where, "has no name")
        else:
            where = f"{where} ({name})"
        bs = mod.get("buildsystem")
        if bs is None:
            self.fail(where, "has no buildsystem")
        elif bs not in BUILDSYSTEMS:
            self.fail(where, f"unknown buildsystem {bs!r}")
        sources = mod.get("sources")
        if not isinstance(sources, list) or not sources:
            self.fail(where, "has no sources")
        else:
            for j, src in enumerate(sources):
                self.check_source(f"{where}.sources[{j}]", src)
        if "config-opts" in mod and (not isinstance(mod["config-opts"], list) or
                                     not all(isinstance(o, str) for o in mod["config-opts"])):
            self.fail(where, "config-opts must be a list of strings")

    @staticmethod
    def cmake_opts(mod):
        opts = {}
        for o in mod.get("config-opts", []) if isinstance(mod.get("config-opts"), list) else []:
            if isinstance(o, str) and o.startswith("-D") and "=" in o:
                key, value = o[2:].split("=", 1)
                opts[key.split(":", 1)[0]] = value
        return opts

    def check_sundials(self, modules, meson_text):
        names = [m.get("name", "") if isinstance(m, dict) else "" for m in modules]
        idx = [i for i, n in enumerate(names) if isinstance(n, str) and "sundials" in n.lower()]
        if not idx:
            self.fail("modules", "no SUNDIALS module (the simulator needs CVODE and KINSOL; "
                      "the GNOME runtime does not ship SUNDIALS)")
            return
        i = idx[0]
        mod = modules[i]
        where = f"modules[{i}] ({names[i]})"
        if mod.get("buildsystem") not in ("cmake", "cmake-ninja"):
            self.fail(where, "SUNDIALS must be built with its CMake build "
                      "(buildsystem cmake-ninja) so it installs SUNDIALSConfig.cmake, "
                      "which meson's dependency('SUNDIALS', method: 'cmake') needs")
        opts = self.cmake_opts(mod)
        required = {"BUILD_CVODE": "ON", "BUILD_KINSOL": "ON", "EXAMPLES_INSTALL": "OFF"}
        if meson_text is not None:
            for lib, key, value in SUNDIALS_COMPONENT_OPTS:
                if f"SUNDIALS::{lib}" in meson_text:
                    required[key] = value
        for key, value in required.items():
            if opts.get(key, "").upper() != value:
                got = f"-D{key}={opts[key]}" if key in opts else "nothing"
                why = " (the core links SUNDIALS::sunlinsolklu)" if key == "ENABLE_KLU" else ""
                self.fail(where, f"config-opts need -D{key}={value}{why}, found {got}")
        if opts.get("ENABLE_KLU", "").upper() == "ON":
            ss = [k for k, n in enumerate(names[:i])
                  if isinstance(n, str) and ("suitesparse" in n.lower() or "klu" in n.lower())]
            if not ss:
                self.fail(where, "-DENABLE_KLU=ON needs a SuiteSparse (KLU) module "
                          "before SUNDIALS")
            if "KLU_INCLUDE_DIR" not in opts:
                self.fail(where, "-DENABLE_KLU=ON needs -DKLU_INCLUDE_DIR (SuiteSparse 7 "
                          "installs klu.h under include/suitesparse)")

    def check_lapack(self, modules, meson_text):
        """The core links LAPACK through LAPACKE (eigenvalues, frequency
        response); the GNOME runtime ships neither."""
        if meson_text is not None and "dependency('lapacke'" not in meson_text:
            return
        names = [m.get("name", "") if isinstance(m, dict) else "" for m in modules]
        idx = [i for i, n in enumerate(names) if isinstance(n, str) and "lapack" in n.lower()]
        if not idx:
            self.fail("modules", "no LAPACK module (the core links LAPACK and LAPACKE "
                      "for eigenvalues and frequency responses; the GNOME runtime "
                      "does not ship them)")
            return
        i = idx[0]
        mod = modules[i]
        where = f"modules[{i}] ({names[i]})"
        if mod.get("buildsystem") not in ("cmake", "cmake-ninja"):
            self.fail(where, "LAPACK must be built with its CMake build "
                      "(buildsystem cmake-ninja) so it installs lapacke.pc and lapack.pc, "
                      "which meson's dependency('lapacke') and dependency('lapack') need")
        opts = self.cmake_opts(mod)
        for key, why in (("LAPACKE", "the core calls LAPACK through its C interface"),
                         ("BUILD_SHARED_LIBS", "bgmod links the shared libraries")):
            if opts.get(key, "").upper() != "ON":
                got = f"-D{key}={opts[key]}" if key in opts else "nothing"
                self.fail(where, f"config-opts need -D{key}=ON ({why}), found {got}")

    def check_modules(self, m, meson_text):
        modules = m.get("modules")
        if not isinstance(modules, list) or not modules:
            self.fail("modules", "must be a non-empty list")
            return
        seen = set()
        for i, mod in enumerate(modules):
            self.check_module(f"modules[{i}]", mod)
            if isinstance(mod, dict) and isinstance(mod.get("name"), str):
                if mod["name"] in seen:
                    self.fail(f"modules[{i}]", f"duplicate module name {mod['name']!r}")
                seen.add(mod["name"])
        self.check_sundials(modules, meson_text)
        self.check_lapack(modules, meson_text)
        last = modules[-1]
        where = f"modules[{len(modules) - 1}]"
        if not isinstance(last, dict) or last.get("name") != FINAL_MODULE:
            got = last.get("name") if isinstance(last, dict) else last
            self.fail(where, f"the last module must be {FINAL_MODULE!r} "
                      f"(it builds against the others), found {got!r}")
            return
        if last.get("buildsystem") != "meson":
            self.fail(where, "bgmod is built with buildsystem 'meson'")
        srcs = last.get("sources") if isinstance(last.get("sources"), list) else []
        if not any(isinstance(s, dict) and s.get("type") == "dir" and s.get("path") == ".."
                   for s in srcs):
            self.fail(where, "bgmod must be built from the source tree: "
                      "sources [{\"type\": \"dir\", \"path\": \"..\"}]")

    def run(self, meson_text):
        try:
            with open(self.path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            self.fail("read", e.strerror or str(e))
            return
        try:
            m = json.loads(text)
        except json.JSONDecodeError as e:
            self.fail(f"line {e.lineno}", f"not valid JSON: {e.msg} (column {e.colno})")
            return
        if not isinstance(m, dict):
            self.fail("top level", "must be a JSON object")
            return
        self.check_identity(m)
        self.check_finish_args(m)
        self.check_modules(m, meson_text)


def main(argv):
    ap = argparse.ArgumentParser(description="Check the BGMod Flatpak manifest.")
    ap.add_argument("manifest")
    ap.add_argument("--meson-build", help="top-level meson.build, to read which "
                    "SUNDIALS libraries the core links")
    ap.add_argument("--expect-error", action="append", default=[], metavar="TEXT",
                    help="negative test: succeed only if the manifest is refused "
                    "with a problem containing TEXT (may repeat)")
    args = ap.parse_args(argv)

    meson_text = None
    if args.meson_build:
        with open(args.meson_build, encoding="utf-8") as f:
            meson_text = f.read()

    checker = Checker(args.manifest)
    checker.run(meson_text)

    if args.expect_error:
        if not checker.problems:
            print(f"{args.manifest}: accepted, but it should have been refused", file=sys.stderr)
            return 1
        missing = [t for t in args.expect_error
                   if not any(t in p for p in checker.problems)]
        for p in checker.problems:
            print(f"refused as expected: {p}")
        if missing:
            for t in missing:
                print(f"{args.manifest}: no problem mentions {t!r}", file=sys.stderr)
            return 1
        return 0

    if checker.problems:
        for p in checker.problems:
            print(p, file=sys.stderr)
        print(f"{args.manifest}: {len(checker.problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"{args.manifest}: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
