package dysymnet.bench;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import java.util.Arrays;
import org.hipparchus.exception.MathRuntimeException;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.SingularValueDecomposition;

/**
 * Ordinary least squares with an intercept, the straight line every black-box run is compared with: fitted on a
 * run's training rows (its noise included), scored on its test rows like the search's formula.
 *
 * <p>The columns are centred and scaled to unit root mean square before the solve (so that the rank decision does not
 * depend on the features' units), columns constant on the training rows get the coefficient 0, and the solve is
 * Hipparchus' {@link SingularValueDecomposition} pseudo-inverse: rank-deficient designs (collinear columns, fewer rows
 * than features) get the minimum-norm least-squares solution instead of an error. Sample weights of the training set,
 * when it has any, make it weighted least squares (the bench's suites have none).
 */
final class Ols {
    /** A column whose spread is below this fraction of its magnitude is taken as constant (only rounding left). */
    private static final double CONSTANT = 1e-12;

    /** Test R^2 and MSE of the least-squares line; NaN and NaN when it could not be fitted. */
    record Score(double r2, double mse) {
        static final Score NONE = new Score(Double.NaN, Double.NaN);
    }

    private Ols() {
    }

    /**
     * The least-squares coefficients: the intercept, then one per feature of {@code train}; null when the solve fails
     * or gives a non-finite coefficient.
     */
    static double[] fit(Dataset train) {
        int n = train.rows();
        int d = train.features();
        if (n == 0) {
            return null;
        }
        double[] y = train.y();
        double[] w = train.weights();
        double[] sw = new double[n];
        for (int i = 0; i < n; i++) {
            sw[i] = w == null ? 1.0 : Math.sqrt(w[i]);
        }
        double yMean = Metrics.mean(y, w);
        double[] xMean = new double[d];
        double[] xScale = new double[d];
        int[] kept = new int[d];
        int k = 0;
        for (int j = 0; j < d; j++) {
            double[] x = train.column(j);
            xMean[j] = Metrics.mean(x, w);
            double spread = Math.sqrt(Metrics.variance(x, w));
            double magnitude = 0.0;
            for (double v : x) {
                magnitude = Math.max(magnitude, Math.abs(v));
            }
            xScale[j] = spread;
            if (spread > CONSTANT * magnitude && Double.isFinite(spread)) {
                kept[k++] = j;
            }
        }
        double[] coef = new double[d + 1];
        if (k > 0) {
            double[][] a = new double[n][k];
            double[] b = new double[n];
            for (int c = 0; c < k; c++) {
                int j = kept[c];
                double[] x = train.column(j);
                for (int i = 0; i < n; i++) {
                    a[i][c] = sw[i] * ((x[i] - xMean[j]) / xScale[j]);
                }
            }
            for (int i = 0; i < n; i++) {
                b[i] = sw[i] * (y[i] - yMean);
            }
            double[] beta;
            try {
                beta = new SingularValueDecomposition(new Array2DRowRealMatrix(a, false)).getSolver()
                        .solve(new ArrayRealVector(b, false)).toArray();
            } catch (MathRuntimeException e) {
                return null;
            }
            for (int c = 0; c < k; c++) {
                coef[kept[c] + 1] = beta[c] / xScale[kept[c]];
            }
        }
        double intercept = yMean;
        for (int j = 0; j < d; j++) {
            intercept -= coef[j + 1] * xMean[j];
        }
        coef[0] = intercept;
        for (double c : coef) {
            if (!Double.isFinite(c)) {
                return null;
            }
        }
        return coef;
    }

    /** The line's predictions on {@code data}'s rows. */
    static double[] predict(double[] coef, Dataset data) {
        if (coef.length != data.features() + 1) {
            throw new IllegalArgumentException("got " + coef.length + " coefficients for " + data.features()
                    + " features (the intercept first)");
        }
        double[] p = new double[data.rows()];
        Arrays.fill(p, coef[0]);
        for (int j = 0; j < data.features(); j++) {
            double[] x = data.column(j);
            double c = coef[j + 1];
            for (int i = 0; i < p.length; i++) {
                p[i] += c * x[i];
            }
        }
        return p;
    }

    /**
     * The line fitted on {@code train}, scored on {@code test} with the measures of the search's test score
     * ({@link Metrics#r2(double[], double[])}, {@link Metrics#mse(double[], double[])}: unweighted, as the runner
     * scores the formula); {@link Score#NONE} when it cannot be fitted or there are no test rows. Never throws: the
     * line is a reference, and its failure must not fail the run it is recorded with.
     */
    static Score score(Dataset train, Dataset test) {
        if (test.rows() == 0 || test.features() != train.features()) {
            return Score.NONE;
        }
        try {
            double[] coef = fit(train);
            if (coef == null) {
                return Score.NONE;
            }
            double[] pred = predict(coef, test);
            return new Score(Metrics.r2(pred, test.y()), Metrics.mse(pred, test.y()));
        } catch (RuntimeException e) {
            return Score.NONE;
        }
    }
}
