package dysymnet.data;

import java.util.Objects;

/**
 * The facts about a search's data that several stages need, each computed once per search: the target's variance
 * at once, the noise level and the local differences on first use (they cost a nearest-neighbour pass), and the two
 * thresholds of "exact". Handed by the search to the network pipeline, the formula sources and the final choice, so
 * that no stage recomputes them (before, the final choice alone computed the variance four times).
 *
 * <p>Two thresholds, both relative to the target's variance, for two different questions:
 * <ul>
 *   <li>{@link #EXACT_NMSE} (1e-20): a formula this close is exact up to the round-off of refined constants, which
 *       exact laws reach (about 1e-30) and approximations do not; it ends a search ({@code search.Budget}) and is
 *       exempt from the guards against fitted noise;</li>
 *   <li>{@link #ROUND_OFF_NMSE} (1e-14): below this a fit's error is round-off for a fitting stage, a floor at which
 *       all near-exact fits tie (the GP's fitness, the term regression's criterion and its check that a read-back
 *       is exact).</li>
 * </ul>
 *
 * <p>Thread-safe: the lazy facts are computed at most once, and they depend on the data alone.
 */
public final class DataFacts {
    /** The normalised MSE at most of a formula that is exact up to round-off: it solves a search. */
    public static final double EXACT_NMSE = 1e-20;
    /** The normalised MSE below which a fitting stage counts an error as round-off (fits tie there). */
    public static final double ROUND_OFF_NMSE = 1e-14;

    private final Dataset data;
    private final double variance;
    private volatile Double noiseVariance;
    private volatile LocalDifferences local;

    private DataFacts(Dataset data) {
        this.data = Objects.requireNonNull(data, "data");
        this.variance = Metrics.variance(data);
    }

    /** The facts of {@code data} (the variance computed now, the rest on first use). */
    public static DataFacts of(Dataset data) {
        return new DataFacts(data);
    }

    /** The data these are the facts of. */
    public Dataset data() {
        return data;
    }

    /** The (weighted) variance of the target, {@link Metrics#variance(Dataset)}. */
    public double variance() {
        return variance;
    }

    /** Whether an MSE is exact up to round-off: at most {@link #EXACT_NMSE} times the variance. */
    public boolean exact(double mse) {
        return mse <= EXACT_NMSE * variance;
    }

    /** The estimated variance of the noise in the target, {@link NoiseLevel#variance(Dataset)}; computed once. */
    public double noiseVariance() {
        Double v = noiseVariance;
        if (v == null) {
            synchronized (this) {
                v = noiseVariance;
                if (v == null) {
                    v = NoiseLevel.variance(data);
                    noiseVariance = v;
                }
            }
        }
        return v;
    }

    /** The local linear fits of the target over its nearest neighbours, {@link LocalDifferences#of}; built once. */
    public LocalDifferences localDifferences() {
        LocalDifferences l = local;
        if (l == null) {
            synchronized (this) {
                l = local;
                if (l == null) {
                    l = LocalDifferences.of(data);
                    local = l;
                }
            }
        }
        return l;
    }
}
