package dysymnet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.gp.GpSettings;
import dysymnet.net.Operator;
import dysymnet.search.Source;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The genetic-programming stage inside the whole search. */
class GeneticProgrammingSearchTest {

    static double[][] points(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[n][1];
        for (double[] row : x) {
            row[0] = r.nextDouble(-1, 1);
        }
        return x;
    }

    static double[] target(double[][] x, java.util.function.DoubleUnaryOperator f) {
        double[] y = new double[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = f.applyAsDouble(x[i][0]);
        }
        return y;
    }

    @Test
    void theSameSeedGivesTheSameFormulaOnOneAndOnTwoThreads() {
        double[][] x = points(40, 3);
        double[] y = target(x, v -> Math.sin(v) * Math.exp(v) + 0.3 * v * v * v);
        // never solved early, so both GP phases and the networks run; a small GP keeps the test short
        SymbolicRegressor.Builder b = SymbolicRegressor.builder().layers(1, 2).widths(1, 2)
                .operators(Operator.IDENTITY, Operator.SIN, Operator.EXP, Operator.MUL, Operator.ADD)
                .batchSize(3).maxSteps(2).solveR2(1.1).seed(13).termRegression(false)
                .gp(GpSettings.builder().population(200).generations(4).quickGenerations(4).build());
        Model one = b.threads(1).build().fit(x, y);
        Model two = b.threads(2).build().fit(x, y);
        assertEquals(one.expression(), two.expression());
        assertEquals(one.pareto(), two.pareto());
        assertTrue(one.pareto().stream().anyMatch(c -> c.source().equals(Source.GP)), "the GP gave candidates");
    }

    @Test
    void aTimeLimitHoldsInsideALongGp() {
        double[][] x = points(500, 4);
        double[] y = target(x, v -> Math.sin(3 * v) * Math.exp(v) + Math.cos(v * v * v));
        SymbolicRegressor reg = SymbolicRegressor.builder().maxSteps(1).batchSize(1).threads(2)
                .timeLimit(Duration.ofMillis(500))
                .gp(GpSettings.builder().quickGenerations(1_000_000).build()).build();
        long start = System.nanoTime();
        Model m = reg.fit(x, y);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals("TIME_LIMIT", m.stopReason());
        assertTrue(seconds < 0.5 + 0.5, "ended after " + seconds + " s");
        assertEquals(0, m.networksTrained(), "the GP used the whole budget");
    }

    @Test
    void findsAnEasyLawExactlyInMostSeedsWithinAFewSteps() {
        double[][] x = points(20, 5);
        double[] y = target(x, v -> v * v * v + v * v + v);
        int exact = 0;
        for (long seed = 1; seed <= 5; seed++) {
            Model m = SymbolicRegressor.builder().batchSize(4).maxSteps(2).seed(seed).termRegression(false).build()
                    .fit(x, y);
            if (m.trainR2() >= 1.0) {
                exact++;
            }
        }
        assertTrue(exact >= 4, "exact in " + exact + " of 5 seeds");
    }
}
