"""Reading the formulas of a model file as SymPy, from whichever fields it has (no jar needed)."""

import sympy

from dysymnet import _formula

x, y = sympy.symbols("x y")
SYMBOLS = _formula.symbols_for(["x", "y"])

# the jar 0.2.0's fields: 'sympy' is the protected form
OLD = {
    "expression": "log(x) + 2.5*y^2",
    "tree": ["ADD", ["LOG", "x"], ["MUL", 2.5, ["POW", "y", 2.0]]],
    "sympy": "log(Max(Abs(x), 1e-300)) + 2.5*y**2",
}
# a later jar: 'sympy' plain, the protected form under 'sympy_protected'
NEW = {
    "expression": "log(x) + 2.5*y^2",
    "tree": ["ADD", ["LOG", "x"], ["MUL", 2.5, ["POW", "y", 2.0]]],
    "sympy": "log(x) + 2.5*y**2",
    "sympy_protected": "log(Max(Abs(x), 1e-300)) + 2.5*y**2",
}
PLAIN = sympy.log(x) + sympy.Float(2.5) * y ** 2
PROTECTED = sympy.log(sympy.Max(sympy.Abs(x), sympy.Float(1e-300))) + sympy.Float(2.5) * y ** 2


def test_plain_form_from_each_kind_of_model_file():
    assert _formula.plain(OLD, SYMBOLS) == PLAIN  # from the tree
    assert _formula.plain(NEW, SYMBOLS) == PLAIN  # the 'sympy' field
    # no tree (a hand-written model): the SymPy text, else the infix expression
    assert _formula.plain({"expression": "log(x) + 2.5*y^2", "sympy": "log(x) + 2.5*y**2"}, SYMBOLS) == PLAIN
    assert _formula.plain({"expression": "log(x) + 2.5*y^2"}, SYMBOLS) == PLAIN
    # an operator this package does not know (a later jar, a user function): the SymPy text instead
    odd = dict(OLD, tree=["ADD", ["SOFTPLUS", "x"], 1.0], sympy="log(1 + exp(x)) + 1")
    assert _formula.plain(odd, SYMBOLS) == sympy.log(1 + sympy.exp(x)) + 1


def test_protected_form_from_each_kind_of_model_file():
    assert _formula.protected(OLD, SYMBOLS) == PROTECTED
    assert _formula.protected(NEW, SYMBOLS) == PROTECTED
    assert _formula.protected({"expression": "x", "sympy": "x", "sympy_protected": None}, SYMBOLS) is None


def test_every_operator_of_the_tree_and_exact_constants():
    ops = ["NEG", "SIN", "COS", "TAN", "EXP", "LOG", "SQRT", "SINH", "COSH", "TANH", "ABS", "ASIN", "ACOS"]
    funcs = [lambda a: -a, sympy.sin, sympy.cos, sympy.tan, sympy.exp, sympy.log, sympy.sqrt, sympy.sinh,
             sympy.cosh, sympy.tanh, sympy.Abs, sympy.asin, sympy.acos]
    for op, f in zip(ops, funcs):
        assert _formula.from_tree([op, "x"], SYMBOLS) == f(x), op
    tree = ["DIV", ["SUB", ["ADD", "x", 1.0], "y"], ["POW", ["MUL", "x", 0.1], "y"]]
    assert _formula.from_tree(tree, SYMBOLS) == (x + 1 - y) / (sympy.Float(0.1) * x) ** y
    # a constant keeps its double exactly; whole numbers are integers (x**2, not x**2.0)
    c = _formula.from_tree(0.1, SYMBOLS)
    assert float(c) == 0.1 and c == sympy.Float(0.1)
    assert _formula.from_tree(["POW", "x", 2.0], SYMBOLS) == x ** 2
    assert _formula.from_tree(None, SYMBOLS) is sympy.nan
    assert _formula.from_tree("Infinity", SYMBOLS) == sympy.oo


def test_names_that_sympy_reserves_stay_symbols():
    symbols = _formula.symbols_for(["E", "gamma", "lambda_"])
    expr = _formula.parse("Symbol('E')*gamma + lambda_", symbols)
    assert expr == sympy.Symbol("E") * sympy.Symbol("gamma") + sympy.Symbol("lambda_")
    assert _formula.from_tree(["MUL", "E", "gamma"], symbols) == sympy.Symbol("E") * sympy.Symbol("gamma")
