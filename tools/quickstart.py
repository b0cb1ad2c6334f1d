"""The README's main job until `dp_lit demo` lands: exercise the privacy primitives on a toy data set."""
import numpy as np
from dp_lit.mechanisms import laplace_mechanism, geometric_mechanism, exponential_mechanism, private_median
from dp_lit.accounting import Budget, geometric_allocation
from dp_lit.audit import audit, remove_one

rng = np.random.default_rng(0)
ages = rng.normal(40, 12, 2000).clip(0, 120)
budget = Budget(3.0, name='quickstart')
print(f"{'release':<28}{'epsilon':>8}{'true':>10}{'private':>10}")
for eps in (0.1, 1.0):
    budget.spend(eps, f'count at eps={eps}')
    print(f"{'count of rows':<28}{eps:>8}{len(ages):>10}{geometric_mechanism(len(ages), 1, eps, random_state=rng):>10}")
    budget.spend(eps, f'median at eps={eps}')
    print(f"{'median age in [0, 120]':<28}{eps:>8}{np.median(ages):>10.2f}"
          f"{private_median(ages, 0, 120, eps, method='exponential', random_state=rng):>10.2f}")
bins = np.histogram(ages, bins=[0, 30, 45, 60, 120])[0]
budget.spend(0.5, 'most common age band')
band = exponential_mechanism(bins, 1, 0.5, random_state=rng, monotonic=True)
print(f"{'most common age band':<28}{0.5:>8}{int(np.argmax(bins)):>10}{band:>10}")
print(budget)
print("Huang et al. (2022) geometric allocation of eps_s=1 over depth 4:", geometric_allocation(1.0, 4).round(3))
res = audit(lambda d, g, n: laplace_mechanism(np.full(n, float(len(d))), 1, 1.0, random_state=g),
            remove_one(list(range(100))), n_trials=200_000, random_state=1)
print(res)
