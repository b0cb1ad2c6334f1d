"""Smoke test against the newest runtime dependencies (installed with plain `pip install .`, no dev or compare extras)."""
import sys
import numpy as np, sklearn, scipy, pandas
from dp_lit.mechanisms import laplace_mechanism, geometric_mechanism, exponential_mechanism, private_median
from dp_lit.accounting import Budget
from dp_lit.audit import audit, remove_one, assert_private

print(f"python {sys.version.split()[0]}, numpy {np.__version__}, scipy {scipy.__version__}, "
      f"pandas {pandas.__version__}, scikit-learn {sklearn.__version__}")
major_minor = tuple(int(x) for x in sklearn.__version__.split('.')[:2])
assert major_minor >= (1, 8), f"expected the newest scikit-learn (>= 1.8) in the smoke environment, got {sklearn.__version__}"
assert int(np.__version__.split('.')[0]) >= 2, f"expected numpy 2.x, got {np.__version__}"
rng = np.random.default_rng(0)
assert abs(laplace_mechanism(10.0, 1, 1.0, random_state=rng) - 10) < 50
assert isinstance(geometric_mechanism(5, 1, 1.0, random_state=rng), int)
assert exponential_mechanism([0., 100.], 1, 1.0, random_state=rng) == 1
assert 0 <= private_median(rng.uniform(0, 1, 500), 0, 1, 1.0, random_state=rng) <= 1
b = Budget(1.0); b.spend(0.4, 'a'); assert abs(b.remaining - 0.6) < 1e-12
assert_private(audit(lambda d, g, n: laplace_mechanism(np.full(n, float(len(d))), 1, 1.0, random_state=g),
                     remove_one(list(range(10))), n_trials=50_000, random_state=0), 1.0)
print("smoke test passed")

# the data layer, the runner and the command line on the newest stack
import math, subprocess
from dp_lit.data import paper_synthetic, load_dataset, semi_supervised_split
from dp_lit.experiments import run_experiment, summarize
from sklearn.tree import DecisionTreeClassifier
res = run_experiment({'tree': DecisionTreeClassifier(max_depth=4)}, {'syn5d': paper_synthetic('syn5d'), 'wine': load_dataset('wine')},
                     [math.inf], repeats=1, cv=3, n_jobs=2)
assert len(res) == 6 and res.accuracy.mean() > 0.7, res
X, ys = semi_supervised_split(*[paper_synthetic('jagannathan2013_synth').X, paper_synthetic('jagannathan2013_synth').y], 0.2, random_state=0)
assert abs((ys != -1).mean() - 0.2) < 0.01
p = subprocess.run([sys.executable, '-m', 'dp_lit.cli', 'demo'], capture_output=True, text=True)
assert p.returncode == 0 and 'eps=0.1' in p.stdout, p.stderr
print("smoke test (data, runner, CLI) passed")

# exact samplers, keyed noise and a private forest on the newest stack
from dp_lit.mechanisms import grid_laplace_mechanism, NoiseKey, keyed_geometric_mechanism
from dp_lit.rdt import PrivateRDTClassifier
g = grid_laplace_mechanism(np.zeros(5), 1, 1.0, granularity=2**-10)
assert np.all(g * 2**10 == np.round(g * 2**10)), g
key = NoiseKey()
kg = keyed_geometric_mechanism(np.zeros(3, dtype=int), 1, 1.0, key, np.arange(3))
assert np.array_equal(kg, keyed_geometric_mechanism(np.zeros(3, dtype=int), 1, 1.0, key, np.arange(3)))
s2 = paper_synthetic('jagannathan2009_set2')
forest = PrivateRDTClassifier(epsilon=1.0, classes=[0, 1], random_state=0).fit(s2.X, s2.y)
assert forest.stores_all_leaves_ and forest.score(s2.X, s2.y) > 0.6
print("smoke test (exact noise, keyed noise, Private-RDT) passed")
