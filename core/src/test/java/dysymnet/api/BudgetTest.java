package dysymnet.api;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dysymnet.data.Dataset;
import dysymnet.net.SearchSpace;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Budgets are hard: a search ends soon after its time limit, and soon after a cancellation, whatever the
 * architectures the options allow and the data's size. The margins are generous (the engine needs well under a
 * second past the limit; the machine may be shared); the runs they guard against went on for minutes.
 *
 * <p>Tagged slow (each run takes its time limit): left out by {@code mvn -B verify -DexcludedGroups=slow}.
 */
@Tag("slow")
class BudgetTest {
    private static final int LIMIT_SECONDS = 5;
    private static final int MARGIN_SECONDS = 5;

    /** {@code rows} rows of {@code features} features uniform in [-2, 2]; y = x1*x2 + sin(x3) - x4 with what exists. */
    static Dataset data(int rows, int features) {
        SplittableRandom r = new SplittableRandom(17);
        double[][] x = new double[features][rows];
        double[] y = new double[rows];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < features; j++) {
                x[j][i] = r.nextDouble(-2, 2);
            }
            double v = x[0][i] * x[features > 1 ? 1 : 0][i];
            v += features > 2 ? Math.sin(x[2][i]) : 0.0;
            v -= features > 3 ? x[3][i] : 0.0;
            y[i] = v;
        }
        return new Dataset(Dataset.defaultNames(features), x, y);
    }

    /** The three-layer, 300-unit networks that the command line allows with --widths 300 --layers 3. */
    static SymbolicRegressor.Builder wide() {
        return SymbolicRegressor.builder().space(SearchSpace.builder().widths(300).layers(3).build());
    }

    /**
     * Fits in another thread, cancelling after {@code cancelAfter} seconds if positive; returns when the fit ended
     * (seconds from the start) and fails when it has not ended after {@code maxSeconds}. The fit must give a model
     * or say that it found no formula.
     */
    static double fitWithin(SymbolicRegressor reg, Dataset d, double cancelAfter, double maxSeconds)
            throws InterruptedException {
        ExecutorService ex = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "budget-test-fit");
            t.setDaemon(true);
            return t;
        });
        long start = System.nanoTime();
        try {
            Future<Object> f = ex.submit(() -> {
                try {
                    return reg.fit(d, "y");
                } catch (NoFormulaException e) {
                    return e;
                }
            });
            if (cancelAfter > 0) {
                try {
                    f.get((long) (cancelAfter * 1000), TimeUnit.MILLISECONDS);
                    fail("the fit ended before it was cancelled");
                } catch (TimeoutException expected) {
                    reg.cancel();
                } catch (ExecutionException e) {
                    throw new AssertionError("the fit failed", e.getCause());
                }
            }
            long left = start + (long) (maxSeconds * 1e9) - System.nanoTime();
            try {
                Object o = f.get(Math.max(0, left), TimeUnit.NANOSECONDS);
                assertTrue(o instanceof Model || o instanceof NoFormulaException, String.valueOf(o));
            } catch (TimeoutException e) {
                reg.cancel();
                fail("the fit was still running after " + maxSeconds + " s");
            } catch (ExecutionException e) {
                throw new AssertionError("the fit failed", e.getCause());
            }
            return (System.nanoTime() - start) / 1e9;
        } finally {
            ex.shutdownNow();
        }
    }

    private static SymbolicRegressor limited(SymbolicRegressor.Builder b) {
        return b.seed(1).timeLimit(Duration.ofSeconds(LIMIT_SECONDS)).build();
    }

    @Test
    void wideNetworksEndWithinTheTimeLimit() throws InterruptedException {
        fitWithin(limited(wide()), data(200, 2), 0, LIMIT_SECONDS + MARGIN_SECONDS);
    }

    @Test
    void manyRowsEndWithinTheTimeLimit() throws InterruptedException {
        fitWithin(limited(SymbolicRegressor.builder()), data(200_000, 5), 0, LIMIT_SECONDS + MARGIN_SECONDS);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void manyColumnsEndWithinTheTimeLimit(long seed) throws InterruptedException {
        // what runs at the limit depends on the seed (training, or the read-off of a network over 200 inputs)
        SymbolicRegressor reg = SymbolicRegressor.builder().seed(seed).timeLimit(Duration.ofSeconds(LIMIT_SECONDS))
                .build();
        fitWithin(reg, data(1_000, 200), 0, LIMIT_SECONDS + MARGIN_SECONDS);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"wide networks", "many rows"})
    void aCancelledSearchEndsSoon(String what) throws InterruptedException {
        SymbolicRegressor.Builder b = what.equals("wide networks") ? wide() : SymbolicRegressor.builder();
        Dataset d = what.equals("wide networks") ? data(200, 2) : data(200_000, 5);
        // no time limit, no step cap, never solved (the GP finds this target at once): only the cancellation ends it, 3 s in; it
        // must end within 3 s more
        double elapsed = fitWithin(b.seed(1).solveR2(1.1).maxSteps(Integer.MAX_VALUE).build(), d, 3, 6);
        assertTrue(elapsed >= 3, "ended after " + elapsed + " s");
    }
}
