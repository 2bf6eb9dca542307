#!/usr/bin/env python3
"""Compare the reported formulas of two bench results.csv files, byte for byte.

    bench/scripts/compare-results.py BEFORE/results.csv AFTER/results.csv [--columns expression,complexity,r2_test]

Rows are matched by (suite, problem, seed, noise, ablation). For each matched run the columns named by --columns
(default: expression, the reported formula as the bench writes it) are compared as strings, with no tolerance. A run
in one file and not the other, or one that ended in an error in either, is a difference too. Prints one line per
difference and a summary line; the exit status is 0 when the files agree on every run, 1 when they do not, 2 on bad
input. Only the standard library: it runs wherever the bench's results are.
"""
import argparse
import csv
import sys

KEY = ("suite", "problem", "seed", "noise", "ablation")


def read(path):
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        print(f"compare-results: {path}: {e.strerror}", file=sys.stderr)
        sys.exit(2)
    runs = {}
    for i, row in enumerate(rows, start=2):
        missing = [k for k in KEY if k not in row]
        if missing:
            print(f"compare-results: {path}: no column {missing[0]}", file=sys.stderr)
            sys.exit(2)
        key = tuple(row[k] for k in KEY)
        # a rerun appends: the last row of a run is the one the bench reports
        runs[key] = row
    return runs


def label(key):
    suite, problem, seed, noise, ablation = key
    text = f"{suite}/{problem} seed {seed}"
    if noise not in ("", "0", "0.0"):
        text += f" noise {noise}"
    if ablation not in ("", "none"):
        text += f" ablation {ablation}"
    return text


def main(argv):
    p = argparse.ArgumentParser(description="Compare the reported formulas of two bench results.csv files.")
    p.add_argument("before")
    p.add_argument("after")
    p.add_argument("--columns", default="expression",
                   help="comma-separated columns compared as strings (default: expression)")
    a = p.parse_args(argv)
    columns = [c for c in a.columns.split(",") if c]
    before = read(a.before)
    after = read(a.after)
    differences = 0
    compared = 0
    for key in sorted(set(before) | set(after)):
        if key not in after:
            print(f"only before: {label(key)}")
            differences += 1
            continue
        if key not in before:
            print(f"only after:  {label(key)}")
            differences += 1
            continue
        b, c = before[key], after[key]
        compared += 1
        for row, name in ((b, "before"), (c, "after")):
            if row.get("error"):
                print(f"error {name}: {label(key)}: {row['error']}")
                differences += 1
        for col in columns:
            if col not in b or col not in c:
                print(f"compare-results: no column {col}", file=sys.stderr)
                return 2
            if b[col] != c[col]:
                print(f"{label(key)}: {col}\n  before: {b[col]}\n  after:  {c[col]}")
                differences += 1
    verdict = "identical" if differences == 0 else f"{differences} difference(s)"
    print(f"{compared} runs compared on {', '.join(columns)}: {verdict}")
    return 0 if differences == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
