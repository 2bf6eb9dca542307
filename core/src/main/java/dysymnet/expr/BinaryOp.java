package dysymnet.expr;

/**
 * Binary operators with their value and partial derivatives: the single definition of their semantics.
 *
 * <p>Protected semantics: {@code a / 0} is {@code a / TINY} (so it is huge but finite for moderate {@code a});
 * {@code a ^ b} for a negative {@code a} and a non-integer {@code b} is {@code |a| ^ b}. Integer powers 2 and 3
 * are computed as exact products so that a network's square unit and the formula {@code x^2} agree to the bit.
 *
 * <p>How each operator is written is up to the printers, and how it combines with others up to the simplifier,
 * both of which switch over this enum exhaustively. The declaration order is the order of operators in
 * {@link ExprOrder}, which decides the canonical order in simplified formulas: reordering the existing constants
 * changes simplified forms.
 */
public enum BinaryOp implements BinaryFunction {
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
        return switch (this) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> a / protectDenominator(b);
            case POW -> pow(a, b);
        };
    }

    /** Partial derivative of {@code a op b} with respect to {@code a}. */
    public double dLeft(double a, double b) {
        return switch (this) {
            case ADD, SUB -> 1.0;
            case MUL -> b;
            case DIV -> 1.0 / protectDenominator(b);
            case POW -> {
                if (b == 0.0) {
                    yield 0.0;
                }
                if (b == 1.0) {
                    yield 1.0;
                }
                if (b == 2.0) {
                    yield 2.0 * a;
                }
                if (b == 3.0) {
                    yield 3.0 * a * a;
                }
                if (isInteger(b)) {
                    yield b * Math.pow(a, b - 1.0);
                }
                yield Math.signum(a) * b * Math.pow(Math.abs(a), b - 1.0);
            }
        };
    }

    /** Partial derivative of {@code a op b} with respect to {@code b}. */
    public double dRight(double a, double b) {
        return switch (this) {
            case ADD -> 1.0;
            case SUB -> -1.0;
            case MUL -> a;
            case DIV -> {
                double d = protectDenominator(b);
                // divide twice: d * d underflows to 0 for the protected denominator TINY
                yield -a / d / d;
            }
            case POW -> {
                double abs = Math.abs(a);
                yield abs < UnaryOp.TINY ? 0.0 : pow(a, b) * Math.log(abs);
            }
        };
    }

    /**
     * Whether {@link #apply}{@code (a, b)} is the textbook value at numbers a, b (not NaN): no division by zero, no
     * negative base with a non-integer exponent, no zero base with a negative exponent.
     */
    public boolean agreesWithTextbook(double a, double b) {
        return switch (this) {
            case ADD, SUB, MUL -> true;
            case DIV -> b != 0.0;
            case POW -> !(a < 0.0 && b != Math.rint(b)) && !(a == 0.0 && b < 0.0);
        };
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
