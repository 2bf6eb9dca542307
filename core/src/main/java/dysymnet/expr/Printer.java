package dysymnet.expr;

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
 *
 * <p>This class is the entry point; each target is written by a class of its own ({@link InfixPrinter},
 * {@link SympyPrinter}, {@link LatexPrinter}, {@link JavaPrinter}) on the common ground of {@link ExprPrinter}.
 */
public final class Printer {
    private static final int EXACT = ExprPrinter.EXACT;

    private Printer() {
    }

    /** The formula in the project's infix syntax, constants printed exactly; {@code Parser.parse} reads it back. */
    public static String infix(Expr e) {
        return print(new InfixPrinter(EXACT), e);
    }

    /** The formula in the project's infix syntax with constants rounded to {@code significantDigits} (at least 1). */
    public static String infix(Expr e, int significantDigits) {
        return print(new InfixPrinter(checkDigits(significantDigits)), e);
    }

    /** SymPy text with constants printed exactly; see {@link #sympy(Expr, int)}. */
    public static String sympy(Expr e) {
        return print(new SympyPrinter(EXACT), e);
    }

    /**
     * Text that SymPy's {@code sympify} reads with the variable names as symbols: {@code **} for powers, SymPy
     * function names ({@code Abs}, {@code asin}...), protected log/sqrt as {@code log(Abs(..))}/{@code sqrt(Abs(..))}
     * unless the argument is provably non-negative, variables whose names SymPy reserves as {@code Symbol('name')}.
     */
    public static String sympy(Expr e, int digits) {
        return print(new SympyPrinter(checkDigits(digits)), e);
    }

    /** LaTeX with constants printed exactly; see {@link #latex(Expr, int)}. */
    public static String latex(Expr e) {
        return print(new LatexPrinter(EXACT), e);
    }

    /**
     * LaTeX math-mode text: {@code \frac}, {@code x^{2}}, {@code \sin\left(x\right)}, {@code \log\left|x\right|},
     * {@code \sqrt{\left|x\right|}}; names such as {@code theta1} or {@code E_n} become {@code \theta_{1}} and
     * {@code E_{n}}, multi-letter non-Greek names upright.
     */
    public static String latex(Expr e, int digits) {
        return print(new LatexPrinter(checkDigits(digits)), e);
    }

    /** A Java expression with constants printed exactly; see {@link #java(Expr, int)}. */
    public static String java(Expr e) {
        return print(new JavaPrinter(EXACT), e);
    }

    /**
     * A Java {@code double} expression using {@code Math} functions and the variable names as identifiers (names
     * are used verbatim, so they must be legal Java identifiers); squares and cubes of variables are written as
     * products, other powers as {@code Math.pow}.
     */
    public static String java(Expr e, int digits) {
        return print(new JavaPrinter(checkDigits(digits)), e);
    }

    /**
     * Whether {@code e} is non-negative (or NaN) at every point, judged from its structure alone under the
     * protected semantics: non-negative constants; functions by their {@link UnaryOp#sign()} (exp, abs, cosh, sqrt,
     * acos of anything; sinh, tanh, asin of a non-negative argument; the negation of a non-positive constant); sums,
     * products and quotients of non-negative terms; {@code a*a}; powers with an even or non-integer constant
     * exponent, or with a non-negative base. False means "not proven".
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

    private static String print(ExprPrinter p, Expr e) {
        if (e == null) {
            throw new IllegalArgumentException("expression must not be null");
        }
        return p.print(e);
    }
}
