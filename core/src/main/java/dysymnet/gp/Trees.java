package dysymnet.gp;

import dysymnet.expr.Binary;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.Var;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Positions in a formula tree as the GP sees them: the nodes in pre-order, where a power with a fixed integer
 * exponent ({@code u^2}) is a one-argument node whose exponent is not a position of its own (so no variation ever
 * replaces it and no power of two formulas arises).
 */
final class Trees {
    private Trees() {
    }

    /** The nodes of {@code e} in pre-order (exponents of fixed powers left out). */
    static List<Expr> nodes(Expr e) {
        List<Expr> out = new ArrayList<>();
        collect(e, out);
        return out;
    }

    /**
     * The positions of a formula as {@link Variation} draws them: its {@link #nodes} and, in the same order, the
     * indices of the internal ones (neither a constant nor a variable), which crossover prefers.
     */
    record Positions(List<Expr> nodes, int[] internal) {
    }

    /** The {@link Positions} of {@code e}. */
    static Positions positions(Expr e) {
        List<Expr> nodes = nodes(e);
        int[] internal = new int[nodes.size()];
        int count = 0;
        for (int i = 0; i < nodes.size(); i++) {
            Expr n = nodes.get(i);
            if (!(n instanceof Const || n instanceof Var)) {
                internal[count++] = i;
            }
        }
        return new Positions(nodes, Arrays.copyOf(internal, count));
    }

    private static void collect(Expr e, List<Expr> out) {
        out.add(e);
        if (e instanceof Unary u) {
            collect(u.arg(), out);
        } else if (e instanceof Binary b) {
            collect(b.left(), out);
            if (!Primitives.isFixedPower(b)) {
                collect(b.right(), out);
            }
        }
    }

    /** Depth of {@code e}: 1 for a leaf (a fixed power counts as one level over its base). */
    static int depth(Expr e) {
        if (e instanceof Unary u) {
            return 1 + depth(u.arg());
        }
        if (e instanceof Binary b) {
            return Primitives.isFixedPower(b) ? 1 + depth(b.left()) : 1 + Math.max(depth(b.left()), depth(b.right()));
        }
        return 1;
    }

    /** {@code e} with its {@code index}-th node (in the order of {@link #nodes}) replaced by {@code sub}. */
    static Expr replace(Expr e, int index, Expr sub) {
        int[] left = {index};
        return replace(e, left, sub);
    }

    private static Expr replace(Expr e, int[] left, Expr sub) {
        if (left[0] == 0) {
            left[0] = -1;
            return sub;
        }
        left[0]--;
        if (e instanceof Unary u) {
            Expr a = replace(u.arg(), left, sub);
            return a == u.arg() ? u : new Unary(u.op(), a);
        }
        if (e instanceof Binary b) {
            Expr l = replace(b.left(), left, sub);
            if (l != b.left()) {
                return new Binary(b.op(), l, b.right());
            }
            if (Primitives.isFixedPower(b) || left[0] < 0) {
                return b;
            }
            Expr r = replace(b.right(), left, sub);
            return r == b.right() ? b : new Binary(b.op(), b.left(), r);
        }
        return e;
    }
}
