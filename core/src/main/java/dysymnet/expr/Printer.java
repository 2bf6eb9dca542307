package dysymnet.expr;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Map;
import java.util.Set;

/**
 * Prints expressions as text: the project's own infix syntax (read back by {@link Parser}), SymPy, LaTeX and Java.
 *
 * <p>Constants: with a {@code digits} argument they are rounded to that many significant digits; without one
 * ({@link #infix(Expr)} and the one-argument overloads) they print as the shortest decimal that reads back as
 * the same double. Integral values print without a fraction ({@code 2}), magnitudes from 1e-4 up to 1e15 without an
 * exponent, others as {@code 1.5e-10}. Parentheses are the fewest that keep the tree's grouping.
 *
 * <p>{@link #infix} output re-parses to an expression computing the same doubles (the printer writes
 * {@code a + (-b)} as {@code a - b} and {@code a - (-b)} as {@code a + b}, which IEEE arithmetic defines to be
 * equal; a negated constant may read back as a negative constant). Variable names are printed verbatim, so only
 * names that {@link Parser} reads as variables round-trip (not {@code pi}, {@code NaN}, {@code Infinity} or function
 * names).
 *
 * <p>Protected semantics in the SymPy, LaTeX and Java forms: {@code log(x)} (meaning log|x|) is printed as the log
 * of an absolute value and {@code sqrt(x)} (meaning sqrt|x|) as the root of an absolute value, unless
 * {@link #isNonNegative} proves the argument non-negative. The other protections are NOT shown, because they only
 * matter outside the domain where the textbook function is defined and finite: division by an exact zero
 * (computed as division by {@link UnaryOp#TINY}), a negative base with a non-integer exponent (computed as
 * {@code |a|^b}), log of exactly zero, and the clamps of exp/sinh/cosh (at {@link UnaryOp#EXP_MAX}) and of
 * asin/acos (to [-1, 1]).
 */
public final class Printer {

    // Binding strength of a printed fragment: an operand is parenthesised when it binds looser than its slot needs.
    private static final int SUM = 1;
    private static final int PRODUCT = 2;
    private static final int SIGN = 3;
    private static final int POWER = 4;
    private static final int ATOM = 5;

    private static final int EXACT = 0;

    private enum Style { INFIX, SYMPY, JAVA, LATEX }

    private record Frag(String text, int prec) {
        boolean startsWithMinus() {
            return text.startsWith("-");
        }
    }

    /**
     * Names that SymPy's {@code sympify} would read as something other than a plain symbol (constants, functions,
     * Python keywords); such variables are printed as {@code Symbol('name')}. Not exhaustive: it covers the single
     * letters and the names likely to be column names.
     */
    private static final Set<String> SYMPY_RESERVED = Set.of(
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

    private static final Map<String, String> GREEK = Map.ofEntries(
            Map.entry("alpha", "\\alpha"), Map.entry("beta", "\\beta"), Map.entry("gamma", "\\gamma"),
            Map.entry("delta", "\\delta"), Map.entry("epsilon", "\\epsilon"), Map.entry("zeta", "\\zeta"),
            Map.entry("eta", "\\eta"), Map.entry("theta", "\\theta"), Map.entry("iota", "\\iota"),
            Map.entry("kappa", "\\kappa"), Map.entry("lambda", "\\lambda"), Map.entry("lambd", "\\lambda"),
            Map.entry("mu", "\\mu"), Map.entry("nu", "\\nu"), Map.entry("xi", "\\xi"), Map.entry("pi", "\\pi"),
            Map.entry("rho", "\\rho"), Map.entry("sigma", "\\sigma"), Map.entry("tau", "\\tau"),
            Map.entry("upsilon", "\\upsilon"), Map.entry("phi", "\\phi"), Map.entry("chi", "\\chi"),
            Map.entry("psi", "\\psi"), Map.entry("omega", "\\omega"), Map.entry("Gamma", "\\Gamma"),
            Map.entry("Delta", "\\Delta"), Map.entry("Theta", "\\Theta"), Map.entry("Lambda", "\\Lambda"),
            Map.entry("Xi", "\\Xi"), Map.entry("Pi", "\\Pi"), Map.entry("Sigma", "\\Sigma"),
            Map.entry("Upsilon", "\\Upsilon"), Map.entry("Phi", "\\Phi"), Map.entry("Psi", "\\Psi"),
            Map.entry("Omega", "\\Omega"));

    private final Style style;
    private final int digits;

    private Printer(Style style, int digits) {
        this.style = style;
        this.digits = digits;
    }

    /** The formula in the project's infix syntax, constants printed exactly; {@code Parser.parse} reads it back. */
    public static String infix(Expr e) {
        return print(Style.INFIX, e, EXACT);
    }

    /** The formula in the project's infix syntax with constants rounded to {@code significantDigits} (at least 1). */
    public static String infix(Expr e, int significantDigits) {
        return print(Style.INFIX, e, checkDigits(significantDigits));
    }

    /** SymPy text with constants printed exactly; see {@link #sympy(Expr, int)}. */
    public static String sympy(Expr e) {
        return print(Style.SYMPY, e, EXACT);
    }

    /**
     * Text that SymPy's {@code sympify} reads with the variable names as symbols: {@code **} for powers, SymPy
     * function names ({@code Abs}, {@code asin}...), protected log/sqrt as {@code log(Abs(..))}/{@code sqrt(Abs(..))}
     * unless the argument is provably non-negative, variables whose names SymPy reserves as {@code Symbol('name')}.
     */
    public static String sympy(Expr e, int digits) {
        return print(Style.SYMPY, e, checkDigits(digits));
    }

    /** LaTeX with constants printed exactly; see {@link #latex(Expr, int)}. */
    public static String latex(Expr e) {
        return print(Style.LATEX, e, EXACT);
    }

    /**
     * LaTeX math-mode text: {@code \frac}, {@code x^{2}}, {@code \sin\left(x\right)}, {@code \log\left|x\right|},
     * {@code \sqrt{\left|x\right|}}; names such as {@code theta1} or {@code E_n} become {@code \theta_{1}} and
     * {@code E_{n}}, multi-letter non-Greek names upright.
     */
    public static String latex(Expr e, int digits) {
        return print(Style.LATEX, e, checkDigits(digits));
    }

    /** A Java expression with constants printed exactly; see {@link #java(Expr, int)}. */
    public static String java(Expr e) {
        return print(Style.JAVA, e, EXACT);
    }

    /**
     * A Java {@code double} expression using {@code Math} functions and the variable names as identifiers (names
     * are used verbatim, so they must be legal Java identifiers); squares and cubes of variables are written as
     * products, other powers as {@code Math.pow}.
     */
    public static String java(Expr e, int digits) {
        return print(Style.JAVA, e, checkDigits(digits));
    }

    /**
     * Whether {@code e} is non-negative (or NaN) at every point, judged from its structure alone under the
     * protected semantics: non-negative constants; exp, abs, cosh, sqrt, acos of anything; sinh, tanh, asin of a
     * non-negative argument; sums, products and quotients of non-negative terms; {@code a*a}; powers with an
     * even or non-integer constant exponent, or with a non-negative base. False means "not proven".
     */
    public static boolean isNonNegative(Expr e) {
        if (e instanceof Const) {
            return ((Const) e).value() >= 0.0;
        }
        if (e instanceof Var) {
            return false;
        }
        if (e instanceof Unary u) {
            return switch (u.op().sign()) {
                case NON_NEGATIVE -> true;
                case OF_ARGUMENT -> isNonNegative(u.arg());
                case OPPOSITE_OF_ARGUMENT -> u.arg() instanceof Const c && c.value() <= 0.0;
                case UNKNOWN -> false;
            };
        }
        Binary b = (Binary) e;
        return switch (b.op()) {
            case ADD, DIV -> isNonNegative(b.left()) && isNonNegative(b.right());
            case MUL -> b.left().equals(b.right()) || (isNonNegative(b.left()) && isNonNegative(b.right()));
            case POW -> {
                if (b.right() instanceof Const c) {
                    double p = c.value();
                    // Protected pow takes |a| for non-integer exponents, so only odd integers can give a sign.
                    boolean oddInteger = p == Math.rint(p) && Math.abs(p) < 0x1p53 && Math.abs(p % 2.0) == 1.0;
                    if (!Double.isNaN(p) && !oddInteger) {
                        yield true;
                    }
                }
                yield isNonNegative(b.left());
            }
            case SUB -> false;
        };
    }

    private static int checkDigits(int digits) {
        if (digits < 1) {
            throw new IllegalArgumentException("significant digits must be at least 1, got " + digits);
        }
        return digits;
    }

    private static String print(Style style, Expr e, int digits) {
        if (e == null) {
            throw new IllegalArgumentException("expression must not be null");
        }
        Printer p = new Printer(style, digits);
        return style == Style.LATEX ? p.renderLatex(e).text : p.render(e).text;
    }

    // ---------------------------------------------------------------- numbers

    /**
     * Canonical decimal text of v: {@code NaN}, {@code Infinity}, {@code -Infinity}, integers without fraction,
     * plain notation for magnitudes in [1e-4, 1e15), otherwise {@code d.ddde-N}. {@code digits == 0} means the
     * shortest text that reads back as v.
     */
    static String number(double v, int digits) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "Infinity" : "-Infinity";
        }
        boolean negative = Double.doubleToRawLongBits(v) < 0;
        double a = Math.abs(v);
        if (a == 0.0) {
            // a rounded print has no use for the sign of zero, and dropping it keeps the text stable
            return negative && digits == EXACT ? "-0" : "0";
        }
        BigDecimal bd = null;
        if (digits != EXACT) {
            bd = new BigDecimal(a).round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (Double.isInfinite(bd.doubleValue())) {
                bd = null; // rounding up MAX_VALUE would read back as infinity
            }
        }
        if (bd == null) {
            bd = new BigDecimal(Double.toString(a));
        }
        bd = bd.stripTrailingZeros();
        int exponent = bd.precision() - bd.scale() - 1;
        String body;
        if (exponent >= -4 && exponent < 15) {
            body = bd.toPlainString();
        } else {
            String d = bd.unscaledValue().toString();
            body = d.charAt(0) + (d.length() > 1 ? "." + d.substring(1) : "") + "e" + exponent;
        }
        return negative ? "-" + body : body;
    }

    private Frag constant(double v) {
        String s = number(v, digits);
        switch (style) {
            case SYMPY:
                if (Double.isNaN(v)) {
                    s = "nan";
                } else if (Double.isInfinite(v)) {
                    s = v > 0 ? "oo" : "-oo";
                }
                break;
            case JAVA:
                if (Double.isNaN(v)) {
                    s = "Double.NaN";
                } else if (Double.isInfinite(v)) {
                    s = v > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
                } else if (s.indexOf('.') < 0 && s.indexOf('e') < 0) {
                    s = s + ".0"; // an int literal would make 1/2 integer division
                }
                break;
            case LATEX:
                if (Double.isNaN(v)) {
                    return new Frag("\\mathrm{NaN}", ATOM);
                }
                if (Double.isInfinite(v)) {
                    return v > 0 ? new Frag("\\infty", ATOM) : new Frag("-\\infty", SIGN);
                }
                int e = s.indexOf('e');
                if (e >= 0) {
                    String mantissa = s.substring(0, e);
                    String power = "10^{" + s.substring(e + 1) + "}";
                    if (mantissa.equals("1")) {
                        return new Frag(power, POWER);
                    }
                    if (mantissa.equals("-1")) {
                        return new Frag("-" + power, SIGN);
                    }
                    return new Frag(mantissa + " \\cdot " + power, mantissa.startsWith("-") ? SIGN : PRODUCT);
                }
                break;
            default:
                break;
        }
        return new Frag(s, s.startsWith("-") ? SIGN : ATOM);
    }

    // ---------------------------------------------------------------- infix, SymPy, Java

    private Frag render(Expr e) {
        if (e instanceof Const) {
            return constant(((Const) e).value());
        }
        if (e instanceof Var) {
            String name = ((Var) e).name();
            if (style == Style.SYMPY && SYMPY_RESERVED.contains(name)) {
                return new Frag("Symbol('" + name + "')", ATOM);
            }
            return new Frag(name, ATOM);
        }
        if (e instanceof Unary) {
            return renderUnary((Unary) e);
        }
        return renderBinary((Binary) e);
    }

    private Frag renderUnary(Unary u) {
        if (u.op() == UnaryOp.NEG && u.arg() instanceof Const) {
            // The parser folds a sign into a constant, so print the folded constant: same value, stable text.
            return constant(-((Const) u.arg()).value());
        }
        Frag a = render(u.arg());
        if (u.op() == UnaryOp.NEG) {
            return new Frag("-" + parenIf(a, a.prec < POWER || a.startsWithMinus()), SIGN);
        }
        boolean showAbs = u.op().actsOnAbsoluteValue() && !isNonNegative(u.arg());
        return switch (style) {
            case SYMPY -> call(u.op().sympyName(), showAbs ? "Abs(" + a.text + ")" : a.text);
            case JAVA -> call(u.op().javaName(), showAbs ? "Math.abs(" + a.text + ")" : a.text);
            case INFIX, LATEX -> call(u.op().symbol(), a.text);
        };
    }

    private static Frag call(String function, String argument) {
        return new Frag(function + "(" + argument + ")", ATOM);
    }

    private Frag renderBinary(Binary b) {
        BinaryOp op = b.op();
        switch (op) {
            case ADD:
            case SUB: {
                Expr right = b.right();
                Expr magnitude = negatedOperand(right);
                if (magnitude != null) {
                    op = op == BinaryOp.ADD ? BinaryOp.SUB : BinaryOp.ADD;
                    right = magnitude;
                }
                Frag l = render(b.left());
                Frag r = render(right);
                return new Frag(l.text + (op == BinaryOp.ADD ? " + " : " - ")
                        + parenIf(r, r.prec <= SUM || r.startsWithMinus()), SUM);
            }
            case MUL:
            case DIV: {
                Frag l = render(b.left());
                Frag r = render(b.right());
                String symbol = op == BinaryOp.MUL ? "*" : "/";
                if (style == Style.JAVA) {
                    symbol = " " + symbol + " ";
                }
                return new Frag(parenIf(l, l.prec < PRODUCT) + symbol
                        + parenIf(r, r.prec < POWER || r.startsWithMinus()), PRODUCT);
            }
            case POW: {
                Frag l = render(b.left());
                Frag r = render(b.right());
                if (style == Style.JAVA) {
                    return javaPower(b, l, r);
                }
                String symbol = style == Style.SYMPY ? "**" : "^";
                return new Frag(parenIf(l, l.prec < ATOM || l.startsWithMinus()) + symbol
                        + parenIf(r, r.prec < POWER || r.startsWithMinus()), POWER);
            }
            default:
                throw new AssertionError(op);
        }
    }

    private static Frag javaPower(Binary b, Frag l, Frag r) {
        if (b.left() instanceof Var && b.right() instanceof Const) {
            // Same products as BinaryOp.pow, so the generated code agrees with the evaluator to the bit.
            double p = ((Const) b.right()).value();
            if (p == 2.0) {
                return new Frag("(" + l.text + " * " + l.text + ")", ATOM);
            }
            if (p == 3.0) {
                return new Frag("(" + l.text + " * " + l.text + " * " + l.text + ")", ATOM);
            }
        }
        return new Frag("Math.pow(" + l.text + ", " + r.text + ")", ATOM);
    }

    /**
     * If {@code e} is a negation (a negative-signed constant or a NEG node), the negated magnitude, else null.
     * Used to print {@code a + (-b)} as {@code a - b}: IEEE subtraction is addition of the negation, so the value
     * is unchanged.
     */
    private static Expr negatedOperand(Expr e) {
        if (e instanceof Const) {
            double v = ((Const) e).value();
            return !Double.isNaN(v) && Double.doubleToRawLongBits(v) < 0 ? new Const(-v) : null;
        }
        if (e instanceof Unary && ((Unary) e).op() == UnaryOp.NEG) {
            return ((Unary) e).arg();
        }
        return null;
    }

    private String parenIf(Frag f, boolean condition) {
        if (!condition) {
            return f.text;
        }
        return style == Style.LATEX ? "\\left(" + f.text + "\\right)" : "(" + f.text + ")";
    }

    // ---------------------------------------------------------------- LaTeX

    private Frag renderLatex(Expr e) {
        if (e instanceof Const) {
            return constant(((Const) e).value());
        }
        if (e instanceof Var) {
            return new Frag(latexName(((Var) e).name()), ATOM);
        }
        if (e instanceof Unary) {
            Unary u = (Unary) e;
            if (u.op() == UnaryOp.NEG && u.arg() instanceof Const) {
                return constant(-((Const) u.arg()).value());
            }
            Frag a = renderLatex(u.arg());
            if (u.op() == UnaryOp.NEG) {
                return new Frag("-" + parenIf(a, a.prec <= SUM || a.prec == SIGN || a.startsWithMinus()), SIGN);
            }
            boolean showAbs = u.op().actsOnAbsoluteValue() && !isNonNegative(u.arg());
            return new Frag(u.op().latex(a.text, showAbs), ATOM);
        }
        Binary b = (Binary) e;
        switch (b.op()) {
            case ADD:
            case SUB: {
                BinaryOp op = b.op();
                Expr right = b.right();
                Expr magnitude = negatedOperand(right);
                if (magnitude != null) {
                    op = op == BinaryOp.ADD ? BinaryOp.SUB : BinaryOp.ADD;
                    right = magnitude;
                }
                Frag l = renderLatex(b.left());
                Frag r = renderLatex(right);
                return new Frag(l.text + (op == BinaryOp.ADD ? " + " : " - ")
                        + parenIf(r, r.prec <= SUM || r.startsWithMinus()), SUM);
            }
            case MUL: {
                Frag l = renderLatex(b.left());
                Frag r = renderLatex(b.right());
                String left = parenIf(l, l.prec <= SUM);
                String right = parenIf(r, r.prec <= SUM || r.startsWithMinus());
                // Juxtaposition would glue digits together ("x 2" reads as x2), so numbers get an explicit dot.
                char first = right.charAt(0);
                String sep = (first >= '0' && first <= '9') || first == '.' ? " \\cdot " : " ";
                return new Frag(left + sep + right, PRODUCT);
            }
            case DIV: {
                Frag l = renderLatex(b.left());
                Frag r = renderLatex(b.right());
                return new Frag("\\frac{" + l.text + "}{" + r.text + "}", PRODUCT);
            }
            case POW: {
                Frag l = renderLatex(b.left());
                Frag r = renderLatex(b.right());
                return new Frag(parenIf(l, l.prec < ATOM || l.startsWithMinus()) + "^{" + r.text + "}", POWER);
            }
            default:
                throw new AssertionError(b.op());
        }
    }

    /**
     * LaTeX for a variable name: {@code x1} to {@code x_{1}}, {@code E_n} to {@code E_{n}}, {@code theta} to
     * {@code \theta}, {@code rho_c_0} to {@code \rho_{c_{0}}}, other multi-letter words upright.
     */
    static String latexName(String name) {
        int underscore = name.indexOf('_');
        if (underscore > 0 && underscore < name.length() - 1) {
            return latexWord(name.substring(0, underscore)) + "_{" + latexName(name.substring(underscore + 1)) + "}";
        }
        if (underscore < 0) {
            int k = name.length();
            while (k > 0 && Character.isDigit(name.charAt(k - 1))) {
                k--;
            }
            if (k > 0 && k < name.length()) {
                return latexWord(name.substring(0, k)) + "_{" + name.substring(k) + "}";
            }
            return latexWord(name);
        }
        return "\\mathrm{" + name.replace("_", "\\_") + "}";
    }

    private static String latexWord(String word) {
        String greek = GREEK.get(word);
        if (greek != null) {
            return greek;
        }
        return word.length() == 1 ? word : "\\mathrm{" + word + "}";
    }
}
