package dysymnet.bench;

import dysymnet.data.Dataset;
import java.util.random.RandomGenerator;

/**
 * SRBench's target noise: independent Gaussian noise of standard deviation {@code level * RMS(y)} added to each
 * training target. (The reference implementation added one constant offset instead, a known defect.)
 */
public final class Noise {
    private Noise() {
    }

    /**
     * The data set with noise on its target.
     *
     * @param level noise level (non-negative; 0 returns {@code data} itself)
     * @throws IllegalArgumentException if level is negative or not finite
     */
    public static Dataset add(Dataset data, double level, RandomGenerator rng) {
        if (!(level >= 0.0) || Double.isInfinite(level)) {
            throw new IllegalArgumentException("noise level must be a finite non-negative number, got " + level);
        }
        if (level == 0.0) {
            return data;
        }
        double[] y = data.y();
        double sumSq = 0.0;
        for (double v : y) {
            sumSq += v * v;
        }
        double sd = level * Math.sqrt(sumSq / y.length);
        double[] noisy = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            noisy[i] = y[i] + sd * rng.nextGaussian();
        }
        return data.withTarget(noisy);
    }
}
