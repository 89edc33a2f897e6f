# SPDX-License-Identifier: GPL-3.0-or-later
"""tree_files.py — the files of a source tree, for the checkers beside it.

Owns: listing the files a checker looks at: in a git work tree, every file
git tracks or would track (tracked, and new files that .gitignore does not
exclude), so that a file is checked before it is committed; elsewhere (an
unpacked tarball, a test's temporary tree), every regular file under the
directory except .git and meson build directories. Must not: read the
files, or need more than the Python standard library (git is used when it
is there).
"""

import os
import subprocess


def _git_files(srcdir):
    try:
        top = subprocess.run(["git", "-C", srcdir, "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    if os.path.realpath(top) != os.path.realpath(srcdir):
        return None
    try:
        out = subprocess.run(["git", "-C", srcdir, "ls-files", "-z", "--cached",
                              "--others", "--exclude-standard"],
                             capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    names = sorted({n.decode("utf-8", "surrogateescape") for n in out.split(b"\0") if n})
    return [n for n in names if os.path.isfile(os.path.join(srcdir, n))
            and not os.path.islink(os.path.join(srcdir, n))]


def _is_build_dir(path):
    return (os.path.isdir(os.path.join(path, "meson-private"))
            or os.path.isfile(os.path.join(path, "build.ninja")))


def _walk_files(srcdir):
    found = []
    for root, dirs, files in os.walk(srcdir):
        dirs[:] = sorted(d for d in dirs
                         if d != ".git" and not _is_build_dir(os.path.join(root, d)))
        for f in sorted(files):
            path = os.path.join(root, f)
            if os.path.isfile(path) and not os.path.islink(path):
                found.append(os.path.relpath(path, srcdir))
    return found


def tree_files(srcdir):
    """Paths relative to srcdir, with '/' separators, sorted."""
    files = _git_files(srcdir)
    if files is None:
        files = _walk_files(srcdir)
    return sorted(f.replace(os.sep, "/") for f in files)


def read_text(srcdir, rel):
    """The file's text, or None for a binary file (one with a NUL byte)."""
    with open(os.path.join(srcdir, rel), "rb") as f:
        data = f.read()
    if b"\0" in data:
        return None
    return data.decode("utf-8", "replace")
