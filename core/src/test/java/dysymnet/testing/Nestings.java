package dysymnet.testing;

import dysymnet.expr.Binary;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.UserFunction;
import java.util.HashSet;
import java.util.Set;

/** Nestings of functions in formulas, found by walking the tree directly (not by the code under test). */
public final class Nestings {
    private Nestings() {
    }

    /** The names of the functions of {@code e} (built-in and user-defined), each once. */
    public static Set<String> functions(Expr e) {
        Set<String> out = new HashSet<>();
        e.forEach(n -> {
            if (n instanceof Unary u && u.op() != UnaryOp.NEG) {
                out.add(u.op().symbol());
            } else if (n instanceof Binary b && b.op() instanceof UserFunction f) {
                out.add(f.name());
            }
        });
        return out;
    }

    /** Whether some node whose function is {@code outer} has {@code inner} in an argument, at any depth. */
    public static boolean nests(Expr e, String outer, String inner) {
        boolean[] found = {false};
        e.forEach(n -> {
            if (n instanceof Unary u && u.op().symbol().equals(outer)) {
                found[0] |= functions(u.arg()).contains(inner);
            } else if (n instanceof Binary b && b.op().symbol().equals(outer)) {
                found[0] |= functions(b.left()).contains(inner) || functions(b.right()).contains(inner);
            }
        });
        return found[0];
    }
}
