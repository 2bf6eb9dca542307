package dysymnet.expr;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Interval bounds on the values each node of a formula can take, for any values of its variables, under the
 * protected semantics of {@link UnaryOp#apply} and {@link BinaryOp#apply} in double arithmetic (so the bounds hold
 * for what {@link Evaluator} computes, overflow and underflow included). NaN is never counted as a value: a range
 * bounds the node's values that are not NaN, and an empty range means the node is always NaN.
 *
 * <p>The printers of the evaluating targets (SymPy, Java, NumPy, C) use it to leave out a protection that cannot
 * change the value: no division guard for a denominator that is never zero, no clamp for {@code exp(-x^2)}, no
 * absolute value for {@code sqrt(x^2 + 1)}. Only a proof leaves a protection out, so the bounds are conservative: a
 * variable may be anything, and where a rule is not sure it answers "anything".
 *
 * <p>Signed zero: a lower bound of {@code +0.0} means the node is never {@code -0.0} (the bounds are compared as
 * {@link Math#min} orders them, {@code -0.0} below {@code +0.0}), because {@code sqrt(-0.0)} is {@code -0.0} and so
 * {@code sqrt} may only drop its absolute value for an argument that is never {@code -0.0}.
 */
final class Bounds {

    /**
     * The values, NaN aside, lie in {@code [lo, hi]}; {@code lo > hi} (the {@link #NAN} range) means there are none.
     * Infinite ends are values, not "unbounded" only: {@code [1, +Infinity]} includes infinity.
     */
    record Range(double lo, double hi) {
        static final Range ALL = new Range(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        /** Always NaN. */
        static final Range NAN = new Range(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);

        boolean isNan() {
            return lo > hi;
        }

        /** Whether some value may be zero (of either sign). */
        boolean mayBeZero() {
            return lo <= 0.0 && hi >= 0.0;
        }

        /** Whether some value may be negative (not counting {@code -0.0}). */
        boolean mayBeNegative() {
            return lo < 0.0;
        }

        /** Whether every value is at least {@code +0.0}, with {@code -0.0} excluded. */
        boolean nonNegativeWithoutNegativeZero() {
            return lo > 0.0 || (lo == 0.0 && Double.doubleToRawLongBits(lo) == 0L);
        }

        /** The smallest and largest magnitude of the values (0 when zero lies in the range). */
        double absLo() {
            return mayBeZero() ? 0.0 : Math.min(Math.abs(lo), Math.abs(hi));
        }

        double absHi() {
            return Math.max(Math.abs(lo), Math.abs(hi));
        }

        /** Whether the only value (if any) is the constant {@code v}. */
        boolean isOnly(double v) {
            return lo == v && hi == v;
        }
    }

    private final Map<Expr, Range> ranges = new IdentityHashMap<>();

    private Bounds() {
    }

    /** The bounds of every node of {@code e}. */
    static Bounds of(Expr e) {
        Bounds b = new Bounds();
        b.compute(e);
        return b;
    }

    /** The range of a node of the formula the bounds were computed for. */
    Range range(Expr node) {
        Range r = ranges.get(node);
        if (r == null) {
            throw new IllegalArgumentException("not a node of the analysed formula");
        }
        return r;
    }

    private Range compute(Expr e) {
        Range r;
        if (e instanceof Const c) {
            double v = c.value();
            r = Double.isNaN(v) ? Range.NAN : new Range(v, v);
        } else if (e instanceof Var) {
            r = Range.ALL;
        } else if (e instanceof Unary u) {
            Range a = compute(u.arg());
            // a user-defined function may be anything
            r = u.op() instanceof UnaryOp op ? unary(op, a) : Range.ALL;
        } else {
            Binary b = (Binary) e;
            Range l = compute(b.left());
            Range rr = compute(b.right());
            r = b.op() instanceof BinaryOp op ? binary(op, l, rr, b.left().equals(b.right())) : Range.ALL;
        }
        ranges.put(e, r);
        return r;
    }

    // ------------------------------------------------------------------ unary

    static Range unary(UnaryOp op, Range a) {
        if (a.isNan()) {
            return Range.NAN;
        }
        double lo = a.lo();
        double hi = a.hi();
        return switch (op) {
            case NEG -> new Range(-hi, -lo);
            // Math.sin and Math.cos of a finite argument lie in [-1, 1]; of an infinite one they are NaN
            case SIN, COS -> new Range(-1.0, 1.0);
            case TAN -> Range.ALL;
            // monotone functions: every java.lang.Math function is semi-monotonic, so the images of the ends bound
            // the images of the values between them
            case EXP, SINH, TANH, ASIN -> ordered(op.apply(lo), op.apply(hi));
            case ACOS -> ordered(op.apply(hi), op.apply(lo));
            // functions of |x| that grow with it (the clamps and log's floor are monotone too)
            case LOG, SQRT, ABS, COSH -> ordered(op.apply(a.absLo()), op.apply(a.absHi()));
        };
    }

    // ------------------------------------------------------------------ binary

    static Range binary(BinaryOp op, Range a, Range b, boolean sameOperands) {
        if (op == BinaryOp.POW) {
            return power(a, b);
        }
        if (a.isNan() || b.isNan()) {
            return Range.NAN;
        }
        return switch (op) {
            // rounding is monotone, so the sums of the ends bound the sums of the values; inf - inf is NaN and gives
            // up
            case ADD -> orAll(a.lo() + b.lo(), a.hi() + b.hi());
            case SUB -> orAll(a.lo() - b.hi(), a.hi() - b.lo());
            case MUL -> sameOperands ? square(a) : product(a, b);
            case DIV -> quotient(a, b);
            case POW -> throw new AssertionError();
        };
    }

    private static Range square(Range a) {
        double l = a.absLo();
        double h = a.absHi();
        return new Range(l * l, h * h);
    }

    private static Range product(Range a, Range b) {
        double p1 = a.lo() * b.lo();
        double p2 = a.lo() * b.hi();
        double p3 = a.hi() * b.lo();
        double p4 = a.hi() * b.hi();
        if (Double.isNaN(p1) || Double.isNaN(p2) || Double.isNaN(p3) || Double.isNaN(p4)) {
            // 0 * infinity at some corner: near it the magnitude is anything, so keep only the sign
            return bySign(a, b);
        }
        return new Range(Math.min(Math.min(p1, p2), Math.min(p3, p4)), Math.max(Math.max(p1, p2), Math.max(p3, p4)));
    }

    /** Any magnitude, with the signs that the signs of the operands allow (for products and quotients). */
    private static Range bySign(Range a, Range b) {
        boolean negative = (a.lo() < 0.0 && b.hi() > 0.0) || (a.hi() > 0.0 && b.lo() < 0.0);
        boolean positive = (a.hi() > 0.0 && b.hi() > 0.0) || (a.lo() < 0.0 && b.lo() < 0.0);
        return new Range(negative ? Double.NEGATIVE_INFINITY : -0.0, positive ? Double.POSITIVE_INFINITY : 0.0);
    }

    private static Range quotient(Range a, Range b) {
        Range d;
        if (!b.mayBeZero()) {
            d = b;
        } else if (b.lo() == 0.0 && b.hi() == 0.0) {
            d = new Range(UnaryOp.TINY, UnaryOp.TINY);
        } else if (b.lo() == 0.0) {
            // zero becomes TINY; the other values are positive, down to the smallest subnormal
            d = new Range(Double.MIN_VALUE, Math.max(b.hi(), UnaryOp.TINY));
        } else {
            // negative values and TINY: the denominator takes both signs, near zero
            return Range.ALL;
        }
        double q1 = a.lo() / d.lo();
        double q2 = a.lo() / d.hi();
        double q3 = a.hi() / d.lo();
        double q4 = a.hi() / d.hi();
        if (Double.isNaN(q1) || Double.isNaN(q2) || Double.isNaN(q3) || Double.isNaN(q4)) {
            return bySign(a, d);
        }
        return new Range(Math.min(Math.min(q1, q2), Math.min(q3, q4)), Math.max(Math.max(q1, q2), Math.max(q3, q4)));
    }

    /** The protected power {@link BinaryOp#pow}. */
    private static Range power(Range a, Range b) {
        if (b.isNan()) {
            return Range.NAN;
        }
        if (b.lo() == b.hi()) {
            return constantPower(a, b.lo());
        }
        if (a.isNan()) {
            // pow(NaN, 0) is 1, every other exponent keeps NaN
            return b.mayBeZero() ? new Range(1.0, 1.0) : Range.NAN;
        }
        if (a.nonNegativeWithoutNegativeZero()) {
            // a non-negative base gives a non-negative power (a * a and a * a * a included)
            return new Range(0.0, Double.POSITIVE_INFINITY);
        }
        return Range.ALL;
    }

    private static Range constantPower(Range a, double p) {
        if (p == 0.0) {
            return new Range(1.0, 1.0); // Math.pow(anything, 0) is 1, NaN included
        }
        if (a.isNan()) {
            return Range.NAN;
        }
        if (p == 1.0) {
            return a;
        }
        if (p == 2.0) {
            return square(a);
        }
        if (p == 3.0) {
            // (a * a) * a is monotone in a
            return new Range(a.lo() * a.lo() * a.lo(), a.hi() * a.hi() * a.hi());
        }
        boolean integer = p == Math.rint(p) && !Double.isInfinite(p);
        boolean odd = integer && Math.abs(p) < 0x1p53 && Math.abs(p % 2.0) == 1.0;
        if (!odd) {
            // an even integer, or a non-integer that the protected power applies to |a|: a function of |a| that is
            // monotone in it (increasing for p > 0, decreasing for p < 0)
            double atLo = Math.pow(a.absLo(), p);
            double atHi = Math.pow(a.absHi(), p);
            if (Double.isNaN(atLo) || Double.isNaN(atHi)) {
                return new Range(0.0, Double.POSITIVE_INFINITY); // pow(1, +-Infinity) is NaN
            }
            return ordered(atLo, atHi);
        }
        if (p > 0.0) {
            return new Range(Math.pow(a.lo(), p), Math.pow(a.hi(), p));
        }
        // odd negative integer: decreasing on each side of zero, with a jump at zero
        if (a.mayBeZero()) {
            return Range.ALL;
        }
        return new Range(Math.pow(a.hi(), p), Math.pow(a.lo(), p));
    }

    private static Range ordered(double x, double y) {
        if (Double.isNaN(x) || Double.isNaN(y)) {
            return Range.ALL;
        }
        return new Range(Math.min(x, y), Math.max(x, y));
    }

    private static Range orAll(double lo, double hi) {
        return Double.isNaN(lo) || Double.isNaN(hi) ? Range.ALL : new Range(lo, hi);
    }
}
