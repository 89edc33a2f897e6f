#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-components-doc.py — docs/components.md is what the specs say.

Owns: running `bgmod-cli components --markdown` in English and comparing
its output with the committed docs/components.md, byte for byte; on a
difference it prints the first differing lines and how to regenerate the
file. Must not: write the file itself (a test never changes the tree).

Usage: check-components-doc.py BGMOD_CLI DOCS/components.md
"""
import difflib
import os
import subprocess
import sys


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    cli, doc = sys.argv[1], sys.argv[2]
    env = dict(os.environ, LANGUAGE='C', LC_ALL='C.UTF-8', LANG='C.UTF-8')
    run = subprocess.run([cli, 'components', '--markdown'], env=env,
                         capture_output=True, check=False)
    if run.returncode != 0:
        print(f'check-components-doc: {cli} components --markdown exited '
              f'{run.returncode}: {run.stderr.decode(errors="replace")}', file=sys.stderr)
        return 1
    try:
        with open(doc, 'rb') as f:
            committed = f.read()
    except OSError as e:
        print(f'check-components-doc: {doc}: {e.strerror}', file=sys.stderr)
        return 1
    if committed == run.stdout:
        print(f'check-components-doc: {doc} matches the specs')
        return 0
    diff = difflib.unified_diff(committed.decode(errors='replace').splitlines(),
                                run.stdout.decode(errors='replace').splitlines(),
                                doc, 'bgmod-cli components --markdown', lineterm='', n=1)
    for i, line in enumerate(diff):
        if i >= 40:
            print('…', file=sys.stderr)
            break
        print(line, file=sys.stderr)
    print(f'check-components-doc: {doc} differs from the specs; regenerate it with\n'
          f'  LANGUAGE=C _build/app/bgmod-cli components --markdown > docs/components.md',
          file=sys.stderr)
    return 1


if __name__ == '__main__':
    sys.exit(main())
