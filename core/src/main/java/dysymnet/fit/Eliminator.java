package dysymnet.fit;

import dysymnet.data.Metrics;
import dysymnet.data.Dataset;
import dysymnet.expr.Constants;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Backward elimination of constants with refitting: from a fitted formula, repeatedly removes the one constant
 * whose removal (setting it to 0, simplifying, refitting the remaining constants) costs the least error, as long as
 * the error stays within {@code max(factor * current, floor * var(y))}. Every accepted step gives a formula strictly
 * smaller than the one before; the path of these formulas is returned, for the search's Pareto front to choose
 * from.
 *
 * <p>Why: an over-parameterised formula (the read-off of a dense network) often fits as well as the true law, and the
 * L0.5 penalty of stage 2, being a gradient method, may prune it into a wrong sparse structure. Refitting after
 * each removal lets the surviving constants take over what the removed one did, so the path can reach the sparse
 * law (measurements: docs/method.md, and docs/archive/2026-11-benchmark-log.md).
 *
 * <p>Cost: each round refits once per constant, so a formula with k constants costs up to about k^2/2 fits; the
 * caller bounds k ({@link #DEFAULT_MAX_CONSTANTS}). To keep that affordable, a round <em>screens</em> the removals
 * with a quick fit ({@link ConstantFitter#quick}, {@value #DEFAULT_SCREEN_ITERATIONS} iterations by default) and
 * fits fully, from the screened constants, only the {@value #DEFAULT_FINALISTS} removals the screen ranks best; the
 * best of those full fits is the round's choice. (In a profile of network-only Nguyen searches, elimination's full
 * fits of every removal took 23% of the time, three quarters of it in LM's QR decompositions: most removals leave a
 * wrong formula whose fit runs to the iteration bound.) Deterministic: ties keep the earliest constant in pre-order.
 *
 * <p>With sample weights ({@link Dataset#weights()}) every MSE, refit and variance here is the weighted one.
 */
public final class Eliminator {
    /** Default factor by which one removal may raise the MSE. */
    public static final double DEFAULT_FACTOR = 1.5;
    /** Default floor, relative to var(y), below which any MSE counts as exact (round-off of an exact fit). */
    public static final double DEFAULT_FLOOR = 1e-10;
    /** Formulas with more refinable constants than this are not eliminated from (cost bound). */
    public static final int DEFAULT_MAX_CONSTANTS = 16;
    /** Default iteration bound of the quick fits that screen a round's removals. */
    public static final int DEFAULT_SCREEN_ITERATIONS = 10;
    /** Default number of screened removals fitted fully in a round. */
    public static final int DEFAULT_FINALISTS = 2;

    private final ConstantFitter fitter;
    private final ConstantFitter screen;
    private final int finalists;
    private final double factor;
    private final double floor;
    private final int maxConstants;

    /** An eliminator with the default factor, floor and bound. */
    public Eliminator(ConstantFitter fitter) {
        this(fitter, DEFAULT_FACTOR, DEFAULT_FLOOR, DEFAULT_MAX_CONSTANTS);
    }

    /**
     * @param fitter       refits the remaining constants after each removal
     * @param factor       a removal is accepted when the MSE stays within {@code factor} times the current one, at
     *                     least 1
     * @param floor        ... or within {@code floor * var(y)}, at least 0
     * @param maxConstants formulas with more refinable constants give an empty path, at least 1
     */
    public Eliminator(ConstantFitter fitter, double factor, double floor, int maxConstants) {
        this(fitter, factor, floor, maxConstants, DEFAULT_SCREEN_ITERATIONS, DEFAULT_FINALISTS);
    }

    /**
     * @param screenIterations iteration bound of the quick fits that rank a round's removals ({@link
     *                         ConstantFitter#quick}), at least 1
     * @param finalists        how many of the best-ranked removals are then fitted fully, at least 1 (a round with
     *                         no more removals than this fits them all fully, unscreened)
     */
    public Eliminator(ConstantFitter fitter, double factor, double floor, int maxConstants, int screenIterations,
                      int finalists) {
        this.fitter = Objects.requireNonNull(fitter, "fitter");
        if (finalists < 1) {
            throw new IllegalArgumentException("finalists must be at least 1, got " + finalists);
        }
        this.screen = fitter.quick(screenIterations);
        this.finalists = finalists;
        if (!(factor >= 1.0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("factor must be a finite number of at least 1, got " + factor);
        }
        if (!(floor >= 0.0) || Double.isInfinite(floor)) {
            throw new IllegalArgumentException("floor must be a finite non-negative number, got " + floor);
        }
        if (maxConstants < 1) {
            throw new IllegalArgumentException("maxConstants must be at least 1, got " + maxConstants);
        }
        this.factor = factor;
        this.floor = floor;
        this.maxConstants = maxConstants;
    }

    /** The bound on the number of refinable constants of a starting formula. */
    public int maxConstants() {
        return maxConstants;
    }

    /**
     * The elimination path from {@code start}, whose constants should already be fitted to {@code data}: the
     * formulas after each accepted removal, simplified and refitted, each smaller than the one before. Empty when
     * no removal is acceptable, when {@code start} has more than {@link #maxConstants()} constants, or when its MSE
     * is not finite.
     */
    public List<Expr> path(Expr start, Dataset data) {
        return path(start, data, () -> false);
    }

    /**
     * As {@link #path(Expr, Dataset)}, but the path ends early, with what it has, once {@code stop} says so
     * (checked before every refit, and by the fitter within it): a search past its time limit or cancelled does not
     * wait for it.
     */
    public List<Expr> path(Expr start, Dataset data, BooleanSupplier stop) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(stop, "stop");
        List<Expr> path = new ArrayList<>();
        if (Constants.count(start) > maxConstants) {
            return path;
        }
        double current = mse(start, data);
        if (!Double.isFinite(current)) {
            return path;
        }
        double limitFloor = floor * Metrics.variance(data);
        Set<Expr> tried = new HashSet<>();
        Expr e = start;
        while (true) {
            double[] values = Constants.values(e);
            List<Expr> removals = new ArrayList<>();
            for (int k = 0; k < values.length; k++) {
                double[] v = values.clone();
                v[k] = 0.0;
                Expr reduced = Simplifier.simplify(Constants.substitute(e, v));
                if (reduced.complexity() < e.complexity() && tried.add(reduced)) {
                    removals.add(reduced);
                }
            }
            List<Expr> finals = removals;
            if (removals.size() > finalists && screen != fitter) {
                // rank by a quick fit; the stable sort keeps the earliest of equals first
                List<Trial> screened = new ArrayList<>();
                for (Expr reduced : removals) {
                    if (stop.getAsBoolean()) {
                        return path;
                    }
                    Expr quick = Simplifier.simplify(screen.fit(reduced, data, stop).expression());
                    if (quick.complexity() < e.complexity()) {
                        screened.add(new Trial(quick, mse(quick, data)));
                    }
                }
                screened.sort(java.util.Comparator.comparingDouble(Trial::mse));
                finals = new ArrayList<>();
                for (int i = 0; i < Math.min(finalists, screened.size()); i++) {
                    finals.add(screened.get(i).expr());
                }
            }
            Expr best = null;
            double bestMse = Double.POSITIVE_INFINITY;
            for (Expr reduced : finals) {
                if (stop.getAsBoolean()) {
                    return path;
                }
                Expr refit = Simplifier.simplify(fitter.fit(reduced, data, stop).expression());
                double m = mse(refit, data);
                if (m < bestMse && refit.complexity() < e.complexity()) {
                    bestMse = m;
                    best = refit;
                }
            }
            if (best == null || !(bestMse <= Math.max(factor * current, limitFloor))) {
                return path;
            }
            path.add(best);
            e = best;
            current = bestMse;
        }
    }

    /** A screened removal: its formula after the quick fit, and that fit's MSE. */
    private record Trial(Expr expr, double mse) {
    }

    private static double mse(Expr e, Dataset d) {
        double m = Metrics.mse(Evaluator.evaluate(e, d), d);
        return Double.isFinite(m) ? m : Double.POSITIVE_INFINITY;
    }
}
