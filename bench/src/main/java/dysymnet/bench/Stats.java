package dysymnet.bench;

import java.util.Arrays;

/** The bench's statistics of a sample: its median, mean and standard deviation, one place for all. */
final class Stats {
    private Stats() {
    }

    /** The median of the values that are not NaN (the mean of the middle two of an even count); NaN for none. */
    static double median(double[] v) {
        double[] s = Arrays.stream(v).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (s.length == 0) {
            return Double.NaN;
        }
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    }

    /** The mean of the values that are not NaN; NaN for none. */
    static double mean(double[] v) {
        double s = 0;
        int n = 0;
        for (double x : v) {
            if (!Double.isNaN(x)) {
                s += x;
                n++;
            }
        }
        return n == 0 ? Double.NaN : s / n;
    }

    /** The sample standard deviation (n - 1), 0 for one value, NaN for none. */
    static double sd(double[] v) {
        if (v.length == 0) {
            return Double.NaN;
        }
        if (v.length == 1) {
            return 0.0;
        }
        double m = mean(v);
        double ss = 0;
        for (double x : v) {
            ss += (x - m) * (x - m);
        }
        return Math.sqrt(ss / (v.length - 1));
    }
}
