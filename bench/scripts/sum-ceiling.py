#!/usr/bin/env python3
"""How far sums of simple terms can go on a table: the test R^2 of greedy forward selection, by number of terms,
over the families of terms the term regression can write with the default library.

    bench/scripts/sum-ceiling.py SPLIT_DIR [SPLIT_DIR ...] [--terms 5,10,20,40] [--top 12]

SPLIT_DIR holds train.csv and test.csv (target last), as `bench --save-splits` or
../shared/tools/blackbox_baselines.py write them. The families, each fitted by forward selection (the column most
correlated with the residual joins, all coefficients refitted by least squares) on the training rows and scored on
the test rows:
  inputs      the inputs alone (the straight line when every input is taken)
  functions   each input, its square, its square root (inputs >= 0) and its log (inputs > 0)
  products    the functions' columns and the pairwise products of the --top strongest of them (the first
              columns forward selection takes), squares included
Each figure is the best test R^2 of the sums of at most k terms along the path (the size chosen with the test rows,
an optimistic choice: a square of a heavy-tailed input can wreck larger sums on a few test rows).
A sum of k terms of the products family is about 5k nodes as the tool writes it: 10 terms is the size the tool
aims below (60 nodes). Greedy selection is not the best subset, so these are what a search of this kind reaches,
not a bound; a figure far below a tree ensemble's says that the gap is not a matter of search time.
Needs Debian's python3-numpy and python3-pandas.
"""
import argparse
import itertools
import os
import sys

import numpy as np
import pandas as pd


def forward(cols, y, steps):
    """The column indices in the order forward selection takes them, and each prefix's coefficients (intercept
    first)."""
    n = len(y)
    z = (cols - cols.mean(0)) / (cols.std(0) + 1e-300)
    chosen, fits = [], []
    residual = y - y.mean()
    for _ in range(min(steps, cols.shape[1])):
        score = np.abs(z.T @ residual)
        score[chosen] = -1
        chosen.append(int(np.argmax(score)))
        a = np.c_[np.ones(n), cols[:, chosen]]
        coef = np.linalg.lstsq(a, y, rcond=None)[0]
        residual = y - a @ coef
        fits.append((list(chosen), coef))
    return fits


def r2(y, p):
    return 1 - np.sum((y - p) ** 2) / np.sum((y - y.mean()) ** 2)


def functions(x, reference):
    """Each input, its square, its square root and its log where the training rows allow them."""
    out = []
    for j in range(x.shape[1]):
        v, lo = x[:, j], reference[:, j].min()
        out += [v, v * v]
        if lo >= 0:
            out.append(np.sqrt(np.maximum(v, 0)))
        if lo > 0:
            out.append(np.log(np.maximum(v, 1e-300)))
    return np.array(out).T


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--terms", default="5,10,20,40")
    ap.add_argument("--top", type=int, default=12)
    args = ap.parse_args()
    sizes = [int(t) for t in args.terms.split(",")]
    print("table,family," + ",".join(f"r2_{k}_terms" for k in sizes))
    for d in args.dirs:
        try:
            train = pd.read_csv(os.path.join(d, "train.csv"))
            test = pd.read_csv(os.path.join(d, "test.csv"))
        except OSError as e:
            print(f"sum-ceiling: {d}: {e.strerror}", file=sys.stderr)
            sys.exit(2)
        x, y = train.iloc[:, :-1].to_numpy(float), train.iloc[:, -1].to_numpy(float)
        xt, yt = test.iloc[:, :-1].to_numpy(float), test.iloc[:, -1].to_numpy(float)
        f, ft = functions(x, x), functions(xt, x)
        top = forward(f, y, args.top)[-1][0]
        pairs = list(itertools.combinations_with_replacement(top, 2))
        p = np.c_[f, np.array([f[:, a] * f[:, b] for a, b in pairs]).T]
        pt = np.c_[ft, np.array([ft[:, a] * ft[:, b] for a, b in pairs]).T]
        name = os.path.basename(os.path.normpath(d))
        for family, (c, ct) in (("inputs", (x, xt)), ("functions", (f, ft)), ("products", (p, pt))):
            fits = forward(c, y, max(sizes))
            scores = [r2(yt, np.c_[np.ones(len(yt)), ct[:, chosen]] @ coef) for chosen, coef in fits]
            row = [f"{max(scores[:k]):.4f}" for k in sizes]
            print(f"{name},{family}," + ",".join(row), flush=True)


if __name__ == "__main__":
    main()
