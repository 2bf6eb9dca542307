package dysymnet.api;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole method recovers known formulas of the standard benchmarks (paper's appendix) from 256 noise-free points:
 * R^2 >= 0.9999 on fresh test points from another seed, and the returned formula numerically equal to the truth.
 *
 * <p>Tagged slow (minutes of searching): left out by {@code mvn -B verify -DexcludedGroups=slow}.
 */
@Tag("slow")
class RecoveryTest {

    /** One row of standard.csv. */
    record Problem(String name, Expr truth, List<String> variables, double low, double high) {
        Dataset sample(int n, long seed) {
            SplittableRandom r = new SplittableRandom(seed);
            double[][] x = new double[variables.size()][n];
            for (double[] col : x) {
                for (int i = 0; i < n; i++) {
                    col[i] = low + (high - low) * r.nextDouble();
                }
            }
            return new Dataset(variables, x, Evaluator.evaluate(truth, variables, x));
        }
    }

    static Problem problem(String name) throws IOException {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                RecoveryTest.class.getResourceAsStream("/standard.csv"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                String[] c = line.split(",");
                if (c[0].equals(name)) {
                    return new Problem(name, Parser.parse(c[2]), Arrays.asList(c[3].trim().split("\\s+")),
                            Double.parseDouble(c[4]), Double.parseDouble(c[5]));
                }
            }
        }
        throw new IllegalArgumentException("no problem " + name);
    }

    /**
     * Seed 1 for each: at this budget every one of the seeds 1-4 recovers each of these (measured 4 of 4 per problem),
     * so seed 1 stands for the others rather than being the one that happens to work.
     *
     * <p>Nguyen-5, sin(x^2)*cos(x)-1 on [-3, 3], is deliberately not here: at this budget only 1 of the seeds 1-12
     * recovers it (the others end at test R^2 0.9999992-1.0 with approximations), so any single seed would test luck.
     * Its recovery rate is measured by the benchmark instead:
     * {@code ./dysymnet bench --suite standard --filter '^Nguyen-5$' --seeds 1-5}.
     */
    @ParameterizedTest
    @ValueSource(strings = {"Nguyen-1", "Nguyen-8", "Nguyen-10", "Keijzer-6"})
    void recovers(String name) throws IOException {
        long seed = 1;
        Problem p = problem(name);
        Dataset train = p.sample(256, 1);
        Dataset test = p.sample(256, 2);
        SymbolicRegressor reg = SymbolicRegressor.builder().seed(seed).maxSteps(RecoveryBudget.STEPS)
                .batchSize(RecoveryBudget.BATCH).layers(1, 2, 3).widths(1, 2, 3, 4).build();
        Model m = reg.fit(train, "y");
        double[] pred = m.predict(test);
        double r2 = Metrics.r2(pred, test.y());
        assertTrue(r2 >= 0.9999, () -> name + ": test R^2 " + r2 + " for " + m.formula(8));
        // numerically equal: the largest error on fresh points is round-off sized relative to the target's scale
        double scale = 0;
        double err = 0;
        for (int i = 0; i < pred.length; i++) {
            scale = Math.max(scale, Math.abs(test.y()[i]));
            err = Math.max(err, Math.abs(pred[i] - test.y()[i]));
        }
        double maxErr = err;
        double tol = 1e-6 * Math.max(scale, 1e-3);
        assertTrue(maxErr <= tol, () -> name + ": max error " + maxErr + " for " + m.formula(8));
    }

    /** The modest budget of these tests. */
    static final class RecoveryBudget {
        static final int STEPS = 40;
        static final int BATCH = 10;

        private RecoveryBudget() {
        }
    }
}
