package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.api.Model;
import dysymnet.api.SymbolicRegressor;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.data.Seeds;
import dysymnet.expr.Evaluator;
import dysymnet.net.Architecture;
import dysymnet.net.Operator;
import dysymnet.net.TrainConfig;
import dysymnet.testing.Gen;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link Budget#trainRows()}: networks of large data train (and are refined) on their own row sample. */
class TrainRowsTest {

    /** {@code n} noisy rows of {@code 1.3*sin(a) + 0.7*a*b} on [-2, 2]^2. */
    static Dataset noisy(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[2][n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[0][i] = r.nextDouble(-2, 2);
            x[1][i] = r.nextDouble(-2, 2);
            y[i] = 1.3 * Math.sin(x[0][i]) + 0.7 * x[0][i] * x[1][i] + 0.05 * r.nextGaussian();
        }
        return new Dataset(List.of("a", "b"), x, y);
    }

    private static Settings withTrainRows(int n) {
        return Settings.builder().budget(Budget.builder().trainRows(n).build()).build();
    }

    static LongStream seeds() {
        return Gen.seeds(20);
    }

    /** The sample: that many distinct rows of the data, in order, drawn from the generator and nothing else. */
    @ParameterizedTest
    @MethodSource("seeds")
    void theSampleIsDistinctRowsInOrderFixedByTheGenerator(long seed) {
        SplittableRandom g = Gen.rng(seed);
        int rows = 50 + g.nextInt(500);
        // at most half the rows: another generator then draws other rows but by a negligible chance
        int n = 2 + g.nextInt(rows / 2 - 1);
        Dataset data = noisy(rows, g.nextLong());
        ArchitecturePipeline p = new ArchitecturePipeline(data, withTrainRows(n));
        long stream = g.nextLong();
        Gen.check(seed, "rows " + rows + ", trainRows " + n, () -> {
            Dataset s = p.fittingRows(Seeds.stream(stream, 7));
            assertEquals(n, s.rows());
            // each sampled row is a row of the data, later rows later
            int from = 0;
            for (int k = 0; k < n; k++) {
                int i = from;
                while (i < rows && !(data.y()[i] == s.y()[k] && data.column(0)[i] == s.column(0)[k])) {
                    i++;
                }
                assertTrue(i < rows, "sampled row " + k + " is not a later row of the data");
                from = i + 1;
            }
            assertArrayEquals(s.y(), p.fittingRows(Seeds.stream(stream, 7)).y(), "same generator, same rows");
            assertFalse(Arrays.equals(s.y(), p.fittingRows(Seeds.stream(stream, 8)).y()), "another generator");
        });
    }

    /** Data of at most trainRows rows: all rows, and the network's generator untouched (so its weights as before). */
    @Test
    void smallDataTrainOnAllRowsAndDrawNothing() {
        Dataset data = noisy(300, 1);
        for (int n : new int[] {0, 300, 1000}) {
            ArchitecturePipeline p = new ArchitecturePipeline(data, withTrainRows(n));
            RandomGenerator used = Seeds.stream(3, 4);
            assertSame(data, p.fittingRows(used));
            assertEquals(Seeds.stream(3, 4).nextLong(), used.nextLong(), "trainRows " + n);
        }
    }

    /** On a sample, the candidates are still scored on every row of the data. */
    @Test
    void candidatesAreScoredOnAllRows() {
        Dataset data = noisy(600, 2);
        ArchitecturePipeline p = new ArchitecturePipeline(data, withTrainRows(40));
        ArchitecturePipeline.Result r = p.run(Architecture.parse("[id,sin,*]"), new SplittableRandom(5), 0,
                () -> false);
        assertFalse(r.failed());
        for (Candidate c : r.candidates()) {
            double[] pred = Evaluator.evaluate(c.expression(), data);
            assertEquals(Metrics.mse(pred, data.y()), c.mse(), 0.0, c.toString());
        }
    }

    private static SymbolicRegressor.Builder quick() {
        return SymbolicRegressor.builder().layers(1, 2).widths(1, 2, 3)
                .operators(Operator.IDENTITY, Operator.SIN, Operator.MUL).batchSize(3).maxSteps(2).seed(11)
                .training(TrainConfig.defaults().toBuilder().stage1Steps(1500).stage2Steps(1500).fineTuneSteps(200)
                        .build())
                .geneticProgramming(false).termRegression(false);
    }

    private static Model fit(SymbolicRegressor.Builder b, Dataset d) {
        return b.build().fit(d, "y");
    }

    /** The samples come from the seed: the same model on one thread as on two, and again on a second run. */
    @Test
    void sampledTrainingIsTheSameOnAnyNumberOfThreads() {
        Dataset data = noisy(300, 3);
        Model one = fit(quick().trainRows(40).threads(1), data);
        Model two = fit(quick().trainRows(40).threads(2), data);
        Model again = fit(quick().trainRows(40).threads(2), data);
        for (Model m : List.of(two, again)) {
            assertEquals(one.expression(), m.expression());
            assertEquals(one.pareto(), m.pareto());
            assertArrayEquals(one.meanRewards(), m.meanRewards());
        }
        // and the networks did see other rows than with all of them: their rewards differ
        Model all = fit(quick().trainRows(0).threads(2), data);
        assertFalse(Arrays.equals(all.meanRewards(), one.meanRewards()));
    }

    /** At or below the threshold nothing changes: the same search as with every row, step by step. */
    @Test
    void dataAtOrBelowTheThresholdAreSearchedAsBefore() {
        Dataset data = noisy(300, 4);
        Model all = fit(quick().trainRows(0).threads(2), data);
        for (int n : new int[] {300, Budget.DEFAULT_TRAIN_ROWS}) {
            Model m = fit(quick().trainRows(n).threads(2), data);
            assertEquals(all.expression(), m.expression(), "trainRows " + n);
            assertEquals(all.pareto(), m.pareto(), "trainRows " + n);
            assertArrayEquals(all.meanRewards(), m.meanRewards(), "trainRows " + n);
        }
    }
}
