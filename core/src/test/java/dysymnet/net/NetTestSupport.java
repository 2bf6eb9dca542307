package dysymnet.net;

import dysymnet.expr.Binary;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.Var;
import dysymnet.testing.UserFunctions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Shared helpers of the net tests: a plain recursive expression evaluator and random networks. */
final class NetTestSupport {
    private NetTestSupport() {
    }

    static double eval(Expr e, Map<String, Double> env) {
        if (e instanceof Const c) {
            return c.value();
        }
        if (e instanceof Var v) {
            Double d = env.get(v.name());
            if (d == null) {
                throw new IllegalArgumentException("unbound " + v.name());
            }
            return d;
        }
        if (e instanceof Unary u) {
            return u.op().apply(eval(u.arg(), env));
        }
        Binary b = (Binary) e;
        return b.op().apply(eval(b.left(), env), eval(b.right(), env));
    }

    /**
     * A random architecture from a seed: 1-3 layers of 1-4 units, operators drawn from all of Operator and the units
     * of the user-defined functions softplus and hypot.
     */
    static Architecture randomArchitecture(Random r) {
        List<Operator> library = new ArrayList<>(List.of(Operator.values()));
        library.add(Operator.of(UserFunctions.SOFTPLUS));
        library.add(Operator.of(UserFunctions.HYPOT));
        Operator[] all = library.toArray(new Operator[0]);
        int layers = 1 + r.nextInt(3);
        List<Architecture.Layer> ls = new ArrayList<>();
        for (int l = 0; l < layers; l++) {
            int units = 1 + r.nextInt(4);
            List<Operator> ops = new ArrayList<>();
            for (int u = 0; u < units; u++) {
                ops.add(all[r.nextInt(all.length)]);
            }
            ls.add(new Architecture.Layer(ops));
        }
        return new Architecture(ls);
    }

    /** Whether some unit of the architecture is a user-defined function's. */
    static boolean hasUserUnit(Architecture a) {
        return a.layers().stream().anyMatch(l -> l.units().stream().anyMatch(op -> op.userFunction() != null));
    }

    /** Column-major inputs uniform in [-lim, lim]. */
    static double[][] randomInputs(Random r, int d, int n, double lim) {
        double[][] x = new double[d][n];
        for (int j = 0; j < d; j++) {
            for (int i = 0; i < n; i++) {
                x[j][i] = lim * (2.0 * r.nextDouble() - 1.0);
            }
        }
        return x;
    }

    /** Parameters uniform in [-scale, scale], each exactly 0 with probability zeroProb. */
    static void randomParams(SymbolicNetwork net, Random r, double scale, double zeroProb) {
        double[] p = net.params();
        for (int i = 0; i < p.length; i++) {
            p[i] = r.nextDouble() < zeroProb ? 0.0 : scale * (2.0 * r.nextDouble() - 1.0);
        }
    }
}
