package dysymnet.terms;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Const;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryFunction;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.FitResult;
import dysymnet.fit.Polisher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Curves of one variable, searched exhaustively: every form
 * <pre>
 *   w^p * (a * O(V(c * x^q + e)) + b)      O(v) = v,  1/(v + d)  or  v^2
 * </pre>
 * with {@code V} one of the library's one-argument functions, {@code q} in {@code 1, -1, 2, -2}, {@code p} in
 * {@code 0, +-1, +-2, +-3}, the inner offset {@code e} in {@code 0, +-1} and the multiplier {@code w} any column
 * ({@code x} itself or another: a law {@code pi1*exp(-1/pi2)}); {@code a} and {@code b} by (weighted) least squares
 * for each point of a grid of the inner constant {@code c} ({@link #innerConstants}, the best point then refined
 * between its neighbours) at each shift {@code d}. These are the shapes of a law of one dimensionless group that a
 * random search rarely completes because its constant sits inside the function: {@code 1/(exp(c*x) - 1)},
 * {@code x^3/(exp(c*x) - 1)}, {@code exp(-c/x)}, {@code sin(c*x)^2}, {@code 1 - 2/(exp(c*x) + 1)} (a tanh through
 * exp), {@code 1/sqrt(1 - c*x^2)}.
 *
 * <p>On noisy data dozens of forms fit such a curve as well as the law's form does, and the best of them by error
 * are a draw among them; a law's form mostly has simple constants (whole numbers, their reciprocals, multiples of
 * pi), which snapped keep its fit within the noise. So the forms that fit about as well as the best and snap are
 * taken first ({@link #simpleOrNot}), each offered with its simple constants, and {@value #KEPT} forms are refined
 * by Levenberg-Marquardt and polished; the {@value #REFINED} most accurate and every one no other is both shorter
 * than and as accurate as are offered. Deterministic; its cost is fixed by the grid (a few hundred thousand
 * least-squares fits on at most {@value #GRID_ROWS} rows per column of the data) and the refits: about a second.
 */
public final class Curves {
    /** Rows the grid is searched on at most (evenly spaced). */
    static final int GRID_ROWS = 200;
    /** Rows the best forms are refined on at most (evenly spaced). */
    static final int FIT_ROWS = 1000;
    /** Forms refined and polished, the best by their grid's sum of squares. */
    static final int KEPT = 24;
    /** Of those, offered: this many of the lowest error, and every one no other is both shorter and better than. */
    static final int REFINED = 8;
    private static final int[] P = {0, 1, -1, 2, -2, 3, -3};
    private static final int[] Q = {1, -1, 2, -2};
    /** The inner argument {@code c*x^q} at the column's median is at most this many powers of two from 1. */
    private static final int OCTAVES = 4;
    private static final double[] SHIFTS = {0, -2, -1, -0.5, 0.5, 1, 2};
    /** The inner offsets {@code e}: {@code V(c*x^q + e)}, e.g. {@code 1/sqrt(1 - c*x^2)}, {@code log(1 + c*x)}. */
    private static final double[] OFFSETS = {0, 1, -1};
    /** Halvings of the grid's step by which the best grid point's {@code c} is refined. */
    private static final int C_REFINEMENTS = 6;

    private enum Outer { PLAIN, RECIPROCAL, SQUARE }

    private Curves() {
    }

    /**
     * The curves of {@code variable} (a column of {@code data}) offered for the target (see the class comment), in
     * the order of their errors; the grid and the refinement weigh the rows by the data's weights. Empty when the
     * column is zero on most rows. Asks {@code stop} between forms.
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
        // weighted least squares as unweighted on rows scaled by the square roots of the weights: the target and
        // the multiplier w^p (of which both terms of a form are multiples)
        double[] root = roots(grid.weights());
        double[] z = scaled(grid.y(), root);
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
            double largest = Arrays.stream(xq).map(Math::abs).max().orElse(Double.NaN);
            for (UnaryFunction f : functions) {
                for (double e : OFFSETS) {
                    if (e < 0 && f.parity() == UnaryOp.Parity.EVEN) {
                        continue; // V(c*x^q - 1) = V(-c*x^q + 1): the sign of c covers it
                    }
                    // without an offset c*x^q is about 1 at the column's median; with one, at most about 1 (the
                    // offset's size) at its largest: 1 - c*x^2 stays positive
                    double[] cs = innerConstants(f, e == 0 ? median : largest, e != 0);
                    double[][] inner = inner(f, xq, cs, e);
                    for (int w = 0; w < columns.length; w++) {
                        for (int p : P) {
                            if (p == 0 && w > 0 || p < 0 && !divides) {
                                continue; // one form without a multiplier; a negative power divides
                            }
                            double[] wp = scaled(powers(columns[w], p), root);
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
                                for (double d : o == Outer.RECIPROCAL ? SHIFTS : new double[]{0}) {
                                    Form form = bestOnGrid(f, o, w, p, q, cs, e, d, inner, wp, z);
                                    if (form != null) {
                                        best.add(simpleOrNot(refined(form, gridStep(f), xq, wp, z), xq, wp, z));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // the forms that fit about as well as the best and whose constants are simple within the noise first (a
        // law's, mostly), then by error
        double band = best.stream().mapToDouble(Form::sse).min().orElse(0) * (1 + 2 * Math.sqrt(2.0 / z.length));
        best.sort(Comparator.comparing((Form f) -> !(f.simple() && f.sse() <= band)).thenComparingDouble(Form::sse));
        Dataset fitRows = data.evenlySpaced(FIT_ROWS);
        ConstantFitter lm = ConstantFitter.levenbergMarquardt();
        Polisher polisher = Polisher.withNoiseAllowance();
        List<Fitted> kept = new ArrayList<>();
        for (int k = 0; k < Math.min(KEPT, best.size()) && !stop.getAsBoolean(); k++) {
            Form form = best.get(k);
            if (form.simple() && form.sse() <= band) {
                // the simple constants themselves: refined, the five constants of a law's form (a, b, c, d, e) drift
                // together on noisy data to a flexible form's, which no polish brings back
                Expr s = Simplifier.simplify(form.snapped().expr(variable, grid.names()));
                double m = Metrics.mse(Evaluator.evaluate(s, fitRows), fitRows);
                if (Double.isFinite(m)) {
                    kept.add(new Fitted(s, s.complexity(), m));
                }
            }
            FitResult r = lm.fit(form.expr(variable, grid.names()), fitRows, stop);
            if (Double.isFinite(r.mse())) {
                Expr p = polisher.polish(r.expression(), grid, stop);
                double m = Metrics.mse(Evaluator.evaluate(p, fitRows), fitRows);
                kept.add(Double.isFinite(m) ? new Fitted(p, p.complexity(), m)
                        : new Fitted(r.expression(), r.expression().complexity(), r.mse()));
            }
        }
        return offered(kept);
    }

    /** A refined form: its expression, its size and its error on the rows it was refined on. */
    private record Fitted(Expr expr, int size, double mse) {
    }

    /**
     * The forms offered, in the order of their error: the {@value #REFINED} of the lowest, and each that no other is
     * both shorter than and at least as accurate as (polished, a law's form is short: {@code 1/sqrt(1 - x^2)} where
     * on noisy data a dozen flexible forms fit as well).
     */
    private static List<Expr> offered(List<Fitted> kept) {
        List<Fitted> byError = new ArrayList<>(kept);
        byError.sort(Comparator.comparingDouble(Fitted::mse));
        List<Expr> out = new ArrayList<>();
        for (int k = 0; k < byError.size(); k++) {
            Fitted c = byError.get(k);
            boolean dominated = false;
            for (int j = 0; j < k && !dominated; j++) {
                dominated = byError.get(j).size() <= c.size();
            }
            if ((k < REFINED || !dominated) && !out.contains(c.expr())) {
                out.add(c.expr());
            }
        }
        return out;
    }

    /** The ratio between neighbouring inner constants of the same sign on {@code f}'s grid. */
    private static double gridStep(UnaryFunction f) {
        return Math.pow(2, 1.0 / perOctave(f));
    }

    /**
     * The form with its inner constant {@code c} refined between the grid's neighbours of its best point (halving the
     * step {@value #C_REFINEMENTS} times, a and b by least squares at each), so that forms are ranked by what they
     * can fit rather than by how close the grid came: a law's {@code 1/sqrt(1 - x^2)} a quarter of an octave off in
     * {@code c} fits far worse near {@code x = 1} than a flexible form does.
     */
    private static Form refined(Form form, double step, double[] xq, double[] wp, double[] z) {
        Form best = form;
        double h = step;
        double[] u = new double[z.length];
        for (int level = 0; level < C_REFINEMENTS; level++) {
            h = Math.sqrt(h);
            Form centre = best;
            for (double factor : new double[]{h, 1 / h}) {
                Form f = at(centre, centre.c() * factor, xq, wp, z, u);
                if (f != null && f.sse() < best.sse()) {
                    best = f;
                }
            }
        }
        return best;
    }

    /**
     * The form, marked simple when its constants {@code c} at one of the simple values near it ({@link #simpleNear}),
     * then {@code a} (by least squares at that c) at its nearest simple value and {@code b} at 0 or its nearest whole
     * number (up to 12), fit within the noise allowance of three constants
     * snapped together ({@link Polisher#chi2Ratio}): on noisy data dozens of forms fit a law of one group as well as
     * its own form does, and the best of them by error are a draw among them; the law's form mostly has such
     * constants, and the forms refined are those first.
     */
    private static Form simpleOrNot(Form form, double[] xq, double[] wp, double[] z) {
        double allowed = form.sse() * (1 + Polisher.DEFAULT_NOISE_CHI2 * Polisher.chi2Ratio(3) / z.length);
        // a and b again by least squares at each simple c near the grid's (within half its value either way; on a
        // gentle curve the grid's c, a and b drift together far from their simple values), the best fitting first,
        // until one snaps
        double[] u = new double[z.length];
        List<Form> near = new ArrayList<>();
        for (double c : simpleNear(form.c())) {
            Form at = at(form, c, xq, wp, z, u);
            if (at != null && at.sse() <= allowed) {
                near.add(at);
            }
        }
        near.sort(Comparator.comparingDouble(Form::sse));
        for (Form at : near) {
            double c = at.c();
            double a = whole(at.a());
            double rb = Math.rint(at.b());
            for (double b : Math.abs(rb) <= 12 && rb != 0 ? new double[]{0, rb} : new double[]{0}) {
                double sse = 0;
                for (int i = 0; i < z.length && sse <= allowed; i++) {
                    double r = a * wp[i] * outer(form, form.f().apply(c * xq[i] + form.e())) + b * wp[i] - z[i];
                    sse += r * r;
                }
                if (sse <= allowed) {
                    return form.withSnapped(a, b, c);
                }
            }
        }
        return form;
    }

    /**
     * The simple magnitudes, ascending: the whole numbers 1 to 12 and their reciprocals, pi, 2pi, 3pi, 4pi and pi/2,
     * pi/3, pi/4, and 1/pi, 2/pi, 3/pi, 4/pi and 1/(k pi) for k to 8: the constants of laws of one dimensionless
     * group (a law written with h rather than h-bar carries 2pi; Coulomb's, 4pi).
     */
    private static final double[] SIMPLE = simpleMagnitudes();

    private static double[] simpleMagnitudes() {
        List<Double> s = new ArrayList<>();
        for (int k = 1; k <= 12; k++) {
            s.add((double) k);
            s.add(1.0 / k);
        }
        for (int k = 1; k <= 4; k++) {
            s.add(k * Math.PI);
            s.add(Math.PI / k);
            s.add(k / Math.PI);
        }
        for (int k = 1; k <= 8; k++) {
            s.add(1 / (k * Math.PI));
        }
        return s.stream().mapToDouble(Double::doubleValue).sorted().distinct().toArray();
    }

    /** The simple value ({@link #SIMPLE}, of v's sign) nearest {@code v} by ratio; NaN for 0 or a non-finite v. */
    static double whole(double v) {
        double m = Math.abs(v);
        if (m == 0 || !Double.isFinite(m)) {
            return Double.NaN;
        }
        double best = Double.NaN;
        for (double c : SIMPLE) {
            if (Double.isNaN(best) || Math.abs(Math.log(c / m)) < Math.abs(Math.log(best / m))) {
                best = c;
            }
        }
        return Math.copySign(best, v);
    }

    /**
     * The simple values ({@link #SIMPLE}, of v's sign) within half of {@code v} either way ({@code |v|/1.5} to
     * {@code 1.5|v|}); the nearest one alone ({@link #whole}) when none is.
     */
    static double[] simpleNear(double v) {
        double m = Math.abs(v);
        if (m == 0 || !Double.isFinite(m)) {
            return new double[0];
        }
        double[] near = Arrays.stream(SIMPLE).filter(c -> c >= m / 1.5 && c <= 1.5 * m).map(c -> Math.copySign(c, v))
                .toArray();
        return near.length > 0 ? near : new double[]{whole(v)};
    }

    /** {@code O(v)} of the form's outer function. */
    private static double outer(Form form, double v) {
        return switch (form.outer()) {
            case PLAIN -> v;
            case RECIPROCAL -> 1 / (v + form.d());
            case SQUARE -> v * v;
        };
    }

    /** The form at the inner constant {@code c}, its a and b by least squares; null when not finite. */
    private static Form at(Form form, double c, double[] xq, double[] wp, double[] z, double[] u) {
        for (int i = 0; i < z.length; i++) {
            u[i] = form.f().apply(c * xq[i] + form.e());
        }
        return fittedAt(form, c, u, wp, z, u);
    }

    /**
     * The form of {@code shape}'s kind (its function, outer function, multiplier, powers, offset and shift) at the
     * inner constant {@code c}, whose inner values {@code V(c*x^q + e)} are {@code v}: {@code a} and {@code b} by least
     * squares, and their sum of squares; null when a value or the fit is not finite. {@code u} is a buffer, which may
     * be {@code v} itself (each row is read before it is written).
     */
    private static Form fittedAt(Form shape, double c, double[] v, double[] wp, double[] z, double[] u) {
        for (int i = 0; i < z.length; i++) {
            u[i] = wp[i] * outer(shape, v[i]);
            if (!Double.isFinite(u[i])) {
                return null;
            }
        }
        double[] ab = leastSquares(u, wp, z);
        if (ab == null) {
            return null;
        }
        double sse = 0;
        for (int i = 0; i < z.length; i++) {
            double r = ab[0] * u[i] + ab[1] * wp[i] - z[i];
            sse += r * r;
        }
        return Double.isFinite(sse) ? new Form(shape.f(), shape.outer(), shape.w(), shape.p(), shape.q(), ab[0],
                ab[1], c, shape.e(), shape.d(), sse) : null;
    }

    /** A form with its grid's best constants and sum of squares; {@code w} the multiplier's column. */
    private record Form(UnaryFunction f, Outer outer, int w, int p, int q, double a, double b, double c, double e,
                        double d, double sse, Form snapped) {
        Form(UnaryFunction f, Outer outer, int w, int p, int q, double a, double b, double c, double e, double d,
             double sse) {
            this(f, outer, w, p, q, a, b, c, e, d, sse, null);
        }

        /** Whether its constants are simple within the noise ({@link #simpleOrNot}): then {@link #snapped} is. */
        boolean simple() {
            return snapped != null;
        }

        /** This form, simple: {@code a}, {@code b} and {@code c} snapped give {@code snapped}. */
        Form withSnapped(double sa, double sb, double sc) {
            return new Form(f, outer, w, p, q, a, b, c, e, d, sse, new Form(f, outer, w, p, q, sa, sb, sc, e, d, sse));
        }

        Expr expr(String name, List<String> names) {
            Expr x = new Var(name);
            Expr inner = q == 1 ? Expr.mul(new Const(c), x)
                    : q == -1 ? Expr.div(new Const(c), x)
                    : q > 0 ? Expr.mul(new Const(c), Expr.pow(x, new Const(q)))
                    : Expr.div(new Const(c), Expr.pow(x, new Const(-q)));
            Expr v = new Unary(f, e == 0 ? inner : Expr.add(inner, new Const(e)));
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
     * {@code V(c*x^q + e)} for each {@code c} of the grid ({@link #innerConstants}); a row of nulls where a value is
     * not finite.
     */
    private static double[][] inner(UnaryFunction f, double[] xq, double[] cs, double e) {
        double[][] v = new double[cs.length][];
        for (int k = 0; k < cs.length; k++) {
            double[] col = new double[xq.length];
            boolean finite = true;
            for (int i = 0; i < xq.length && finite; i++) {
                col[i] = f.apply(cs[k] * xq[i] + e);
                finite = Double.isFinite(col[i]);
            }
            v[k] = finite ? col : null;
        }
        return v;
    }

    /**
     * The grid of the inner constant: powers of two (of an eighth for a periodic function, whose fits in {@code c}
     * have many minima) times the inverse of {@code median} (a magnitude of the column), both signs unless the
     * function is even and {@code offset} is false (with an offset, {@code V(c*x^q + e)}, the sign of c matters
     * whatever V: {@code sqrt(1 - x^2)}).
     */
    static double[] innerConstants(UnaryFunction f, double median, boolean offset) {
        int perOctave = perOctave(f);
        boolean even = f.parity() == UnaryOp.Parity.EVEN && !offset;
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

    /** Grid points of the inner constant per octave: more for a periodic function. */
    private static int perOctave(UnaryFunction f) {
        return f == UnaryOp.SIN || f == UnaryOp.COS || f == UnaryOp.TAN ? 8 : 2;
    }

    /** The form's best grid point of {@code c} at the shift {@code d}, or null when no point gives a finite fit. */
    private static Form bestOnGrid(UnaryFunction f, Outer outer, int w, int p, int q, double[] cs, double e, double d,
                                   double[][] inner, double[] wp, double[] z) {
        Form shape = new Form(f, outer, w, p, q, 0, 0, 0, e, d, Double.POSITIVE_INFINITY);
        double[] u = new double[z.length];
        Form best = null;
        for (int k = 0; k < cs.length; k++) {
            Form at = inner[k] == null ? null : fittedAt(shape, cs[k], inner[k], wp, z, u);
            if (at != null && (best == null || at.sse() < best.sse())) {
                best = at;
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

    /** The square roots of {@code w}; null for null (no weights). */
    private static double[] roots(double[] w) {
        return w == null ? null : Arrays.stream(w).map(Math::sqrt).toArray();
    }

    /** {@code v} times {@code s} row by row; {@code v} itself when either is null. */
    private static double[] scaled(double[] v, double[] s) {
        if (v == null || s == null) {
            return v;
        }
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] * s[i];
        }
        return out;
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
