"""DySymNetRegressor: the scikit-learn estimator over the jar's ``fit`` and ``predict`` commands."""

import csv
import json
import numbers
import os
import sys
import tempfile
import warnings

import numpy as np
import pandas as pd
import sympy
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.utils import check_random_state
from sklearn.utils.validation import _check_sample_weight, check_is_fitted

from . import _evaluate, _formula, _plot, _runner

try:  # scikit-learn 1.6 and later
    from sklearn.utils.validation import validate_data as _validate_data
except ImportError:  # scikit-learn before 1.6 (Debian 12 has 1.2)
    _validate_data = None

#: The fewest rows the jar fits (io.table.TableReader.MIN_ROWS).
MIN_SAMPLES = 5


def _validate(estimator, X, y="no_validation", reset=True, **check_params):
    if _validate_data is not None:
        return _validate_data(estimator, X, y, reset=reset, **check_params)
    return estimator._validate_data(X, y, reset=reset, **check_params)


def _number(value, name):
    """A numeric option as the jar's command line reads it."""
    if isinstance(value, (bool, np.bool_)):
        raise ValueError("%s must be a number, got %r" % (name, value))
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return repr(float(value))
    return str(value)


def _int_set(value, name):
    """--layers and --widths: an int, a range text such as "1-5", or a sequence of ints."""
    if isinstance(value, str):
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return str(int(value))
    try:
        return ",".join(_number(v, name) for v in value)
    except TypeError:
        raise ValueError("%s must be an int, a text such as '1-5' or a sequence of ints, got %r"
                         % (name, value)) from None


def _operators(value):
    if isinstance(value, str):
        return value
    return ",".join(str(v) for v in value)


def _complexity_of(value):
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return ",".join("%s=%s" % (k, _number(v, "complexity_of")) for k, v in value.items())
    raise ValueError("complexity_of must be a dict such as {'exp': 3} or a text such as 'exp=3,sin=2', got %r"
                     % (value,))


def _forbid_nesting(value):
    if isinstance(value, str):
        return value
    parts = []
    for rule in value:
        if isinstance(rule, str):
            parts.append(rule)
        else:
            outer, inner = rule
            parts.append("%s:%s" % (outer, inner))
    return ",".join(parts)


def _clean_name(name):
    """A column name as the CSV header cell: text on one line (the jar makes it a variable name)."""
    return " ".join(str(name).splitlines()) or "x"


def _write_csv(path, header, columns):
    """Writes numbers that read back as the same doubles (17 significant digits) under a header."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerow(header)
        np.savetxt(f, np.column_stack(columns), fmt="%.17g", delimiter=",")


class DySymNetRegressor(RegressorMixin, BaseEstimator):
    """Symbolic regression by DySymNet: finds a closed-form formula ``y = f(x)``.

    Each fit runs ``java -jar dysymnet-VERSION.jar fit DATA --format json`` on the data (written to a temporary
    CSV file) with the options below, and keeps the jar's JSON report (``model_json_``); ``predict`` computes that
    model's formula with NumPy by the jar's semantics, protected operations included (no JVM: the jar's
    ``predict`` numbers to the last bits of the math libraries).
    The parameters map to the options of ``dysymnet fit`` (docs/user-guide.md, Search options); None keeps the jar's
    default. Options the jar rejects raise :class:`dysymnet.DySymNetInputError` (a ValueError) with its
    one-line message.

    Parameters
    ----------
    time_limit : float, default 60
        Wall-time budget of the search in seconds (``--time-limit``); 0 or None: no limit. A search stopped by
        its time depends on the machine's speed; one stopped by ``max_steps`` is reproducible.
    max_steps : int, default None
        Steps at most (``--max-steps``); None keeps the jar's default: with a time limit, steps until the time
        limit (the search uses its time), without one 100.
    networks_per_step : int, default None (10)
        Networks sampled per controller step (``--networks-per-step``).
    random_state : int, RandomState or None, default 0
        The search's seed (``--seed``); None draws one.
    threads : int, default None (all cores)
        Worker threads of the search (``--threads``); the result does not depend on it.
    operators : str or sequence of str, default None
        The operator library (``--operators``), e.g. ``"default,pow"`` or ``["+", "*", "sin"]``.
    max_complexity : int, default None (100)
        Cap on the reported formula's complexity (``--max-complexity``).
    select : str, default None ("best")
        How the reported formula is chosen from the Pareto front (``--select``): ``"best"``, ``"accurate"`` or
        ``"simplest-within=F"``.
    layers, widths : int, str or sequence of int, default None
        Possible numbers of hidden layers and units per layer (``--layers``, ``--widths``), e.g. ``"1-3"``.
    train_steps : int, default None (10000)
        Steps of each training stage of a network (``--train-steps``).
    keep_fraction : float, default None (0.5)
        Successive halving of the networks (``--keep-fraction``; 1 trains every network in full).
    refiner : {"LM", "BFGS", "NONE"}, default None ("LM")
        Constant refinement (``--refiner``).
    elimination : bool, default True
        Backward elimination of constants (False gives ``--no-elimination``).
    search_rows, train_rows : int, default None
        Row samples of large data (``--search-rows``, ``--train-rows``; 0 = all rows).
    complexity_of : dict or str, default None
        Complexity weights of operators (``--complexity-of``), e.g. ``{"exp": 3, "sin": 2}``.
    forbid_nesting : str or sequence, default None
        Functions that must not occur inside others (``--forbid-nesting``), e.g. ``[("exp", "exp")]`` or
        ``"exp:exp,log:log"``.
    dimensionless_constants_only : bool, default False
        With units (``fit``'s ``X_units``): every constant of a formula is a pure number
        (``--dimensionless-constants``); by default each may carry the unit that makes the formula consistent.
    verbose : int or bool, default 0
        0: silent. 1 (or True): the jar's progress (a line every few seconds) and its final report on standard
        error, as they come.
    jar : str, default None
        The dysymnet jar; None: ``$DYSYMNET_JAR``, else the jar installed with the package, else the repository's
        ``app/target/dysymnet-VERSION.jar``.
    java : str, default None
        The java program (Java 17 or later); None: ``$DYSYMNET_JAVA``, else ``$JAVA_HOME/bin/java``, else
        ``java`` on the PATH.
    java_options : str or sequence of str, default None
        JVM options, e.g. ``"-Xmx8g"``; None: ``$DYSYMNET_JAVA_OPTS``.

    Attributes
    ----------
    model_json_ : dict
        The jar's JSON report of the fit: a model file (``predict --model`` reads it), with ``expression``,
        ``tree``, ``sympy``, ``latex``, ``pareto``, ``constants``, ``settings``, ... (docs/user-guide.md, JSON report).
    equations_ : pandas.DataFrame
        The Pareto front, one row per formula by complexity: ``complexity``, ``loss`` (training MSE, weighted
        with ``sample_weight``), ``r2`` (training R^2), ``expression`` (the jar's infix text), ``sympy`` (a SymPy
        expression), ``source`` (``linear``, ``network``, ``gp``, ``terms`` or ``mean``), ``chosen`` (the reported
        formula) and ``units`` (with ``X_units``: the formula's unit check, ``consistent (m/s^2)`` or ``not
        consistent: ...``; None without units).
    best_index_ : int or None
        The row of ``equations_`` that is the reported formula.
    choice_ : pandas.DataFrame
        Why the final choice reported its formula, one row per member of the fronts it looked at, by complexity:
        ``complexity``, ``loss``, ``expression``, ``source``, ``reported`` (the reported formula), ``rule`` (the rule
        that passed the formula over, or for the reported one the rule that chose it), ``why`` (that rule's numbers in
        words) and ``passed`` (for the reported one, the rules it passed, comma-separated; "" for the others): the
        JSON report's ``choice`` section, as ``fit --explain`` prints it.
    expression_ : str
        The reported formula in the jar's infix syntax, exact constants.
    constants_ : pandas.DataFrame
        The reported formula's refinable constants, left to right as in ``expression_``: ``value``,
        ``std_error`` (NaN where not determined) and ``unit`` (with units, where the formula determines it; else
        None).
    unit_check_ : str or None
        With units: the reported formula's unit check in one line (``consistent (m)``, ``not consistent: ...``).
    residual_sd_ : float
        The residual standard deviation behind the standard errors (NaN when not computed).
    variable_names_ : list of str
        The variable names of the formulas, one per feature, in order (the jar makes the names identifiers:
        ``"time (s)"`` becomes ``time_s``).
    cancelled_ : bool
        True when Ctrl-C stopped the search: the model is the best formula found until then.
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        The column names of a DataFrame passed to ``fit`` (all strings), as scikit-learn defines them.
    """

    def __init__(self, *, time_limit=60.0, max_steps=None, networks_per_step=None, random_state=0, threads=None,
                 operators=None, max_complexity=None, select=None, layers=None, widths=None, train_steps=None,
                 keep_fraction=None, refiner=None, elimination=True, search_rows=None, train_rows=None,
                 complexity_of=None, forbid_nesting=None, dimensionless_constants_only=False, verbose=0, jar=None,
                 java=None, java_options=None):
        self.time_limit = time_limit
        self.max_steps = max_steps
        self.networks_per_step = networks_per_step
        self.random_state = random_state
        self.threads = threads
        self.operators = operators
        self.max_complexity = max_complexity
        self.select = select
        self.layers = layers
        self.widths = widths
        self.train_steps = train_steps
        self.keep_fraction = keep_fraction
        self.refiner = refiner
        self.elimination = elimination
        self.search_rows = search_rows
        self.train_rows = train_rows
        self.complexity_of = complexity_of
        self.forbid_nesting = forbid_nesting
        self.dimensionless_constants_only = dimensionless_constants_only
        self.verbose = verbose
        self.jar = jar
        self.java = java
        self.java_options = java_options

    # ------------------------------------------------------------------ the jar's options

    def _seed(self):
        rs = self.random_state
        if isinstance(rs, numbers.Integral) and not isinstance(rs, bool):
            return int(rs)
        return int(check_random_state(rs).randint(np.iinfo(np.int32).max))

    def _search_args(self):
        """The options of ``dysymnet fit`` for the parameters."""
        args = ["--time-limit", "0" if self.time_limit is None else _number(self.time_limit, "time_limit"),
                "--seed", str(self._seed())]
        numeric = [("--max-steps", "max_steps"), ("--networks-per-step", "networks_per_step"),
                   ("--threads", "threads"), ("--max-complexity", "max_complexity"),
                   ("--train-steps", "train_steps"), ("--keep-fraction", "keep_fraction"),
                   ("--search-rows", "search_rows"), ("--train-rows", "train_rows")]
        for option, name in numeric:
            value = getattr(self, name)
            if value is not None:
                args += [option, _number(value, name)]
        if self.operators is not None:
            args += ["--operators", _operators(self.operators)]
        if self.select is not None:
            args += ["--select", str(self.select)]
        if self.layers is not None:
            args += ["--layers", _int_set(self.layers, "layers")]
        if self.widths is not None:
            args += ["--widths", _int_set(self.widths, "widths")]
        if self.refiner is not None:
            args += ["--refiner", str(self.refiner)]
        if not self.elimination:
            args.append("--no-elimination")
        if self.complexity_of is not None:
            args += ["--complexity-of", _complexity_of(self.complexity_of)]
        if self.forbid_nesting is not None:
            args += ["--forbid-nesting", _forbid_nesting(self.forbid_nesting)]
        return args

    def _run(self, args, cancellable=False):
        return _runner.run(args, java=self.java, jar=self.jar, options=self.java_options,
                           relay=sys.stderr if self.verbose else None, cancellable=cancellable)

    # ------------------------------------------------------------------ fit

    def fit(self, X, y, sample_weight=None, variable_names=None, X_units=None, y_units=None):
        """Searches for a formula of ``y`` in the columns of ``X``.

        X : array-like or pandas DataFrame of shape (n_samples, n_features); a DataFrame's column names become the
            variable names. y : array-like of shape (n_samples,). sample_weight : non-negative weights, one per
            row (the search minimises the weighted MSE; a row of weight 0 is left out). variable_names : names
            for the columns of an array (default ``x0``, ``x1``, ...; a DataFrame's own names otherwise).
            X_units : the unit of each feature, a sequence of SI unit texts (``["m", "s"]``, ``"m/s^2"``,
            ``"kg*m^2/s^2"``, ``"N"``; ``"1"`` for a dimensionless one; PySR's name), and y_units : the target's
            (optional): the reported formula is then dimensionally consistent whenever the search found one
            (``fit --units``), and ``equations_``'s ``units`` column gives each formula's unit check.

        Ctrl-C during the search stops it and returns with the best formula found so far (``cancelled_`` is then
        True); a second Ctrl-C abandons the fit.
        """
        X, y = _validate(self, X, y, reset=True, dtype=np.float64, y_numeric=True)
        y = np.asarray(y, dtype=np.float64)
        n_features = X.shape[1]
        weights = None
        if sample_weight is not None:
            weights = _check_sample_weight(sample_weight, X, dtype=np.float64, only_non_negative=True)
            keep = weights > 0
            # a weight of 0 leaves the row out, as scikit-learn defines it (the jar takes positive weights only)
            X, y, weights = X[keep], y[keep], weights[keep]
        if X.shape[0] < MIN_SAMPLES:
            raise ValueError("%s needs at least %d samples (with positive weight), got n_samples = %d"
                             % (type(self).__name__, MIN_SAMPLES, X.shape[0]))
        if variable_names is not None:
            names = [str(n) for n in variable_names]
            if len(names) != n_features:
                raise ValueError("variable_names has %d names for %d features" % (len(names), n_features))
        elif hasattr(self, "feature_names_in_"):
            names = [str(n) for n in self.feature_names_in_]
        else:
            names = ["x%d" % j for j in range(n_features)]
        header = [_clean_name(n) for n in names] + ["y"]
        columns = [X, y]
        args = self._search_args()
        args += self._units_args(header, n_features, X_units, y_units)
        if weights is not None:
            header.append("w")
            columns.append(weights)
            args += ["--weights", str(n_features + 2)]
        with tempfile.TemporaryDirectory(prefix="dysymnet-") as tmp:
            data = os.path.join(tmp, "train.csv")
            _write_csv(data, header, columns)
            args = ["fit", data, "--target", str(n_features + 1), "--format", "json"] + args
            if not self.verbose:
                args.append("--quiet")
            result = self._run(args, cancellable=True)
        ok = result.code == _runner.EXIT_OK or (
            result.cancelled and result.code in (_runner.EXIT_SIGINT, _runner.EXIT_SIGTERM)
            and result.stdout.strip())
        if not ok:
            if result.cancelled:
                raise KeyboardInterrupt("dysymnet fit interrupted before the search had a formula")
            raise result.error("fit")
        self._set_model(json.loads(result.stdout.decode("utf-8")))
        if self.cancelled_:
            warnings.warn("dysymnet: the search was interrupted; the model is the best formula found so far",
                          RuntimeWarning, stacklevel=2)
        return self

    def _units_args(self, header, n_features, X_units, y_units):
        """The ``--units`` option of ``X_units`` and ``y_units`` (none without them)."""
        if X_units is None:
            if y_units is not None:
                raise ValueError("y_units needs X_units: the unit of every feature")
            if self.dimensionless_constants_only:
                raise ValueError("dimensionless_constants_only needs units: fit(..., X_units=...)")
            return []
        units = [X_units] if isinstance(X_units, str) else list(X_units)
        if len(units) != n_features:
            raise ValueError("X_units has %d units for %d features" % (len(units), n_features))
        pairs = []
        for name, unit in zip(header, units + [y_units]):
            if unit is None and name == "y":
                continue
            text = "1" if unit is None or str(unit).strip() == "" else str(unit).strip()
            if "," in text or "=" in text:
                raise ValueError("unit %r of %s: a unit text has no ',' or '='" % (text, name))
            pairs.append("%s=%s" % (name, text))
        args = ["--units", ",".join(pairs)]
        if self.dimensionless_constants_only:
            args.append("--dimensionless-constants")
        return args

    def _set_model(self, model):
        """The fitted attributes from the jar's JSON report."""
        self.model_json_ = model
        self.variable_names_ = list(model["features"])
        symbols = _formula.symbols_for(self.variable_names_)
        rows = []
        best = None
        for i, entry in enumerate(model.get("pareto") or []):
            chosen = (entry.get("tree") == model.get("tree") if "tree" in model
                      else entry.get("expression") == model.get("expression"))
            if chosen and best is None:
                best = i
            rows.append({
                "complexity": entry.get("complexity"),
                "loss": np.nan if entry.get("mse_train") is None else float(entry["mse_train"]),
                "r2": np.nan if entry.get("r2_train") is None else float(entry["r2_train"]),
                "expression": entry.get("expression"),
                "sympy": _formula.plain(entry, symbols),
                "source": entry.get("source", entry.get("architecture") and "network"),
                "chosen": bool(chosen) and best == i,
                "units": entry.get("units"),
            })
        self.equations_ = pd.DataFrame(
            rows, columns=["complexity", "loss", "r2", "expression", "sympy", "source", "chosen", "units"])
        self.best_index_ = best
        self.choice_ = pd.DataFrame([{
            "complexity": entry.get("complexity"),
            "loss": np.nan if entry.get("mse_train") is None else float(entry["mse_train"]),
            "expression": entry.get("expression"),
            "source": entry.get("source"),
            "reported": bool(entry.get("reported", False)),
            "rule": entry.get("rule", ""),
            "why": entry.get("why", ""),
            "passed": ", ".join(entry.get("passed") or []),
        } for entry in model.get("choice") or []],
            columns=["complexity", "loss", "expression", "source", "reported", "rule", "why", "passed"])
        self.expression_ = model["expression"]
        consts = model.get("constants") or []
        self.constants_ = pd.DataFrame({
            "value": [float(c["value"]) if c.get("value") is not None else np.nan for c in consts],
            "std_error": [float(c["std_error"]) if c.get("std_error") is not None else np.nan for c in consts],
            "unit": [c.get("unit") for c in consts],
        })
        check = model.get("unit_check")
        self.unit_check_ = None if check is None else check.get("summary")
        sd = model.get("residual_sd")
        self.residual_sd_ = np.nan if sd is None else float(sd)
        self.cancelled_ = bool(model.get("cancelled", False))

    # ------------------------------------------------------------------ formulas

    def _entry(self, index):
        check_is_fitted(self, "model_json_")
        if index is None:
            return self.model_json_
        pareto = self.model_json_.get("pareto") or []
        if not isinstance(index, numbers.Integral) or isinstance(index, bool) or not 0 <= index < len(pareto):
            raise IndexError("index %r is not a row of equations_ (0 to %d)" % (index, len(pareto) - 1))
        return pareto[int(index)]

    def sympy(self, index=None, protected=False):
        """The reported formula (or row ``index`` of ``equations_``) as a SymPy expression.

        It is the plain mathematics of the formula on the training data (an absolute value whose argument keeps
        one sign on every training row is dropped: ``log(x**3 + x**2 + x + 1)``, not ``log(Abs(...))``).
        ``protected=True`` gives the form that writes out the jar's
        protected operations where they can change a value (``log(Max(Abs(x), 1e-300))``, ``sqrt(Abs(x))``,
        ...), which computes what ``predict`` computes (docs/user-guide.md, Exports).
        """
        entry = self._entry(index)
        symbols = _formula.symbols_for(self.variable_names_)
        if protected:
            expr = _formula.protected(entry, symbols)
            if expr is None:
                raise ValueError("the model file has no protected SymPy form of this formula")
            return expr
        if index is not None:
            return self.equations_["sympy"].iloc[int(index)]
        return _formula.plain(entry, symbols)

    def latex(self, index=None):
        """The reported formula (or row ``index`` of ``equations_``) as LaTeX: the jar's LaTeX for the reported
        one, SymPy's for a row."""
        entry = self._entry(index)
        if index is None and entry.get("latex"):
            return entry["latex"]
        return sympy.latex(self.sympy(index))

    # ------------------------------------------------------------------ predict

    def plot(self):
        """The Pareto front as an SVG picture (a notebook shows it; ``.save(path)`` writes it): complexity against
        the training error on a log axis, the chosen formula named, as the jar's pareto.png."""
        check_is_fitted(self, "model_json_")
        eq = self.equations_
        loss = [None if np.isnan(v) else float(v) for v in eq["loss"]]
        complexity = [int(c) for c in eq["complexity"]]
        return _plot.ParetoPlot(_plot.pareto_svg(complexity, loss, self.best_index_, str(self.expression_)))

    def predict(self, X, index=None):
        """The model's predictions (the reported formula, or row ``index`` of ``equations_``), computed with NumPy
        by the jar's semantics, protected operations included: the numbers of the jar's ``predict`` command to the
        last bits of the math libraries, without starting Java. Only a model file whose formula this package cannot
        read (an operator of a later jar) is handed to the jar's ``predict``."""
        check_is_fitted(self, "model_json_")
        X = _validate(self, X, reset=False, dtype=np.float64)
        model = self.model_json_
        if index is not None:
            entry = self._entry(index)
            model = dict(model, tree=entry["tree"], expression=entry["expression"])
        tree = model.get("tree")
        if tree is not None:
            try:
                _evaluate.check(tree)
                columns = {name: X[:, j] for j, name in enumerate(self.variable_names_)}
                return _evaluate.evaluate(tree, columns)
            except _evaluate.UnknownNode:
                pass
        return self._predict_with_jar(model, X)

    def _predict_with_jar(self, model, X):
        """The jar's ``predict`` command on the model (a JVM start and two CSV files)."""
        with tempfile.TemporaryDirectory(prefix="dysymnet-") as tmp:
            model_path = os.path.join(tmp, "model.json")
            with open(model_path, "w", encoding="utf-8") as f:
                json.dump(model, f)
            data = os.path.join(tmp, "predict.csv")
            _write_csv(data, self.variable_names_, [X])
            result = self._run(["predict", "--model", model_path, data])
        if result.code != _runner.EXIT_OK:
            raise result.error("predict")
        lines = result.stdout.decode("utf-8").splitlines()
        pred = np.array([float(line.rsplit(",", 1)[1]) for line in lines[1:] if line], dtype=np.float64)
        if pred.shape[0] != X.shape[0]:
            raise _runner.DySymNetError("dysymnet predict returned %d predictions for %d rows"
                                        % (pred.shape[0], X.shape[0]))
        return pred
