#!/usr/bin/env python
"""Keyed noise, compiled (numba) against the numpy reference, in one process, alternating runs:

1. `keyed_geometric_mechanism` throughput (values per second, median of 5) at the forests' call shape:
   (leaves x classes) counts, keys (leaf[:, None], class[None, :], batch), epsilon 1 over 10 trees, sensitivity 1;
2. a default Private-RDT fit + predict in keyed mode on `dp_lit.bench.bench_data('num', 100_000)` (classes and bounds
   given, epsilon 1, 10 trees, default max_depth, fixed noise_seed): seconds (median of 3), and whether the predictions
   (and probabilities) of the two paths are identical;
3. in fresh processes: `import dp_lit.mechanisms` time (-X importtime, median of 5) and the first keyed draw (1,000
   values) with an empty numba cache (NUMBA_CACHE_DIR a new temp dir), then with that cache warm (median of 5), and
   warm with numba already imported (as in a forest's process).

    PYTHONPATH=. python tools/bench_keyed.py [--values 200000] [--rows 100000] [--skip-rdt] [--only-fresh]
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

import numpy as np

from dp_lit.mechanisms import NoiseKey, compiled_keyed_noise, keyed_geometric_mechanism


def throughput(n_values, repeats=5):
    leaves = np.random.default_rng(0).integers(0, 2 ** 63, n_values // 2, dtype=np.uint64)
    counts, key = np.zeros((len(leaves), 2), dtype=np.int64), NoiseKey(1)
    call = lambda: keyed_geometric_mechanism(counts, 1, 0.1, key, leaves[:, None], np.arange(2)[None, :], 0)
    times, outs = {True: [], False: []}, {}
    for on in (True, False): compiled_keyed_noise(on); call()                     # warm-up (compiles / loads the cache)
    for _ in range(repeats):
        for on in (True, False):
            compiled_keyed_noise(on)
            t0 = time.perf_counter(); outs[on] = call(); times[on].append(time.perf_counter() - t0)
    compiled_keyed_noise(True)
    size = counts.size
    return dict(values=size, compiled_per_s=size / statistics.median(times[True]),
                numpy_per_s=size / statistics.median(times[False]), identical=bool(np.array_equal(outs[True], outs[False])),
                compiled_s=times[True], numpy_s=times[False])


def rdt(rows, repeats=3):
    from dp_lit.bench import bench_data
    from dp_lit.rdt import PrivateRDTClassifier
    X, _, y, kw, _ = bench_data('num', rows)
    make = lambda: PrivateRDTClassifier(n_estimators=10, epsilon=1.0, noise_seed=11, random_state=3, classes=[0, 1], **kw)
    times, preds, probas, info = {True: [], False: []}, {}, {}, {}
    compiled_keyed_noise(True); w = make().fit(X, y); w.predict(X)                   # warm-up: compiled walks and kernels
    info.update(max_depth=int(w.max_depth_), keyed=getattr(w, '_key', None) is not None)
    for _ in range(repeats):
        for on in (True, False):
            compiled_keyed_noise(on)
            t0 = time.perf_counter(); m = make().fit(X, y); p = m.predict(X); times[on].append(time.perf_counter() - t0)
            preds[on], probas[on] = p, m.predict_proba(X)
    compiled_keyed_noise(True)
    return dict(rows=rows, **info, compiled_s=statistics.median(times[True]), numpy_s=statistics.median(times[False]),
                all_compiled_s=times[True], all_numpy_s=times[False],
                identical_predictions=bool(np.array_equal(preds[True], preds[False])),
                identical_probabilities=bool(np.array_equal(probas[True], probas[False])),
                accuracy=float(np.mean(preds[True] == y)))


_FIRST = """
import sys, time
if 'numba' in sys.argv: import numba          # as in a forest's process, where dp_lit.kernels has imported numba already
t0 = time.perf_counter()
import numpy as np
from dp_lit.mechanisms import NoiseKey, keyed_geometric_mechanism
t1 = time.perf_counter()
keyed_geometric_mechanism(np.zeros(1000, dtype=np.int64), 1, 0.1, NoiseKey(1), np.arange(1000))
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def fresh_process(repeats=5):
    env = dict(os.environ)
    imp = []
    for _ in range(repeats):
        err = subprocess.run([sys.executable, '-X', 'importtime', '-c', 'import dp_lit.mechanisms'], env=env,
                             capture_output=True, text=True).stderr
        line = [l for l in err.splitlines() if l.rstrip().endswith('| dp_lit.mechanisms')][-1]
        imp.append(int(line.split('|')[1]) / 1e6)
    out = dict(import_s=statistics.median(imp), import_all_s=imp)
    with tempfile.TemporaryDirectory() as d:
        env['NUMBA_CACHE_DIR'] = d
        for name in ('first_call_empty_cache_s', 'first_call_warm_cache_s'):
            r = subprocess.run([sys.executable, '-c', _FIRST], env=env, capture_output=True, text=True, check=True)
            out[name] = float(r.stdout.split()[1])
        run = lambda *a: float(subprocess.run([sys.executable, '-c', _FIRST, *a], env=env, capture_output=True, text=True,
                                              check=True).stdout.split()[1])
        out['first_call_warm_cache_s'] = statistics.median([out['first_call_warm_cache_s']] + [run() for _ in range(repeats - 1)])
        out['first_call_warm_cache_numba_imported_s'] = statistics.median([run('numba') for _ in range(repeats)])
    return out


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--values', type=int, default=200_000)
    ap.add_argument('--rows', type=int, default=100_000)
    ap.add_argument('--skip-rdt', action='store_true')
    ap.add_argument('--only-fresh', action='store_true', help='only the fresh-process measurements')
    a = ap.parse_args()
    res = dict(load_average=os.getloadavg())
    res['fresh_process'] = fresh_process()
    print(json.dumps(res['fresh_process']), flush=True)
    if a.only_fresh: sys.exit(0)
    res['throughput'] = throughput(a.values)
    print(json.dumps(res['throughput']), flush=True)
    if not a.skip_rdt:
        res['rdt'] = rdt(a.rows)
        print(json.dumps(res['rdt']), flush=True)
    res['load_average_end'] = os.getloadavg()
    print(json.dumps(res))
