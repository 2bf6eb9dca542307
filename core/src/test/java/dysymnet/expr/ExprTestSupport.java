package dysymnet.expr;

import dysymnet.testing.UserFunctions;
import java.util.Map;
import java.util.random.RandomGenerator;

/** Test helpers: random expression trees, a debug rendering and an evaluation with a rounding-error bound. */
final class ExprTestSupport {
    private static final double U = 0x1p-53;

    private ExprTestSupport() {
    }

    static Expr x() {
        return Expr.var("x");
    }

    static Expr y() {
        return Expr.var("y");
    }

    static Expr c(double v) {
        return Expr.num(v);
    }

    /** A random tree over x, y and constants using every operator. */
    static Expr random(RandomGenerator rng, int depth) {
        if (depth == 0 || rng.nextDouble() < 0.25) {
            return leaf(rng);
        }
        if (rng.nextDouble() < 0.3) {
            UnaryOp[] ops = UnaryOp.values();
            return Expr.apply(ops[rng.nextInt(ops.length)], random(rng, depth - 1));
        }
        BinaryOp[] ops = BinaryOp.values();
        BinaryOp op = ops[rng.nextInt(ops.length)];
        if (op == BinaryOp.POW) {
            double r = rng.nextDouble();
            Expr exponent = r < 0.6 ? c(rng.nextInt(-2, 5)) : r < 0.8 ? c(rng.nextInt(1, 6) * 0.5) : random(rng, 1);
            return Expr.pow(random(rng, depth - 1), exponent);
        }
        return new Binary(op, random(rng, depth - 1), random(rng, depth - 1));
    }

    /**
     * A random tree over x, y and constants with the user-defined functions of {@link UserFunctions} ({@code softplus}
     * and {@code hypot}) over random trees of every built-in operator.
     */
    static Expr randomWithUserFunctions(RandomGenerator rng, int depth) {
        Expr a = random(rng, depth);
        Expr b = random(rng, depth);
        return switch (rng.nextInt(4)) {
            case 0 -> new Unary(UserFunctions.SOFTPLUS, a);
            case 1 -> new Binary(UserFunctions.HYPOT, a, b);
            case 2 -> Expr.mul(new Unary(UserFunctions.SOFTPLUS, a), new Binary(UserFunctions.HYPOT, b, x()));
            default -> Expr.add(new Unary(UnaryOp.SIN, new Binary(UserFunctions.HYPOT, new Unary(UserFunctions.SOFTPLUS,
                    a), y())), b);
        };
    }

    private static Expr leaf(RandomGenerator rng) {
        double r = rng.nextDouble();
        if (r < 0.3) {
            return x();
        }
        if (r < 0.5) {
            return y();
        }
        if (r < 0.8) {
            return c(rng.nextInt(-3, 4));
        }
        if (r < 0.9) {
            return c(0.5);
        }
        return c(Math.round(rng.nextDouble(-3, 3) * 1000) / 1000.0);
    }

    private static double propagated(double derivative, double error, boolean exactOperands) {
        return exactOperands && error == 0.0 ? 0.0 : Math.abs(derivative) * error;
    }

    /** A compact, unambiguous rendering for assertion messages (fully parenthesised). */
    static String show(Expr e) {
        if (e instanceof Const) {
            return Double.toString(((Const) e).value());
        }
        if (e instanceof Var) {
            return ((Var) e).name();
        }
        if (e instanceof Unary) {
            Unary u = (Unary) e;
            return u.op().symbol() + "(" + show(u.arg()) + ")";
        }
        Binary b = (Binary) e;
        return "(" + show(b.left()) + " " + b.op().symbol() + " " + show(b.right()) + ")";
    }

    /** Value, first-order bound of its rounding error, and the largest intermediate magnitude. */
    record Bounded(double value, double error, double maxMagnitude) {
    }

    /**
     * Evaluates with a first-order forward rounding-error bound. The bound is infinite where first order is not
     * trustworthy: log, sqrt, a fractional power or a denominator whose argument may be zero within its error,
     * asin/acos near +-1, tan near a pole, and a negative base raised to an inexact exponent (the protected power
     * switches between a^b and |a|^b there).
     */
    static Bounded bounded(Expr e, Map<String, Double> point) {
        return bounded(e, point, false);
    }

    /**
     * {@link #bounded(Expr, Map)}, where with {@code exactOperands} an operand computed without error adds none even
     * where the local derivative is infinite (a protected denominator of exactly 0, whose derivative is -a/TINY^2):
     * the bound of a formula at the points where its protections act, instead of NaN.
     */
    static Bounded bounded(Expr e, Map<String, Double> point, boolean exactOperands) {
        if (e instanceof Const) {
            double v = ((Const) e).value();
            return new Bounded(v, 0.0, Math.abs(v));
        }
        if (e instanceof Var) {
            double v = point.get(((Var) e).name());
            return new Bounded(v, 0.0, Math.abs(v));
        }
        if (e instanceof Unary) {
            Unary u = (Unary) e;
            Bounded a = bounded(u.arg(), point, exactOperands);
            double v = u.op().apply(a.value());
            double err = propagated(u.op().derivative(a.value()), a.error(), exactOperands) + U * Math.abs(v);
            double ea = a.error();
            switch (u.op() instanceof UnaryOp op ? op : UnaryOp.NEG) {
                case LOG:
                case SQRT:
                    if (ea > 0 && ea >= 0.5 * Math.abs(a.value())) {
                        err = Double.POSITIVE_INFINITY;
                    }
                    break;
                case TAN:
                    if (ea > 0 && ea >= 0.1 * Math.abs(Math.cos(a.value()))) {
                        err = Double.POSITIVE_INFINITY;
                    }
                    break;
                case ASIN:
                case ACOS:
                    if (ea > 0 && 1.0 - Math.abs(a.value()) <= 4 * ea) {
                        err = Double.POSITIVE_INFINITY;
                    }
                    break;
                default:
                    break;
            }
            return new Bounded(v, err, Math.max(a.maxMagnitude(), Math.abs(v)));
        }
        Binary b = (Binary) e;
        Bounded l = bounded(b.left(), point, exactOperands);
        Bounded r = bounded(b.right(), point, exactOperands);
        double x = l.value();
        double y = r.value();
        double v = b.op().apply(x, y);
        double err = propagated(b.op().dLeft(x, y), l.error(), exactOperands)
                + propagated(b.op().dRight(x, y), r.error(), exactOperands) + U * Math.abs(v);
        if (b.op() == BinaryOp.DIV && r.error() > 0 && r.error() >= 0.5 * Math.abs(y)) {
            err = Double.POSITIVE_INFINITY;
        }
        if (b.op() == BinaryOp.POW) {
            boolean integer = y == Math.rint(y);
            if (l.error() > 0 && !integer && l.error() >= 0.5 * Math.abs(x)) {
                err = Double.POSITIVE_INFINITY;
            }
            if (x < 0 && r.error() > 0) {
                err = Double.POSITIVE_INFINITY;
            }
        }
        return new Bounded(v, err, Math.max(Math.max(l.maxMagnitude(), r.maxMagnitude()), Math.abs(v)));
    }
}
