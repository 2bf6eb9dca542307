package dysymnet.fit;

import dysymnet.data.Dataset;
import dysymnet.expr.Expr;
import java.util.function.BooleanSupplier;
import org.hipparchus.exception.MathRuntimeException;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.RealVector;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresBuilder;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresProblem;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LevenbergMarquardtOptimizer;
import org.hipparchus.optim.nonlinear.vector.leastsquares.MultivariateJacobianFunction;
import org.hipparchus.util.Pair;

/**
 * Constant refinement by Levenberg-Marquardt (Hipparchus) on the residuals, with the analytic Jacobian of
 * {@link dysymnet.expr.CompiledExpr}. The default fitter: the objective is a sum of squares, which is what LM is
 * made for. With sample weights ({@link Dataset#weights()}) each residual and Jacobian row is multiplied by
 * {@code sqrt(w_i)}: LM then minimises {@code sum w_i r_i^2}, the weighted MSE.
 *
 * <p>Non-finite predictions at a trial point are shown to the optimiser as a huge but finite residual
 * ({@value #PENALTY}) with a zero Jacobian row, so it rejects the step and shrinks its trust region instead of
 * failing. Running out of evaluations or iterations, or any other Hipparchus failure, ends the fit with the best
 * point seen.
 */
public final class LevenbergMarquardtFitter implements ConstantFitter {
    /** Default bound on LM iterations. */
    public static final int DEFAULT_MAX_ITERATIONS = 100;
    /** Default bound on evaluations of the expression (each gives values and Jacobian). */
    public static final int DEFAULT_MAX_EVALUATIONS = 200;
    /** Largest residual magnitude shown to the optimiser; its square summed over rows stays finite. */
    static final double PENALTY = 1e100;

    private final int maxIterations;
    private final int maxEvaluations;

    /** A fitter with {@link #DEFAULT_MAX_ITERATIONS} and {@link #DEFAULT_MAX_EVALUATIONS}. */
    public LevenbergMarquardtFitter() {
        this(DEFAULT_MAX_ITERATIONS, DEFAULT_MAX_EVALUATIONS);
    }

    /**
     * @param maxIterations  bound on LM iterations, at least 1
     * @param maxEvaluations bound on evaluations of the expression, at least 1
     */
    public LevenbergMarquardtFitter(int maxIterations, int maxEvaluations) {
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be at least 1, got " + maxIterations);
        }
        if (maxEvaluations < 1) {
            throw new IllegalArgumentException("maxEvaluations must be at least 1, got " + maxEvaluations);
        }
        this.maxIterations = maxIterations;
        this.maxEvaluations = maxEvaluations;
    }

    /** The same fitter bounded to {@code iterations} iterations (and twice as many evaluations). */
    @Override
    public ConstantFitter quick(int iterations) {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1, got " + iterations);
        }
        return iterations >= maxIterations ? this
                : new LevenbergMarquardtFitter(iterations, Math.min(maxEvaluations, 2 * iterations));
    }

    @Override
    public FitResult fit(Expr e, Dataset d) {
        return fit(e, d, () -> false);
    }

    @Override
    public FitResult fit(Expr e, Dataset d, BooleanSupplier stop) {
        FitProblem p = new FitProblem(e, d, stop);
        optimize(p);
        return p.result();
    }

    /** Runs LM on {@code p} (nothing when it is settled); its best point is then {@code p}'s. */
    void optimize(FitProblem p) {
        if (p.isSettled()) {
            return;
        }
        int n = p.rows();
        int k = p.parameters();
        double[] w = p.weights();
        // weighted least squares: every row's value, target and Jacobian row times sqrt(w), so that the sum of squares
        // LM minimises is sum w r^2
        double[] sw = w == null ? null : new double[n];
        double[] y = p.y();
        if (w != null) {
            y = new double[n];
            for (int i = 0; i < n; i++) {
                sw[i] = Math.sqrt(w[i]);
                y[i] = sw[i] * p.y()[i];
            }
        }
        double[] target = y;
        MultivariateJacobianFunction model = point -> {
            p.evaluate(point.toArray());
            double[] pred = p.predictions();
            double[][] jac = p.jacobian();
            double[] v = new double[n];
            double[][] j = new double[n][k];
            for (int i = 0; i < n; i++) {
                double s = sw == null ? 1.0 : sw[i];
                double value = sw == null ? pred[i] : s * pred[i];
                double r = value - target[i];
                if (Double.isFinite(r) && Math.abs(r) <= PENALTY) {
                    v[i] = value;
                    for (int c = 0; c < k; c++) {
                        double g = sw == null ? jac[c][i] : s * jac[c][i];
                        j[i][c] = Double.isFinite(g) ? g : 0.0;
                    }
                } else {
                    v[i] = target[i] + (r < 0.0 ? -PENALTY : PENALTY);
                }
            }
            RealVector values = new ArrayRealVector(v, false);
            RealMatrix jacobian = new Array2DRowRealMatrix(j, false);
            return new Pair<>(values, jacobian);
        };
        LeastSquaresProblem problem = new LeastSquaresBuilder()
                .start(p.initialParameters())
                .model(model)
                .target(target)
                .lazyEvaluation(false)
                .maxIterations(maxIterations)
                .maxEvaluations(maxEvaluations)
                .build();
        try {
            new LevenbergMarquardtOptimizer().optimize(problem);
        } catch (MathRuntimeException | FitProblem.Stopped ex) {
            // Out of evaluations or iterations, a numerical failure, or stopped: the best point seen is kept.
        }
    }
}
