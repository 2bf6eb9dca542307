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
 * the simplest of 0, its nearest integer, and its value rounded to 1, 2, ... 6 significant digits that keeps the
 * training MSE within {@code mse + max(relTol * mse, absTol * var(y))}; the formula is then simplified, so a
 * coefficient snapped to 0 removes its term. A refined formula therefore reads {@code x^2 + x} rather than
 * {@code 1.0000000003*x^2 + 0.99999999*x - 1.7e-17}, and its error stays what the refiner reached.
 *
 * <p>Constants are tried in the fixed pre-order of {@link Constants}, each against the formula with the earlier
 * snaps applied, so the result is deterministic. No constant is re-fitted: a snap is accepted only if the others,
 * as they are, still fit.
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

    private final double relTol;
    private final double absTol;

    public Polisher() {
        this(DEFAULT_REL_TOL, DEFAULT_ABS_TOL);
    }

    /**
     * @param relTol allowed relative increase of the MSE, at least 0
     * @param absTol allowed increase of the MSE relative to var(y), at least 0
     */
    public Polisher(double relTol, double absTol) {
        if (!(relTol >= 0) || !(absTol >= 0)) {
            throw new IllegalArgumentException("tolerances must be non-negative, got " + relTol + " and " + absTol);
        }
        this.relTol = relTol;
        this.absTol = absTol;
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
        double limit = mse + Math.max(relTol * mse, absTol * Metrics.variance(y, w));
        boolean changed = false;
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
        if (!changed) {
            return e;
        }
        Expr p = Simplifier.simplify(Constants.substitute(e, theta));
        // simplification never changes values beyond round-off, but check rather than trust
        double m = mse(dysymnet.expr.Evaluator.evaluate(p, data), y, w);
        return m <= limit ? p : e;
    }

    /** Candidate replacements of v, simplest first: 0, nearest integer, then 1..6 significant digits. */
    static double[] simpler(double v) {
        if (!Double.isFinite(v) || v == 0.0) {
            return new double[0];
        }
        double[] out = new double[8];
        out[0] = 0.0;
        out[1] = Math.rint(v);
        for (int d = 1; d <= 6; d++) {
            out[1 + d] = new BigDecimal(v).round(new MathContext(d, RoundingMode.HALF_EVEN)).doubleValue();
        }
        return out;
    }

    private static double mse(double[] p, double[] y, double[] w) {
        return Metrics.mse(p, y, w);
    }
}
