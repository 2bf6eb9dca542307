package dysymnet.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The refinable constants of an expression: listing them in a fixed order and substituting new values.
 *
 * <p><b>Rule:</b> every {@link Const} node is refinable, except a constant with an integer value that is the
 * exponent (right operand) of {@code ^}. An integer exponent states the structure of the formula ({@code x^2}
 * must stay {@code x^2}; refining it would give {@code x^2.00013}, which is also much slower to evaluate and
 * changes the protected semantics for negative bases). A non-integer exponent such as {@code x^0.5} is refinable.
 *
 * <p><b>Order:</b> pre-order (a node before its children, the left operand before the right one), the order of
 * {@link Expr#forEach}; since constants are leaves this is the left-to-right order in which they appear in the
 * formula. {@link #values}, {@link #substitute} and the parameters of {@link CompiledExpr#parameterized} all use this
 * order. The walks here are written out rather than built on {@link Expr#forEach} because whether a constant is
 * refinable depends on its parent.
 */
public final class Constants {
    private Constants() {
    }

    /** True when {@code v} is an integer value, i.e. fixed when it is the exponent of {@code ^}. */
    public static boolean isIntegerExponent(double v) {
        return Double.isFinite(v) && v == Math.rint(v);
    }

    /** Whether the right operand of {@code b} is a fixed (integer, non-refinable) exponent. */
    static boolean hasFixedExponent(Binary b) {
        return b.op() == BinaryOp.POW && b.right() instanceof Const && isIntegerExponent(((Const) b.right()).value());
    }

    /** Number of refinable constants of {@code e}. */
    public static int count(Expr e) {
        Objects.requireNonNull(e, "e");
        return collect(e, new ArrayList<>()).size();
    }

    /** The values of the refinable constants of {@code e}, in pre-order. */
    public static double[] values(Expr e) {
        Objects.requireNonNull(e, "e");
        List<Double> list = collect(e, new ArrayList<>());
        double[] v = new double[list.size()];
        for (int k = 0; k < v.length; k++) {
            v[k] = list.get(k);
        }
        return v;
    }

    /**
     * The expression with its refinable constants replaced, in pre-order, by {@code values}.
     *
     * @throws IllegalArgumentException if {@code values} does not have exactly {@link #count} entries
     */
    public static Expr substitute(Expr e, double[] values) {
        Objects.requireNonNull(e, "e");
        Objects.requireNonNull(values, "values");
        int n = count(e);
        if (values.length != n) {
            throw new IllegalArgumentException(
                    "values has " + values.length + " entries but the expression has " + n + " refinable constants");
        }
        int[] next = {0};
        return replace(e, values, next);
    }

    private static List<Double> collect(Expr e, List<Double> out) {
        if (e instanceof Const c) {
            out.add(c.value());
        } else if (e instanceof Unary u) {
            collect(u.arg(), out);
        } else if (e instanceof Binary b) {
            collect(b.left(), out);
            if (!hasFixedExponent(b)) {
                collect(b.right(), out);
            }
        }
        return out;
    }

    private static Expr replace(Expr e, double[] values, int[] next) {
        if (e instanceof Const) {
            return new Const(values[next[0]++]);
        }
        if (e instanceof Unary u) {
            Expr a = replace(u.arg(), values, next);
            return a == u.arg() ? u : new Unary(u.op(), a);
        }
        if (e instanceof Binary b) {
            Expr l = replace(b.left(), values, next);
            Expr r = hasFixedExponent(b) ? b.right() : replace(b.right(), values, next);
            return l == b.left() && r == b.right() ? b : new Binary(b.op(), l, r);
        }
        return e;
    }
}
