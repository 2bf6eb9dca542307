package dysymnet.expr;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Text that SymPy's {@code sympify} reads with the variable names as symbols: {@code **} for powers, SymPy's function
 * names ({@link UnaryOp#sympyName()}), {@code nan} and {@code oo}, variables whose names SymPy reserves (or that are
 * not identifiers) as {@code Symbol('name')}. Two forms:
 * <ul>
 *   <li>plain ({@link Printer#sympy}): the formula as mathematics, with what dysymnet's functions mean for every
 *       argument ({@code log(Abs(x))}, {@code sqrt(Abs(x))}, {@code Abs(x)**0.5}, and for an exponent that is not a
 *       constant {@code Piecewise((x**y, Eq(y, floor(y))), (Abs(x)**y, True))}, each only where the argument may be
 *       negative) and none of the clamps, floors and guards ({@link ProtectedPrinter#writesClamps}); it computes
 *       predict's values wherever none of those acts, which is wherever predict is finite but at log of exactly 0
 *       (or below 1e-300 in magnitude), a zero denominator, exp, sinh or cosh beyond 100 and asin or acos beyond
 *       [-1, 1];</li>
 *   <li>protected ({@link Printer#sympyProtected}): also the protected rules where they can change a value (see
 *       {@link ProtectedPrinter}): {@code log(Max(Abs(x), 1e-300))}, {@code exp(Min(x, 100))},
 *       {@code asin(Max(-1, Min(x, 1)))}, {@code x/Piecewise((1e-300, Eq(y, 0)), (y, True))}, so that it computes
 *       predict's values wherever predict is finite.</li>
 * </ul>
 * SymPy computes with real numbers, so its values are those of the formula exactly; they differ from the doubles of
 * {@link Evaluator} by rounding, and where the double computation overflows or underflows.
 */
final class SympyPrinter extends ProtectedPrinter {

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

    private final boolean protections;
    /** The rows of the plain form on data ({@link #signOnRows}): variable names and their columns; or null. */
    private final List<String> names;
    private final double[][] columns;
    private final Map<Expr, Integer> signs = new HashMap<>();

    /** @param protections whether to write the clamps, floors and guards (the protected form) */
    SympyPrinter(boolean protections) {
        this.protections = protections;
        this.names = null;
        this.columns = null;
    }

    /**
     * The plain form for the rows of {@code columns} (column j holds variable {@code names.get(j)}): an absolute
     * value whose argument keeps one sign on every row is written as the argument, or its negation.
     */
    SympyPrinter(List<String> names, double[][] columns) {
        this.protections = false;
        this.names = List.copyOf(names);
        this.columns = columns.clone();
    }

    /**
     * {@code e} with each {@code abs(u)} whose u keeps one sign on the rows replaced by u or {@code -u} (the same
     * numbers on every row), for printing: the absolute values that log, sqrt and powers take are left to
     * {@link #absolute}.
     */
    Expr withoutSignDefiniteAbs(Expr e) {
        if (e instanceof Unary u) {
            Expr arg = withoutSignDefiniteAbs(u.arg());
            int sign = u.op() == UnaryOp.ABS && constantValue(arg) == null ? signOnRows(arg) : 0;
            if (sign != 0) {
                return sign > 0 ? arg : new Unary(UnaryOp.NEG, arg);
            }
            return arg == u.arg() ? e : new Unary(u.op(), arg);
        }
        if (e instanceof Binary b) {
            Expr left = withoutSignDefiniteAbs(b.left());
            Expr right = withoutSignDefiniteAbs(b.right());
            return left == b.left() && right == b.right() ? e : new Binary(b.op(), left, right);
        }
        return e;
    }

    @Override
    int signOnRows(Expr e) {
        if (names == null || columns.length == 0 || columns[0].length == 0 || !names.containsAll(e.variables())) {
            return 0;
        }
        return signs.computeIfAbsent(e, k -> {
            boolean nonNegative = true;
            boolean nonPositive = true;
            for (double v : Evaluator.evaluate(k, names, columns)) {
                if (!Double.isFinite(v)) {
                    return 0;
                }
                nonNegative &= v >= 0.0;
                nonPositive &= v <= 0.0;
            }
            return nonNegative ? 1 : nonPositive ? -1 : 0;
        });
    }

    @Override
    boolean writesClamps() {
        return protections;
    }

    @Override
    String userForm(UserFunction f) {
        return f.sympyForm();
    }

    @Override
    String formName() {
        return "sympy";
    }

    @Override
    Set<String> reservedWords() {
        return Set.of();
    }

    @Override
    String bind(String name, String text) {
        return name + " = " + text;
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
        if (RESERVED.contains(name) || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            return new Frag("Symbol('" + name.replace("\\", "\\\\").replace("'", "\\'") + "')", ATOM);
        }
        return new Frag(name, ATOM);
    }

    @Override
    String functionName(UnaryOp op) {
        return op.sympyName();
    }

    @Override
    Frag atLeast(Frag a, double bound) {
        return call("Max", a.text() + ", " + constant(bound).text());
    }

    @Override
    Frag atMost(Frag a, double bound) {
        return call("Min", a.text() + ", " + constant(bound).text());
    }

    @Override
    Frag clamp(Frag a, double lo, double hi) {
        return call("Max", constant(lo).text() + ", " + atMost(a, hi).text());
    }

    @Override
    Frag nonZero(Frag b) {
        Frag s = share(b);
        return call("Piecewise", "(" + constant(UnaryOp.TINY).text() + ", Eq(" + s.text() + ", 0)), (" + s.text()
                + ", True)");
    }

    @Override
    Frag divide(Frag l, Frag r) {
        return product(l, "/", r);
    }

    @Override
    Frag square(Frag a) {
        return pow(a, constant(2.0));
    }

    @Override
    Frag cube(Frag a) {
        return pow(a, constant(3.0));
    }

    @Override
    Frag pow(Frag a, Frag p) {
        return power(a, "**", p);
    }

    @Override
    Frag protectedPower(Expr base, Frag a, Frag b, boolean baseMayBeNegative) {
        if (!baseMayBeNegative || constantValue(base) == null && signOnRows(base) > 0) {
            return pow(a, b);
        }
        Frag x = share(a);
        Frag y = share(b);
        return call("Piecewise", "(" + pow(x, y).text() + ", Eq(" + y.text() + ", floor(" + y.text() + "))), ("
                + pow(absolute(base, x), y).text() + ", True)");
    }
}
