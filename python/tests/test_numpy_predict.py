"""The NumPy predict (dysymnet._evaluate) against the jar's predict: the export tests' 462 formulas at their 93
points (ExportTest's fixture, data/export_formulas.json), and whole models through the estimator and the jar's
``predict`` command."""

import json
import math
import os
import subprocess

import numpy as np
import pytest

from conftest import DATA, FAST, IN_CI

from dysymnet import DySymNetRegressor, _evaluate, _runner


#: One operation on the same arguments: NumPy's vectorised sin, cos, tanh, exp... (on AVX-512 machines) are within
#: 4 ulps of the exact value, Java's within 1 or 2; measured here: at most 3 ulps apart, 91% of the values bit-equal.
NODE_ULPS = 4
#: A whole formula: those differences, carried through the rest of it, for the share of values counted "close".
ULPS = 4
#: A fitted formula on every row: one that subtracts nearly equal terms amplifies them (a quotient of polynomials
#: with terms of both signs, fitted to the test's data: 5 ulps apart measured), so a few times the one operation's.
FITTED_ULPS = 16


@pytest.fixture(scope="module")
def fixture():
    with open(os.path.join(DATA, "export_formulas.json"), encoding="utf-8") as f:
        return json.load(f)


def _points(fixture):
    p = np.array(fixture["points"], dtype=np.float64)
    return {"x": p[:, 0], "y": p[:, 1]}


def _size(tree):
    return 1 + sum(_size(a) for a in tree[1:]) if isinstance(tree, list) else 1


def _number(v):
    return float(v) if v in ("NaN", "Infinity", "-Infinity") else float.fromhex(v)


def _jar_values(jar, fixture, tmp_path):
    """The jar's values of every formula at every point, and of each of its nodes (Model.fromJson, then
    Model.predictColumns and Evaluator.evaluate, as the predict command computes them), in one JVM: the python-tests
    module's dysymnet.python.JarPredict on the jar's class path (its folder in DYSYMNET_TEST_CLASSES, which the Maven
    build sets). Per formula: (values, [values of each node, parents first]), or
    the jar's message when it cannot read the formula."""
    trees = tmp_path / "trees.txt"
    trees.write_text("".join(json.dumps(f["tree"]) + "\n" for f in fixture["formulas"]), encoding="utf-8")
    points = tmp_path / "points.txt"
    points.write_text("".join("%s %s\n" % (float(x).hex(), float(y).hex()) for x, y in fixture["points"]),
                      encoding="utf-8")
    classes = os.environ.get("DYSYMNET_TEST_CLASSES", "")
    if not classes:
        why = ("DYSYMNET_TEST_CLASSES is not set: JarPredict is compiled and found by the Maven build "
               "(mvn -pl python-tests -am verify)")
        if IN_CI:
            pytest.fail(why)
        pytest.skip(why)
    cmd = [_runner.find_java(), "-cp", jar + os.pathsep + classes, "dysymnet.python.JarPredict", str(trees),
           str(points)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    lines = iter(out.stdout.splitlines())
    rows = []
    for f in fixture["formulas"]:
        first = next(lines)
        if first.startswith("ERROR "):
            rows.append(first[len("ERROR "):])
            continue
        nodes = [np.array([_number(v) for v in next(lines).split()]) for _ in range(_size(f["tree"]))]
        rows.append((np.array([_number(v) for v in first.split()]), nodes))
    assert next(lines, None) is None
    return rows


def _ulps(a, b):
    """The distance of two finite doubles in units in the last place (their places in the ordered doubles)."""
    def place(v):
        i = np.float64(v).view(np.int64)
        return int(i) if i >= 0 else -(int(i) & 0x7FFFFFFFFFFFFFFF)
    return abs(place(a) - place(b))


def _same(got, want, ulps):
    """Whether NumPy's value is the jar's: the same non-finite value, or finite values at most ``ulps`` apart."""
    if not math.isfinite(want):
        return math.isnan(want) and math.isnan(got) or want == got
    return math.isfinite(got) and _ulps(got, want) <= ulps


def _operator_nodes(tree, values, start=0):
    """(node, its values, its children's values) for each operator node, in JarPredict's order."""
    if not isinstance(tree, list):
        return []
    out = []
    at = start + 1
    children = []
    for a in tree[1:]:
        children.append(values[at])
        out += _operator_nodes(a, values, at)
        at += _size(a)
    return [(tree, values[start], children)] + out


def test_each_operation_computes_the_jars_value(jar, fixture, tmp_path):
    """Node by node, on the jar's own values of the arguments: each operator of NumPy's predict computes the jar's
    value: the same non-finite values, and finite ones within NODE_ULPS (the math libraries' last bits)."""
    expected = _jar_values(jar, fixture, tmp_path)
    columns = _points(fixture)
    checked = exact = 0
    failures = []
    for f, want in zip(fixture["formulas"], expected):
        if isinstance(want, str):
            continue
        for node, values, args in _operator_nodes(f["tree"], want[1]):
            got = _evaluate.evaluate([node[0]] + ["a%d" % i for i in range(len(args))],
                                     {"a%d" % i: a for i, a in enumerate(args)})
            for k, (g, w) in enumerate(zip(got, values)):
                checked += 1
                exact += g == w or math.isnan(g) and math.isnan(w)
                if not _same(g, w, NODE_ULPS):
                    failures.append("%s(%s) in %s at %s: jar %r, NumPy %r"
                                    % (node[0], ", ".join(repr(a[k]) for a in args), f["infix"],
                                       fixture["points"][k], w, g))
    print("NumPy's operations vs the jar's on the jar's arguments: %d values, %d bit-equal, the rest within %d ulps" 
          % (checked, exact, NODE_ULPS))
    assert not failures, "%d values differ:\n%s" % (len(failures), "\n".join(failures[:20]))
    assert checked > 100000


def test_numpy_computes_the_jars_values_on_the_export_tests_formulas(jar, fixture, tmp_path):
    """Whole formulas: the values of NumPy's predict are the jar's but where the math libraries' last bits, carried
    through a formula, grow (cos of sinh(150), a difference of nearly equal terms): there the node values above
    show that each operation agreed."""
    expected = _jar_values(jar, fixture, tmp_path)
    columns = _points(fixture)
    compared = finite = exact = close = unreadable = 0
    non_finite_differs = []
    for f, want in zip(fixture["formulas"], expected):
        if isinstance(want, str):
            # the jar's predict reads no user-defined function from a model file, nor does NumPy's
            unreadable += 1
            assert "unknown operator" in want, want
            with pytest.raises(_evaluate.UnknownNode):
                _evaluate.evaluate(f["tree"], columns)
            continue
        got = _evaluate.evaluate(f["tree"], columns)
        for k, (g, w) in enumerate(zip(got, want[0])):
            compared += 1
            if math.isfinite(w):
                finite += 1
                exact += g == w
                close += _same(g, w, ULPS)
            elif not _same(g, w, 0):
                non_finite_differs.append("%s at %s: jar %r, NumPy %r" % (f["infix"], fixture["points"][k], w, g))
    print("NumPy predict vs the jar's: %d formulas (%d with user functions, which neither reads), %d values, %d "
          "finite: %d bit-equal, %d within %d ulps; %d non-finite values differ"
          % (len(expected), unreadable, compared, finite, exact, close, ULPS, len(non_finite_differs)))
    assert len(expected) == 462 and compared >= 400 * len(columns["x"])
    assert exact >= 0.8 * finite and close >= 0.95 * finite
    assert not non_finite_differs, "\n".join(non_finite_differs[:20])


def test_the_java_pow_where_c_differs():
    one = np.array([1.0, -1.0, 1.0, 2.0, -2.0, -8.0, 0.0])
    exp = np.array([np.inf, -np.inf, np.nan, np.nan, 0.5, 1.0 / 3.0, -0.5])
    with np.errstate(all="ignore"):
        got = _evaluate._pow(one, exp)
    # Java: pow(1, inf) and pow(-1, -inf) are NaN (C: 1); pow(1, NaN) is NaN (C: 1); the protected |a|^b for a
    # negative base with a fractional exponent; 0^-0.5 is infinite
    want = [np.nan, np.nan, np.nan, np.nan, 2.0 ** 0.5, 2.0, np.inf]
    np.testing.assert_array_equal(got, want)
    # the exact products of BinaryOp.pow, and a NaN base to the power 0
    a = np.array([1.1, -3.3, np.nan, 7.0])
    np.testing.assert_array_equal(_evaluate._pow(a, 2.0), a * a)
    np.testing.assert_array_equal(_evaluate._pow(a, 3.0), a * a * a)
    assert _evaluate._pow(np.nan, 0.0) == 1.0


def test_protections_as_the_jar_computes_them():
    x = np.array([0.0, -0.0, -2.0, 150.0, -150.0, 5.0, np.nan])
    cols = {"x": x}
    np.testing.assert_array_equal(_evaluate.evaluate(["DIV", 1.0, "x"], cols)[:2], [1.0 / 1e-300, 1.0 / 1e-300])
    np.testing.assert_array_equal(_evaluate.evaluate(["LOG", "x"], cols)[:3],
                                  [math.log(1e-300), math.log(1e-300), math.log(2.0)])
    np.testing.assert_array_equal(_evaluate.evaluate(["SQRT", "x"], cols)[2], math.sqrt(2.0))
    np.testing.assert_array_equal(_evaluate.evaluate(["EXP", "x"], cols)[3], np.exp(100.0))
    np.testing.assert_array_equal(_evaluate.evaluate(["SINH", "x"], cols)[3:5], [np.sinh(100.0), -np.sinh(100.0)])
    np.testing.assert_array_equal(_evaluate.evaluate(["ASIN", "x"], cols)[5], math.pi / 2)
    # NaN stays NaN through every clamp; a constant formula fills every row
    assert all(np.isnan(_evaluate.evaluate([op, "x"], cols)[6]) for op in ("EXP", "LOG", "ASIN", "COSH"))
    np.testing.assert_array_equal(_evaluate.evaluate(2.5, cols), np.full(7, 2.5))
    with pytest.raises(_evaluate.UnknownNode, match="softplus"):
        _evaluate.evaluate(["softplus", "x"], cols)


def test_the_estimators_predict_is_the_jars_predict_command(jar, tmp_path):
    """A fitted model and rows where the protections act, through the estimator (NumPy) and the jar's predict
    command (CSV in, CSV out), equal to the last few ulps."""
    rng = np.random.default_rng(3)
    X = rng.uniform(0.5, 3.0, size=(60, 2))
    y = np.log(X[:, 0] ** 3 + 1.0) + X[:, 1] / (X[:, 0] - 1.0)
    reg = DySymNetRegressor(**FAST).fit(X, y)
    X_new = np.vstack([rng.uniform(-4.0, 4.0, size=(200, 2)), [[1.0, 1.0], [0.0, 0.0], [-1.0, 2.0], [1e-310, 3.0]]])
    got = reg.predict(X_new)
    model = tmp_path / "model.json"
    model.write_text(json.dumps(reg.model_json_), encoding="utf-8")
    data = tmp_path / "new.csv"
    data.write_text("x0,x1\n" + "".join("%r,%r\n" % (a, b) for a, b in X_new), encoding="utf-8")
    out = _runner.run(["predict", "--model", str(model), str(data)])
    assert out.code == 0, out.stderr_lines
    want = np.array([float(line.rsplit(",", 1)[1]) for line in out.stdout.decode().splitlines()[1:]])
    assert want.shape == got.shape
    finite = np.isfinite(want)
    assert np.array_equal(np.isnan(want), np.isnan(got)) and np.array_equal(want[~finite & ~np.isnan(want)],
                                                                            got[~finite & ~np.isnan(want)])
    assert max(_ulps(g, w) for g, w in zip(got[finite], want[finite])) <= FITTED_ULPS


def test_predict_runs_no_jvm(monkeypatch):
    """predict needs no java: a model file is enough (the jar is run only to fit)."""
    reg = DySymNetRegressor()
    reg._set_model({"features": ["a", "b"], "target": "y", "expression": "a*b + log(a)",
                    "tree": ["ADD", ["MUL", "a", "b"], ["LOG", "a"]], "pareto": []})
    reg.n_features_in_ = 2

    def no_java(*args, **kwargs):
        raise AssertionError("predict ran the jar")
    monkeypatch.setattr(_runner, "run", no_java)
    X = np.array([[2.0, 3.0], [0.0, 1.0]])
    np.testing.assert_array_equal(reg.predict(X), [6.0 + math.log(2.0), math.log(1e-300)])
