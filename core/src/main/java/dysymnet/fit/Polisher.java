package dysymnet.fit;

import dysymnet.data.Metrics;
import dysymnet.data.Dataset;
import dysymnet.expr.CompiledExpr;
import dysymnet.expr.Constants;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Makes a fitted formula's constants as simple as the data allow: each refinable constant in turn is replaced by
 * the simplest of 0, its nearest integer, its value rounded to 1 significant digit, its nearest multiple of pi or
 * fraction of 1/pi ({@link #piMultiples}), and its value rounded to 2, ... 6 significant digits that keeps the
 * training MSE within {@code mse + max(relTol * mse, absTol * var(y))} (relTol raised for noise, below); the
 * formula is then simplified, so a coefficient snapped to 0 removes its term. A refined formula therefore reads
 * {@code x^2 + x} rather than {@code 1.0000000003*x^2 + 0.99999999*x - 1.7e-17}, and its error stays what the
 * refiner reached.
 *
 * <p>On noisy data a fitted constant carries the noise (0.4991 for 0.5), and the relative tolerance alone keeps it:
 * any snap raises the MSE by more than a millionth. So the polisher of a reported formula
 * ({@link #withNoiseAllowance()}) also allows what the data cannot tell from noise: taking the residuals as noise of
 * variance about the MSE, a change that raises the sum of squares by at most {@code chi2} times that variance
 * ({@code n * (mse' - mse) <= chi2 * mse}, {@link #DEFAULT_NOISE_CHI2}: the 95% point of a likelihood-ratio test of
 * one constant) is not evidence against the simpler value, up to {@link #MAX_NOISE_RISE} of the MSE however few the
 * rows. The allowance is one for all the constants of a formula
 * (the limit is on the total increase), and it is nothing on an exact fit (an MSE of round-off allows a rise of
 * round-off); on an approximation of noise-free data it rounds constants at a cost of at most {@code chi2 / n} of
 * the MSE.
 *
 * <p>Constants are tried in the fixed pre-order of {@link Constants}, each against the formula with the earlier
 * snaps applied, so the result is deterministic. No constant is re-fitted: a snap is accepted only if the others,
 * as they are, still fit.
 *
 * <p>With the noise allowance, all the constants are first tried at once, each to its nearest integer (a scale and
 * an offset fitted to noise, {@code -0.999*(-0.997*x1*y1 - x2*y2 - x3*y3) + 0.05}: rounded to one digit the offset
 * would stay), then rounded to 1 significant digit, then to 2 or to a multiple or fraction of pi where that is nearer,
 * then to 2, then 3 significant digits ({@link #JOINT_LEVELS}): the constants of a noisy fit are correlated (in
 * {@code 0.999*V*pr/(gamma - 1.001)} or {@code 731*q/(m*(730.3*w0^2 - 730*w^2))} a change of one is made up by the
 * others), so that each snap alone
 * raises the error beyond the allowance while the law, all of them snapped, does not. Such a joint snap of
 * {@code k} constants is the likelihood-ratio test of {@code k} constants: the sum of squares may rise by
 * {@code chi2} times the 95% point of the chi-squared distribution with {@code k} degrees of freedom over that of
 * one ({@link #chi2Ratio}) times the residual variance. The one-by-one pass then goes on from the joint snap with
 * the one-constant allowance of the unpolished formula.
 *
 * <p>With the noise allowance a formula of at most {@link #MAX_REFIT_CONSTANTS} constants also gets the snap that
 * refits ({@link #refitSnap}): each constant set in turn with the others refitted, which takes the constants that
 * only the others can make up for (an offset of 0.002 beside a scale of 0.1252); the shorter of the two results is
 * kept (as short: the one of fewer significant digits).
 *
 * <p>With sample weights ({@link Dataset#weights()}) the MSE and the variance are the weighted ones.
 */
public final class Polisher {
    /** Default relative tolerance on the MSE. */
    public static final double DEFAULT_REL_TOL = 1e-6;
    /** Default tolerance relative to the variance of the target, for fits that are exact up to round-off. */
    public static final double DEFAULT_ABS_TOL = 1e-16;
    /** Formulas with more refinable constants than this are left as they are (cost bound). */
    public static final int MAX_CONSTANTS = 40;
    /**
     * Default noise allowance: the 95% point of the chi-squared distribution with one degree of freedom (see the
     * class comment).
     */
    public static final double DEFAULT_NOISE_CHI2 = 3.84;
    /**
     * The noise allowance raises the MSE by at most this share of itself, however few the rows: on a few dozen rows
     * the likelihood-ratio allowance alone would let a reported formula give up a fifth of its accuracy for shorter
     * constants (five constants snapped together on 36 rows: 11.07 / 36 = 31%; measured on the black-box tables, a
     * least-squares line rounded to one digit, {@code 20*Age - 400*Alcohol_related + 100*Gender - 200*Type + 500},
     * lost 0.06 of test R^2), which a user pays on every prediction. The cap does not bind from 192 rows on for one
     * constant, nor on 1,000 rows for up to eleven snapped together.
     */
    public static final double MAX_NOISE_RISE = 0.02;

    /**
     * The relative rise of the MSE that a noise allowance of {@code chi2} (scaled for the constants snapped together)
     * permits on {@code n} rows: {@code chi2 / n}, at most {@link #MAX_NOISE_RISE}.
     */
    public static double noiseRise(double chi2, int n) {
        return Math.min(chi2 / n, MAX_NOISE_RISE);
    }

    private final double relTol;
    private final double absTol;
    private final double noiseChi2;

    /** A polisher with the default tolerances and no noise allowance (what the search's stages use). */
    public Polisher() {
        this(DEFAULT_REL_TOL, DEFAULT_ABS_TOL);
    }

    /**
     * A polisher without a noise allowance.
     *
     * @param relTol allowed relative increase of the MSE, at least 0
     * @param absTol allowed increase of the MSE relative to var(y), at least 0
     */
    public Polisher(double relTol, double absTol) {
        this(relTol, absTol, 0.0);
    }

    /**
     * The default tolerances with the default noise allowance ({@link #DEFAULT_NOISE_CHI2}): for the formula a
     * search reports, whose constants should not carry more digits than the data support. (Not for the search's
     * own stages: there, constants rounded within the noise allowance made the genetic programming's offspring
     * worse starting points, an easy law's rate in its test falling from 3 or more of 5 seeds to 1.)
     */
    public static Polisher withNoiseAllowance() {
        return new Polisher(DEFAULT_REL_TOL, DEFAULT_ABS_TOL, DEFAULT_NOISE_CHI2);
    }

    /**
     * @param relTol    allowed relative increase of the MSE, at least 0
     * @param absTol    allowed increase of the MSE relative to var(y), at least 0
     * @param noiseChi2 noise allowance: the MSE may also rise by {@code noiseChi2 / n} of itself on n rows, at least
     *                  0 (0: none)
     */
    public Polisher(double relTol, double absTol, double noiseChi2) {
        if (!(relTol >= 0) || !(absTol >= 0) || !(noiseChi2 >= 0)) {
            throw new IllegalArgumentException("tolerances must be non-negative, got " + relTol + ", " + absTol
                    + " and " + noiseChi2);
        }
        this.relTol = relTol;
        this.absTol = absTol;
        this.noiseChi2 = noiseChi2;
    }

    /** The polished formula (the input itself when nothing could be simplified or its MSE is not finite). */
    public Expr polish(Expr e, Dataset data) {
        return polish(e, data, () -> false);
    }

    /**
     * As {@link #polish(Expr, Dataset)}, but gives the input back unpolished once {@code stop} says so (asked before
     * every evaluation of a snapped formula over the data, up to 8 per constant).
     */
    public Expr polish(Expr e, Dataset data, BooleanSupplier stop) {
        Objects.requireNonNull(stop, "stop");
        int n = Constants.count(e);
        if (n == 0 || n > MAX_CONSTANTS) {
            return e;
        }
        double[] y = data.y();
        double[] w = data.weights();
        CompiledExpr c = CompiledExpr.parameterized(e, data.names(), data.rows());
        double[] theta = c.initialParameters();
        double mse = mse(c.values(data.columns(), theta), y, w);
        if (!Double.isFinite(mse)) {
            return e;
        }
        // weights have mean 1, so n * (weighted mse' - mse) is the rise of the weighted sum of squares
        double rel = Math.max(relTol, noiseRise(noiseChi2, y.length));
        double limit = mse + Math.max(rel * mse, absTol * Metrics.variance(y, w));
        double finalLimit = limit;
        boolean changed = false;
        if (noiseChi2 > 0 && theta.length > 1) {
            // several constants at once: each to its nearest integer (0 digits), then each to the same number of
            // significant digits or to its nearest multiple of pi (see the class comment)
            for (int level = 0; level < JOINT_LEVELS.length; level++) {
                int digits = JOINT_LEVELS[level];
                double[] snapped = theta.clone();
                int moved = 0;
                for (int k = 0; k < theta.length; k++) {
                    if (Double.isFinite(theta[k]) && theta[k] != 0) {
                        snapped[k] = digits == 0 ? Math.rint(theta[k]) : digits == PI_LEVEL ? nearestPi(theta[k])
                                : round(theta[k], digits);
                        moved += snapped[k] != theta[k] ? 1 : 0;
                    }
                }
                if (moved < 2) {
                    continue; // one constant alone is the loop's below
                }
                if (stop.getAsBoolean()) {
                    return e;
                }
                double jointRel = Math.max(relTol, noiseRise(noiseChi2 * chi2Ratio(moved), y.length));
                double jointLimit = mse + Math.max(jointRel * mse, absTol * Metrics.variance(y, w));
                double m = mse(c.values(data.columns(), snapped), y, w);
                if (m <= jointLimit) {
                    theta = snapped;
                    finalLimit = Math.max(limit, jointLimit);
                    changed = true;
                    break;
                }
            }
        }
        for (int k = 0; k < theta.length; k++) {
            double original = theta[k];
            for (double candidate : simpler(original)) {
                if (candidate == original) {
                    break;
                }
                if (stop.getAsBoolean()) {
                    return e;
                }
                theta[k] = candidate;
                double m = mse(c.values(data.columns(), theta), y, w);
                if (m <= limit) {
                    changed = true;
                    break;
                }
                theta[k] = original;
            }
        }
        Expr p = e;
        if (changed) {
            p = Simplifier.simplify(Constants.substitute(e, theta));
            // simplification never changes values beyond round-off, but check rather than trust
            double m = mse(dysymnet.expr.Evaluator.evaluate(p, data), y, w);
            p = m <= finalLimit ? p : e;
        }
        if (noiseChi2 > 0 && n > 1 && n <= MAX_REFIT_CONSTANTS && (long) n * y.length <= MAX_REFIT_ENTRIES) {
            Expr r = refitSnap(e, data, c, mse, stop);
            if (r != null && simpler(r, p)) {
                return r;
            }
        }
        return p;
    }

    /** Formulas with at most this many constants also get the snap that refits the others ({@link #refitSnap}). */
    static final int MAX_REFIT_CONSTANTS = 8;
    /** ... on at most this many rows times constants (each trial is a fit). */
    static final long MAX_REFIT_ENTRIES = 80_000;
    /** Iterations of each trial's refit: it starts next to the optimum. */
    static final int REFIT_ITERATIONS = 20;

    /**
     * The snap that refits: each constant in turn, in the pre-order, is set to the simplest of the values of
     * {@link #simpler} for which the constants not yet set, refitted by Levenberg-Marquardt, bring the training MSE
     * back within the joint noise allowance of all the constants set so far (the likelihood-ratio test of that many
     * constants, as the joint snap's). A constant that only the others can make up for is snapped: in
     * {@code -0.1252*m*q^4/(epsilon*h*n + 0.002)^2} the offset's 0 with the scale refitted (0.12503), then the
     * scale's 0.125; the one-by-one snap, which refits nothing, keeps both. Null when stopped or not finite.
     */
    private Expr refitSnap(Expr e, Dataset data, CompiledExpr c, double mse0, BooleanSupplier stop) {
        double[] theta = c.initialParameters();
        int n = theta.length;
        boolean[] set = new boolean[n];
        int nSet = 0;
        double var = Metrics.variance(data.y(), data.weights());
        LevenbergMarquardtFitter lm = new LevenbergMarquardtFitter(REFIT_ITERATIONS, 2 * REFIT_ITERATIONS);
        double limit = mse0;
        for (int k = 0; k < n; k++) {
            double rel = Math.max(relTol, noiseRise(noiseChi2 * chi2Ratio(nSet + 1), data.rows()));
            double kLimit = mse0 + Math.max(rel * mse0, absTol * var);
            for (double candidate : simpler(theta[k])) {
                if (candidate == theta[k]) {
                    break;
                }
                if (stop.getAsBoolean()) {
                    return null;
                }
                double[] trial = theta.clone();
                trial[k] = candidate;
                boolean[] fit = new boolean[n];
                boolean any = false;
                for (int j = 0; j < n; j++) {
                    fit[j] = !set[j] && j != k;
                    any |= fit[j];
                }
                double m;
                if (any) {
                    FitProblem p = new FitProblem(e, data, stop, trial, fit);
                    lm.optimize(p);
                    trial = p.best();
                    m = p.bestMse();
                } else {
                    m = mse(c.values(data.columns(), trial), data.y(), data.weights());
                }
                if (m <= kLimit) {
                    theta = trial;
                    set[k] = true;
                    nSet++;
                    limit = kLimit;
                    break;
                }
            }
        }
        if (nSet == 0) {
            return null;
        }
        Expr p = Simplifier.simplify(Constants.substitute(e, theta));
        double m = mse(dysymnet.expr.Evaluator.evaluate(p, data), data.y(), data.weights());
        return m <= limit ? p : null;
    }

    /**
     * Whether {@code a} reads simpler than {@code b}: fewer nodes, or as many and fewer significant digits in its
     * constants.
     */
    static boolean simpler(Expr a, Expr b) {
        int na = a.complexity();
        int nb = b.complexity();
        return na != nb ? na < nb : digits(a) < digits(b);
    }

    /** The significant digits of an expression's constants, summed. */
    static int digits(Expr e) {
        int d = 0;
        for (double v : Constants.values(e)) {
            d += v == 0 || !Double.isFinite(v) ? 1 : new BigDecimal(v).round(new MathContext(15))
                    .stripTrailingZeros().precision();
        }
        return d;
    }

    /**
     * The joint snap's level of "each constant to its nearest multiple or fraction of pi ({@link #piMultiples}) where
     * that is nearer than its 2 significant digits, else to those".
     */
    private static final int PI_LEVEL = -1;
    /**
     * The joint snap's levels in order: the nearest integers (0 significant digits), 1 significant digit, 2 digits
     * or pi ({@link #PI_LEVEL}), then 2 and 3 significant digits.
     */
    static final int[] JOINT_LEVELS = {0, 1, PI_LEVEL, 2, 3};

    /**
     * {@code v} at 2 significant digits, or at the nearer of its {@link #piMultiples} where that is nearer still
     * (12.566 to 4*pi, 0.49 to 0.49).
     */
    private static double nearestPi(double v) {
        double best = round(v, 2);
        for (double p : piMultiples(v)) {
            if (Math.abs(p - v) < Math.abs(best - v)) {
                best = p;
            }
        }
        return best;
    }

    /**
     * The 95% points of the chi-squared distribution with 1..10 degrees of freedom, divided by that of 1: the joint
     * snap of k constants may raise the sum of squares by {@code noiseChi2} times the k-th.
     */
    private static final double[] CHI2_95 = {3.841, 5.991, 7.815, 9.488, 11.070, 12.592, 14.067, 15.507, 16.919,
        18.307};

    /** The ratio of the chi-squared 95% point of k degrees of freedom to that of one (Wilson-Hilferty above 10). */
    public static double chi2Ratio(int k) {
        if (k <= CHI2_95.length) {
            return CHI2_95[k - 1] / CHI2_95[0];
        }
        double a = 2.0 / (9 * k);
        double q = k * Math.pow(1 - a + 1.645 * Math.sqrt(a), 3);
        return q / CHI2_95[0];
    }

    private static double round(double v, int digits) {
        return new BigDecimal(v).round(new MathContext(digits, RoundingMode.HALF_EVEN)).doubleValue();
    }

    /**
     * Candidate replacements of v, simplest first: 0, nearest integer, 1 significant digit, the nearest whole
     * multiple of pi and whole fraction of 1/pi ({@link #piMultiples}: 1/(2*pi) before 0.16), then 2..6
     * significant digits.
     */
    static double[] simpler(double v) {
        if (!Double.isFinite(v) || v == 0.0) {
            return new double[0];
        }
        double[] pi = piMultiples(v);
        double[] out = new double[8 + pi.length];
        out[0] = 0.0;
        out[1] = Math.rint(v);
        out[2] = round(v, 1);
        System.arraycopy(pi, 0, out, 3, pi.length);
        for (int d = 2; d <= 6; d++) {
            out[1 + pi.length + d] = round(v, d);
        }
        return out;
    }

    /**
     * The nearest whole multiple of pi ({@code 4*pi} for 12.566) and whole fraction of 1/pi ({@code 1/(2*pi)} for
     * 0.159), those that are not 0: the constants of physics' laws written with h rather than h-bar, or with
     * Coulomb's {@code 1/(4*pi*epsilon)}, which no number of digits short of the double's reaches.
     */
    public static double[] piMultiples(double v) {
        double multiple = Math.rint(v / Math.PI) * Math.PI;
        double n = Math.rint(1 / (v * Math.PI));
        double fraction = n == 0 ? 0 : 1 / (n * Math.PI);
        if (multiple == 0) {
            return fraction == 0 ? new double[0] : new double[]{fraction};
        }
        return fraction == 0 ? new double[]{multiple} : new double[]{multiple, fraction};
    }

    private static double mse(double[] p, double[] y, double[] w) {
        return Metrics.mse(p, y, w);
    }
}
