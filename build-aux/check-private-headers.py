#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-private-headers.py — private headers stay private.

Owns: two rules for every *-private.h in the tree: its top comment says
who may include it ("Included by: core/bg-model*.c, tests/." — file
patterns, or folders ending in "/"), and every file that includes it
matches; and every function or variable it declares is named _bg_…, never
plain bg_ (a plain name is public API and belongs in a public header).
Fails naming each file and line. With --self-test it checks that both
rules catch a broken tree. Must not: change any file.

Usage: check-private-headers.py [SRCDIR] | --self-test
"""
import fnmatch
import os
import re
import subprocess
import sys
import tempfile

SOURCE_DIRS = ('core', 'ui', 'app', 'tests')
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+-private\.h)"', re.M)
DECLARED = re.compile(r'(?<![A-Za-z0-9_])(bg_[a-z0-9_]+)\s*\(|^extern\s[^;(]*?\b(bg_[a-z0-9_]+)\b', re.M)


def tree_files(root):
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '--cached', '--others',
                              '--exclude-standard'], capture_output=True, text=True, check=True)
        files = out.stdout.split()
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, _, names in os.walk(root):
            if '/.git' in d or '/_build' in d:
                continue
            files += [os.path.relpath(os.path.join(d, n), root) for n in names]
    return sorted(f for f in files if f.split('/')[0] in SOURCE_DIRS and f.endswith(('.c', '.h'))
                  and os.path.exists(os.path.join(root, f)))


def strip_comments(text):
    return re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), text, flags=re.S)


def allowed_patterns(text):
    m = re.search(r'Included by:\s*(.*?)\.\s*(?:\n|\*/)', text, re.S)
    if m is None:
        return None
    words = re.sub(r'\s*\n\s*\*\s?', ' ', m.group(1))
    return [w.strip() for w in words.split(',') if w.strip()]


def matches(path, pattern):
    if pattern.endswith('/'):
        return path.startswith(pattern)
    return fnmatch.fnmatchcase(path, pattern)


def check(root):
    problems = []
    files = tree_files(root)
    headers = {os.path.basename(f): f for f in files if f.endswith('-private.h')}
    rules = {}
    for name, path in headers.items():
        text = open(os.path.join(root, path), encoding='utf-8').read()
        patterns = allowed_patterns(text)
        if not patterns:
            problems.append(f'{path}: the top comment does not say "Included by: …"')
            continue
        rules[name] = patterns
        code = strip_comments(text)
        for m in DECLARED.finditer(code):
            name_found = m.group(1) or m.group(2)
            line = code.count('\n', 0, m.start()) + 1
            problems.append(f'{path}:{line}: declares {name_found}; names in private headers are _bg_…')
    for f in files:
        text = open(os.path.join(root, f), encoding='utf-8', errors='replace').read()
        for m in INCLUDE.finditer(text):
            name = os.path.basename(m.group(1))
            if name not in rules:
                continue
            if not any(matches(f, p) for p in rules[name]):
                line = text.count('\n', 0, m.start()) + 1
                problems.append(f'{f}:{line}: includes {name}, which says "Included by: '
                                f'{", ".join(rules[name])}"')
    return problems


def self_test():
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, 'core'))
        def write(path, text):
            with open(os.path.join(root, path), 'w', encoding='utf-8') as f:
                f.write(text)
        write('core/bg-a-private.h', '/* bg-a-private.h — a.\n * Included by: core/bg-a*.c.\n */\n'
                                     'void _bg_a_ok (void);\n')
        write('core/bg-a.c', '#include "bg-a-private.h"\n')
        ok = check(root) == []
        write('core/bg-b.c', '#include "bg-a-private.h"\n')
        outsider = any('core/bg-b.c:1: includes bg-a-private.h' in p for p in check(root))
        os.remove(os.path.join(root, 'core/bg-b.c'))
        write('core/bg-a-private.h', '/* bg-a-private.h — a.\n * Included by: core/bg-a*.c.\n */\n'
                                     '/* bg_in_a_comment () is fine */\nvoid bg_a_public (void);\n')
        public = [p for p in check(root) if 'declares' in p]
        named = len(public) == 1 and 'bg_a_public' in public[0]
        write('core/bg-a-private.h', '/* bg-a-private.h — a. */\nvoid _bg_a_ok (void);\n')
        unsaid = any('does not say' in p for p in check(root))
    results = {'a clean tree passes': ok, 'an outside includer is refused': outsider,
               'a plain bg_ declaration is refused': named, 'a header without the rule is refused': unsaid}
    for i, (what, passed) in enumerate(results.items(), 1):
        print(f'{"ok" if passed else "not ok"} {i} - {what}')
    print(f'1..{len(results)}')
    return 0 if all(results.values()) else 1


def main():
    if sys.argv[1:] == ['--self-test']:
        return self_test()
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
    problems = check(root)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f'check-private-headers: {len(problems)} problems', file=sys.stderr)
        return 1
    print('check-private-headers: every private header says who includes it, and only they do')
    return 0


if __name__ == '__main__':
    sys.exit(main())
