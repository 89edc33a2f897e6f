#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-components.py — a model with components runs as the same graph
drawn flat.

Owns: an independent flattening of .bgmod files with components, written
from the rules of docs/file-format.md (Components) — instances expanded in
place, ports replaced by the direct connection of their inner and outer
bond, inner ids joined by "_" where the flat file cannot hold "." — and the
comparison of bgmod-cli's outputs on both files: `analyze --json` strokes
and states, and `simulate --csv -` text, which must be identical once ids
are mapped. Also wraps part of every example into a component and checks
the run against the example itself. Every JSON output is read back with
python3's strict json parser. Must not: use any of BGMod's own code but the
CLI it checks.

Usage: check-components.py BGMOD_CLI EXAMPLES_DIR MODELS_DIR
"""
import copy
import json
import os
import re
import subprocess
import sys
import tempfile

CLI = None
SPECS = {}          # (type, domain or None) -> component JSON
FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    print('not ok: ' + msg, file=sys.stderr)


def run(*args):
    env = dict(os.environ, LANGUAGE='C', LC_ALL='C.UTF-8')
    # A sanitizer build: fontconfig's caches are not the CLI's leaks.
    env.setdefault('LSAN_OPTIONS', 'print_suppressions=0:suppressions=' +
                   os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lsan.supp'))
    p = subprocess.run([CLI, *args], capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def strict_json(text, what):
    def no_constants(name):
        raise ValueError(f'{what}: not strict JSON: {name}')
    return json.loads(text, parse_constant=no_constants)


def load_specs():
    rc, out, err = run('components', '--json')
    assert rc == 0, err
    for c in strict_json(out, 'components --json'):
        SPECS[(c['type'], c.get('domain'))] = c
        if c['section'] == 'advanced':
            SPECS[(c['type'], None)] = c


# Flattening -------------------------------------------------------------

def flat_id(path):
    return path.replace('.', '_')


class Flat:
    def __init__(self):
        self.elements = []
        self.bonds = []


def split_end(ref):
    if '.' in ref:
        el, port = ref.split('.', 1)
        return el, port
    return ref, None


def expand(model, level, prefix, overrides, flat, ports_out):
    """Expands one level; fills ports_out[port name] for its Ports."""
    defs = model.get('components', {})
    elements = {e['id']: e for e in level['elements']}
    flat_of = {}        # level id -> ('flat', flat element id) | ('inst', recs)
    nested = []
    for e in level['elements']:
        t = e['type']
        if t == 'Port':
            flat_of[e['id']] = ('port', e['id'])
        elif t in defs:
            # What the instance changes, as paths inside it.
            inner = {}
            for k, v in e.get('params', {}).items():
                inner[k] = v
            for k, v in overrides.items():
                if k.startswith(e['id'] + '.'):
                    inner[k[len(e['id']) + 1:]] = v
            recs = {}
            expand(model, defs[t], prefix + e['id'] + '.', inner, flat, recs)
            flat_of[e['id']] = ('inst', recs)
            nested.append((e, recs))
        else:
            fe = {k: v for k, v in e.items() if k not in ('id', 'params')}
            fe['id'] = flat_id(prefix + e['id'])
            params = dict(e.get('params', {}))
            for k, v in overrides.items():
                if k.startswith(e['id'] + '.') and '.' not in k[len(e['id']) + 1:]:
                    params[k[len(e['id']) + 1:]] = v
            if params:
                fe['params'] = params
            flat.elements.append(fe)
            flat_of[e['id']] = ('flat', fe['id'])

    def resolve(ref):
        el, port = split_end(ref)
        kind, what = flat_of[el]
        if kind == 'port':
            return {'port': el}
        if kind == 'flat':
            return {'end': what + ('.' + port if port else ''), 'through': None}
        if port is None:  # a one-port instance's end may leave out the port
            port = next(e2['id'] for e2 in defs[elements[el]['type']]['elements'] if e2['type'] == 'Port')
        rec = what.setdefault(port, {'inner': None, 'used': False})
        rec['used'] = True
        if rec.get('inner') is None:
            fid = flat_id(prefix + el + '.' + port)
            dom = SPECS_port_domain(model, elements[el]['type'], port)
            flat.elements.append({'id': fid, 'type': 'Port', 'domain': dom})
            return {'end': fid, 'through': None}
        return {'end': rec['inner'], 'through': rec}

    for b in level.get('bonds', []):
        f, t = resolve(b['from']), resolve(b['to'])
        path = prefix + b['id']
        if 'port' in f and 'port' in t:
            raise ValueError(path + ' joins two ports')
        if 'port' not in f and 'port' not in t:
            fb = {'id': flat_id(path), 'from': f['end'], 'to': t['end']}
            if b.get('arrow') == 'reversed':
                fb['arrow'] = 'reversed'
            # A bond through a port takes the place of its part inside.
            slots = [e['through']['slot'] for e in (f, t) if e['through'] is not None]
            if slots:
                flat.bonds[min(slots)] = fb
            else:
                flat.bonds.append(fb)
            continue
        out_of_port = 'port' in f
        other = t if out_of_port else f
        if other['through'] is not None:
            slot = other['through']['slot']
        else:
            slot = len(flat.bonds)
            flat.bonds.append(None)
        ports_out[(f if out_of_port else t)['port']] = {
            'inner': other['end'], 'out_of_port': out_of_port, 'path': path, 'used': False,
            'slot': slot}

    for e, recs in nested:
        for name, rec in recs.items():
            if rec['used'] or rec.get('inner') is None:
                continue
            fid = flat_id(prefix + e['id'] + '.' + name)
            dom = SPECS_port_domain(model, e['type'], name)
            flat.elements.append({'id': fid, 'type': 'Port', 'domain': dom})
            if rec['out_of_port']:
                flat.bonds[rec['slot']] = {'id': flat_id(rec['path']), 'from': fid, 'to': rec['inner']}
            else:
                flat.bonds[rec['slot']] = {'id': flat_id(rec['path']), 'from': rec['inner'], 'to': fid}


def SPECS_port_domain(model, def_name, port):
    for e in model['components'][def_name]['elements']:
        if e['type'] == 'Port' and e['id'] == port:
            return e['domain']
    raise KeyError(port)


def flatten(model):
    flat = Flat()
    expand(model, model, '', {}, flat, {})
    out = {k: v for k, v in model.items() if k not in ('components', 'elements', 'bonds', 'exercise', 'view')}
    out['elements'] = flat.elements
    out['bonds'] = [b for b in flat.bonds if b is not None]
    return out


# Wrapping part of an example into a component ---------------------------

def port_domain(element, port, model=None):
    if model is not None and element['type'] in model.get('components', {}):
        return SPECS_port_domain(model, element['type'], port)
    spec = SPECS.get((element['type'], element.get('domain'))) or SPECS.get((element['type'], None))
    if spec['variable_ports'] or port is None:
        return element['domain'] if 'domain' in element else spec['ports'][0]['domain']
    for p in spec['ports']:
        if p['name'] == port:
            if element['type'] == 'GY' and port == 'S' and 'domain_s' in element:
                return element['domain_s']
            return p['domain']
    raise KeyError(port)


def wrap(model, name='Part', instance='K', override=True):
    """Everything but the sources goes into component `name`."""
    inside = [e for e in model['elements'] if e['type'] not in ('Se', 'Sf')]
    if len(inside) == len(model['elements']):
        inside = inside[1:]
    ids = {e['id'] for e in inside}
    by_id = {e['id']: e for e in model['elements']}
    body = {'elements': [copy.deepcopy(e) for e in inside], 'bonds': []}
    outer = []
    for b in model.get('bonds', []):
        fe, fp = split_end(b['from'])
        te, tp = split_end(b['to'])
        if fe in ids and te in ids:
            body['bonds'].append(copy.deepcopy(b))
        elif fe not in ids and te not in ids:
            outer.append(copy.deepcopy(b))
        else:
            port = 'P_' + b['id']
            if te in ids:    # drawn from outside in: the inner bond leaves the port
                dom = port_domain(by_id[te], tp, model)
                body['elements'].append({'id': port, 'type': 'Port', 'domain': dom})
                body['bonds'].append({'id': b['id'], 'from': port, 'to': b['to']})
                ob = {'id': b['id'], 'from': b['from'], 'to': instance + '.' + port}
            else:
                dom = port_domain(by_id[fe], fp, model)
                body['elements'].append({'id': port, 'type': 'Port', 'domain': dom})
                body['bonds'].append({'id': b['id'], 'from': b['from'], 'to': port})
                ob = {'id': b['id'], 'from': instance + '.' + port, 'to': b['to']}
            if b.get('arrow') == 'reversed':
                ob['arrow'] = 'reversed'
                body['bonds'][-1]['arrow'] = 'reversed'
            outer.append(ob)
    inst = {'id': instance, 'type': name, 'x': 0, 'y': 0}
    # One parameter changed in the definition and set back by the instance.
    if override:
        for e in body['elements']:
            v = e.get('params', {}).get('value')
            if isinstance(v, (int, float)) and e['type'] in ('R', 'C', 'I'):
                e['params']['value'] = v * 2
                inst['params'] = {e['id'] + '.value': v}
                break
    first = next(i for i, e in enumerate(model['elements']) if e['id'] in ids)
    elements = [e for e in model['elements'] if e['id'] not in ids]
    elements.insert(first, inst)
    out = {k: v for k, v in model.items() if k not in ('elements', 'bonds', 'exercise', 'view')}
    out['components'] = dict(model.get('components', {}), **{name: body})
    out['elements'] = elements
    out['bonds'] = outer
    return out, ids


# Comparison ---------------------------------------------------------------

def cli_outputs(path):
    rc, js, err = run('analyze', '--json', path)
    analysis = strict_json(js, path + ': analyze --json')
    src, csv, err2 = run('simulate', '--csv', '-', path)
    return rc, analysis, src, csv, err + err2


def header_map(csv, rename):
    lines = csv.split('\n')
    if not lines or not lines[0]:
        return {}, []
    names = [rename(n) for n in lines[0].split(',')]
    rows = [l.split(',') for l in lines[1:] if l]
    return {n: [r[i] for r in rows] for i, n in enumerate(names)}, names


def var_rename(name):
    # "T2.C.q" -> "T2_C.q": the last part is the variable.
    if '.' not in name:
        return name
    el, var = name.rsplit('.', 1)
    return flat_id(el) + '.' + var


def compare(label, a_path, b_path, rename_a):
    ra, aa, sa, ca, ea = cli_outputs(a_path)
    rb, ab, sb, cb, eb = cli_outputs(b_path)
    if ra != rb or sa != sb:
        fail(f'{label}: exit codes differ ({ra}/{sa} vs {rb}/{sb}): {ea} {eb}')
        return
    if aa['ok'] != ab['ok']:
        fail(f'{label}: ok differs')
    strokes_a = {rename_a(b['id']): b['stroke'] for b in aa['bonds']}
    strokes_b = {b['id']: b['stroke'] for b in ab['bonds']}
    if strokes_a != strokes_b:
        diff = {k: (strokes_a.get(k), strokes_b.get(k)) for k in set(strokes_a) | set(strokes_b)
                if strokes_a.get(k) != strokes_b.get(k)}
        fail(f'{label}: strokes differ: {sorted(diff.items())[:6]}')
    states_a = sorted(var_rename_with(rename_a, s) for s in aa['states'])
    if states_a != sorted(ab['states']):
        fail(f'{label}: states differ: {states_a} vs {sorted(ab["states"])}')
    cols_a, _ = header_map(ca, lambda n: var_rename_with(rename_a, n))
    cols_b, _ = header_map(cb, lambda n: n)
    if set(cols_a) != set(cols_b):
        fail(f'{label}: CSV columns differ: {sorted(set(cols_a) ^ set(cols_b))[:8]}')
        return
    for n in cols_b:
        if cols_a[n] != cols_b[n]:
            fail(f'{label}: column {n} differs')
            return


def var_rename_with(rename, name):
    if name == 't':
        return name
    el, var = name.rsplit('.', 1)
    return rename(el) + '.' + var


def main():
    global CLI
    CLI, examples, models = sys.argv[1:4]
    load_specs()
    tmp = tempfile.mkdtemp(prefix='bgmod-components-')
    n = 0
    # 1. Our own hierarchical models against their independent flattening.
    for f in sorted(os.listdir(models)):
        if not f.endswith('.bgmod'):
            continue
        path = os.path.join(models, f)
        model = strict_json(open(path, encoding='utf-8').read(), path)
        flat_path = os.path.join(tmp, 'flat-' + f)
        json.dump(flatten(model), open(flat_path, 'w', encoding='utf-8'), ensure_ascii=False)
        compare(f, path, flat_path, flat_id)
        n += 1
        print(f'ok {n} - {f} runs as its flat graph')
    # 2. Every example with part of it made a component.
    for f in sorted(os.listdir(examples)):
        if not f.endswith('.bgmod'):
            continue
        path = os.path.join(examples, f)
        model = strict_json(open(path, encoding='utf-8').read(), path)
        wrapped, inside = wrap(model)
        hier_path = os.path.join(tmp, 'wrapped-' + f)
        json.dump(wrapped, open(hier_path, 'w', encoding='utf-8'), ensure_ascii=False)
        flat_path = os.path.join(tmp, 'wrapped-flat-' + f)
        json.dump(flatten(wrapped), open(flat_path, 'w', encoding='utf-8'), ensure_ascii=False)
        compare(f + ' (wrapped) vs its flat graph', hier_path, flat_path, flat_id)

        # Against the example itself: ids inside are K.X there, X here.
        def back(i):
            head = i.split('.', 1)
            return head[1] if head[0] == 'K' and len(head) > 1 else i
        compare(f + ' (wrapped) vs the example', hier_path, path, back)
        n += 1
        print(f'ok {n} - {f} wrapped: same strokes, same states, the same CSV text')
    # 3. render draws the top level, or one definition with --component.
    two = os.path.join(models, 'two-tanks.bgmod')
    for args, code in ((['--output', os.path.join(tmp, 'top.svg')], 0),
                       (['--component', 'Tank', '--output', os.path.join(tmp, 'tank.svg')], 0),
                       (['--component', 'Nope', '--output', os.path.join(tmp, 'nope.svg')], 2)):
        rc, out, err = run('render', two, *args)
        n += 1
        if rc != code:
            fail(f'render {" ".join(args)}: exit {rc}, expected {code}: {err}')
        elif code == 0 and not open(args[-1], encoding='utf-8').read().lstrip().startswith('<?xml'):
            fail(f'render {" ".join(args)}: no SVG written')
        else:
            print(f'ok {n} - render {" ".join(args[:2])} exits {code}')
    print(f'1..{n}')
    return 1 if FAILURES else 0


if __name__ == '__main__':
    sys.exit(main())
