package dysymnet.terms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SparsePathTest {

    static LongStream seeds() {
        return Gen.seeds(30);
    }

    /** Random columns (Gaussian) and a target that is an exact combination of a random support. */
    record Case(double[][] cols, double[] y, int[] support, double[] coef) {
        @Override
        public String toString() {
            return "support " + Arrays.toString(support) + " coefficients " + Arrays.toString(coef);
        }
    }

    static Case draw(long seed, int n, int k) {
        SplittableRandom r = Gen.rng(seed);
        double[][] cols = new double[k][n];
        for (double[] c : cols) {
            for (int i = 0; i < n; i++) {
                c[i] = r.nextGaussian() * (1 + 100 * r.nextDouble());
            }
        }
        int size = 1 + r.nextInt(Math.min(6, k));
        int[] support = IntStream.range(0, k).boxed().sorted((a, b) -> Integer.compare(
                Long.hashCode(seed * 31 + a), Long.hashCode(seed * 31 + b))).limit(size).mapToInt(i -> i)
                .sorted().toArray();
        double[] coef = new double[size];
        double[] y = new double[n];
        for (int s = 0; s < size; s++) {
            coef[s] = (r.nextBoolean() ? 1 : -1) * r.nextDouble(0.1, 10);
            for (int i = 0; i < n; i++) {
                y[i] += coef[s] * cols[support[s]][i];
            }
        }
        return new Case(cols, y, support, coef);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void backwardEliminationFindsTheExactSupportAndItsCoefficients(long seed) {
        Case c = draw(seed, 40, 15);
        Gen.check(seed, c, () -> {
            int[] all = SparsePath.independent(c.cols(), 100);
            assertEquals(15, all.length);
            List<int[]> path = SparsePath.backward(c.cols(), c.y(), all);
            assertEquals(15, path.size(), "one subset per size");
            int[] atSize = path.get(15 - c.support().length);
            assertArrayEquals(c.support(), atSize);
            double[] fit = SparsePath.fit(c.cols(), atSize, c.y());
            for (int s = 0; s < fit.length; s++) {
                assertEquals(c.coef()[s], fit[s], 1e-9 * Math.abs(c.coef()[s]));
            }
        });
    }

    /** The residual sum of squares of the least-squares fit on a subset. */
    static double rss(double[][] cols, int[] subset, double[] y) {
        double[] b = SparsePath.fit(cols, subset, y);
        double s = 0;
        for (int i = 0; i < y.length; i++) {
            double p = 0;
            for (int k = 0; k < subset.length; k++) {
                p += b[k] * cols[subset[k]][i];
            }
            s += (y[i] - p) * (y[i] - p);
        }
        return s;
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void eachBackwardStepDropsTheColumnWhoseRemovalRaisesTheResidualLeast(long seed) {
        Case c = draw(seed, 50, 12);
        SplittableRandom r = Gen.rng(seed + 1000);
        double[] y = c.y().clone();
        for (int i = 0; i < y.length; i++) {
            y[i] += r.nextGaussian(); // not exact: every removal raises the residual
        }
        Gen.check(seed, c, () -> {
            int[] all = SparsePath.independent(c.cols(), 100);
            List<int[]> path = SparsePath.backward(c.cols(), y, all);
            assertEquals(all.length, path.size());
            for (int step = 0; step + 1 < path.size(); step++) {
                int[] active = path.get(step);
                double least = Double.POSITIVE_INFINITY;
                int[] best = null;
                for (int drop = 0; drop < active.length; drop++) {
                    final int d = drop;
                    int[] rest = IntStream.range(0, active.length).filter(k -> k != d).map(k -> active[k])
                            .toArray();
                    double v = rss(c.cols(), rest, y);
                    if (v < least) {
                        least = v;
                        best = rest;
                    }
                }
                assertArrayEquals(best, path.get(step + 1), "step " + step);
            }
        });
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void forwardSelectionWorksWithMoreColumnsThanRows(long seed) {
        Case c = draw(seed, 30, 60);
        Gen.check(seed, c, () -> {
            int[] all = IntStream.range(0, 60).toArray();
            List<int[]> path = SparsePath.forward(c.cols(), c.y(), all, 10);
            assertTrue(path.stream().anyMatch(s -> Arrays.equals(s, c.support())),
                    "support not on the forward path");
        });
    }

    @Test
    void linearlyDependentColumnsAreLeftOutKeepingTheEarlierOnes() {
        double[] a = {1, 2, 3, 4, 5};
        double[] b = {1, 0, 1, 0, 1};
        double[] sum = {2, 2, 4, 4, 6};
        double[] zero = new double[5];
        double[] nan = {1, Double.NaN, 0, 0, 0};
        assertArrayEquals(new int[] {0, 1}, SparsePath.independent(new double[][] {a, b, sum, zero, nan}, 10));
        assertArrayEquals(new int[] {1, 2}, SparsePath.independent(new double[][] {zero, a, b, sum}, 10));
        assertArrayEquals(new int[] {0}, SparsePath.independent(new double[][] {a, b}, 1));
    }
}
