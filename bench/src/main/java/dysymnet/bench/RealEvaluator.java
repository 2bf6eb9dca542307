package dysymnet.bench;

import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;
import java.util.List;

/**
 * Evaluates a formula at one point with its textbook meaning: NaN wherever that meaning is not a finite real number.
 *
 * <p>Values come from {@link UnaryOp#apply} and {@link BinaryOp#apply}, the project's single definition of every
 * operator; the points where their protection would step in (log of a non-positive number, square root of a
 * negative one, arcsin outside [-1, 1], division by zero, a negative base to a non-integer power, exp/sinh/cosh
 * beyond their overflow clamp) are those where {@link UnaryOp#agreesWithTextbook} and
 * {@link BinaryOp#agreesWithTextbook} say no, so that a ground-truth formula is compared and sampled only where it
 * is a real function.
 */
final class RealEvaluator {
    private RealEvaluator() {
    }

    /** The textbook value of {@code e} at {@code point} (values in the order of {@code names}), or NaN. */
    static double value(Expr e, List<String> names, double[] point) {
        if (e instanceof Const) {
            double v = ((Const) e).value();
            return Double.isFinite(v) ? v : Double.NaN;
        }
        if (e instanceof Var) {
            int j = names.indexOf(((Var) e).name());
            if (j < 0) {
                throw new IllegalArgumentException("variable '" + ((Var) e).name() + "' is not among " + names);
            }
            return point[j];
        }
        if (e instanceof Unary) {
            Unary u = (Unary) e;
            double a = value(u.arg(), names, point);
            if (Double.isNaN(a) || !u.op().agreesWithTextbook(a)) {
                return Double.NaN;
            }
            return finiteOrNaN(u.op().apply(a));
        }
        Binary b = (Binary) e;
        double l = value(b.left(), names, point);
        if (Double.isNaN(l)) {
            return Double.NaN;
        }
        double r = value(b.right(), names, point);
        if (Double.isNaN(r) || !b.op().agreesWithTextbook(l, r)) {
            return Double.NaN;
        }
        return finiteOrNaN(b.op().apply(l, r));
    }

    private static double finiteOrNaN(double v) {
        return Double.isFinite(v) ? v : Double.NaN;
    }
}
