package dysymnet.data;


/**
 * An estimate of the variance of the noise in a data set's target, from the data alone: how far apart the targets of
 * neighbouring rows are, beyond what the function's own change between them explains.
 *
 * <ul>
 *   <li>One feature: the rows sorted by it, a difference-based estimator in the manner of Gasser, Sroka and
 *       Jennen-Steinmetz (1986), one order higher: each point's target against the cubic through its two neighbours
 *       on either side, the squared pseudo-residuals scaled to be unbiased for independent noise. It is exact for a
 *       function that is a cubic over five neighbouring points (a fall with drag, over a few samples); its bias
 *       grows with the fourth derivative times the spacing to the fourth.</li>
 *   <li>Several features: no estimate from the data alone (0). Half the mean squared difference to the nearest
 *       neighbour was tried: on noise-free data (3 features, 400 rows) it passed the test below in 48 of 50 draws,
 *       at about 1e-3 of the target's variance, which would make the search prefer approximations to exact laws.
 *       Local linear fits over the neighbours ({@link LocalDifferences}) of the target less a global cubic, with a
 *       near/far test as for one feature, were tried too: on the 99 Feynman laws of two or more inputs (1,000 rows,
 *       noise-free) 12 were still taken for noisy (the target's curvature over a neighbourhood in 3-9 dimensions
 *       exceeds what the near/far ratio can tell from noise), and at noise 0.01 only 34 of 99 estimates were within
 *       25% of the truth. What works is the same local fits on the residual of a good fit, whose curvature is
 *       small: {@link #ofResidual}, used where fits exist (the search's final choice).</li>
 * </ul>
 *
 * <p>With sample weights ({@link Dataset#weights()}) the weights are taken for what weighted least squares assumes,
 * inverse noise variances: noise of variance {@code c / w_i} at row {@code i} (weights normalised to mean 1). Each
 * squared pseudo-residual is divided by its variance for {@code c = 1}, {@code 1/w_i + sum_j a_j^2 / w_j} over the
 * point and its four neighbours (a_j their interpolation weights), so that it estimates {@code c}, which is the noise's
 * weighted MSE, what the weighted MSE of the true law would be. A point next to a row of tiny weight (an outlier
 * weighted out) then counts for almost nothing instead of carrying that row's deviation. The thresholds below compare
 * the estimate with the weighted variance of the target.
 *
 * <p>The estimate is computed twice, from the nearest neighbours and from neighbours twice as far (every second
 * row). For noise the two agree; when the function's change between neighbours dominates
 * (noise-free or oscillating data sampled sparsely), the farther estimate is much larger, and the estimate is
 * reported as 0, unknown: a bias taken for noise would make the search prefer an approximation to an exact law.
 * Otherwise the near one is the estimate (the smaller of the two was tried: biased low, it picked the law over an
 * over-fit in 13 of 20 draws of a noisy fall where the near one picked it in 15). Measured (Python model of this code, 50-200 draws each):
 * quadratic falls of 31 points with noise sd 0.039 estimate the variance without bias and are rejected in 8% of
 * draws; noise-free sin(x^2)cos(x)-1, log(x+1)+log(x^2+1) and sin(3x) on 20-256 random points are accepted in at
 * most 2% of draws, then at about 1e-6 of the target's variance (below {@link #MIN_RELATIVE}).
 */
public final class NoiseLevel {
    /** Fewer rows give no estimate. */
    public static final int MIN_ROWS = 8;
    /**
     * Largest ratio of the far to the near estimate taken as noise. For independent noise both estimate the same
     * variance; a bias from the function's own change grows with the spacing (to the eighth power for one
     * feature), a ratio far above this.
     */
    public static final double MAX_FAR_TO_NEAR = 2.0;
    /**
     * Estimates below this fraction of the target's variance are reported as 0: a signal-to-noise ratio of 10^5 is
     * what round-off and a sparse sample of a smooth noise-free function can look like, and noise that small does
     * not change which formula is chosen.
     */
    public static final double MIN_RELATIVE = 1e-5;

    private NoiseLevel() {
    }

    /**
     * The lack-of-fit test's bound ({@link LocalDifferences#consistentWithNoise}): a residual whose MSE exceeds its
     * local-difference variance by more than this many relative errors is a curve fit's. Measured on the 99 Feynman
     * laws of two or more inputs (1,000 rows): the true law's residual passed at noise 0.01 and 0.1 on all of them
     * (the ratio at most 1.09), a global cubic's residual on noise-free data failed on all of them (the ratio at least
     * 2.1).
     */
    public static final double LACK_OF_FIT_Z = 2.0;

    /**
     * The noise variance shown by a fit's residual {@code r} (one per row of {@code data}): its local-difference
     * variance ({@link LocalDifferences#variance}) when the residual passes the lack-of-fit test
     * ({@link LocalDifferences#consistentWithNoise}, {@link #LACK_OF_FIT_Z}), else 0 (a curve fit's smooth residual,
     * or a noise-free exact fit's round-off); 0 also below {@link #MIN_RELATIVE} of the target's variance. For any
     * number of features: the bias of the local linear fits is that of the residual's curvature, small for a good
     * fit; on noise-free data a fit that is not exact leaves a smooth residual, which fails the test.
     *
     * @param local the local fits of {@code data}'s inputs ({@link LocalDifferences#of})
     */
    public static double ofResidual(LocalDifferences local, double[] r, Dataset data) {
        for (double v : r) {
            if (!Double.isFinite(v)) {
                return 0;
            }
        }
        if (!local.consistentWithNoise(r, LACK_OF_FIT_Z)) {
            return 0;
        }
        double v = local.variance(r);
        return v > MIN_RELATIVE * Metrics.variance(data.y(), data.weights()) ? v : 0;
    }

    /** The estimated variance of the noise in the target; 0 when the data show none or cannot tell it apart. */
    public static double variance(Dataset data) {
        int n = data.rows();
        if (n < MIN_ROWS) {
            return 0;
        }
        if (data.features() != 1) {
            // not yet: a nearest-neighbour estimate cannot tell noise from the function's own change in several
            // dimensions by the near/far test (for a smooth function the ratio is 1 + 2/d), see the class comment
            return 0;
        }
        Dataset sorted = data.select(data.orderBy(0));
        double[] xs = sorted.column(0);
        double[] ys = sorted.y();
        double[] ws = sorted.weights();
        double[] est = {pseudoResiduals(xs, ys, ws, 1), pseudoResiduals(xs, ys, ws, 2)};
        double near = est[0];
        double far = est[1];
        if (!(near > 0) || !Double.isFinite(near) || !Double.isFinite(far) || far > MAX_FAR_TO_NEAR * near) {
            return 0;
        }
        double v = near;
        double[] y = data.y();
        double top = 0;
        for (double t : y) {
            top = Math.max(top, Math.abs(t));
        }
        // round-off of a noise-free target is no noise either
        double roundOff = 64 * Math.ulp(top);
        return v <= MIN_RELATIVE * Metrics.variance(y, data.weights()) || v <= roundOff * roundOff ? 0 : v;
    }

    /**
     * Mean squared scaled pseudo-residual of each point against the cubic through its neighbours {@code k} and
     * {@code 2k} away on either side: zero for a cubic, noise variance times {@code 1 + sum of squared weights} for
     * independent noise.
     */
    private static double pseudoResiduals(double[] x, double[] y, double[] weights, int k) {
        double sum = 0;
        int count = 0;
        double[] t = new double[4];
        double[] w = new double[4];
        int[] at = new int[4];
        for (int i = 2 * k; i + 2 * k < x.length; i++) {
            at[0] = i - 2 * k;
            at[1] = i - k;
            at[2] = i + k;
            at[3] = i + 2 * k;
            for (int j = 0; j < 4; j++) {
                t[j] = x[at[j]];
            }
            boolean ok = true;
            double e = -y[i];
            double ww = 0;
            for (int j = 0; j < 4 && ok; j++) {
                double v = 1;
                for (int m = 0; m < 4; m++) {
                    if (m != j) {
                        double den = t[j] - t[m];
                        if (den == 0) {
                            ok = false;
                            break;
                        }
                        v *= (x[i] - t[m]) / den;
                    }
                }
                w[j] = v;
            }
            if (!ok) {
                continue;
            }
            for (int j = 0; j < 4; j++) {
                e += w[j] * y[at[j]];
                ww += w[j] * w[j];
            }
            if (Double.isFinite(e) && ww < 100) {
                if (weights == null) {
                    sum += e * e / (1 + ww);
                } else {
                    // the variance of e for noise of variance c / w at each point
                    double v = 1 / weights[i];
                    for (int j = 0; j < 4; j++) {
                        v += w[j] * w[j] / weights[at[j]];
                    }
                    sum += e * e / v;
                }
                count++;
            }
        }
        return count < MIN_ROWS / 2 ? Double.NaN : sum / count;
    }
}
