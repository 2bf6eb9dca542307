"""DySymNetRegressor against the real jar: fitting, the fitted attributes, prediction, options, errors, pickling,
progress."""

import io
import json
import os
import pickle
import re
import sys

import numpy as np
import pandas as pd
import pytest
import sympy
from sklearn.exceptions import NotFittedError

from conftest import FAST, REPO

import dysymnet
from dysymnet import DySymNetError, DySymNetInputError, DySymNetRegressor, JavaNotFoundError


def law_data(n=40, seed=0):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"time (s)": rng.uniform(-2, 2, n), "b": rng.uniform(-2, 2, n)})
    y = 2.5 * X["time (s)"] ** 2 + np.sin(X["b"])
    return X, y


@pytest.fixture(scope="module")
def fitted(jar):
    X, y = law_data()
    return DySymNetRegressor(**FAST).fit(X, y), X, y


def test_fit_on_a_dataframe_finds_the_law_with_the_column_names(fitted):
    reg, X, y = fitted
    assert reg.n_features_in_ == 2
    assert list(reg.feature_names_in_) == ["time (s)", "b"]
    # the jar makes the names identifiers; the formulas use those, feature by feature
    assert reg.variable_names_ == ["time_s", "b"]
    t, b = sympy.symbols("time_s b")
    assert sympy.simplify(reg.sympy() - (2.5 * t ** 2 + sympy.sin(b))) == 0
    assert reg.model_json_["features"] == ["time_s", "b"]
    assert reg.expression_ == reg.model_json_["expression"]
    assert "time" in reg.latex()


def test_equations_are_the_pareto_front_with_the_chosen_row(fitted):
    reg, X, y = fitted
    eq = reg.equations_
    assert list(eq.columns) == ["complexity", "loss", "r2", "expression", "sympy", "source", "chosen", "units"]
    assert len(eq) == len(reg.model_json_["pareto"]) >= 2
    assert eq["complexity"].is_monotonic_increasing
    assert eq["chosen"].sum() == 1
    best = reg.best_index_
    assert bool(eq["chosen"].iloc[best])
    assert eq["expression"].iloc[best] == reg.expression_
    assert eq["loss"].iloc[best] < 1e-20 and eq["r2"].iloc[best] == pytest.approx(1.0)
    assert set(eq["source"]) <= {"linear", "network", "gp", "terms", "mean"}
    # each row's SymPy expression computes the row's training error
    names = reg.variable_names_
    for i in range(len(eq)):
        f = sympy.lambdify([sympy.Symbol(n) for n in names], reg.sympy(i, protected=True), "numpy")
        mse = np.mean((np.broadcast_to(f(*[X[c].to_numpy() for c in X.columns]), y.shape) - y) ** 2)
        assert mse == pytest.approx(eq["loss"].iloc[i], rel=1e-6, abs=1e-12), eq["expression"].iloc[i]
    assert reg.latex(0) == sympy.latex(eq["sympy"].iloc[0])


RULES = {"size-cap", "blow-up", "beyond-data", "between-rows", "ill-conditioned", "trend-band", "noise-floor",
         "forward-validation", "information-criterion", "pareto-factor", "cross-validation", "held-out-line"}


def test_choice_gives_the_reason_of_every_formula_passed_over(fitted):
    reg, X, y = fitted
    ch = reg.choice_
    assert list(ch.columns) == ["complexity", "loss", "expression", "source", "reported", "rule", "why", "passed"]
    assert len(ch) == len(reg.model_json_["choice"]) >= 2
    assert ch["complexity"].is_monotonic_increasing
    assert ch["reported"].sum() == 1
    reported = ch[ch["reported"]].iloc[0]
    assert reported["expression"] == reg.expression_
    assert reported["rule"] in RULES and "size-cap" in reported["passed"].split(", ")
    others = ch[~ch["reported"]]
    assert set(others["rule"]) <= RULES
    assert (others["why"].str.len() > 0).all() and (others["passed"] == "").all()


def test_constants_with_standard_errors(fitted):
    reg, X, y = fitted
    c = reg.constants_
    assert list(c.columns) == ["value", "std_error", "unit"]
    assert len(c) == len(reg.model_json_["constants"]) >= 1
    assert 2.5 in list(c["value"])
    assert (c["std_error"].dropna() >= 0).all() and (c["std_error"].dropna() < 1e-6).all()
    assert reg.residual_sd_ < 1e-6


def test_predict_and_score_are_the_jars(fitted, tmp_path):
    reg, X, y = fitted
    Xn, yn = law_data(n=7, seed=5)
    pred = reg.predict(Xn)
    assert pred.shape == (7,)
    np.testing.assert_allclose(pred, yn, rtol=1e-12, atol=1e-12)
    assert reg.score(Xn, yn) == pytest.approx(1.0, abs=1e-12)
    # the same numbers as the jar's own predict command on the model file
    model = tmp_path / "model.json"
    model.write_text(json.dumps(reg.model_json_))
    data = tmp_path / "new.csv"
    Xn.rename(columns={"time (s)": "time_s"}).to_csv(data, index=False, float_format="%.17g")
    res = dysymnet._runner.run(["predict", "--model", str(model), str(data)])
    assert res.code == 0
    jar_pred = np.array([float(line.rsplit(",", 1)[1]) for line in res.stdout.decode().splitlines()[1:]])
    # NumPy's sin and the JVM's may differ in the last bits (test_numpy_predict.py measures it)
    np.testing.assert_array_max_ulp(pred, jar_pred, maxulp=4)
    # a row of the front predicts with that row's formula
    p0 = reg.predict(Xn, index=0)
    f0 = sympy.lambdify(sympy.symbols("time_s b"), reg.sympy(0), "numpy")
    np.testing.assert_allclose(p0, f0(Xn["time (s)"].to_numpy(), Xn["b"].to_numpy()), rtol=1e-9)
    with pytest.raises(IndexError):
        reg.predict(Xn, index=len(reg.equations_))


@pytest.mark.filterwarnings("ignore:X does not have valid feature names")
def test_predict_checks_the_columns_as_scikit_learn_does(fitted):
    reg, X, y = fitted
    with pytest.raises(ValueError, match="X has 1 features, but DySymNetRegressor is expecting 2"):
        reg.predict(X[["b"]].to_numpy())
    with pytest.raises(ValueError, match="feature names"):
        reg.predict(X.rename(columns={"b": "c"}))


def test_numpy_input_names_x0_x1_or_variable_names(jar):
    X, y = law_data()
    reg = DySymNetRegressor(**FAST).fit(X.to_numpy(), y.to_numpy())
    assert reg.variable_names_ == ["x0", "x1"]
    assert not hasattr(reg, "feature_names_in_")
    x0, x1 = sympy.symbols("x0 x1")
    assert sympy.simplify(reg.sympy() - (2.5 * x0 ** 2 + sympy.sin(x1))) == 0
    reg2 = DySymNetRegressor(**FAST).fit(X.to_numpy(), y, variable_names=["t", "sin"])
    # 'sin' is a function name: the jar appends '_'
    assert reg2.variable_names_ == ["t", "sin_"]
    assert str(reg2.sympy()) == str(2.5 * sympy.Symbol("t") ** 2 + sympy.sin(sympy.Symbol("sin_")))
    with pytest.raises(ValueError, match="variable_names has 1 names for 2 features"):
        DySymNetRegressor(**FAST).fit(X.to_numpy(), y, variable_names=["t"])


def test_sample_weight_weights_the_search_and_zero_leaves_rows_out(jar):
    X, y = law_data(n=30)
    rng = np.random.default_rng(1)
    # 10 rows of nonsense, weighted 0: the law of the other 30 comes back exactly
    Xb = pd.concat([X, pd.DataFrame({"time (s)": rng.uniform(-2, 2, 10), "b": rng.uniform(-2, 2, 10)})])
    yb = np.concatenate([y, rng.normal(0, 50, 10)])
    w = np.r_[np.ones(30), np.zeros(10)]
    reg = DySymNetRegressor(**FAST).fit(Xb, yb, sample_weight=w)
    t, b = sympy.symbols("time_s b")
    assert sympy.simplify(reg.sympy() - (2.5 * t ** 2 + sympy.sin(b))) == 0
    assert reg.model_json_["weights"] == "w"
    # weights other than 1 reach the jar: the front's errors are the weighted MSE
    w2 = np.r_[np.full(20, 3.0), np.ones(20)]
    reg2 = DySymNetRegressor(**FAST).fit(Xb, yb, sample_weight=w2)
    row = reg2.equations_.iloc[0]
    f = sympy.lambdify([t, b], row["sympy"], "numpy")
    r = np.broadcast_to(f(Xb["time (s)"].to_numpy(), Xb["b"].to_numpy()), yb.shape) - yb
    assert row["loss"] == pytest.approx(np.sum(w2 * r ** 2) / np.sum(w2), rel=1e-6)
    assert row["loss"] != pytest.approx(np.mean(r ** 2), rel=1e-3)
    with pytest.raises(ValueError, match="Negative"):
        DySymNetRegressor(**FAST).fit(X, y, sample_weight=-np.ones(30))
    with pytest.raises(ValueError, match="n_samples = 0"):
        DySymNetRegressor(**FAST).fit(X, y, sample_weight=np.zeros(30))


def test_params_become_the_jars_options_and_settings(jar):
    X, y = law_data()
    reg = DySymNetRegressor(**FAST).set_params(
        operators=["id", "+", "-", "*", "sin", "exp", "square"], max_complexity=12, select="accurate",
        layers="1-2", widths=[1, 2, 3], refiner="BFGS", elimination=False, keep_fraction=1,
        complexity_of={"exp": 3, "sin": 2}, forbid_nesting=[("exp", "exp"), ("sin", "sin")], random_state=7,
        search_rows=0, train_rows=500, threads=1)
    args = reg._search_args()
    assert args[args.index("--operators") + 1] == "id,+,-,*,sin,exp,square"
    assert args[args.index("--complexity-of") + 1] == "exp=3,sin=2"
    assert args[args.index("--forbid-nesting") + 1] == "exp:exp,sin:sin"
    assert args[args.index("--widths") + 1] == "1,2,3"
    assert "--no-elimination" in args
    reg.fit(X, y)
    s = reg.model_json_["settings"]
    assert s["space"]["operators"] == ["id", "+", "-", "*", "sin", "exp", "square"]
    assert s["space"]["layers"] == [1, 2] and s["space"]["widths"] == [1, 2, 3]
    assert s["seed"] == 7 and s["threads"] == 1
    assert s["refinement"] == {"refiner": "BFGS", "polish": True, "elimination": False}
    assert s["selection"]["maxComplexity"] == 12
    assert s["selection"]["complexityWeights"] == {"exp": 3, "sin": 2}
    assert s["space"]["forbiddenNesting"] == ["exp:exp", "sin:sin"]
    assert s["budget"]["maxSteps"] == 1 and s["budget"]["batchSize"] == 1 and s["budget"]["timeLimit"] is None
    assert s["training"]["stage1Steps"] == 200 and s["training"]["keepFraction"] == 1.0
    assert s["budget"]["searchRows"] == 0 and s["budget"]["trainRows"] == 500
    assert reg.model_json_["complexity"] <= 12
    assert reg.get_params()["operators"] == ["id", "+", "-", "*", "sin", "exp", "square"]


def test_the_same_seed_gives_the_same_model_and_the_seed_matters(jar):
    rng = np.random.default_rng(3)
    X = rng.uniform(-2, 2, (40, 2))
    y = np.exp(X[:, 0] / 3) * np.cos(X[:, 1]) + rng.normal(0, 0.05, 40)
    a = DySymNetRegressor(**FAST).fit(X, y)
    b = DySymNetRegressor(**FAST).fit(X, y)
    assert a.model_json_["tree"] == b.model_json_["tree"]
    assert a.model_json_["seed"] == 0
    c = DySymNetRegressor(**dict(FAST, random_state=None)).fit(X, y)
    assert c.model_json_["seed"] != 0  # drawn


def test_errors_of_the_jar_are_exceptions_with_its_one_line_message(jar):
    X, y = law_data()
    with pytest.raises(DySymNetInputError) as e:
        DySymNetRegressor(**dict(FAST, operators="sin,nosuch")).fit(X, y)
    assert isinstance(e.value, ValueError) and e.value.exit_code == 2
    message = str(e.value)
    assert message.startswith("dysymnet: ") and "\n" not in message and "nosuch" in message
    with pytest.raises(DySymNetInputError, match="constant"):
        DySymNetRegressor(**FAST).fit(X, np.full(len(y), 3.0))
    with pytest.raises(DySymNetInputError, match="max-steps"):
        DySymNetRegressor(**dict(FAST, max_steps=0)).fit(X, y)
    with pytest.raises(ValueError, match="n_samples = 4"):
        DySymNetRegressor(**FAST).fit(X[:4], y[:4])


def test_missing_java_or_jar_is_said_in_one_line(jar, tmp_path, monkeypatch):
    X, y = law_data()
    with pytest.raises(JavaNotFoundError, match="dysymnet jar not found: .*nothing.jar"):
        DySymNetRegressor(**dict(FAST, jar=str(tmp_path / "nothing.jar"))).fit(X, y)
    with pytest.raises(JavaNotFoundError, match="java not found .*apt-get install default-jre-headless"):
        DySymNetRegressor(**dict(FAST, java="no-such-java-here")).fit(X, y)
    monkeypatch.setenv("DYSYMNET_JAR", str(tmp_path / "env.jar"))
    with pytest.raises(JavaNotFoundError, match=r"env.jar \(from \$DYSYMNET_JAR\)"):
        dysymnet.find_jar()


def test_not_fitted(jar):
    reg = DySymNetRegressor()
    for call in (lambda: reg.predict(np.ones((5, 2))), reg.sympy, reg.latex):
        with pytest.raises(NotFittedError):
            call()


def test_pickle_carries_the_fitted_model(fitted):
    reg, X, y = fitted
    back = pickle.loads(pickle.dumps(reg))
    assert back.model_json_ == reg.model_json_
    assert back.get_params() == reg.get_params()
    assert back.sympy() == reg.sympy()
    pd.testing.assert_frame_equal(back.equations_, reg.equations_)
    np.testing.assert_array_equal(back.predict(X), reg.predict(X))


def test_verbose_relays_the_jars_progress_and_report(jar, monkeypatch):
    X, y = law_data()
    y = y + np.random.default_rng(2).normal(0, 0.3, len(y))  # noisy: the search does not end before its steps
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    DySymNetRegressor(**dict(FAST, verbose=1, max_steps=2)).fit(X, y)
    text = err.getvalue()
    assert re.search(r"^step 1/2, \d+ networks, [0-9.]+ s, best R2 ", text, re.M), text
    assert "Formula:" in text and "Pareto front" in text
    quiet = io.StringIO()
    monkeypatch.setattr(sys, "stderr", quiet)
    DySymNetRegressor(**FAST).fit(X, y)
    assert quiet.getvalue() == ""


def test_version_is_the_poms():
    with open(os.path.join(REPO, "pom.xml"), encoding="utf-8") as f:
        pom = f.read()
    version = re.search(r"<artifactId>dysymnet-parent</artifactId>\s*<version>([^<]+)</version>", pom).group(1)
    assert dysymnet.__version__ == version
    with open(os.path.join(REPO, "python", "srbench", "install.sh"), encoding="utf-8") as f:
        assert re.search(r"^version=(\S+)$", f.read(), re.M).group(1) == version


def test_a_formula_numpy_cannot_read_goes_to_the_jars_predict(fitted):
    reg, X, y = fitted
    broken = DySymNetRegressor(**FAST)
    broken.__dict__.update({k: v for k, v in reg.__dict__.items() if k.endswith("_")})
    # an operator of a later jar: the jar's predict gets the model, and its one-line message is raised
    broken.model_json_ = dict(reg.model_json_, tree=["ERF", "b"])
    with pytest.raises(DySymNetError, match="unknown operator 'ERF'"):
        broken.predict(X)


def test_plot_is_the_pareto_front_as_svg_with_the_chosen_formula(fitted, tmp_path):
    import re
    import xml.dom.minidom

    reg = fitted[0]
    picture = reg.plot()
    svg = picture._repr_svg_()
    xml.dom.minidom.parseString(svg)  # well-formed
    assert "chosen, complexity" in svg
    assert reg.expression_[:40].replace("<", "&lt;") in svg
    # one point per row of the front with a finite positive error, and a sparse error axis
    finite = [v for v in reg.equations_["loss"] if v == v and v > 0]
    assert svg.count("<circle") == len(finite) + 1
    labels = re.findall(r'text-anchor="end">([^<]+)<', svg)
    assert 1 <= len(labels) <= 8
    path = tmp_path / "pareto.svg"
    picture.save(str(path))
    assert path.read_text(encoding="utf-8") == svg


def test_plot_axis_labels_stay_sparse_over_thirty_decades():
    from dysymnet import _plot

    svg = _plot.pareto_svg([1, 5, 9, 20], [1e-31, 1e-20, 1e-3, 0.1], 2, "x**2 + 1")
    import re
    labels = re.findall(r'text-anchor="end">([^<]+)<', svg)
    assert 2 <= len(labels) <= _plot.MAX_TICKS
    assert "x**2 + 1" in svg


def test_sympy_drops_an_abs_whose_argument_keeps_one_sign_on_the_training_rows(jar):
    """Nguyen-7, log(x + 1) + log(x^2 + 1) on x in [0, 2]: the search reads it as dysymnet's log of the cubic,
    log|x^3 + x^2 + x + 1|; on these rows the cubic is positive, so the plain SymPy form is the textbook law, and the
    protected form keeps predict's semantics. No row of the front keeps an Abs whose argument has one sign on the
    rows (every seed: the property holds whatever the search found)."""
    x = np.linspace(0.0, 2.0, 20)
    y = np.log(x + 1.0) + np.log(x ** 2 + 1.0)
    x0 = sympy.Symbol("x0")
    law = sympy.log(x0 ** 3 + x0 ** 2 + x0 + 1)
    found = 0
    for seed in range(3):
        reg = DySymNetRegressor(**dict(FAST, random_state=seed)).fit(x.reshape(-1, 1), y)
        for expr in reg.equations_["sympy"]:
            for a in expr.atoms(sympy.Abs):
                values = sympy.lambdify(x0, a.args[0], "numpy")(x) * np.ones_like(x)
                assert not (np.all(values >= 0) or np.all(values <= 0)), (seed, expr)
        if reg.sympy() == law:
            found += 1
            assert reg.sympy(protected=True) == sympy.log(sympy.Max(sympy.Abs(x0 ** 3 + x0 ** 2 + x0 + 1),
                                                                    sympy.Float(1e-300)))
    assert found >= 1, "no seed of 0-2 found Nguyen-7's law"


def test_units_give_a_consistent_law_with_the_constants_units(jar):
    rng = np.random.default_rng(3)
    X = pd.DataFrame({"t": rng.uniform(0.5, 3, 40), "v": rng.uniform(1, 5, 40)})
    y = X["v"] * X["t"] + 4.9 * X["t"] ** 2
    reg = DySymNetRegressor(**FAST).fit(X, y, X_units=["s", "m/s"], y_units="m")
    assert reg.model_json_["units"] == {"columns": {"t": "s", "v": "m/s"}, "target": "m",
                                        "dimensionless_constants": False}
    assert reg.unit_check_.startswith("consistent")
    assert reg.model_json_["unit_check"]["consistent"] is True
    # every member of the front is checked, and the reported one is consistent
    assert reg.equations_["units"].notna().all()
    assert reg.equations_["units"].iloc[reg.best_index_].startswith("consistent")
    assert len(reg.constants_["unit"]) == len(reg.constants_)
    # without units, no column says anything
    plain = DySymNetRegressor(**FAST).fit(X, y)
    assert plain.equations_["units"].isna().all() and plain.unit_check_ is None
    assert "units" not in plain.model_json_


def test_bad_units_are_the_jars_one_line_error_or_a_value_error(jar):
    X, y = law_data()
    with pytest.raises(DySymNetInputError, match="furlong"):
        DySymNetRegressor(**FAST).fit(X, y, X_units=["s", "furlong"])
    with pytest.raises(ValueError, match="2 features"):
        DySymNetRegressor(**FAST).fit(X, y, X_units=["s"])
    with pytest.raises(ValueError, match="needs units"):
        DySymNetRegressor(dimensionless_constants_only=True, **FAST).fit(X, y)
