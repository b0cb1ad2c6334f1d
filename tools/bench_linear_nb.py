"""Logistic regression and Gaussian naive Bayes of dp_lit against diffprivlib's, at their defaults with public bounds and classes.

One process, one thread each (the BLAS pools are limited before numpy loads), epsilon = 1, fit + predict on held-out rows.
Runs alternate dp_lit / diffprivlib, after one warm-up each (excluded); the median of `--reps` runs is reported, with the peak
memory of one further fit + predict of each (tracemalloc: the bytes numpy and Python allocate, the input excluded) and
the held-out accuracy. Usage:

    python tools/bench_linear_nb.py [--rows 1000000 300000] [--cols 20] [--reps 5] [--models 'logistic regression' 'Gaussian naive Bayes']
"""
import os
for v in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS', 'NUMBA_NUM_THREADS'): os.environ[v] = '1'
import argparse, math, statistics, time, tracemalloc, warnings

import numpy as np


def data(n, d, seed=0):
    "Two Gaussian classes in [-1, 1]^d (means -0.15 and +0.15 per attribute, sd 0.5, clipped): train n rows, test n // 4."
    rng = np.random.default_rng(seed)
    m = n + n // 4
    y = rng.integers(0, 2, m)
    X = np.clip(rng.normal(0.3 * (y[:, None] - 0.5), 0.5, (m, d)), -1, 1)
    return X[:n], y[:n], X[n:], y[n:]


def makers(d):
    from dp_lit.linear import DPLogisticRegression
    from dp_lit.naive_bayes import DPGaussianNB
    import diffprivlib.models as dpl
    lr_kw = dict(classes=[0, 1])
    if 'bounds' in DPLogisticRegression().get_params(): lr_kw['bounds'] = (-1.0, 1.0)    # the public bounds, where the estimator takes them
    else: lr_kw['norm_bound'] = math.sqrt(d)
    return {
        'logistic regression': (lambda: DPLogisticRegression(epsilon=1.0, **lr_kw),
                                lambda: dpl.LogisticRegression(epsilon=1.0, data_norm=math.sqrt(d))),
        'Gaussian naive Bayes': (lambda: DPGaussianNB(epsilon=1.0, bounds=(-1.0, 1.0), classes=[0, 1]),
                                 lambda: dpl.GaussianNB(epsilon=1.0, bounds=(-np.ones(d), np.ones(d)))),
    }


def one(make, Xtr, ytr, Xte):
    t0 = time.perf_counter(); m = make().fit(Xtr, ytr); t1 = time.perf_counter(); p = m.predict(Xte); t2 = time.perf_counter()
    return t1 - t0, t2 - t1, p


def peak(make, Xtr, ytr, Xte):
    tracemalloc.start(); tracemalloc.reset_peak()
    one(make, Xtr, ytr, Xte)
    _, pk = tracemalloc.get_traced_memory(); tracemalloc.stop()
    return pk


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--rows', type=int, nargs='+', default=[1_000_000, 300_000])
    ap.add_argument('--cols', type=int, default=20)
    ap.add_argument('--reps', type=int, default=5)
    ap.add_argument('--models', nargs='+', default=['logistic regression', 'Gaussian naive Bayes'])
    a = ap.parse_args()
    warnings.simplefilter('ignore')
    print(f"load average {os.getloadavg()[0]:.2f}; one thread; epsilon 1; median of {a.reps} alternating runs")
    print("| model | rows x cols | dp_lit fit / predict (s) | diffprivlib fit / predict (s) | time ratio | peak memory dp_lit / peer (MB) | "
          "memory ratio | accuracy dp_lit / peer |")
    print("|---|---|---|---|---|---|---|---|")
    for n in a.rows:
        Xtr, ytr, Xte, yte = data(n, a.cols)
        for name, (ours, peer) in makers(a.cols).items():
            if name not in a.models: continue
            one(ours, Xtr, ytr, Xte); one(peer, Xtr, ytr, Xte)                  # warm-up, excluded
            T = {'ours': [], 'peer': []}; acc = {'ours': [], 'peer': []}
            for _ in range(a.reps):
                for k, mk in (('ours', ours), ('peer', peer)):
                    f, p, pred = one(mk, Xtr, ytr, Xte)
                    T[k].append((f, p)); acc[k].append(float(np.mean(pred == yte)))
            med = {k: (statistics.median(f + p for f, p in v), statistics.median(f for f, _ in v), statistics.median(p for _, p in v))
                   for k, v in T.items()}
            pk = {k: peak(mk, Xtr, ytr, Xte) for k, mk in (('ours', ours), ('peer', peer))}
            print(f"| {name} | {n:,} x {a.cols} | {med['ours'][1]:.3f} / {med['ours'][2]:.3f} | {med['peer'][1]:.3f} / {med['peer'][2]:.3f} "
                  f"| {med['ours'][0] / med['peer'][0]:.2f} | {pk['ours'] / 2**20:.0f} / {pk['peer'] / 2**20:.0f} | {pk['ours'] / pk['peer']:.2f} "
                  f"| {statistics.mean(acc['ours']):.4f} / {statistics.mean(acc['peer']):.4f} |", flush=True)


if __name__ == '__main__':
    main()
