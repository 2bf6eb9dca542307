"""The SRBench method (python/srbench/regressor.py), run end to end on a PMLB data set as SRBench runs a method."""

import importlib.util
import inspect
import os

import numpy as np
import pandas as pd
import pytest
import sympy
from sklearn.base import clone
from sklearn.metrics import r2_score
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

from conftest import DATA, FAST_JVM, PYTHON_DIR

from dysymnet import DySymNetRegressor


def load_method():
    spec = importlib.util.spec_from_file_location("srbench_dysymnet", os.path.join(PYTHON_DIR, "srbench",
                                                                                    "regressor.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_method_file_has_what_srbench_imports():
    m = load_method()
    assert isinstance(m.est, DySymNetRegressor)
    assert "X" in inspect.signature(m.model).parameters
    assert isinstance(m.hyper_params, list) and all(isinstance(h, dict) for h in m.hyper_params)
    for grid in m.hyper_params:  # every key a parameter of the estimator
        clone(m.est).set_params(**{k: v[0] for k, v in grid.items()})
    clone(m.est).set_params(**m.eval_kwargs["test_params"])
    small = clone(m.est)
    m.eval_kwargs["pre_train"](small, np.zeros((100, 2)), np.zeros(100))
    assert small.time_limit < m.est.time_limit
    for name in ("metadata.yml", "install.sh", "README.md"):
        assert os.path.isfile(os.path.join(PYTHON_DIR, "srbench", name)), name


def test_end_to_end_on_pmlb_192_vineyard(jar):
    m = load_method()
    # SRBench's evaluate_model: the PMLB table, a 75/25 split, X and y standardised on the training rows
    df = pd.read_csv(os.path.join(DATA, "192_vineyard.tsv.gz"), sep="\t", compression="gzip")
    X = df.drop(columns="target")
    y = df["target"].to_numpy()
    assert list(X.columns) == ["lugs_1989", "lugs_1990"] and len(df) == 52
    X_train, X_test, y_train, y_test = train_test_split(X, y, train_size=0.75, test_size=0.25, random_state=42)
    sc_x = StandardScaler()
    X_train_s = pd.DataFrame(sc_x.fit_transform(X_train), columns=X.columns)
    X_test_s = pd.DataFrame(sc_x.transform(X_test), columns=X.columns)
    sc_y = StandardScaler()
    y_train_s = sc_y.fit_transform(y_train.reshape(-1, 1)).ravel()

    est = clone(m.est).set_params(random_state=42, java_options=FAST_JVM, **m.eval_kwargs["test_params"])
    m.eval_kwargs["pre_train"](est, X_train_s, y_train_s)
    est.set_params(time_limit=0)  # the test mode's 2 steps end the search: the same formula on any machine
    est.fit(X_train_s, y_train_s)

    text = m.model(est, X_train_s)
    assert isinstance(text, str)
    names = {c: sympy.Symbol(c) for c in X.columns}
    expr = sympy.sympify(text, locals=names)
    assert expr.free_symbols and expr.free_symbols <= set(names.values()), text
    # the string computes the estimator's predictions on the test rows
    f = sympy.lambdify([names[c] for c in X.columns], expr, "numpy")
    by_string = np.broadcast_to(f(*[X_test_s[c].to_numpy() for c in X.columns]), (len(X_test_s),))
    pred = est.predict(X_test_s)
    np.testing.assert_allclose(by_string, pred, rtol=1e-9, atol=1e-12)
    # SRBench's scores, on the original scale: the lugs of the two years predict the total
    r2_test = r2_score(y_test, sc_y.inverse_transform(pred.reshape(-1, 1)).ravel())
    assert r2_test > 0.4, (text, r2_test)
    assert m.complexity(est) == est.model_json_["complexity"] >= 1

    # fitted on arrays (SRBench's older evaluate_model), the names come from the X given to model()
    est2 = clone(est).fit(X_train_s.to_numpy(), y_train_s)
    assert est2.variable_names_ == ["x0", "x1"]
    assert sympy.sympify(m.model(est2, X_train_s), locals=names).free_symbols <= set(names.values())
    assert {str(s) for s in sympy.sympify(m.model(est2)).free_symbols} <= {"x0", "x1"}
    with pytest.raises(ValueError, match="X has 1 columns"):
        m.model(est2, X_train_s[["lugs_1989"]])
