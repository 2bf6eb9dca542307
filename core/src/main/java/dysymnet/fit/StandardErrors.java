package dysymnet.fit;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.CompiledExpr;
import dysymnet.expr.Constants;
import dysymnet.expr.Expr;
import java.util.Arrays;
import java.util.Objects;
import org.hipparchus.linear.MatrixUtils;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.SingularValueDecomposition;

/**
 * How sure a fitted formula's constants are: each refinable constant's standard error (in the order of
 * {@link Constants#values}, left to right in the formula) from the linearised least-squares fit at the constants as
 * they are, {@code cov = s^2 (J^T W J)^-1}, with {@code J} the Jacobian of the predictions with respect to the
 * constants, {@code W} the rows' weights (identity without) and {@code s^2 = sum w r^2 / (n - k)} the residual
 * variance on {@code n - k} degrees of freedom ({@code n} rows, {@code k} constants). That is the textbook error of
 * nonlinear least squares, valid when the residual is independent noise and the constants are near an optimum (the
 * chosen formulas are refined and then rounded by the polisher only within the noise).
 *
 * <p>A constant that the data cannot pin down, because its column of the Jacobian is (nearly) a combination of the
 * others' ({@code a*b*x}, or {@code c*exp(d*x)} on a tiny range), has an infinite error: singular values of
 * {@code sqrt(W) J} below {@value #RELATIVE_RANK_TOLERANCE} times the largest are taken for zero, and every constant
 * with a share in such a direction is undetermined. Errors are NaN when they cannot be computed at all: no degrees of
 * freedom left ({@code n <= k}), a non-finite prediction or derivative, or a Jacobian too large to form
 * ({@link ConstantFitter#MAX_JACOBIAN_ENTRIES}).
 *
 * @param values           the constants' values
 * @param errors           their standard errors (+Infinity: undetermined; NaN: not computed)
 * @param residualSd       {@code s}, the residual's (weighted) standard deviation on the degrees of freedom: an
 *                         estimate of the noise when the formula is the law
 * @param degreesOfFreedom {@code n - k}
 */
public record StandardErrors(double[] values, double[] errors, double residualSd, int degreesOfFreedom) {
    /** Singular values below this fraction of the largest count as zero: that direction is not determined. */
    public static final double RELATIVE_RANK_TOLERANCE = 1e-10;

    public StandardErrors {
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(errors, "errors");
        if (values.length != errors.length) {
            throw new IllegalArgumentException(values.length + " values but " + errors.length + " errors");
        }
        values = values.clone();
        errors = errors.clone();
    }

    @Override
    public double[] values() {
        return values.clone();
    }

    @Override
    public double[] errors() {
        return errors.clone();
    }

    /** The number of constants. */
    public int count() {
        return values.length;
    }

    /** The standard errors of {@code e}'s refinable constants on {@code data} (with its weights, if any). */
    public static StandardErrors of(Expr e, Dataset data) {
        Objects.requireNonNull(e, "e");
        Objects.requireNonNull(data, "data");
        double[] theta = Constants.values(e);
        int k = theta.length;
        int n = data.rows();
        int dof = n - k;
        double[] errors = new double[k];
        Arrays.fill(errors, Double.NaN);
        if ((long) n * Math.max(1, k) > ConstantFitter.MAX_JACOBIAN_ENTRIES) {
            return new StandardErrors(theta, errors, Double.NaN, dof);
        }
        CompiledExpr c = CompiledExpr.parameterized(e, data.names(), n);
        double[] pred = new double[n];
        double[][] jac = new double[k][n];
        c.valuesAndJacobian(data.columns(), theta, pred, jac);
        double[] w = data.weights();
        // the weights have mean 1: the weighted MSE times n is the weighted residual sum of squares
        double rss = Metrics.mse(pred, data) * n;
        double s2 = dof > 0 ? rss / dof : Double.NaN;
        double sd = Math.sqrt(s2);
        if (k == 0 || !(s2 >= 0) || !Double.isFinite(s2)) {
            return new StandardErrors(theta, errors, sd, dof);
        }
        // the rows of sqrt(W) J
        double[][] a = new double[n][k];
        for (int i = 0; i < n; i++) {
            double sw = w == null ? 1.0 : Math.sqrt(w[i]);
            for (int j = 0; j < k; j++) {
                double v = jac[j][i];
                if (!Double.isFinite(v)) {
                    return new StandardErrors(theta, errors, sd, dof);
                }
                a[i][j] = sw * v;
            }
        }
        RealMatrix am = MatrixUtils.createRealMatrix(a);
        SingularValueDecomposition svd = new SingularValueDecomposition(am);
        double[] sv = svd.getSingularValues();
        RealMatrix v = svd.getV();
        double largest = sv.length == 0 ? 0 : sv[0];
        for (int j = 0; j < k; j++) {
            double var = 0;
            boolean undetermined = false;
            for (int m = 0; m < sv.length; m++) {
                double share = v.getEntry(j, m);
                if (!(sv[m] > RELATIVE_RANK_TOLERANCE * largest)) {
                    undetermined |= Math.abs(share) > 1e-6;
                } else {
                    var += share * share / (sv[m] * sv[m]);
                }
            }
            errors[j] = undetermined ? Double.POSITIVE_INFINITY : Math.sqrt(s2 * var);
        }
        return new StandardErrors(theta, errors, sd, dof);
    }
}
