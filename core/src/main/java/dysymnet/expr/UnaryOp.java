package dysymnet.expr;

/**
 * The formula functions: the one table of everything the project knows about each of them, namely its names (in
 * formulas and in the SymPy, Java and LaTeX forms), its value and derivative (the single definition of its
 * semantics, shared by the symbolic network, the evaluator and the constant fitter), and the algebraic facts the
 * simplifier and the printers use (parity, sign, where it agrees with the textbook function). Every per-function
 * fact is a constructor argument or a case of a switch expression below, so a new function that misses one does
 * not compile.
 *
 * <p>Protected semantics, chosen so that each function equals the textbook one wherever that one is defined
 * and finite (up to the overflow clamp of {@link #EXP_MAX}):
 * <ul>
 *   <li>{@code log(x)} is {@code log|x|} (and {@code log(TINY)} at 0): agrees with log for x &gt; 0.</li>
 *   <li>{@code sqrt(x)} is {@code sqrt|x|}: agrees with sqrt for x &ge; 0.</li>
 *   <li>{@code exp}, {@code sinh}, {@code cosh} clamp their argument to at most {@link #EXP_MAX} (and sinh to
 *       at least -EXP_MAX), so that they never overflow to infinity.</li>
 *   <li>{@code asin}, {@code acos} clamp their argument to [-1, 1].</li>
 * </ul>
 * Derivatives are those of the protected functions (0 where a clamp is active).
 *
 * <p>The declaration order is the order of functions in {@link ExprOrder}, which decides the canonical order of
 * terms and factors in simplified formulas: reordering the existing constants changes simplified forms, adding one
 * does not change those of formulas without it.
 */
public enum UnaryOp implements UnaryFunction {
    NEG("-", "-", "-", "-"),
    SIN("sin", "sin", "Math.sin", "\\sin"),
    COS("cos", "cos", "Math.cos", "\\cos"),
    TAN("tan", "tan", "Math.tan", "\\tan"),
    EXP("exp", "exp", "Math.exp", "\\exp"),
    LOG("log", "log", "Math.log", "\\log"),
    SQRT("sqrt", "sqrt", "Math.sqrt", "\\sqrt{#}"),
    SINH("sinh", "sinh", "Math.sinh", "\\sinh"),
    COSH("cosh", "cosh", "Math.cosh", "\\cosh"),
    TANH("tanh", "tanh", "Math.tanh", "\\tanh"),
    ABS("abs", "Abs", "Math.abs", "\\left|#\\right|"),
    ASIN("asin", "asin", "Math.asin", "\\arcsin"),
    ACOS("acos", "acos", "Math.acos", "\\arccos");

    /** Magnitudes below this count as zero for log and for derivatives that divide by the argument. */
    public static final double TINY = 1e-300;
    /** Largest argument of exp, sinh and cosh; exp(100) is about 2.7e43. */
    public static final double EXP_MAX = 100.0;

    /** How {@code f(-x)} relates to {@code f(x)} under the protected semantics, exactly (the clamps are symmetric). */
    public enum Parity {
        /** {@code f(-x) = f(x)}. */
        EVEN,
        /** {@code f(-x) = -f(x)}. */
        ODD,
        /** Neither (or not relied upon). */
        NONE
    }

    /** What is known of the sign of the value (NaN aside), for proofs of non-negativity. */
    public enum Sign {
        /** Non-negative for every argument. */
        NON_NEGATIVE,
        /** Non-negative exactly where the argument is (an odd increasing function). */
        OF_ARGUMENT,
        /** The opposite of the argument's. */
        OPPOSITE_OF_ARGUMENT,
        /** Not known. */
        UNKNOWN
    }

    private final String symbol;
    private final String sympy;
    private final String java;
    private final String latexPrefix;
    private final String latexSuffix;
    private final boolean latexCommand;

    /**
     * @param symbol the name in formulas
     * @param sympy  the SymPy function
     * @param java   the Java method
     * @param latex  a LaTeX command applied to a parenthesised argument ({@code \sin}), or a template in which
     *               {@code #} stands for the argument ({@code \sqrt{#}})
     */
    UnaryOp(String symbol, String sympy, String java, String latex) {
        this.symbol = symbol;
        this.sympy = sympy;
        this.java = java;
        int hole = latex.indexOf('#');
        this.latexCommand = hole < 0;
        this.latexPrefix = hole < 0 ? latex : latex.substring(0, hole);
        this.latexSuffix = hole < 0 ? "" : latex.substring(hole + 1);
    }

    /** The function name as written in formulas ({@code "-"} for negation). */
    public String symbol() {
        return symbol;
    }

    /** The name of the SymPy function. */
    public String sympyName() {
        return sympy;
    }

    /** The Java method computing the textbook function ({@code Math.sin}). */
    public String javaName() {
        return java;
    }

    /**
     * LaTeX for the function applied to {@code argument} (already LaTeX): a command with the argument in
     * parentheses ({@code \sin\left(x\right)}), or in absolute-value bars when {@code bars} (the protected
     * {@code \log\left|x\right|}); or the function's template ({@code \sqrt{x}}), with the argument in bars when
     * {@code bars}.
     */
    public String latex(String argument, boolean bars) {
        if (latexCommand) {
            return bars ? latexPrefix + "\\left|" + argument + "\\right|"
                    : latexPrefix + "\\left(" + argument + "\\right)";
        }
        return latexPrefix + (bars ? "\\left|" + argument + "\\right|" : argument) + latexSuffix;
    }

    /** The operator whose formula name is {@code name} (accepting ln, arcsin, arccos), or null. */
    public static UnaryOp byName(String name) {
        return switch (name) {
            case "ln" -> LOG;
            case "arcsin" -> ASIN;
            case "arccos" -> ACOS;
            default -> {
                for (UnaryOp op : values()) {
                    if (op != NEG && op.symbol.equals(name)) {
                        yield op;
                    }
                }
                yield null;
            }
        };
    }

    /** The value of the protected function at x. */
    public double apply(double x) {
        return switch (this) {
            case NEG -> -x;
            case SIN -> Math.sin(x);
            case COS -> Math.cos(x);
            case TAN -> Math.tan(x);
            case EXP -> Math.exp(Math.min(x, EXP_MAX));
            case LOG -> Math.log(Math.max(Math.abs(x), TINY));
            case SQRT -> Math.sqrt(Math.abs(x));
            case SINH -> Math.sinh(Math.max(-EXP_MAX, Math.min(x, EXP_MAX)));
            case COSH -> Math.cosh(Math.max(-EXP_MAX, Math.min(x, EXP_MAX)));
            case TANH -> Math.tanh(x);
            case ABS -> Math.abs(x);
            case ASIN -> Math.asin(Math.max(-1.0, Math.min(x, 1.0)));
            case ACOS -> Math.acos(Math.max(-1.0, Math.min(x, 1.0)));
        };
    }

    /** The derivative of the protected function at x. */
    public double derivative(double x) {
        return switch (this) {
            case NEG -> -1.0;
            case SIN -> Math.cos(x);
            case COS -> -Math.sin(x);
            case TAN -> {
                double c = Math.cos(x);
                yield 1.0 / (c * c);
            }
            case EXP -> x > EXP_MAX ? 0.0 : Math.exp(x);
            case LOG -> Math.abs(x) < TINY ? 0.0 : 1.0 / x;
            case SQRT -> {
                double a = Math.abs(x);
                yield a < TINY ? 0.0 : Math.signum(x) * 0.5 / Math.sqrt(a);
            }
            case SINH -> Math.abs(x) > EXP_MAX ? 0.0 : Math.cosh(x);
            case COSH -> Math.abs(x) > EXP_MAX ? 0.0 : Math.sinh(x);
            case TANH -> {
                double t = Math.tanh(x);
                yield 1.0 - t * t;
            }
            case ABS -> Math.signum(x);
            case ASIN -> Math.abs(x) >= 1.0 ? 0.0 : 1.0 / Math.sqrt(1.0 - x * x);
            case ACOS -> Math.abs(x) >= 1.0 ? 0.0 : -1.0 / Math.sqrt(1.0 - x * x);
        };
    }

    /**
     * The parity the simplifier may use to move signs: {@code cos(-2*x) -> cos(2*x)}, {@code sin(-u) -> -sin(u)}.
     * Negation is odd, but the simplifier treats it as a sign of its own.
     */
    public Parity parity() {
        return switch (this) {
            case COS, COSH, ABS, LOG, SQRT -> Parity.EVEN;
            case NEG, SIN, TAN, SINH, TANH, ASIN -> Parity.ODD;
            case EXP, ACOS -> Parity.NONE;
        };
    }

    /** What is known of the sign of the value. */
    public Sign sign() {
        return switch (this) {
            case EXP, ABS, COSH, SQRT, ACOS -> Sign.NON_NEGATIVE;
            case SINH, TANH, ASIN -> Sign.OF_ARGUMENT;
            case NEG -> Sign.OPPOSITE_OF_ARGUMENT;
            case SIN, COS, TAN, LOG -> Sign.UNKNOWN;
        };
    }

    /**
     * Whether the protected function takes the absolute value of its argument ({@code log|x|}, {@code sqrt|x|}),
     * which the SymPy, Java and LaTeX forms show unless the argument is provably non-negative.
     */
    public boolean actsOnAbsoluteValue() {
        return switch (this) {
            case LOG, SQRT -> true;
            case NEG, SIN, COS, TAN, EXP, SINH, COSH, TANH, ABS, ASIN, ACOS -> false;
        };
    }

    /**
     * Whether {@link #apply}{@code (x)} is the textbook function's value at a number x (not NaN): x lies in the
     * function's real domain (x &gt; 0 for log, x &ge; 0 for sqrt, [-1, 1] for asin and acos) and, for exp, sinh and
     * cosh, within the overflow clamp. Log's floor at magnitudes below {@link #TINY} is not counted.
     */
    public boolean agreesWithTextbook(double x) {
        return switch (this) {
            case LOG -> x > 0.0;
            case SQRT -> x >= 0.0;
            case ASIN, ACOS -> x >= -1.0 && x <= 1.0;
            case EXP -> x <= EXP_MAX;
            case SINH, COSH -> Math.abs(x) <= EXP_MAX;
            case NEG, SIN, COS, TAN, TANH, ABS -> true;
        };
    }
}
