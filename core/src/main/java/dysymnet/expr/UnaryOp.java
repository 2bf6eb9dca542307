package dysymnet.expr;

/**
 * Unary operators with their value and derivative: the single definition of their semantics.
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
 */
public enum UnaryOp {
    NEG("-"),
    SIN("sin"),
    COS("cos"),
    TAN("tan"),
    EXP("exp"),
    LOG("log"),
    SQRT("sqrt"),
    SINH("sinh"),
    COSH("cosh"),
    TANH("tanh"),
    ABS("abs"),
    ASIN("asin"),
    ACOS("acos");

    /** Magnitudes below this count as zero for log and for derivatives that divide by the argument. */
    public static final double TINY = 1e-300;
    /** Largest argument of exp, sinh and cosh; exp(100) is about 2.7e43. */
    public static final double EXP_MAX = 100.0;

    private final String symbol;

    UnaryOp(String symbol) {
        this.symbol = symbol;
    }

    /** The function name as written in formulas ({@code "-"} for negation). */
    public String symbol() {
        return symbol;
    }

    /** The operator whose formula name is {@code name} (accepting ln, arcsin, arccos), or null. */
    public static UnaryOp byName(String name) {
        switch (name) {
            case "ln":
                return LOG;
            case "arcsin":
                return ASIN;
            case "arccos":
                return ACOS;
            default:
                for (UnaryOp op : values()) {
                    if (op != NEG && op.symbol.equals(name)) {
                        return op;
                    }
                }
                return null;
        }
    }

    /** The value of the protected function at x. */
    public double apply(double x) {
        switch (this) {
            case NEG:
                return -x;
            case SIN:
                return Math.sin(x);
            case COS:
                return Math.cos(x);
            case TAN:
                return Math.tan(x);
            case EXP:
                return Math.exp(Math.min(x, EXP_MAX));
            case LOG:
                return Math.log(Math.max(Math.abs(x), TINY));
            case SQRT:
                return Math.sqrt(Math.abs(x));
            case SINH:
                return Math.sinh(Math.max(-EXP_MAX, Math.min(x, EXP_MAX)));
            case COSH:
                return Math.cosh(Math.max(-EXP_MAX, Math.min(x, EXP_MAX)));
            case TANH:
                return Math.tanh(x);
            case ABS:
                return Math.abs(x);
            case ASIN:
                return Math.asin(Math.max(-1.0, Math.min(x, 1.0)));
            case ACOS:
                return Math.acos(Math.max(-1.0, Math.min(x, 1.0)));
            default:
                throw new AssertionError(this);
        }
    }

    /** The derivative of the protected function at x. */
    public double derivative(double x) {
        switch (this) {
            case NEG:
                return -1.0;
            case SIN:
                return Math.cos(x);
            case COS:
                return -Math.sin(x);
            case TAN: {
                double c = Math.cos(x);
                return 1.0 / (c * c);
            }
            case EXP:
                return x > EXP_MAX ? 0.0 : Math.exp(x);
            case LOG:
                return Math.abs(x) < TINY ? 0.0 : 1.0 / x;
            case SQRT: {
                double a = Math.abs(x);
                return a < TINY ? 0.0 : Math.signum(x) * 0.5 / Math.sqrt(a);
            }
            case SINH:
                return Math.abs(x) > EXP_MAX ? 0.0 : Math.cosh(x);
            case COSH:
                return Math.abs(x) > EXP_MAX ? 0.0 : Math.sinh(x);
            case TANH: {
                double t = Math.tanh(x);
                return 1.0 - t * t;
            }
            case ABS:
                return Math.signum(x);
            case ASIN:
                return Math.abs(x) >= 1.0 ? 0.0 : 1.0 / Math.sqrt(1.0 - x * x);
            case ACOS:
                return Math.abs(x) >= 1.0 ? 0.0 : -1.0 / Math.sqrt(1.0 - x * x);
            default:
                throw new AssertionError(this);
        }
    }
}
