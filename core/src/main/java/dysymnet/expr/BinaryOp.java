package dysymnet.expr;

/**
 * Binary operators with their value and partial derivatives: the single definition of their semantics.
 *
 * <p>Protected semantics: {@code a / 0} is {@code a / TINY} (so it is huge but finite for moderate {@code a});
 * {@code a ^ b} for a negative {@code a} and a non-integer {@code b} is {@code |a| ^ b}. Integer powers 2 and 3
 * are computed as exact products so that a network's square unit and the formula {@code x^2} agree to the bit.
 */
public enum BinaryOp {
    ADD("+"),
    SUB("-"),
    MUL("*"),
    DIV("/"),
    POW("^");

    private final String symbol;

    BinaryOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    /** The protected value of {@code a op b}. */
    public double apply(double a, double b) {
        switch (this) {
            case ADD:
                return a + b;
            case SUB:
                return a - b;
            case MUL:
                return a * b;
            case DIV:
                return a / protectDenominator(b);
            case POW:
                return pow(a, b);
            default:
                throw new AssertionError(this);
        }
    }

    /** Partial derivative of {@code a op b} with respect to {@code a}. */
    public double dLeft(double a, double b) {
        switch (this) {
            case ADD:
            case SUB:
                return 1.0;
            case MUL:
                return b;
            case DIV:
                return 1.0 / protectDenominator(b);
            case POW:
                if (b == 0.0) {
                    return 0.0;
                }
                if (b == 1.0) {
                    return 1.0;
                }
                if (b == 2.0) {
                    return 2.0 * a;
                }
                if (b == 3.0) {
                    return 3.0 * a * a;
                }
                if (isInteger(b)) {
                    return b * Math.pow(a, b - 1.0);
                }
                return Math.signum(a) * b * Math.pow(Math.abs(a), b - 1.0);
            default:
                throw new AssertionError(this);
        }
    }

    /** Partial derivative of {@code a op b} with respect to {@code b}. */
    public double dRight(double a, double b) {
        switch (this) {
            case ADD:
                return 1.0;
            case SUB:
                return -1.0;
            case MUL:
                return a;
            case DIV: {
                double d = protectDenominator(b);
                // divide twice: d * d underflows to 0 for the protected denominator TINY
                return -a / d / d;
            }
            case POW: {
                double abs = Math.abs(a);
                if (abs < UnaryOp.TINY) {
                    return 0.0;
                }
                return pow(a, b) * Math.log(abs);
            }
            default:
                throw new AssertionError(this);
        }
    }

    /** The denominator actually used for division: {@code b}, or {@code TINY} when b is exactly zero. */
    public static double protectDenominator(double b) {
        return b == 0.0 ? UnaryOp.TINY : b;
    }

    /** The protected power. */
    public static double pow(double a, double b) {
        if (b == 2.0) {
            return a * a;
        }
        if (b == 3.0) {
            return a * a * a;
        }
        if (b == 1.0) {
            return a;
        }
        if (a < 0.0 && !isInteger(b)) {
            return Math.pow(-a, b);
        }
        return Math.pow(a, b);
    }

    private static boolean isInteger(double b) {
        return b == Math.rint(b) && !Double.isInfinite(b);
    }
}
