package dysymnet.search;

import dysymnet.data.DataFacts;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What each source has added to the Pareto front so far, as one number per source: the area by which its
 * candidates lowered the front's staircase of log training error over the complexities a reported formula may have.
 *
 * <p>The staircase: for each complexity c from 1 to the size cap C, s(c) is the lowest normalised training error
 * (MSE / var(y)) of a candidate of complexity at most c, starting at 1 (the mean) and floored at the data's estimated
 * noise ({@link DataFacts#noiseVariance()}; {@value DataFacts#EXACT_NMSE}, an exact formula, on noise-free data): a
 * formula that fits the training rows more closely than their noise has learned the noise, not more of the law. A candidate of complexity c and normalised error m below s(c')
 * for c' &gt;= c lowers those levels to m, and its source gains {@code sum over c' of ln(s(c') / m)} divided by C:
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
    private final Map<Source, Double> gains = new HashMap<>();

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

    /** Records a candidate of {@code source}; returns its gain (0 when it lowers no level). */
    double add(Source source, int complexity, double mse) {
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
        gains.merge(source, g, Double::sum);
        return g;
    }

    /** The gain of {@code source}'s candidates so far. */
    double of(Source source) {
        return gains.getOrDefault(source, 0.0);
    }

    /** The gain of every source's candidates so far. */
    double total() {
        double t = 0;
        for (double g : gains.values()) {
            t += g;
        }
        return t;
    }
}
