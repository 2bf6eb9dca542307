package dysymnet.terms;

import dysymnet.data.Dataset;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryFunction;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.FitResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Curves of one variable, searched exhaustively: every form
 * <pre>
 *   w^p * (a * O(V(c * x^q)) + b)      O(v) = v,  1/(v + d)  or  v^2
 * </pre>
 * with {@code V} one of the library's one-argument functions, {@code q} in {@code 1, -1, 2, -2}, {@code p} in
 * {@code 0, +-1, +-2, +-3} and the multiplier {@code w} any column ({@code x} itself or another: a law
 * {@code pi1*exp(-1/pi2)}); {@code a} and {@code b} by least squares for each point of a grid of the inner constants
 * {@code c} ({@link #innerConstants}) and {@code d}, the best forms' constants then refined together by
 * Levenberg-Marquardt. These are the shapes of a law of one dimensionless
 * group that a random search rarely completes because its constant sits inside the function: {@code 1/(exp(c*x) -
 * 1)}, {@code x^3/(exp(c*x) - 1)}, {@code exp(-c/x)}, {@code sin(c*x)^2}, {@code 1 - 2/(exp(c*x) + 1)} (a tanh
 * through exp). Deterministic; its cost is fixed by the grid (about 100,000 least-squares fits on at most
 * {@value #GRID_ROWS} rows per column of the data, a few tenths of a second).
 */
public final class Curves {
    /** Rows the grid is searched on at most (evenly spaced). */
    static final int GRID_ROWS = 200;
    /** Rows the best forms are refined on at most (evenly spaced). */
    static final int FIT_ROWS = 1000;
    /** Forms refined and offered. */
    static final int REFINED = 8;
    private static final int[] P = {0, 1, -1, 2, -2, 3, -3};
    private static final int[] Q = {1, -1, 2, -2};
    /** The inner argument {@code c*x^q} at the column's median is at most this many powers of two from 1. */
    private static final int OCTAVES = 4;
    private static final double[] SHIFTS = {-2, -1, -0.5, 0.5, 1, 2};

    private enum Outer { PLAIN, RECIPROCAL, SQUARE }

    private Curves() {
    }

    /**
     * The {@value #REFINED} best curves of {@code variable} (a column of {@code data}) fitting the target, in the
     * order of their grid points' sums of squares, each refined on the data (the grid unweighted, the refinement with
     * the data's weights); empty when the column is zero on most rows. Asks {@code stop} between forms.
     *
     * @param functions the library's one-argument functions (the curves use no other)
     * @param divides   whether the library divides: without it, no reciprocal, no negative power
     */
    public static List<Expr> of(Dataset data, String variable, List<UnaryFunction> functions, boolean divides,
                                BooleanSupplier stop) {
        Objects.requireNonNull(functions, "functions");
        Dataset grid = data.evenlySpaced(GRID_ROWS);
        int j = grid.names().indexOf(variable);
        if (j < 0) {
            throw new IllegalArgumentException("no column '" + variable + "'");
        }
        double[] x = grid.column(j);
        double[] z = grid.y();
        double[][] columns = grid.columns();
        List<Form> best = new ArrayList<>();
        for (int q : Q) {
            if (q < 0 && !divides) {
                continue;
            }
            double[] xq = powers(x, q);
            double median = medianMagnitude(xq);
            if (!(median > 0) || !Double.isFinite(median)) {
                continue;
            }
            for (UnaryFunction f : functions) {
                double[] cs = innerConstants(f, median);
                double[][] inner = inner(f, xq, cs);
                for (int w = 0; w < columns.length; w++) {
                    for (int p : P) {
                        if (p == 0 && w > 0 || p < 0 && !divides) {
                            continue; // one form without a multiplier; a negative power divides
                        }
                        double[] wp = powers(columns[w], p);
                        if (wp == null) {
                            continue;
                        }
                        if (stop.getAsBoolean()) {
                            return List.of();
                        }
                        for (Outer o : Outer.values()) {
                            if (o == Outer.RECIPROCAL && !divides) {
                                continue;
                            }
                            Form form = bestOnGrid(f, o, w, p, q, cs, inner, wp, z);
                            if (form != null) {
                                best.add(form);
                            }
                        }
                    }
                }
            }
        }
        best.sort(Comparator.comparingDouble(Form::sse));
        Dataset fitRows = data.evenlySpaced(FIT_ROWS);
        ConstantFitter lm = ConstantFitter.levenbergMarquardt();
        List<Expr> out = new ArrayList<>();
        for (int k = 0; k < Math.min(REFINED, best.size()) && !stop.getAsBoolean(); k++) {
            FitResult r = lm.fit(best.get(k).expr(variable, grid.names()), fitRows, stop);
            if (Double.isFinite(r.mse())) {
                out.add(r.expression());
            }
        }
        return out;
    }

    /** A form with its grid's best constants and sum of squares; {@code w} the multiplier's column. */
    private record Form(UnaryFunction f, Outer outer, int w, int p, int q, double a, double b, double c, double d,
                        double sse) {
        Expr expr(String name, List<String> names) {
            Expr x = new Var(name);
            Expr inner = q == 1 ? Expr.mul(new Const(c), x)
                    : q == -1 ? Expr.div(new Const(c), x)
                    : q > 0 ? Expr.mul(new Const(c), Expr.pow(x, new Const(q)))
                    : Expr.div(new Const(c), Expr.pow(x, new Const(-q)));
            Expr v = new Unary(f, inner);
            Expr o = switch (outer) {
                case PLAIN -> Expr.mul(new Const(a), v);
                case RECIPROCAL -> Expr.div(new Const(a), Expr.add(v, new Const(d)));
                case SQUARE -> Expr.mul(new Const(a), Expr.pow(v, new Const(2)));
            };
            Expr body = Expr.add(o, new Const(b));
            Expr m = new Var(names.get(w));
            return p == 0 ? body
                    : p == 1 ? Expr.mul(m, body)
                    : p == -1 ? Expr.div(body, m)
                    : p > 0 ? Expr.mul(Expr.pow(m, new Const(p)), body)
                    : Expr.div(body, Expr.pow(m, new Const(-p)));
        }
    }

    /**
     * {@code V(c*x^q)} for each {@code c} of the grid ({@link #innerConstants}); a row of nulls where a value is not
     * finite.
     */
    private static double[][] inner(UnaryFunction f, double[] xq, double[] cs) {
        double[][] v = new double[cs.length][];
        for (int k = 0; k < cs.length; k++) {
            double[] col = new double[xq.length];
            boolean finite = true;
            for (int i = 0; i < xq.length && finite; i++) {
                col[i] = f.apply(cs[k] * xq[i]);
                finite = Double.isFinite(col[i]);
            }
            v[k] = finite ? col : null;
        }
        return v;
    }

    /**
     * The grid of the inner constant: powers of two (of an eighth for a periodic function, whose fits in {@code c}
     * have many minima) times the inverse of the median magnitude, both signs unless the function is even.
     */
    static double[] innerConstants(UnaryFunction f, double median) {
        boolean periodic = f == UnaryOp.SIN || f == UnaryOp.COS || f == UnaryOp.TAN;
        int perOctave = periodic ? 8 : 2;
        boolean even = f.parity() == UnaryOp.Parity.EVEN;
        List<Double> cs = new ArrayList<>();
        for (int k = -OCTAVES * perOctave; k <= OCTAVES * perOctave; k++) {
            double c = Math.pow(2, (double) k / perOctave) / median;
            cs.add(c);
            if (!even) {
                cs.add(-c);
            }
        }
        return cs.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The form's best grid point, or null when no point gives a finite fit. */
    private static Form bestOnGrid(UnaryFunction f, Outer outer, int w, int p, int q, double[] cs, double[][] inner,
                                   double[] wp, double[] z) {
        int n = z.length;
        double[] u = new double[n];
        Form best = null;
        double[] shifts = outer == Outer.RECIPROCAL ? SHIFTS : new double[]{0};
        for (int k = 0; k < cs.length; k++) {
            double[] v = inner[k];
            if (v == null) {
                continue;
            }
            for (double d : shifts) {
                boolean finite = true;
                for (int i = 0; i < n && finite; i++) {
                    double o = switch (outer) {
                        case PLAIN -> v[i];
                        case RECIPROCAL -> 1 / (v[i] + d);
                        case SQUARE -> v[i] * v[i];
                    };
                    u[i] = wp[i] * o;
                    finite = Double.isFinite(u[i]);
                }
                if (!finite) {
                    continue;
                }
                double[] ab = leastSquares(u, wp, z);
                if (ab == null) {
                    continue;
                }
                double sse = 0;
                for (int i = 0; i < n; i++) {
                    double r = ab[0] * u[i] + ab[1] * wp[i] - z[i];
                    sse += r * r;
                }
                if (Double.isFinite(sse) && (best == null || sse < best.sse())) {
                    best = new Form(f, outer, w, p, q, ab[0], ab[1], cs[k], d, sse);
                }
            }
        }
        return best;
    }

    /** {@code a, b} minimising {@code sum (a*u + b*w - z)^2}; null when the two columns are (nearly) dependent. */
    private static double[] leastSquares(double[] u, double[] w, double[] z) {
        double uu = 0;
        double uw = 0;
        double ww = 0;
        double uz = 0;
        double wz = 0;
        for (int i = 0; i < z.length; i++) {
            uu += u[i] * u[i];
            uw += u[i] * w[i];
            ww += w[i] * w[i];
            uz += u[i] * z[i];
            wz += w[i] * z[i];
        }
        double det = uu * ww - uw * uw;
        if (!(det > 1e-12 * uu * ww) || !Double.isFinite(det)) {
            return null;
        }
        return new double[]{(uz * ww - wz * uw) / det, (wz * uu - uz * uw) / det};
    }

    /** {@code x^k} row by row; null when a value is not finite (a zero to a negative power). */
    private static double[] powers(double[] x, int k) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = k == 0 ? 1 : Math.pow(x[i], k);
            if (!Double.isFinite(out[i])) {
                return null;
            }
        }
        return out;
    }

    /** The median of {@code |v|}; NaN for null. */
    private static double medianMagnitude(double[] v) {
        if (v == null || v.length == 0) {
            return Double.NaN;
        }
        double[] m = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            m[i] = Math.abs(v[i]);
        }
        java.util.Arrays.sort(m);
        return m[m.length / 2];
    }
}
