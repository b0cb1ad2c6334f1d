#!/usr/bin/env python
"""Measure the package's layout: which notebooks feed each module, export-cell sizes, private names imported
across modules, noise drawn outside dp_lit.mechanisms, estimators without `_parameter_constraints`, import floors.

    python tools/layout_report.py [--json]
"""
import ast, importlib, inspect, json, re, statistics, sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG, NBS = ROOT / 'dp_lit', ROOT / 'nbs'
# Synthetic *data* generators: they draw from a seed the caller chooses and release nothing private, so their draws are
# listed apart from noise (a privacy mechanism's draw must come from dp_lit.mechanisms and the secret source).
DATA_GENERATORS = {'dp_lit.data': {'gaussian_rows'}}
NOISE_CALLS = re.compile(r'\.(laplace|gumbel|exponential|standard_cauchy|geometric|standard_normal|normal)\(|-\s*np\.log\(\s*-\s*np\.log\(')


def modules():
    return sorted(p for p in PKG.rglob('*.py') if p.name != '_modidx.py')


def modname(p):
    rel = p.relative_to(ROOT).with_suffix('')
    parts = list(rel.parts)
    if parts[-1] == '__init__': parts = parts[:-1]
    return '.'.join(parts)


def feeders():
    out = {}
    for p in modules():
        nbs = set(re.findall(r'^# %% (?:\.\./)+nbs/([^ ]+\.ipynb)', p.read_text(), re.M))
        out[modname(p)] = sorted(nbs)
    return out


def export_cells():
    sizes = []
    for nb in sorted(NBS.glob('*.ipynb')):
        for c in json.loads(nb.read_text())['cells']:
            s = ''.join(c['source'])
            if c['cell_type'] == 'code' and re.match(r'\s*#\s*\|\s*export', s):
                sizes.append((nb.name, len(s.splitlines())))
    return sizes


def without_example():
    "Export cells whose next code cell is another export cell (or none): a definition the reader meets with no example or test after it."
    out = []
    for nb in sorted(NBS.glob('*.ipynb')):
        cells = json.loads(nb.read_text())['cells']
        exp = [c['cell_type'] == 'code' and bool(re.match(r'\s*#\s*\|\s*export', ''.join(c['source']))) for c in cells]
        code = [i for i, c in enumerate(cells) if c['cell_type'] == 'code']
        for k, i in enumerate(code):
            if exp[i] and (k + 1 == len(code) or exp[code[k + 1]]):
                out.append(f"{nb.name}: cell {i} ({cells[i].get('id')})")
    return out


def imports():
    "(importer, imported module, names) for every intra-package import."
    rows = []
    for p in modules():
        me = modname(p)
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = me.split('.')[:-(node.level - (1 if p.name == '__init__.py' else 0))] if node.level else []
                    target = '.'.join(base + ([node.module] if node.module else []))
                elif node.module and node.module.startswith('dp_lit'):
                    target = node.module
                else:
                    continue
                rows.append((me, target, [a.name for a in node.names]))
    return rows


def floors(rows):
    deps = defaultdict(set)
    for a, b, _ in rows:
        if a != b: deps[a].add(b)
    memo = {}
    def floor(m, stack=()):
        if m in memo: return memo[m]
        if m in stack: raise ValueError(f"import cycle: {' -> '.join(stack + (m,))}")
        memo[m] = 1 + max((floor(d, stack + (m,)) for d in deps[m] if d.startswith('dp_lit')), default=-1)
        return memo[m]
    return {m: floor(m) for m in map(modname, modules())}


def report():
    f = feeders(); sizes = export_cells(); rows = imports()
    private = [(a, b, n) for a, b, names in rows for n in names if n.startswith('_') and not n.startswith('__') and a != b]
    noise, synthetic = [], []
    for p in modules():
        if modname(p) == 'dp_lit.mechanisms': continue
        text = p.read_text()
        gen = [(n.lineno, n.end_lineno) for n in ast.parse(text).body
               if isinstance(n, ast.FunctionDef) and n.name in DATA_GENERATORS.get(modname(p), ())]
        for i, line in enumerate(text.splitlines(), 1):
            if NOISE_CALLS.search(line) and not line.lstrip().startswith('#'):
                (synthetic if any(a <= i <= b for a, b in gen) else noise).append(f"{modname(p)}:{i}: {line.strip()[:90]}")
    sys.path.insert(0, str(ROOT))
    from sklearn.base import BaseEstimator
    no_constraints = []
    for m in map(modname, modules()):
        if m.endswith('cli'): continue
        mod = importlib.import_module(m)
        for name in getattr(mod, '__all__', []):
            obj = getattr(mod, name, None)
            if inspect.isclass(obj) and issubclass(obj, BaseEstimator) and obj.__module__ == m \
                    and '_parameter_constraints' not in vars(obj) and not any('_parameter_constraints' in vars(b) for b in obj.__mro__[1:] if b.__module__.startswith('dp_lit')):
                no_constraints.append(f"{m}.{name}")
    n = [s for _, s in sizes]
    return dict(
        modules={m: len((ROOT / (m.replace('.', '/') + '.py')).read_text().splitlines()) if (ROOT / (m.replace('.', '/') + '.py')).exists() else None for m in f},
        fed_by_several={m: nbs for m, nbs in f.items() if len(nbs) > 1},
        export_cells=dict(count=len(n), median=statistics.median(n), max=max(n), over_120=[(nb, s) for nb, s in sizes if s > 120]),
        without_example=without_example(),
        private_imports=[f"{a} <- {b}.{x}" for a, b, x in private],
        noise_outside_mechanisms=noise,
        synthetic_data_draws=synthetic,
        estimators_without_parameter_constraints=no_constraints,
        floors=floors(rows),
    )


if __name__ == '__main__':
    r = report()
    if '--json' in sys.argv: print(json.dumps(r, indent=1)); sys.exit()
    print(f"modules (lines): {r['modules']}")
    print(f"modules fed by several notebooks: {len(r['fed_by_several'])} {r['fed_by_several']}")
    e = r['export_cells']; print(f"export cells: {e['count']}, median {e['median']} lines, max {e['max']}, over 120: {len(e['over_120'])} {e['over_120']}")
    w = r['without_example']; print(f"export cells with no example or test after them: {len(w)}"); [print('  ', x) for x in w[:20]]
    if len(w) > 20: print(f"   ... and {len(w) - 20} more")
    print(f"private names imported across modules: {len(r['private_imports'])}"); [print('  ', x) for x in r['private_imports']]
    print(f"noise draws outside dp_lit.mechanisms: {len(r['noise_outside_mechanisms'])}"); [print('  ', x) for x in r['noise_outside_mechanisms']]
    print(f"synthetic-data generators (not noise): {len(r['synthetic_data_draws'])}"); [print('  ', x) for x in r['synthetic_data_draws']]
    print(f"public estimators without _parameter_constraints: {len(r['estimators_without_parameter_constraints'])} {r['estimators_without_parameter_constraints']}")
    fl = defaultdict(list)
    for m, k in r['floors'].items(): fl[k].append(m)
    print("import floors:"); [print(f"  {k}: {', '.join(sorted(v))}") for k, v in sorted(fl.items())]
