"""Formulas of a dysymnet model file as SymPy expressions.

A model file (the jar's JSON report, ``model.json``) holds each formula three ways: ``tree``, the exact formula as
nested lists (``["ADD", ["MUL", 2.5, "x"], 1.0]``), ``expression``, the infix text, and SymPy text. The SymPy text
of the jar's 0.2.0 (field ``sympy``) writes out the protections of its operators (``log(Max(Abs(x), 1e-300))``,
``sqrt(Abs(x))``, ...: what ``predict`` computes); a later jar may give plain mathematics in ``sympy`` and the
protected form in ``sympy_protected``. This module reads whichever fields there are:

- the plain form: ``sympy`` when ``sympy_protected`` is there too, else the ``tree`` read as plain mathematics,
  else ``sympy``, else ``expression``;
- the protected form: ``sympy_protected``, else ``sympy`` when there is no ``sympy_protected``.
"""

import math

import sympy

_UNARY = {
    "NEG": lambda a: -a,
    "SIN": sympy.sin,
    "COS": sympy.cos,
    "TAN": sympy.tan,
    "EXP": sympy.exp,
    "LOG": sympy.log,
    "SQRT": sympy.sqrt,
    "SINH": sympy.sinh,
    "COSH": sympy.cosh,
    "TANH": sympy.tanh,
    "ABS": sympy.Abs,
    "ASIN": sympy.asin,
    "ACOS": sympy.acos,
}

_BINARY = {
    "ADD": lambda a, b: a + b,
    "SUB": lambda a, b: a - b,
    "MUL": lambda a, b: a * b,
    "DIV": lambda a, b: a / b,
    "POW": lambda a, b: a ** b,
}


class UnknownNode(ValueError):
    """A node of a tree that this module cannot read (an operator of a later jar, a user-defined function)."""


def number(value):
    """A constant of a tree as SymPy: an Integer when it is a whole number, else the double as a Float."""
    if value is None:
        return sympy.nan
    value = float(value)
    if math.isnan(value):
        return sympy.nan
    if math.isinf(value):
        return sympy.oo if value > 0 else -sympy.oo
    if value == int(value) and abs(value) < 2.0 ** 53:
        return sympy.Integer(int(value))
    return sympy.Float(value)


def fold(node, constant, variable, unary, binary):
    """A ``tree`` computed bottom-up: ``constant(value)`` for a number (None and the strings ``"NaN"``,
    ``"Infinity"``, ``"-Infinity"`` as the float they stand for), ``variable(name)`` for a variable, and the
    functions of ``unary`` and ``binary`` (by operator name) for the operators. Raises :class:`UnknownNode` for an
    operator or node it has no function for."""
    if isinstance(node, bool):
        raise UnknownNode("unexpected boolean in expression tree")
    if node is None:
        return constant(math.nan)
    if isinstance(node, (int, float)):
        return constant(node)
    if isinstance(node, str):
        if node in ("NaN", "Infinity", "-Infinity"):
            return constant(float(node.replace("Infinity", "inf")))
        return variable(node)
    if isinstance(node, list) and node and isinstance(node[0], str):
        op, args = node[0], node[1:]
        if op in unary and len(args) == 1:
            return unary[op](fold(args[0], constant, variable, unary, binary))
        if op in binary and len(args) == 2:
            return binary[op](fold(args[0], constant, variable, unary, binary),
                              fold(args[1], constant, variable, unary, binary))
        raise UnknownNode("unknown operator %r in expression tree" % op)
    raise UnknownNode("unexpected node %r in expression tree" % (node,))


def from_tree(node, symbols):
    """The plain SymPy expression of a ``tree``; ``symbols`` maps variable names to SymPy symbols."""
    return fold(node, number, lambda name: symbols.get(name) or sympy.Symbol(name), _UNARY, _BINARY)


def symbols_for(names):
    """A SymPy symbol for each variable name, without assumptions (as ``sympify`` makes them, so that
    ``expr.subs("x", 1)`` finds them)."""
    return {n: sympy.Symbol(n) for n in names}


def parse(text, symbols):
    """SymPy text of the jar (``**``, ``Abs``, ``Max``, ``Piecewise``, ``Symbol('name')``) as an expression whose
    variables are ``symbols``."""
    return sympy.sympify(text, locals=dict(symbols))


def from_infix(text, symbols):
    """The jar's infix syntax (``^`` for powers) as SymPy."""
    return parse(text.replace("^", "**"), symbols)


def plain(entry, symbols):
    """The formula of a model file's entry (the model itself or a member of its ``pareto``) as plain
    mathematics, from the fields it has (see the module's comment)."""
    if "sympy_protected" in entry and entry.get("sympy"):
        return parse(entry["sympy"], symbols)
    if entry.get("tree") is not None:
        try:
            return from_tree(entry["tree"], symbols)
        except UnknownNode:
            pass
    if entry.get("sympy"):
        return parse(entry["sympy"], symbols)
    return from_infix(entry["expression"], symbols)


def protected(entry, symbols):
    """The formula with the protections of the jar's operators written out (what ``predict`` computes), as SymPy;
    None when the entry has no such text."""
    text = entry.get("sympy_protected") or (entry.get("sympy") if "sympy_protected" not in entry else None)
    return parse(text, symbols) if text else None
