"""predict on many rows: NumPy (the estimator's predict) against the jar's predict command (a JVM start and CSV
files, what predict did before 0.3.0). Run from the repository after ``mvn -B package -DskipTests``:

    python3 python/benchmarks/predict_speed.py [ROWS]

It fits one model of a formula with log, a quotient and a power (a short search), then times both on ROWS rows
(default 100,000): the median of 5 runs each, and the largest difference between their predictions in ulps.
"""

import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from dysymnet import DySymNetRegressor  # noqa: E402


def size(tree):
    return 1 + sum(size(a) for a in tree[1:]) if isinstance(tree, list) else 1


def main():
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rng = np.random.default_rng(1)
    X = rng.uniform(0.5, 3.0, size=(200, 3))
    y = np.log(X[:, 0] ** 3 + 1.0) + X[:, 1] / (X[:, 0] + X[:, 2]) + np.sqrt(X[:, 2]) * np.sin(X[:, 1])
    reg = DySymNetRegressor(max_steps=3, time_limit=0).fit(X, y)
    X_new = rng.uniform(-4.0, 4.0, size=(rows, 3))
    timings = {}
    results = {}
    for name, run in (("numpy", reg.predict), ("jar", lambda A: reg._predict_with_jar(reg.model_json_, A))):
        times = []
        for _ in range(5):
            start = time.perf_counter()
            results[name] = run(X_new)
            times.append(time.perf_counter() - start)
        timings[name] = statistics.median(times)
    a, b = results["numpy"], results["jar"]
    finite = np.isfinite(b)
    ulps = np.abs(a[finite].view(np.int64) - b[finite].view(np.int64))
    print("formula: %s (%d nodes)" % (reg.expression_, size(reg.model_json_["tree"])))
    print("rows: %d; median of 5: NumPy %.4f s, jar %.3f s (%.0fx); same non-finite rows: %s; largest "
          "difference %d ulps (where the formula cancels), %.1f%% bit-equal"
          % (rows, timings["numpy"], timings["jar"], timings["jar"] / timings["numpy"],
             bool(np.array_equal(np.isnan(a), np.isnan(b))), int(ulps.max(initial=0)), 100.0 * np.mean(ulps == 0)))


if __name__ == "__main__":
    main()
