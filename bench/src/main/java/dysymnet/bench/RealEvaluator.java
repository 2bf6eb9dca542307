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
 * operator; this class only detects the points where their protection would step in (log of a non-positive
 * number, square root of a negative one, arcsin outside [-1, 1], division by zero, a negative base to a non-integer
 * power, exp/sinh/cosh beyond their overflow clamp), so that a ground-truth formula is compared and sampled only
 * where it is a real function.
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
            if (Double.isNaN(a) || !inDomain(u.op(), a)) {
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
        if (Double.isNaN(r) || !inDomain(b.op(), l, r)) {
            return Double.NaN;
        }
        return finiteOrNaN(b.op().apply(l, r));
    }

    private static boolean inDomain(UnaryOp op, double a) {
        switch (op) {
            case LOG:
                return a > 0.0;
            case SQRT:
                return a >= 0.0;
            case ASIN:
            case ACOS:
                return a >= -1.0 && a <= 1.0;
            case EXP:
                return a <= UnaryOp.EXP_MAX;
            case SINH:
            case COSH:
                return Math.abs(a) <= UnaryOp.EXP_MAX;
            default:
                return true;
        }
    }

    private static boolean inDomain(BinaryOp op, double l, double r) {
        switch (op) {
            case DIV:
                return r != 0.0;
            case POW:
                if (l < 0.0 && r != Math.rint(r)) {
                    return false;
                }
                return !(l == 0.0 && r < 0.0);
            default:
                return true;
        }
    }

    private static double finiteOrNaN(double v) {
        return Double.isFinite(v) ? v : Double.NaN;
    }
}
