"""Private-RDT at its defaults against diffprivlib's RandomForestClassifier at its defaults, in one process.

Both get only the public domains (bounds (0, 1) of the numeric attributes; categorical dtypes for dp_lit, the codes' ranges
as bounds for diffprivlib) and the classes; epsilon = 1; secret noise; one thread each. Data: `dp_lit.bench.bench_data(kind, n)`
for each of `--kinds` ('num': 10 uniform attributes, label (x0 + x1 > 1) xor 10% flips; 'cat': 10 attributes of 4 values;
'mixed': 5 categorical + 5 numeric); held-out rows from another seed (max(5000, rows // 5) unless --test-rows). Per
configuration: one warm-up fit + predict of each (excluded), then `--repeats` alternating runs of fit + predict (times:
median), held-out accuracy (median over the runs), then one more fit + predict of each under tracemalloc (peak traced
bytes); one JSON line per configuration, with the chosen height, whether every leaf is stored, and the load average. Usage:

    PYTHONPATH=$PWD /work/main/.venv/bin/python tools/bench_rdt_defaults.py --rows 13000 100000 1000000 --trees 10
    PYTHONPATH=$PWD /work/main/.venv/bin/python tools/bench_rdt_defaults.py --rows 100000 --trees 100
    PYTHONPATH=$PWD /work/main/.venv/bin/python tools/bench_rdt_defaults.py --kinds mixed num --rows 100000 1000000 --trees 10 100
"""
import os
for _v in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS', 'NUMBA_NUM_THREADS'): os.environ.setdefault(_v, '1')
import argparse, json, time, tracemalloc, warnings
import numpy as np


def run(n, T, repeats, n_test, extra=None, kind='num'):
    from dp_lit.bench import bench_data
    from dp_lit.rdt import PrivateRDTClassifier
    from diffprivlib.models import RandomForestClassifier
    warnings.simplefilter('ignore')
    X, A, y, kw, (lo, hi) = bench_data(kind, n, seed=0)
    Xt, At, yt, _, _ = bench_data(kind, max(n_test, 20_001) if kind == 'cat' else n_test, seed=1)   # 'cat' below 20,001 rows: Nursery's shape
    Xt, At, yt = Xt.iloc[:n_test].reset_index(drop=True), At[:n_test], yt[:n_test]
    classes = sorted(int(c) for c in set(np.unique(y)) | set(np.unique(yt)))
    libs = {
        'dp_lit': (lambda: PrivateRDTClassifier(n_estimators=T, classes=classes, **kw, **(extra or {})), X, Xt),
        'diffprivlib': (lambda: RandomForestClassifier(n_estimators=T, bounds=(lo, hi), classes=classes), A, At),
    }
    info = {}
    def once(lib):
        make, tr, te = libs[lib]
        t0 = time.perf_counter(); m = make().fit(tr, y); t1 = time.perf_counter(); p = m.predict(te); t2 = time.perf_counter()
        if lib == 'dp_lit': info['depth'] = m.max_depth_; info['stored'] = bool(m.stores_all_leaves_)
        return t1 - t0, t2 - t1, float(np.mean(np.asarray(p) == yt))
    res = {lib: dict(first=sum(once(lib)[:2])) for lib in libs}            # warm-up, excluded
    runs = {lib: [] for lib in libs}
    for _ in range(repeats):
        for lib in libs: runs[lib].append(once(lib))
    for lib in libs:
        r = np.array(runs[lib])
        res[lib].update(fit=float(np.median(r[:, 0])), predict=float(np.median(r[:, 1])),
                        total=float(np.median(r[:, 0] + r[:, 1])), accuracy=float(np.median(r[:, 2])))
        tracemalloc.start(); once(lib); res[lib]['peak_mib'] = tracemalloc.get_traced_memory()[1] / 2**20; tracemalloc.stop()
    a, b = res['dp_lit'], res['diffprivlib']
    return dict(kind=kind, rows=n, trees=T, test_rows=n_test, depth=info['depth'], stored=info['stored'],
                dp_lit_s=a['total'], dpl_s=b['total'], time_ratio=a['total'] / b['total'],
                dp_lit_fit=a['fit'], dp_lit_predict=a['predict'], dp_lit_mib=a['peak_mib'], dpl_mib=b['peak_mib'],
                mem_ratio=a['peak_mib'] / b['peak_mib'], dp_lit_acc=a['accuracy'], dpl_acc=b['accuracy'],
                acc_diff=a['accuracy'] - b['accuracy'], dp_lit_first=a['first'], dpl_first=b['first'],
                load=os.getloadavg()[0])


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--rows', type=int, nargs='+', default=[13_000, 100_000, 1_000_000])
    ap.add_argument('--trees', type=int, nargs='+', default=[10])
    ap.add_argument('--kinds', nargs='+', default=['num'], choices=['num', 'cat', 'mixed'], help="bench_data shapes")
    ap.add_argument('--repeats', type=int, default=5)
    ap.add_argument('--test-rows', type=int, default=None, help='held-out rows (default: max(5000, rows // 5))')
    ap.add_argument('--extra', type=json.loads, default=None, help='extra dp_lit parameters as JSON, e.g. \'{"max_depth": 5}\'')
    args = ap.parse_args()
    for kind in args.kinds:
      for T in args.trees:
        for n in args.rows:
            r = run(n, T, args.repeats, args.test_rows or max(5000, n // 5), args.extra, kind)
            print(json.dumps({k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items()}), flush=True)
