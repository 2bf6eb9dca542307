"""dysymnet for Python: a scikit-learn estimator over the dysymnet jar (symbolic regression by DySymNet).

    from dysymnet import DySymNetRegressor
    reg = DySymNetRegressor(time_limit=30).fit(X, y)
    reg.sympy(), reg.equations_, reg.predict(X_new)

The package is pure Python: each fit runs ``java -jar dysymnet-VERSION.jar`` in a subprocess (Java 17 or later
on the PATH, or ``$DYSYMNET_JAVA``; the jar from ``$DYSYMNET_JAR``, the package, or the repository's
``app/target``); ``predict`` computes the fitted formula with NumPy, by the jar's semantics, without Java.
"""

__version__ = "0.2.0"

from ._runner import (  # noqa: E402
    DySymNetError,
    DySymNetInputError,
    JavaNotFoundError,
    NoFormulaError,
    find_jar,
    find_java,
)
from .regressor import DySymNetRegressor  # noqa: E402

__all__ = [
    "DySymNetRegressor",
    "DySymNetError",
    "DySymNetInputError",
    "JavaNotFoundError",
    "NoFormulaError",
    "find_jar",
    "find_java",
    "__version__",
]
