"""A model's formula computed with NumPy, by the jar's own semantics (its ``predict`` command, without a JVM).

The formula is the model file's ``tree``: a number for a constant (``null``, ``"NaN"``, ``"Infinity"`` and
``"-Infinity"`` for the non-finite ones), a string for a variable, ``["OP", argument...]`` for an operator. Each
operator computes what the jar's ``UnaryOp.apply`` and ``BinaryOp.apply`` compute (core, package ``dysymnet.expr``):

- ``log(u)`` is ``log(max(|u|, 1e-300))``; ``sqrt(u)`` is ``sqrt(|u|)``;
- ``exp(u)`` is ``exp(min(u, 100))``; ``sinh`` and ``cosh`` clamp u to [-100, 100]; ``asin`` and ``acos`` to [-1, 1];
- ``a / b`` is ``a / 1e-300`` where b is 0 (either sign);
- ``a ^ b`` is ``a*a`` for b = 2, ``a*a*a`` for b = 3, ``a`` for b = 1, ``|a| ^ b`` where a < 0 and b is not an
  integer, else Java's ``Math.pow`` (NaN for a NaN exponent, and for a base of magnitude 1 with an infinite
  exponent, where C's pow gives 1).

NaN stays NaN through every clamp, as Java's ``Math.min`` and ``Math.max`` keep it. The values agree with the jar's
to the last bits of the math library (Java's and NumPy's sin, exp, log, pow... may differ by an ulp).
"""

import numpy as np

from ._formula import UnknownNode, fold  # UnknownNode: a node this module cannot compute

__all__ = ["UnknownNode", "check", "evaluate", "TINY", "EXP_MAX"]

#: Magnitudes below this count as zero for log; the denominator that stands in for 0 (UnaryOp.TINY).
TINY = 1e-300
#: The largest argument of exp, sinh and cosh (UnaryOp.EXP_MAX).
EXP_MAX = 100.0


def _pow(a, b):
    """BinaryOp.pow: Java's Math.pow with the protections, element by element."""
    a, b = np.broadcast_arrays(np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64))
    integer = (b == np.rint(b)) & ~np.isinf(b)
    base = np.where((a < 0.0) & ~integer, -a, a)
    out = np.power(base, b)
    # Java's Math.pow, where C's pow differs: NaN for a NaN exponent (C: pow(1, NaN) = 1) and for a base of
    # magnitude 1 with an infinite exponent (C: 1)
    out = np.where(np.isnan(b) | ((np.abs(base) == 1.0) & np.isinf(b)), np.nan, out)
    # the exact products of BinaryOp.pow
    out = np.where(b == 1.0, a, out)
    out = np.where(b == 2.0, a * a, out)
    return np.where(b == 3.0, a * a * a, out)


def _clamp(x, lo, hi):
    return np.maximum(lo, np.minimum(x, hi))


_UNARY = {
    "NEG": np.negative,
    "SIN": np.sin,
    "COS": np.cos,
    "TAN": np.tan,
    "EXP": lambda x: np.exp(np.minimum(x, EXP_MAX)),
    "LOG": lambda x: np.log(np.maximum(np.abs(x), TINY)),
    "SQRT": lambda x: np.sqrt(np.abs(x)),
    "SINH": lambda x: np.sinh(_clamp(x, -EXP_MAX, EXP_MAX)),
    "COSH": lambda x: np.cosh(_clamp(x, -EXP_MAX, EXP_MAX)),
    "TANH": np.tanh,
    "ABS": np.abs,
    "ASIN": lambda x: np.arcsin(_clamp(x, -1.0, 1.0)),
    "ACOS": lambda x: np.arccos(_clamp(x, -1.0, 1.0)),
}

_BINARY = {
    "ADD": np.add,
    "SUB": np.subtract,
    "MUL": np.multiply,
    "DIV": lambda a, b: np.divide(a, np.where(np.asarray(b) == 0.0, TINY, b)),
    "POW": _pow,
}


def check(node):
    """Raises :class:`UnknownNode` unless every node of the tree is one this module computes."""
    with np.errstate(all="ignore"):
        fold(node, np.float64, lambda name: np.float64(0.0), _UNARY, _BINARY)


def evaluate(tree, columns):
    """The formula's values on the rows of ``columns``, a dict from variable name to a 1-d float64 array (all of
    one length); a fresh float64 array of that length."""
    lengths = {np.shape(c)[0] for c in columns.values()}
    if len(lengths) > 1:
        raise ValueError("columns of different lengths: %s" % sorted(lengths))
    rows = lengths.pop() if lengths else 1

    def variable(name):
        try:
            return columns[name]
        except KeyError:
            raise UnknownNode("the formula's variable %r is not among the columns %s" % (name, list(columns)))

    with np.errstate(all="ignore"):
        values = fold(tree, np.float64, variable, _UNARY, _BINARY)
    return np.array(np.broadcast_to(np.asarray(values, dtype=np.float64), (rows,)))
