package dysymnet.search;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The candidates that no other candidate beats in both complexity and training error, ordered by complexity, and
 * the rule that picks one model from them.
 *
 * <p>Selection rule: let {@code m} be the lowest training MSE on the front. A candidate is acceptable when its MSE
 * is at most {@code max(factor * m, m + floor * var(y))}; among the acceptable ones the one with the lowest
 * complexity is chosen. The relative floor makes every candidate that fits to within round-off count as exact, so
 * of several exact formulas the simplest is returned; the factor (default 1.5) lets a simpler formula win over a
 * more complex one that fits only slightly better, which in noisy data is usually over-fitting. With a complexity
 * limit, only candidates within it are considered (when there are any): a formula of thousands of nodes, which deep
 * networks produce, is no answer for a person even when it fits best.
 */
public final class ParetoFront {
    /** Default factor on the lowest MSE within which a simpler candidate is preferred. */
    public static final double DEFAULT_FACTOR = 1.5;
    /** Default floor, relative to the variance of the target, below which errors count as equal. */
    public static final double DEFAULT_FLOOR = 1e-16;

    private final List<Candidate> front;

    private ParetoFront(List<Candidate> front) {
        this.front = front;
    }

    /** The front of the given candidates (non-finite MSEs are left out; equal pairs keep the earliest). */
    public static ParetoFront of(List<Candidate> candidates) {
        List<Candidate> sorted = new ArrayList<>();
        for (Candidate c : candidates) {
            if (Double.isFinite(c.mse())) {
                sorted.add(c);
            }
        }
        // stable sort keeps the earliest of equal candidates first
        sorted.sort(Comparator.comparingInt(Candidate::complexity).thenComparingDouble(Candidate::mse));
        List<Candidate> front = new ArrayList<>();
        double bestMse = Double.POSITIVE_INFINITY;
        for (Candidate c : sorted) {
            if (c.mse() < bestMse) {
                front.add(c);
                bestMse = c.mse();
            }
        }
        return new ParetoFront(Collections.unmodifiableList(front));
    }

    /** The candidates of the front, by increasing complexity and so by decreasing MSE. */
    public List<Candidate> candidates() {
        return front;
    }

    public boolean isEmpty() {
        return front.isEmpty();
    }

    /** The candidate with the lowest MSE, or null for an empty front. */
    public Candidate mostAccurate() {
        return front.isEmpty() ? null : front.get(front.size() - 1);
    }

    /**
     * The chosen model by the search's selection settings (with the default floor); see the class comment. Null for
     * an empty front.
     *
     * @param targetVariance variance of the training target, scaling the floor
     */
    public Candidate choose(double targetVariance, Selection selection) {
        return choose(targetVariance, selection.factor(), DEFAULT_FLOOR, selection.maxComplexity(), 0);
    }

    /**
     * The chosen model as by {@link #choose(double, Selection)}, where moreover every candidate whose training MSE
     * is at most {@code errorLevel} (the error the data's noise explains) counts as acceptable.
     */
    public Candidate choose(double targetVariance, Selection selection, double errorLevel) {
        return choose(targetVariance, selection.factor(), DEFAULT_FLOOR, selection.maxComplexity(), errorLevel);
    }

    /** {@link #choose(double, double, double, int, double)} without an error level. */
    public Candidate choose(double targetVariance, double factor, double floor, int maxComplexity) {
        return choose(targetVariance, factor, floor, maxComplexity, 0);
    }

    /**
     * The chosen model among the candidates of at most {@code maxComplexity} nodes (all, if none is that small).
     *
     * @param targetVariance variance of the training target, scaling the floor
     * @param factor         at least 1
     * @param floor          relative floor, at least 0
     * @param maxComplexity  at least 1
     * @param errorLevel     an MSE every candidate at or below which is acceptable (0 for none)
     */
    public Candidate choose(double targetVariance, double factor, double floor, int maxComplexity,
                            double errorLevel) {
        if (maxComplexity < 1) {
            throw new IllegalArgumentException("maxComplexity must be at least 1, got " + maxComplexity);
        }
        if (!(factor >= 1.0)) {
            throw new IllegalArgumentException("factor must be at least 1, got " + factor);
        }
        if (!(floor >= 0.0)) {
            throw new IllegalArgumentException("floor must be at least 0, got " + floor);
        }
        if (!(errorLevel >= 0)) {
            throw new IllegalArgumentException("errorLevel must be at least 0, got " + errorLevel);
        }
        if (front.isEmpty()) {
            return null;
        }
        List<Candidate> pool = new ArrayList<>();
        for (Candidate c : front) {
            if (c.complexity() <= maxComplexity) {
                pool.add(c);
            }
        }
        if (pool.isEmpty()) {
            pool = front;
        }
        double m = pool.get(pool.size() - 1).mse();
        double scale = Double.isFinite(targetVariance) && targetVariance > 0 ? targetVariance : 1.0;
        double limit = Math.max(Math.max(factor * m, m + floor * scale), errorLevel);
        for (Candidate c : pool) {
            if (c.mse() <= limit) {
                return c;
            }
        }
        return pool.get(pool.size() - 1);
    }
}
