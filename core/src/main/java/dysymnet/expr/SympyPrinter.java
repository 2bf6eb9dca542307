package dysymnet.expr;

import java.util.Set;

/**
 * Text that SymPy's {@code sympify} reads with the variable names as symbols: {@code **} for powers, SymPy's function
 * names ({@link UnaryOp#sympyName()}), the protected log and sqrt as {@code log(Abs(..))} and {@code sqrt(Abs(..))}
 * unless the argument is provably non-negative, {@code nan} and {@code oo}, and variables whose names SymPy reserves
 * as {@code Symbol('name')}.
 */
final class SympyPrinter extends InfixPrinter {

    /**
     * Names that SymPy's {@code sympify} would read as something other than a plain symbol (constants, functions,
     * Python keywords); such variables are printed as {@code Symbol('name')}. Not exhaustive: it covers the single
     * letters and the names likely to be column names.
     */
    private static final Set<String> RESERVED = Set.of(
            "E", "I", "N", "O", "Q", "S", "pi", "oo", "nan", "zoo", "beta", "gamma", "zeta", "Li", "li", "Ei", "Si",
            "Ci", "Shi", "Chi", "E1", "re", "im", "arg", "sign", "floor", "ceiling", "frac", "root", "rad", "deg",
            "exp", "log", "ln", "sqrt", "cbrt", "sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan",
            "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "sinc", "Abs", "Max", "Min", "erf", "erfc",
            "factorial", "binomial", "gcd", "lcm", "prime", "var", "symbols", "Symbol", "Function", "Integer",
            "Float", "Rational", "Eq", "Ne", "Lt", "Gt", "Le", "Ge", "And", "Or", "Not", "Xor", "Sum", "Product",
            "Integral", "Derivative", "Limit", "Matrix", "diff", "limit", "series", "solve", "factor", "expand",
            "simplify", "div", "rem", "quo", "degree", "content", "partition", "ff", "rf", "Id", "Lambda", "Add",
            "Mul", "Pow", "Expr", "Basic", "Wild", "Dummy", "Poly", "poly", "roots", "test", "plot", "catalan",
            "euler", "bernoulli", "fibonacci", "harmonic", "lucas", "bell", "Catalan", "EulerGamma", "GoldenRatio",
            "Heaviside", "DiracDelta", "Piecewise", "Range", "Interval", "Order", "Tuple", "Dict", "true", "false",
            "polylog", "lerchphi", "digamma", "trigamma", "loggamma", "polygamma", "uppergamma", "lowergamma",
            "hyper", "besselj", "bessely", "legendre", "hermite", "laguerre", "jacobi", "LambertW", "ask", "refine",
            "evaluate", "sympify", "lambdify", "latex", "pprint", "ones", "zeros", "eye", "diag", "det", "trace",
            "cse", "field", "ring", "Point", "Line", "Circle", "Segment", "Ray", "Plane", "Curve",
            "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
            "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
            "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield");

    SympyPrinter(int digits) {
        super(digits);
    }

    @Override
    Frag constant(double v) {
        if (Double.isNaN(v)) {
            return plain("nan");
        }
        if (Double.isInfinite(v)) {
            return plain(v > 0 ? "oo" : "-oo");
        }
        return super.constant(v);
    }

    @Override
    Frag variable(String name) {
        return RESERVED.contains(name) ? new Frag("Symbol('" + name + "')", ATOM) : super.variable(name);
    }

    @Override
    Frag function(UnaryOp op, Frag a, boolean showAbs) {
        return call(op.sympyName(), showAbs ? "Abs(" + a.text() + ")" : a.text());
    }

    @Override
    Frag power(Binary b, Frag l, Frag r) {
        return power(l, "**", r);
    }
}
