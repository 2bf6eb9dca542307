package dysymnet.fit;

import dysymnet.data.Metrics;
import dysymnet.data.Dataset;
import dysymnet.expr.CompiledExpr;
import dysymnet.expr.Constants;
import dysymnet.expr.Expr;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * One constant-fitting problem: the compiled expression over the data, evaluation of predictions and Jacobian at
 * a parameter vector (cached for the last one), and the best parameters seen so far. Shared by the fitters so
 * that the contract "never worse than the input" is enforced in one place.
 */
final class FitProblem {
    private final Expr expr;
    private final CompiledExpr compiled;
    private final double[][] columns;
    private final double[] y;
    /** The data's weights (normalised to mean 1), null when unweighted: the MSE is then the weighted one. */
    private final double[] w;
    private final int rows;
    private final int params;
    /** The full parameter vector's entries this problem fits, in order; null: all of them. */
    private final int[] free;
    /** The full parameter vector at the start: the values of the entries not fitted. */
    private final double[] start;
    private final double[] predictions;
    /** The Jacobian of every parameter (the fitted ones' rows are {@link #jacobian}'s). */
    private final double[][] fullJacobian;
    private final double[][] jacobian;
    private final double initialMse;
    private final boolean tooLarge;
    private final BooleanSupplier stop;
    private double[] lastTheta;
    private double lastMse;
    private double bestMse;
    private double[] bestTheta;
    private int evaluations;

    FitProblem(Expr e, Dataset d) {
        this(e, d, () -> false);
    }

    /**
     * @param stop asked before every evaluation but the first: once true, {@link #evaluate} throws {@link Stopped},
     *             which the fitters catch to end with the best point seen
     */
    FitProblem(Expr e, Dataset d, BooleanSupplier stop) {
        this(e, d, stop, null, null);
    }

    /**
     * The problem of fitting only some of the constants of {@code e}, from other values than its own.
     *
     * @param stop  as in {@link #FitProblem(Expr, Dataset, BooleanSupplier)}
     * @param start the values of all of {@code e}'s refinable constants ({@link Constants} order) to start from; null:
     *              its own
     * @param fit   which of them are fitted (the others keep their {@code start} values); null: all
     */
    FitProblem(Expr e, Dataset d, BooleanSupplier stop, double[] start, boolean[] fit) {
        Objects.requireNonNull(e, "e");
        Objects.requireNonNull(d, "d");
        this.stop = Objects.requireNonNull(stop, "stop");
        this.expr = e;
        this.compiled = CompiledExpr.parameterized(e, d.names(), d.rows());
        this.columns = d.columns();
        this.y = d.y();
        this.w = d.weights();
        this.rows = d.rows();
        int all = compiled.parameterCount();
        this.start = start == null ? compiled.initialParameters() : start.clone();
        if (this.start.length != all || fit != null && fit.length != all) {
            throw new IllegalArgumentException("expected " + all + " constants");
        }
        if (fit == null) {
            this.free = null;
            this.params = all;
        } else {
            this.free = java.util.stream.IntStream.range(0, all).filter(k -> fit[k]).toArray();
            this.params = free.length;
        }
        this.tooLarge = (long) rows * params > ConstantFitter.MAX_JACOBIAN_ENTRIES;
        this.predictions = new double[rows];
        this.fullJacobian = tooLarge ? null : new double[all][];
        this.jacobian = tooLarge ? null : new double[params][];
        if (!tooLarge) {
            for (int k = 0; k < params; k++) {
                jacobian[k] = new double[rows];
                fullJacobian[free == null ? k : free[k]] = jacobian[k];
            }
            for (int k = 0; k < all; k++) {
                if (fullJacobian[k] == null) {
                    fullJacobian[k] = new double[rows];
                }
            }
        }
        double[] theta0 = initialParameters();
        this.initialMse = Metrics.mse(compiled.values(columns, this.start), y, w);
        this.evaluations = 1;
        this.bestMse = initialMse;
        this.bestTheta = theta0;
    }

    /**
     * True when there is nothing to fit (no refinable constant, or already exact) or the fit is not run: its
     * Jacobian would exceed {@link ConstantFitter#MAX_JACOBIAN_ENTRIES}.
     */
    boolean isSettled() {
        return params == 0 || initialMse == 0.0 || tooLarge;
    }

    int parameters() {
        return params;
    }

    int rows() {
        return rows;
    }

    double[] y() {
        return y;
    }

    /** The rows' weights, null when unweighted. */
    double[] weights() {
        return w;
    }

    /** The fitted constants' values at the start. */
    double[] initialParameters() {
        if (free == null) {
            return start.clone();
        }
        double[] t = new double[params];
        for (int k = 0; k < params; k++) {
            t[k] = start[free[k]];
        }
        return t;
    }

    /** All the constants' values with the fitted ones at {@code theta}. */
    private double[] full(double[] theta) {
        if (free == null) {
            return theta;
        }
        double[] t = start.clone();
        for (int k = 0; k < params; k++) {
            t[free[k]] = theta[k];
        }
        return t;
    }

    /** All the constants' values at the best point seen (the start's when none was better). */
    double[] best() {
        return full(bestTheta).clone();
    }

    /** The (weighted) MSE at the best point seen. */
    double bestMse() {
        return bestMse;
    }

    double initialMse() {
        return initialMse;
    }

    /**
     * Evaluates predictions and Jacobian at {@code theta} (unless it is the last point evaluated), records it if
     * it is the best so far, and returns its (weighted, with weights) MSE ({@code +Infinity} if not finite).
     */
    double evaluate(double[] theta) {
        if (lastTheta != null && Arrays.equals(theta, lastTheta)) {
            return lastMse;
        }
        if (stop.getAsBoolean()) {
            throw new Stopped();
        }
        evaluations++;
        compiled.valuesAndJacobian(columns, full(theta), predictions, fullJacobian);
        double mse = Metrics.mse(predictions, y, w);
        lastTheta = theta.clone();
        lastMse = mse;
        if (mse < bestMse) {
            bestMse = mse;
            bestTheta = theta.clone();
        }
        return mse;
    }

    /** Thrown by {@link #evaluate} once the stop supplier said so; carries no stack trace. */
    static final class Stopped extends RuntimeException {
        Stopped() {
            super("stopped", null, false, false);
        }
    }

    /** Predictions at the last point evaluated (shared buffer). */
    double[] predictions() {
        return predictions;
    }

    /** {@code jacobian()[k][i] = d prediction_i / d theta_k} at the last point evaluated (shared buffers). */
    double[][] jacobian() {
        return jacobian;
    }

    /** The best expression seen: the input unless some point was strictly better. */
    FitResult result() {
        if (bestMse < initialMse) {
            return new FitResult(Constants.substitute(expr, full(bestTheta)), bestMse, evaluations, true);
        }
        return new FitResult(expr, initialMse, evaluations, false);
    }
}
