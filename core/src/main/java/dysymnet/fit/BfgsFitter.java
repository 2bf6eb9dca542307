package dysymnet.fit;

import dysymnet.data.Dataset;
import dysymnet.expr.Expr;
import java.util.function.BooleanSupplier;
import org.ddogleg.optimization.FactoryOptimization;
import org.ddogleg.optimization.UnconstrainedMinimization;
import org.ddogleg.optimization.functions.FunctionNtoN;
import org.ddogleg.optimization.functions.FunctionNtoS;

/**
 * Constant refinement by BFGS (DDogleg quasi-Newton with a line search) on the mean squared error, with the
 * analytic gradient {@code 2/n * sum_i r_i * d prediction_i / d theta}. This is the paper's optimiser; LM is the
 * default. With sample weights ({@link Dataset#weights()}) the objective is the weighted MSE
 * {@code sum w_i r_i^2 / sum w_i}, and its gradient {@code 2 / sum w * sum_i w_i r_i * d prediction_i / d theta}.
 *
 * <p>A non-finite MSE at a trial point is reported as {@value LevenbergMarquardtFitter#PENALTY} with a zero
 * gradient, so the line search backs off. The fit ends with the best point seen.
 */
public final class BfgsFitter implements ConstantFitter {
    /** Default bound on BFGS iterations (each runs a line search of a few evaluations). */
    public static final int DEFAULT_MAX_ITERATIONS = 200;
    /** Default relative tolerance on the change of the MSE between iterations. */
    public static final double DEFAULT_FTOL = 1e-14;
    /** Default absolute tolerance on the gradient norm. */
    public static final double DEFAULT_GTOL = 1e-16;

    private final int maxIterations;
    private final double ftol;
    private final double gtol;

    /** A fitter with the default settings. */
    public BfgsFitter() {
        this(DEFAULT_MAX_ITERATIONS, DEFAULT_FTOL, DEFAULT_GTOL);
    }

    /**
     * @param maxIterations bound on iterations, at least 1
     * @param ftol          relative tolerance on the change of the MSE, in [0, 1)
     * @param gtol          absolute tolerance on the gradient norm, at least 0
     */
    public BfgsFitter(int maxIterations, double ftol, double gtol) {
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be at least 1, got " + maxIterations);
        }
        if (!(ftol >= 0.0 && ftol < 1.0)) {
            throw new IllegalArgumentException("ftol must be in [0, 1), got " + ftol);
        }
        if (!(gtol >= 0.0)) {
            throw new IllegalArgumentException("gtol must not be negative, got " + gtol);
        }
        this.maxIterations = maxIterations;
        this.ftol = ftol;
        this.gtol = gtol;
    }

    /** The same fitter bounded to {@code iterations} iterations. */
    @Override
    public ConstantFitter quick(int iterations) {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1, got " + iterations);
        }
        return iterations >= maxIterations ? this : new BfgsFitter(iterations, ftol, gtol);
    }

    @Override
    public FitResult fit(Expr e, Dataset d) {
        return fit(e, d, () -> false);
    }

    @Override
    public FitResult fit(Expr e, Dataset d, BooleanSupplier stop) {
        FitProblem p = new FitProblem(e, d, stop);
        if (p.isSettled()) {
            return p.result();
        }
        int n = p.rows();
        int k = p.parameters();
        double[] y = p.y();
        double[] w = p.weights();
        double weightSum = 0.0;
        if (w != null) {
            for (double v : w) {
                weightSum += v;
            }
        }
        double sumOfWeights = weightSum;
        FunctionNtoS objective = new FunctionNtoS() {
            @Override
            public int getNumOfInputsN() {
                return k;
            }

            @Override
            public double process(double[] theta) {
                double mse = p.evaluate(theta);
                return Double.isFinite(mse) ? mse : LevenbergMarquardtFitter.PENALTY;
            }
        };
        FunctionNtoN gradient = new FunctionNtoN() {
            @Override
            public int getN() {
                return k;
            }

            @Override
            public void process(double[] theta, double[] grad) {
                double mse = p.evaluate(theta);
                double[] pred = p.predictions();
                double[][] jac = p.jacobian();
                for (int c = 0; c < k; c++) {
                    double s = 0.0;
                    if (Double.isFinite(mse)) {
                        double[] col = jac[c];
                        if (w == null) {
                            for (int i = 0; i < n; i++) {
                                s += (pred[i] - y[i]) * col[i];
                            }
                            s *= 2.0 / n;
                        } else {
                            for (int i = 0; i < n; i++) {
                                s += w[i] * (pred[i] - y[i]) * col[i];
                            }
                            s *= 2.0 / sumOfWeights;
                        }
                    }
                    grad[c] = Double.isFinite(s) ? s : 0.0;
                }
            }
        };
        UnconstrainedMinimization optimizer = FactoryOptimization.quasiNewtonBfgs(null);
        optimizer.setFunction(objective, gradient, 0.0);
        try {
            optimizer.initialize(p.initialParameters(), ftol, gtol);
            for (int it = 0; it < maxIterations; it++) {
                if (optimizer.iterate()) {
                    break;
                }
            }
        } catch (RuntimeException ex) {
            // DDogleg reports a failed line search (non-descent direction, step out of bounds) with
            // IllegalArgumentException or a plain RuntimeException, besides OptimizationException; the problem
            // throws FitProblem.Stopped once stopped: all end the fit, and the best point seen is kept.
        }
        return p.result();
    }
}
