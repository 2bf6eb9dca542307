#!/usr/bin/env python3
"""Reference models on the rows of bench runs: a measurement, not part of the product.

`dysymnet bench ... --save-splits DIR` writes each run's rows as DIR/<problem>_seed<S>[_noise<N>]/train.csv and
test.csv (feature names then `target`; the training target with the run's noise, the test rows noise-free). This
script fits, on each folder's training rows, scikit-learn's

  ols: LinearRegression()
  rf:  RandomForestRegressor(n_estimators=100, random_state=1, n_jobs=1)
  gb:  GradientBoostingRegressor(random_state=1)

and prints a CSV of their test R^2 (sklearn.metrics.r2_score), one line per folder, then a last line `median` with
the medians over the folders:

  name,seed,noise,ols,rf,gb

Needs Python 3 with NumPy and scikit-learn (Debian: /usr/bin/python3 with python3-sklearn). Usage:

  /usr/bin/python3 bench/scripts/blackbox_reference.py DIR [--models ols,rf,gb] [--filter REGEX]

The ols column is the same line as results.csv's ols_r2_test (bench's own least squares), up to rounding where the
features are collinear.
"""

import argparse
import csv
import math
import os
import re
import sys

import numpy as np
from sklearn.ensemble import GradientBoostingRegressor, RandomForestRegressor
from sklearn.linear_model import LinearRegression
from sklearn.metrics import r2_score

MODELS = {
    "ols": lambda: LinearRegression(),
    "rf": lambda: RandomForestRegressor(n_estimators=100, random_state=1, n_jobs=1),
    "gb": lambda: GradientBoostingRegressor(random_state=1),
}
FOLDER = re.compile(r"^(?P<name>.+)_seed(?P<seed>-?\d+)(?:_noise(?P<noise>[^_]+))?$")


def read(path):
    """Features and target of a saved split file."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    if header[-1] != "target":
        raise ValueError(f"{path}: the last column is {header[-1]!r}, not 'target'")
    data = np.array([[float(c) for c in r] for r in body], dtype=float).reshape(len(body), len(header))
    return data[:, :-1], data[:, -1]


def median(values):
    v = [x for x in values if not math.isnan(x)]
    return float(np.median(v)) if v else float("nan")


def fmt(x):
    return "" if math.isnan(x) else repr(float(x))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", help="the --save-splits directory")
    ap.add_argument("--models", default="ols,rf,gb", help="comma-separated subset of ols,rf,gb (default all)")
    ap.add_argument("--filter", default=None, help="only folders whose problem name matches this regex")
    args = ap.parse_args(argv)
    models = [m.strip() for m in args.models.split(",") if m.strip()]
    for m in models:
        if m not in MODELS:
            ap.error(f"unknown model {m!r}: choose among {', '.join(MODELS)}")

    runs = []
    for entry in sorted(os.listdir(args.dir)):
        m = FOLDER.match(entry)
        folder = os.path.join(args.dir, entry)
        if not m or not os.path.isfile(os.path.join(folder, "train.csv")):
            continue
        if args.filter and not re.search(args.filter, m.group("name")):
            continue
        runs.append((m.group("name"), int(m.group("seed")), float(m.group("noise") or 0), folder))
    if not runs:
        sys.exit(f"no <problem>_seed<S> folder with train.csv in {args.dir}")

    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["name", "seed", "noise"] + models)
    scores = {m: [] for m in models}
    for name, seed, noise, folder in sorted(runs, key=lambda r: (r[0], r[2], r[1])):
        x_train, y_train = read(os.path.join(folder, "train.csv"))
        x_test, y_test = read(os.path.join(folder, "test.csv"))
        line = [name, seed, fmt(noise)]
        for m in models:
            try:
                model = MODELS[m]().fit(x_train, y_train)
                r2 = float(r2_score(y_test, model.predict(x_test)))
            except ValueError as e:  # e.g. a test set of one row
                print(f"{name} seed {seed} {m}: {e}", file=sys.stderr)
                r2 = float("nan")
            scores[m].append(r2)
            line.append(fmt(r2))
        out.writerow(line)
        sys.stdout.flush()
    out.writerow(["median", "", ""] + [fmt(median(scores[m])) for m in models])


if __name__ == "__main__":
    main(sys.argv[1:])
