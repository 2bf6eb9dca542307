package dysymnet.choice;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import java.util.List;
import org.hipparchus.distribution.continuous.FDistribution;
import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.MatrixUtils;
import org.hipparchus.linear.RealMatrix;

/**
 * Whether a formula of one feature leaves, just beyond its data, the confidence band of the data's own low-order
 * trend: the least-squares cubic of the data, whose 95% simultaneous band (Working-Hotelling: the cubic's mean
 * prediction plus or minus {@code sqrt(p F(p, n - p)) } standard errors, {@code p = 4}) says where the data's trend
 * can go over the extension that {@link Extrapolation} probes (half the data's range on each side, not across zero
 * for a feature of one sign).
 *
 * <p>Why: on a few noisy measurements of one variable, a formula can fit the noise with wiggle terms or a pole just
 * outside the data and still pass every test made on the data; beyond the data it goes metres off where the data's
 * trend (a Taylor expansion of any smooth law around them) does not. A law goes on smoothly, as the trend does, and
 * stays inside its band unless the data themselves say little (then the band is wide: few rows, much noise, a curve
 * the cubic does not follow all leave a larger residual and so a wider band). The band is estimated from the
 * training rows alone.
 *
 * <p>With sample weights the cubic is the weighted least-squares one and its residual variance the weighted one.
 */
final class TrendBand {
    /** The trend's degree. */
    static final int DEGREE = 3;
    /** The band's simultaneous confidence. */
    static final double CONFIDENCE = 0.95;
    /** Rows at least beyond the trend's parameters, for its residual variance. */
    static final int MIN_DOF = 4;
    /** Probe points on each side. */
    static final int PROBES = 64;

    private final List<String> names;
    private final double[] probe;
    private final double[] mean;
    private final double[] halfWidth;

    private TrendBand(List<String> names, double[] probe, double[] mean, double[] halfWidth) {
        this.names = names;
        this.probe = probe;
        this.mean = mean;
        this.halfWidth = halfWidth;
    }

    /** The band of one-feature data; null with several features, too few rows, or a feature of one value. */
    static TrendBand of(Dataset data) {
        int p = DEGREE + 1;
        int n = data.rows();
        if (data.features() != 1 || n < p + MIN_DOF) {
            return null;
        }
        double[] t = data.column(0);
        double[] y = data.y();
        double[] w = data.weights();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double v : t) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        double centre = (lo + hi) / 2;
        double half = (hi - lo) / 2;
        if (!(half > 0) || !Double.isFinite(half)) {
            return null;
        }
        // the weighted normal equations in the scaled feature u = (t - centre) / half (well conditioned on [-1, 1])
        double[][] xtx = new double[p][p];
        double[] xty = new double[p];
        double[] row = new double[p];
        for (int i = 0; i < n; i++) {
            powers((t[i] - centre) / half, row);
            double wi = w == null ? 1 : w[i];
            for (int j = 0; j < p; j++) {
                xty[j] += wi * row[j] * y[i];
                for (int k = 0; k < p; k++) {
                    xtx[j][k] += wi * row[j] * row[k];
                }
            }
        }
        LUDecomposition lu = new LUDecomposition(MatrixUtils.createRealMatrix(xtx), 1e-14);
        if (!lu.getSolver().isNonSingular()) {
            return null;
        }
        RealMatrix inverse = lu.getSolver().getInverse();
        double[] coef = lu.getSolver().solve(MatrixUtils.createRealVector(xty)).toArray();
        double rss = 0;
        for (int i = 0; i < n; i++) {
            double r = y[i] - dot(coef, powers((t[i] - centre) / half, row));
            rss += (w == null ? 1 : w[i]) * r * r;
        }
        double s2 = rss / (n - p);
        double z = Math.sqrt(p * new FDistribution(p, n - p).inverseCumulativeProbability(CONFIDENCE));
        double[] out = Extrapolation.outerRange(lo, hi);
        double[] probe = new double[2 * PROBES];
        for (int k = 0; k < PROBES; k++) {
            double f = (k + 1.0) / PROBES;
            probe[k] = lo - f * (lo - out[0]);
            probe[PROBES + k] = hi + f * (out[1] - hi);
        }
        double[] mean = new double[probe.length];
        double[] halfWidth = new double[probe.length];
        for (int k = 0; k < probe.length; k++) {
            powers((probe[k] - centre) / half, row);
            mean[k] = dot(coef, row);
            double v = dot(row, inverse.operate(row));
            halfWidth[k] = z * Math.sqrt(Math.max(s2 * v, 0));
        }
        return new TrendBand(data.names(), probe, mean, halfWidth);
    }

    /**
     * Whether {@code e} leaves the band at a probe point where it is finite (where it is not, the blow-up guard
     * speaks, {@link Extrapolation}).
     */
    boolean leaves(Expr e) {
        return excess(e) > 1;
    }

    /** The largest distance of {@code e} from the trend over the band's half-width at the probe points. */
    double excess(Expr e) {
        double[] v = Evaluator.evaluate(e, names, new double[][] {probe});
        double worst = 0;
        for (int k = 0; k < v.length; k++) {
            if (Double.isFinite(v[k])) {
                double d = Math.abs(v[k] - mean[k]);
                worst = Math.max(worst, halfWidth[k] > 0 ? d / halfWidth[k] : d > 0 ? Double.POSITIVE_INFINITY : 0);
            }
        }
        return worst;
    }

    /** Why {@link #leaves} holds of {@code e}: where it is farthest outside the band, with the band's bounds there. */
    String why(Expr e) {
        double[] v = Evaluator.evaluate(e, names, new double[][] {probe});
        int at = 0;
        double worst = -1;
        for (int k = 0; k < v.length; k++) {
            if (Double.isFinite(v[k])) {
                double d = Math.abs(v[k] - mean[k]);
                double x = halfWidth[k] > 0 ? d / halfWidth[k] : d > 0 ? Double.POSITIVE_INFINITY : 0;
                if (x > worst) {
                    worst = x;
                    at = k;
                }
            }
        }
        return "leaves the trend band at " + names.get(0) + " = " + Explanation.number(probe[at]) + ": "
                + Explanation.number(v[at]) + " outside [" + Explanation.number(mean[at] - halfWidth[at]) + ", "
                + Explanation.number(mean[at] + halfWidth[at]) + "]";
    }

    private static double[] powers(double u, double[] row) {
        double v = 1;
        for (int j = 0; j < row.length; j++) {
            row[j] = v;
            v *= u;
        }
        return row;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int j = 0; j < a.length; j++) {
            s += a[j] * b[j];
        }
        return s;
    }
}
