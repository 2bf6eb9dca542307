package dysymnet.expr;

import java.util.Comparator;

/**
 * A total order on expression trees, consistent with structural equality: smaller complexity first, then constants,
 * variables (by name), unary and binary nodes (by operator, then operands). Used to put terms and factors in a
 * canonical order.
 */
public final class ExprOrder implements Comparator<Expr> {
    /** The shared instance (the order is stateless). */
    public static final ExprOrder INSTANCE = new ExprOrder();

    private ExprOrder() {
    }

    @Override
    public int compare(Expr a, Expr b) {
        int c = Integer.compare(a.complexity(), b.complexity());
        return c != 0 ? c : sameSize(a, b);
    }

    private static int sameSize(Expr a, Expr b) {
        int c = Integer.compare(rank(a), rank(b));
        if (c != 0) {
            return c;
        }
        if (a instanceof Const) {
            return Double.compare(((Const) a).value(), ((Const) b).value());
        }
        if (a instanceof Var) {
            return ((Var) a).name().compareTo(((Var) b).name());
        }
        if (a instanceof Unary) {
            Unary ua = (Unary) a;
            Unary ub = (Unary) b;
            c = UnaryFunction.compare(ua.op(), ub.op());
            return c != 0 ? c : INSTANCE.compare(ua.arg(), ub.arg());
        }
        Binary ba = (Binary) a;
        Binary bb = (Binary) b;
        c = BinaryFunction.compare(ba.op(), bb.op());
        if (c != 0) {
            return c;
        }
        c = INSTANCE.compare(ba.left(), bb.left());
        return c != 0 ? c : INSTANCE.compare(ba.right(), bb.right());
    }

    private static int rank(Expr e) {
        if (e instanceof Const) {
            return 0;
        }
        if (e instanceof Var) {
            return 1;
        }
        return e instanceof Unary ? 2 : 3;
    }
}
