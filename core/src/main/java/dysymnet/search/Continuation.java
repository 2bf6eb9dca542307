package dysymnet.search;

import dysymnet.data.Dataset;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;

/**
 * Rewrites the parts of a formula that are the absolute value of a sub-formula in disguise, {@code sqrt(u)^2},
 * {@code sqrt(u^2)} and {@code abs(u)} (the library's square root is {@code sqrt|u|}), into {@code u} itself (or
 * {@code -u}) when u keeps one sign on every training row: on the data the two are the same numbers (up to
 * rounding), and beyond them the law is far more likely the analytic one than a fold at u = 0 that the data never
 * showed. The genetic-programming stage writes a positive quantity c as {@code sqrt(c)^2} when that is what its
 * operators reach; read as |c| the formula is wrong for c &lt; 0 and two nodes longer than it needs to be.
 *
 * <p>Nothing else changes; a formula without these shapes, or whose u changes sign (or is not finite) on some row,
 * is returned as it is.
 */
final class Continuation {
    private Continuation() {
    }

    /** The formula with each sign-definite absolute value on the rows of {@code data} replaced by its argument. */
    static Expr onRows(Expr e, Dataset data) {
        if (!hasFold(e)) {
            return e;
        }
        Expr r = rewrite(e, data);
        return r == e ? e : Simplifier.simplify(r);
    }

    private static Expr rewrite(Expr e, Dataset data) {
        if (e instanceof Unary u) {
            Expr arg = rewrite(u.arg(), data);
            Expr inner = folded(u.op() == UnaryOp.ABS ? arg
                    : u.op() == UnaryOp.SQRT && isSquare(arg) ? ((Binary) arg).left() : null, data);
            if (inner != null) {
                return inner;
            }
            return arg == u.arg() ? e : new Unary(u.op(), arg);
        }
        if (e instanceof Binary b) {
            Expr left = rewrite(b.left(), data);
            Expr right = rewrite(b.right(), data);
            if (isSquare(b) && left instanceof Unary s && s.op() == UnaryOp.SQRT) {
                Expr inner = folded(s.arg(), data);
                if (inner != null) {
                    return inner;
                }
            }
            return left == b.left() && right == b.right() ? e : new Binary(b.op(), left, right);
        }
        return e;
    }

    /** u or -u when u has one sign on every row (zeros allowed), else null (also for a null u). */
    private static Expr folded(Expr u, Dataset data) {
        if (u == null) {
            return null;
        }
        double[] v = Evaluator.evaluate(u, data);
        boolean nonNegative = true;
        boolean nonPositive = true;
        for (double x : v) {
            if (!Double.isFinite(x)) {
                return null;
            }
            nonNegative &= x >= 0.0;
            nonPositive &= x <= 0.0;
        }
        return nonNegative ? u : nonPositive ? new Unary(UnaryOp.NEG, u) : null;
    }

    private static boolean isSquare(Expr e) {
        return e instanceof Binary b && b.op() == BinaryOp.POW && b.right() instanceof Const c && c.value() == 2.0;
    }

    private static boolean hasFold(Expr e) {
        if (e instanceof Unary u) {
            return u.op() == UnaryOp.ABS || u.op() == UnaryOp.SQRT && isSquare(u.arg()) || hasFold(u.arg());
        }
        if (e instanceof Binary b) {
            return isSquare(b) && b.left() instanceof Unary s && s.op() == UnaryOp.SQRT || hasFold(b.left())
                    || hasFold(b.right());
        }
        return false;
    }
}
