package dysymnet.bench;

import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Decides whether a model is a <em>symbolic solution</em> in SRBench's sense: model minus truth is a constant, or
 * model divided by truth is a non-zero constant.
 *
 * <p>There is no computer algebra system here, so the decision is made in two documented steps:
 * <ol>
 *   <li><b>Algebra.</b> {@code model - truth} and {@code model / truth} are put through the project's
 *       {@link Simplifier}. If either becomes a finite constant (the ratio a non-zero one), the answer is yes
 *       (reported as {@code algebra:difference} / {@code algebra:ratio}). The simplifier only applies identities
 *       that keep the value (up to rounding), so this "yes" is a proof, except where a cancelled denominator
 *       is exactly zero. It is incomplete: it knows nothing of trigonometric or log/exp identities, so a "no"
 *       here proves nothing and the second step runs.</li>
 *   <li><b>Numbers.</b> {@value #POINTS} points are drawn uniformly, half in the problem's domain (the box
 *       {@code [low, high]} of every variable) and half in that box widened by {@value #WIDEN} of its width on
 *       each side. Points where the truth is not a finite real number (see {@link RealEvaluator}) are dropped;
 *       if fewer than {@value #MIN_POINTS} remain, the answer is no ({@code undecided}). Let t_i be the truth and
 *       m_i the model at point i, and S the median of |t_i| (a typical magnitude of the truth). Then
 *       <ul>
 *         <li>difference: with c the median of m_i - t_i, yes when at every point
 *             {@code |m_i - t_i - c| <= tol * (S + |t_i|)};</li>
 *         <li>ratio: with k the median of m_i / t_i over the points where |t_i| &gt;= S, and |k| &gt;=
 *             {@value #MIN_RATIO}, yes when at every point {@code |m_i - k*t_i| <= tol * |k| * (S + |t_i|)}.</li>
 *       </ul>
 *       A model that is not finite at a point where the truth is real is no. The default tolerance is
 *       {@value #DEFAULT_TOLERANCE}.</li>
 * </ol>
 *
 * <p>What the numeric step can and cannot prove: it cannot prove an identity (no finite sample can). What it
 * guarantees is the converse direction that matters for a benchmark: a wrong formula is called right only if it
 * agrees with {@code truth + c} (or {@code k * truth}) to about nine significant digits at every one of the
 * sampled points, in the domain and well outside it. In practice that is a formula equal to the truth up to the
 * rounding of its constants, such as {@code 2.0000000001*x} for {@code 2*x}: an approximation (a Taylor
 * polynomial, a constant off in the fourth digit) fails it, especially on the widened domain where approximations
 * diverge. Conversely, an exact formula passes only if its constants were fitted to about 1e-9 relative accuracy,
 * which constant refinement on noise-free data reaches, but which noisy data does not: on noisy data this check
 * is stricter than SRBench's (which simplifies with SymPy after rounding).
 */
public final class SymbolicCheck {
    /** Default relative tolerance of the numeric step. */
    public static final double DEFAULT_TOLERANCE = 1e-9;
    /** Points sampled in the numeric step (half in the domain, half in the widened domain). */
    public static final int POINTS = 2000;
    /** Widening of the domain on each side, as a fraction of its width. */
    public static final double WIDEN = 0.5;
    /** Fewest points where the truth is real for the numeric step to decide. */
    public static final int MIN_POINTS = 200;
    /** Smallest |k| accepted as a non-zero ratio. */
    public static final double MIN_RATIO = 1e-6;

    /**
     * The answer and how it was reached.
     *
     * @param symbolic whether the model is a symbolic solution
     * @param how      {@code algebra:difference}, {@code algebra:ratio}, {@code numeric:difference},
     *                 {@code numeric:ratio}, or for a no: {@code no}, {@code no:model-not-finite},
     *                 {@code no:undecided} (too few real points) or {@code no:error ...}
     * @param deviation the smaller of the two relative deviations of the numeric step, i.e. the smallest tolerance
     *                  at which it would say yes (0 for an algebraic yes, +Infinity when the model is not finite,
     *                  NaN when undecided); lets results be re-thresholded without rerunning
     */
    public record Verdict(boolean symbolic, String how, double deviation) {
    }

    private SymbolicCheck() {
    }

    /** {@link #check(Expr, Expr, List, double[], double[], double, RandomGenerator)} with the default tolerance. */
    public static Verdict check(Expr model, Expr truth, List<String> variables, double[] low, double[] high,
                                RandomGenerator rng) {
        return check(model, truth, variables, low, high, DEFAULT_TOLERANCE, rng);
    }

    /**
     * Decides whether {@code model} is a symbolic solution for {@code truth} (see the class comment).
     *
     * @param variables the problem's variables; both formulas may use only these
     * @param low       lower end of each variable's domain
     * @param high      upper end of each variable's domain ({@code >= low})
     * @param tolerance relative tolerance of the numeric step (positive)
     * @param rng       source of the sample points
     * @throws IllegalArgumentException if the domain is malformed or the tolerance is not positive
     */
    public static Verdict check(Expr model, Expr truth, List<String> variables, double[] low, double[] high,
                                double tolerance, RandomGenerator rng) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(truth, "truth");
        Objects.requireNonNull(variables, "variables");
        Objects.requireNonNull(rng, "rng");
        int d = variables.size();
        if (low == null || high == null || low.length != d || high.length != d) {
            throw new IllegalArgumentException("low and high must give one bound per variable (" + d + ")");
        }
        for (int j = 0; j < d; j++) {
            if (!(low[j] <= high[j]) || !Double.isFinite(low[j]) || !Double.isFinite(high[j])) {
                throw new IllegalArgumentException("domain of '" + variables.get(j) + "' is not a finite interval: ["
                        + low[j] + ", " + high[j] + "]");
            }
        }
        if (!(tolerance > 0.0) || Double.isInfinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be a positive finite number, got " + tolerance);
        }
        Verdict algebra = algebra(model, truth);
        if (algebra != null) {
            return algebra;
        }
        try {
            return numeric(model, truth, variables, low, high, tolerance, rng);
        } catch (IllegalArgumentException e) {
            return new Verdict(false, "no:error " + e.getMessage(), Double.NaN);
        }
    }

    private static Verdict algebra(Expr model, Expr truth) {
        try {
            Expr diff = Simplifier.simplify(new Binary(BinaryOp.SUB, model, truth));
            if (diff instanceof Const && Double.isFinite(((Const) diff).value())) {
                return new Verdict(true, "algebra:difference", 0.0);
            }
            Expr ratio = Simplifier.simplify(new Binary(BinaryOp.DIV, model, truth));
            if (ratio instanceof Const) {
                double k = ((Const) ratio).value();
                if (Double.isFinite(k) && Math.abs(k) >= MIN_RATIO) {
                    return new Verdict(true, "algebra:ratio", 0.0);
                }
            }
        } catch (RuntimeException | StackOverflowError e) {
            // the simplifier's failure on some odd tree only means the numeric step decides
        }
        return null;
    }

    private static Verdict numeric(Expr model, Expr truth, List<String> variables, double[] low, double[] high,
                                   double tol, RandomGenerator rng) {
        int d = variables.size();
        double[][] columns = new double[d][POINTS];
        double[] point = new double[d];
        double[] t = new double[POINTS];
        for (int i = 0; i < POINTS; i++) {
            boolean widened = i >= POINTS / 2;
            for (int j = 0; j < d; j++) {
                double w = high[j] - low[j];
                double lo = widened ? low[j] - WIDEN * w : low[j];
                double hi = widened ? high[j] + WIDEN * w : high[j];
                point[j] = lo + (hi - lo) * rng.nextDouble();
                columns[j][i] = point[j];
            }
            t[i] = RealEvaluator.value(truth, variables, point);
        }
        double[] m = Evaluator.evaluate(model, variables, columns);
        int n = 0;
        for (int i = 0; i < POINTS; i++) {
            if (Double.isNaN(t[i])) {
                continue;
            }
            if (!Double.isFinite(m[i])) {
                return new Verdict(false, "no:model-not-finite", Double.POSITIVE_INFINITY);
            }
            t[n] = t[i];
            m[n] = m[i];
            n++;
        }
        if (n < MIN_POINTS) {
            return new Verdict(false, "no:undecided", Double.NaN);
        }
        double[] buf = new double[n];
        for (int i = 0; i < n; i++) {
            buf[i] = Math.abs(t[i]);
        }
        double s = Stats.median(Arrays.copyOf(buf, n));
        if (s == 0.0) {
            s = max(buf, n);
        }
        if (s == 0.0) {
            s = 1.0;
        }
        for (int i = 0; i < n; i++) {
            buf[i] = m[i] - t[i];
        }
        double c = Stats.median(Arrays.copyOf(buf, n));
        double devDifference = deviation(m, t, n, 1.0, c, s);
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (Math.abs(t[i]) >= s) {
                buf[k++] = m[i] / t[i];
            }
        }
        double ratio = Stats.median(Arrays.copyOf(buf, k));
        double devRatio = Double.isFinite(ratio) && Math.abs(ratio) >= MIN_RATIO
                ? deviation(m, t, n, ratio, 0.0, s) : Double.POSITIVE_INFINITY;
        double dev = Math.min(devDifference, devRatio);
        if (devDifference <= tol) {
            return new Verdict(true, "numeric:difference", dev);
        }
        if (devRatio <= tol) {
            return new Verdict(true, "numeric:ratio", dev);
        }
        return new Verdict(false, "no", dev);
    }

    /** The largest {@code |m_i - k*t_i - c| / (|k| * (s + |t_i|))}: at most tol means yes. */
    private static double deviation(double[] m, double[] t, int n, double k, double c, double s) {
        double ak = Math.abs(k);
        double worst = 0.0;
        for (int i = 0; i < n; i++) {
            double r = Math.abs(m[i] - k * t[i] - c) / (ak * (s + Math.abs(t[i])));
            if (!(r <= worst)) {
                worst = Double.isNaN(r) ? Double.POSITIVE_INFINITY : r;
            }
        }
        return worst;
    }

    private static double max(double[] v, int n) {
        double r = 0.0;
        for (int i = 0; i < n; i++) {
            r = Math.max(r, v[i]);
        }
        return r;
    }
}
