package dysymnet.search;

import dysymnet.data.DataFacts;
import java.util.Arrays;

/**
 * What the candidates have added to the Pareto front so far: the area by which they lowered the front's staircase of
 * log training error over the complexities a reported formula may have. The search reads it before and after each
 * run of a source, so the difference is that run's gain ({@link SourceShares}).
 *
 * <p>The staircase: for each complexity c from 1 to the size cap C, s(c) is the lowest normalised training error
 * (MSE / var(y)) of a candidate of complexity at most c, starting at 1 (the mean) and floored at the data's estimated
 * noise ({@link DataFacts#noiseVariance()}; {@value DataFacts#EXACT_NMSE}, an exact formula, on noise-free data): a
 * formula that fits the training rows more closely than their noise has learned the noise, not more of the law. A candidate of complexity c and normalised error m below s(c')
 * for c' &gt;= c lowers those levels to m, and gains {@code sum over c' of ln(s(c') / m)} divided by C:
 * a formula that halves the error of every level gains ln 2, one that only lowers the levels near the cap gains
 * little. So a simpler formula counts for more, and a formula no better than one already found counts for nothing.
 * Candidates above the cap cannot be reported and gain nothing.
 *
 * <p>Deterministic: the candidates arrive in the search's fixed order.
 */
final class FrontGain {
    private final double[] stair;
    private final double variance;
    private final double floor;
    private double total;

    /**
     * @param maxComplexity the size cap of the reported formula (the staircase's last level)
     * @param variance      the target's variance, by which errors are normalised
     * @param noiseVariance the estimated variance of the noise (NaN or 0: none), the errors' floor
     */
    FrontGain(int maxComplexity, double variance, double noiseVariance) {
        this.stair = new double[Math.max(1, Math.min(maxComplexity, 10_000))];
        Arrays.fill(stair, 1.0);
        this.variance = variance;
        double noise = variance > 0 && noiseVariance > 0 ? noiseVariance / variance : 0;
        this.floor = Math.max(DataFacts.EXACT_NMSE, Math.min(noise, 1.0));
    }

    /** Records a candidate; returns its gain (0 when it lowers no level). */
    double add(int complexity, double mse) {
        if (!(variance > 0) || !Double.isFinite(mse) || complexity < 1 || complexity > stair.length) {
            return 0;
        }
        double m = Math.max(mse / variance, floor);
        double g = 0;
        for (int c = complexity - 1; c < stair.length && m < stair[c]; c++) {
            g += Math.log(stair[c] / m);
            stair[c] = m;
        }
        if (g <= 0) {
            return 0;
        }
        g /= stair.length;
        total += g;
        return g;
    }

    /** The gain of all candidates so far. */
    double total() {
        return total;
    }
}
