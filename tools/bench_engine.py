#!/usr/bin/env python
"""Time the tree engine at Private-RDT's defaults (public domains and classes only) on categorical data, one thread.

    python tools/bench_engine.py [--rows 100000 1000000 5000000] [--repeats 5] [--no-first-use] [--profile N]
    python tools/bench_engine.py --compare OLD_TREE [--rows ...] [--repeats 5]

Prints, for each row count: the median (and min) of `repeats` fit + predict runs of
`PrivateRDTClassifier(n_estimators=10, categories=..., classes=...)` on `dp_lit.bench.bench_data('cat', n)`
(a warm-up run is made first and not counted), the chosen height, and the growth exponent between row counts.
Also: this machine's memory bandwidth (numpy sum over a 400 MB int64 array, median of 5) and the time to read the
1M x 10 data once at that rate (as 8-byte values, as diffprivlib gets them, and as the 1-byte codes dp_lit keeps);
and the one-time cost of the first fit in a new process, with the numba cache warm and with an empty cache
(`NUMBA_CACHE_DIR` pointed at a new temporary folder), each the median of 3 fresh processes.
The code measured is whatever `import dp_lit` loads. With `--compare OLD_TREE` (a folder holding another version's
`dp_lit/`), each timed run is a fresh process (data made, one warm-up, one timed fit + predict), alternating between
OLD_TREE and this repository, `repeats` times per row count; medians of both and their ratio are printed (on a shared
machine, only such alternating ratios are worth comparing).
"""
import os
for v in ('NUMBA_NUM_THREADS', 'OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS'): os.environ.setdefault(v, '1')
import argparse, json, math, statistics, subprocess, sys, tempfile, time

import numpy as np

FIRST = r'''
import time, json
t0 = time.perf_counter()
from dp_lit.bench import bench_data
from dp_lit.rdt import PrivateRDTClassifier
t1 = time.perf_counter()
X, A, y, kw, _ = bench_data('cat', 30000)
cats = {c: list(X[c].cat.categories) for c in X.columns}
def run():
    m = PrivateRDTClassifier(n_estimators=10, categories=cats, classes=[0, 1, 2], random_state=0, noise_seed=1)
    m.fit(X, y); return m.predict(X)
t = time.perf_counter(); run(); a = time.perf_counter() - t
t = time.perf_counter(); run(); b = time.perf_counter() - t
print(json.dumps(dict(imports=t1 - t0, first=a, second=b)))
'''


def bandwidth(nbytes=400 << 20, repeats=5):
    "GB/s of a numpy sum over a large int64 array (median of `repeats`)."
    a = np.ones(nbytes // 8, np.int64); a.sum()
    ts = []
    for _ in range(repeats):
        t = time.perf_counter(); a.sum(); ts.append(time.perf_counter() - t)
    return nbytes / statistics.median(ts) / 1e9


def fit_predict(X, y, cats):
    from dp_lit.rdt import PrivateRDTClassifier
    t = time.perf_counter()
    m = PrivateRDTClassifier(n_estimators=10, categories=cats, classes=[0, 1, 2], random_state=0, noise_seed=1)
    p = m.fit(X, y).predict(X)
    return time.perf_counter() - t, m, p


def first_use(fresh: bool, runs=3, tree=None):
    "One-time cost of the first fit in a new process: (first - second) fit+predict, median over `runs` processes."
    out = []
    for _ in range(runs):
        env = dict(os.environ) if tree is None else dict(os.environ, PYTHONPATH=tree)
        tmp = tempfile.mkdtemp(prefix='numba_cache_') if fresh else None
        if fresh: env['NUMBA_CACHE_DIR'] = tmp
        r = subprocess.run([sys.executable, '-c', FIRST], env=env, capture_output=True, text=True, check=True)
        out.append(json.loads(r.stdout.strip().splitlines()[-1]))
    med = lambda k: statistics.median(o[k] for o in out)
    return dict(imports=med('imports'), one_time=statistics.median(o['first'] - o['second'] for o in out))


ONE = r'''
import os, sys, time, json
from dp_lit.bench import bench_data
from dp_lit.rdt import PrivateRDTClassifier
X, A, y, kw, _ = bench_data('cat', int(sys.argv[1]))
cats = {c: list(X[c].cat.categories) for c in X.columns}
def run():
    t = time.perf_counter()
    m = PrivateRDTClassifier(n_estimators=10, categories=cats, classes=[0, 1, 2], random_state=0, noise_seed=1)
    m.fit(X, y); m.predict(X)
    return time.perf_counter() - t
run()
print(json.dumps(run()))
'''


def compare(old, rows, repeats):
    "Alternate fresh processes on the old tree and this one; medians and ratio per row count."
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    res = {}
    for n in rows:
        ts = {old: [], here: []}
        for _ in range(repeats):
            for tree in (old, here):
                env = dict(os.environ, PYTHONPATH=tree)
                r = subprocess.run([sys.executable, '-c', ONE, str(n)], env=env, capture_output=True, text=True, check=True)
                ts[tree].append(json.loads(r.stdout.strip().splitlines()[-1]))
        mo, mn = statistics.median(ts[old]), statistics.median(ts[here])
        res[n] = (mo, mn)
        print(f"cat {n:>9,} x 10: old {mo:.3f} s, new {mn:.3f} s (medians of {repeats}, alternating processes; load "
              f"{os.getloadavg()[0]:.1f}): new/old {mn / mo:.2f}", flush=True)
    ns = sorted(res)
    for fresh in (False, True):
        got = {old: [], here: []}
        for _ in range(repeats):
            for tree in (old, here): got[tree].append(first_use(fresh, 1, tree)['one_time'])
        mo, mn = statistics.median(got[old]), statistics.median(got[here])
        print(f"first fit in a new process, {'empty' if fresh else 'warm'} numba cache: one-time cost old {mo:.3f} s, "
              f"new {mn:.3f} s (medians of {repeats}, alternating; load {os.getloadavg()[0]:.1f})", flush=True)
    pairs = list(zip(ns, ns[1:])) + ([(ns[0], ns[-1])] if len(ns) > 2 else [])
    for k, label in ((0, 'old'), (1, 'new')):
        for lo, hi in pairs:
            print(f"growth exponent {label} {lo:,} -> {hi:,}: {math.log(res[hi][k] / res[lo][k]) / math.log(hi / lo):.3f}")
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--rows', type=int, nargs='+', default=[100_000, 1_000_000, 5_000_000])
    ap.add_argument('--repeats', type=int, default=5)
    ap.add_argument('--no-first-use', action='store_true')
    ap.add_argument('--profile', type=int, default=0, help='also print a cProfile of one run at this many rows')
    ap.add_argument('--compare', metavar='OLD_TREE', help="alternate fresh processes on OLD_TREE's dp_lit and this one")
    a = ap.parse_args()
    if a.compare:
        compare(os.path.abspath(a.compare), a.rows, a.repeats)
        return
    import dp_lit
    from dp_lit.bench import bench_data
    print(f"dp_lit from {os.path.dirname(dp_lit.__file__)}; load average {os.getloadavg()[0]:.2f}")
    bw = bandwidth()
    print(f"memory bandwidth (numpy sum over 400 MB of int64): {bw:.1f} GB/s")
    res = {}
    for n in a.rows:
        X, A, y, kw, _ = bench_data('cat', n)
        cats = {c: list(X[c].cat.categories) for c in X.columns}
        fit_predict(X, y, cats)                                        # warm-up: not counted
        ts = []
        for _ in range(a.repeats):
            t, m, p = fit_predict(X, y, cats); ts.append(t)
        res[n] = statistics.median(ts)
        line = (f"cat {n:>9,} x {X.shape[1]}: fit+predict median {res[n]:.3f} s (min {min(ts):.3f}) over {a.repeats}, "
                f"height {m.max_depth_}, accuracy {np.mean(p == y):.4f}")
        if n == 1_000_000:
            r8, r1 = n * X.shape[1] * 8 / (bw * 1e9), n * X.shape[1] / (bw * 1e9)
            line += f"; {res[n] / r8:.0f}x reading it once as 8-byte values ({r8 * 1e3:.1f} ms), {res[n] / r1:.0f}x as 1-byte codes"
        print(line, flush=True)
    ns = sorted(res)
    for lo, hi in zip(ns, ns[1:]):
        print(f"growth exponent {lo:,} -> {hi:,}: {math.log(res[hi] / res[lo]) / math.log(hi / lo):.3f}")
    if len(ns) > 2: print(f"growth exponent {ns[0]:,} -> {ns[-1]:,}: {math.log(res[ns[-1]] / res[ns[0]]) / math.log(ns[-1] / ns[0]):.3f}")
    if not a.no_first_use:
        for fresh in (False, True):
            r = first_use(fresh)
            print(f"first fit in a new process, {'empty' if fresh else 'warm'} numba cache: one-time cost {r['one_time']:.3f} s "
                  f"(imports {r['imports']:.3f} s), median of 3 processes", flush=True)
    if a.profile:
        import cProfile, pstats
        X, A, y, kw, _ = bench_data('cat', a.profile)
        cats = {c: list(X[c].cat.categories) for c in X.columns}
        pr = cProfile.Profile(); pr.enable(); fit_predict(X, y, cats); pr.disable()
        pstats.Stats(pr).sort_stats('tottime').print_stats(15)


if __name__ == '__main__':
    main()
