"""dysymnet as an SRBench method (https://github.com/cavalab/srbench): copy this folder to SRBench's
``algorithms/dysymnet/`` (or ``experiment/methods/dysymnet/``); ``install.sh`` installs the package.

SRBench imports ``est``, ``hyper_params``, ``model`` (and ``complexity``, ``eval_kwargs`` where it has them) from
this file, fits ``est`` on its standardised training data, and calls ``model(est, X)`` for the final formula as a
SymPy string over the data's feature names.
"""

import sympy

from dysymnet import DySymNetRegressor

# SRBench gives each run one job's cores and a time budget (an hour for a data set of up to 1000 rows in its 2022
# competition): the search stops at its time limit or its step budget, whichever comes first, and reports the
# formula its default rule ("best": the simplest within 1.5x of the lowest error, guarded against fitting noise)
# chooses from the Pareto front.
est = DySymNetRegressor(time_limit=45 * 60, max_steps=1000, random_state=0)

# No grid: the search chooses among its formulas by its own rule, and each point of a grid would multiply the
# budget by SRBench's folds. SRBench reads [{}] as one setting, the one above.
hyper_params = [{}]


def pre_train(est, X, y):
    """SRBench's dataset-specific hook: a shorter search for small data (at most 1000 rows: 20 minutes)."""
    if len(X) <= 1000:
        est.set_params(time_limit=20 * 60)


eval_kwargs = {
    "pre_train": pre_train,
    # SRBench's test mode (-test): a search of seconds
    "test_params": {"time_limit": 10, "max_steps": 2, "networks_per_step": 2},
}


def model(est, X=None):
    """The fitted formula as a SymPy string over the feature names: ``X.columns`` when X is a DataFrame (SRBench's
    names), else the names the estimator was fitted with. The variables of the formula are the features in order,
    so the string names each one as the data does; it is the formula's plain mathematics (``log(x)``,
    ``sqrt(x)``), which SRBench's symbolic checks compare with the true law."""
    expr = est.sympy()
    if X is not None and hasattr(X, "columns"):
        names = [str(c) for c in X.columns]
    elif hasattr(est, "feature_names_in_"):
        names = [str(c) for c in est.feature_names_in_]
    else:
        names = list(est.variable_names_)
    if len(names) != len(est.variable_names_):
        raise ValueError("X has %d columns, the model %d features" % (len(names), len(est.variable_names_)))
    mapping = {sympy.Symbol(v): sympy.Symbol(n) for v, n in zip(est.variable_names_, names)}
    return str(expr.xreplace(mapping))


def complexity(est):
    """The formula's complexity as dysymnet counts it (its nodes)."""
    return int(est.model_json_["complexity"])
