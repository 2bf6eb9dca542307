package dysymnet.controller;

import dysymnet.expr.NestingConstraints;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import dysymnet.testing.Gen;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class ControllerGradientTest {

    private static final String[] GROUPS = {"lstm W", "lstm U", "lstm b", "layer-head W", "layer-head b",
            "width-head W", "width-head b", "operator-head W", "operator-head b"};

    static LongStream seeds() {
        return Gen.seeds(100);
    }

    /** Backprop through time agrees with central differences on every parameter of every group. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void bpttGradientMatchesFiniteDifferences(long seed) {
        SplittableRandom rnd = Gen.rng(seed);
        int hidden = rnd.nextInt(1, 6);
        int batchSize = rnd.nextInt(1, 7);
        // now and then eps = 1, the edge where every sample is kept
        double eps = rnd.nextInt(10) == 0 ? 1.0 : rnd.nextDouble(0.05, 1.0);
        double entropyWeight = rnd.nextDouble(0.01, 0.5);
        SearchSpace space = SearchSpace.builder()
                .layers(randomSubset(rnd, 3))
                .widths(randomSubset(rnd, 3))
                .operators(randomOperators(rnd))
                .build();
        ControllerConfig cfg = ControllerConfig.builder()
                .hiddenSize(hidden)
                .riskFactor(eps)
                .entropyWeight(entropyWeight)
                .build();
        Controller c = new Controller(space, cfg, rnd.split());
        double[] theta = c.parameters();
        // Larger than the default init so that gates and softmaxes are away from their linear regime.
        for (int i = 0; i < theta.length; i++) {
            theta[i] += rnd.nextDouble(-1, 1);
        }
        List<Sample> batch = new ArrayList<>();
        double[] rewards = new double[batchSize];
        for (int k = 0; k < batchSize; k++) {
            batch.add(c.sample(rnd));
            // Coarse rewards so that ties with the quantile happen too.
            rewards[k] = Math.round(rnd.nextDouble() * 4) / 4.0;
        }
        Gen.check(seed, cfg + ", batch of " + batchSize, () -> checkGradient(c, theta, batch, rewards));
    }

    /**
     * With nesting constraints the operator head's softmax runs over the operators allowed after the earlier layers'
     * functions; backprop through time still agrees with central differences.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void bpttGradientMatchesFiniteDifferencesUnderNestingConstraints(long seed) {
        SplittableRandom rnd = Gen.rng(seed);
        List<String> functions = List.of("sin", "cos", "exp", "log", "sqrt");
        List<NestingConstraints.Rule> rules = new ArrayList<>();
        for (int k = rnd.nextInt(1, 5); k > 0; k--) {
            rules.add(new NestingConstraints.Rule(functions.get(rnd.nextInt(5)), functions.get(rnd.nextInt(5))));
        }
        SearchSpace space = SearchSpace.builder().layers(2, 3).widths(randomSubset(rnd, 3))
                .operators(Operator.IDENTITY, Operator.ADD, Operator.SIN, Operator.COS, Operator.EXP, Operator.LOG,
                        Operator.SQRT)
                .forbiddenNesting(NestingConstraints.of(rules)).build();
        ControllerConfig cfg = ControllerConfig.builder().hiddenSize(rnd.nextInt(1, 5))
                .riskFactor(rnd.nextDouble(0.05, 1.0)).entropyWeight(rnd.nextDouble(0.01, 0.5)).build();
        Controller c = new Controller(space, cfg, rnd.split());
        double[] theta = c.parameters();
        for (int i = 0; i < theta.length; i++) {
            theta[i] += rnd.nextDouble(-1, 1);
        }
        List<Sample> batch = new ArrayList<>();
        double[] rewards = new double[rnd.nextInt(1, 6)];
        for (int k = 0; k < rewards.length; k++) {
            batch.add(c.sample(rnd));
            rewards[k] = Math.round(rnd.nextDouble() * 4) / 4.0;
        }
        Gen.check(seed, space.forbiddenNesting() + ", " + batch, () -> {
            for (Sample s : batch) {
                assertTrue(NestingSamplingTest.keeps(space, s.architecture()), s.architecture().toString());
                assertEquals(s.logProb(), c.logProbability(s), 1e-12, "replayed log-probability");
            }
            checkGradient(c, theta, batch, rewards);
        });
    }

    private static void checkGradient(Controller c, double[] theta, List<Sample> batch, double[] rewards) {
        double[] grad = new double[theta.length];
        c.objectiveAndGradient(batch, rewards, grad, new double[2]);

        int[] off = c.groupOffsets();
        double h = 1e-5;
        for (int g = 0; g < GROUPS.length; g++) {
            double groupNorm = 0;
            for (int i = off[g]; i < off[g + 1]; i++) {
                double saved = theta[i];
                theta[i] = saved + h;
                double up = c.objective(batch, rewards);
                theta[i] = saved - h;
                double down = c.objective(batch, rewards);
                theta[i] = saved;
                double fd = (up - down) / (2 * h);
                double tol = 1e-6 * Math.max(Math.abs(fd), Math.abs(grad[i])) + 1e-8;
                if (Math.abs(fd - grad[i]) > tol) {
                    fail(GROUPS[g] + " parameter " + (i - off[g]) + ": bptt " + grad[i] + " vs fd " + fd);
                }
                groupNorm += Math.abs(grad[i]);
            }
            // The entropy bonus alone reaches every group, so a silent zero would mean a missing path.
            assertTrue(groupNorm > 0, GROUPS[g] + " received no gradient");
        }
    }

    private static int[] randomSubset(SplittableRandom rnd, int max) {
        List<Integer> chosen = new ArrayList<>();
        for (int v = 1; v <= max; v++) {
            if (rnd.nextBoolean()) {
                chosen.add(v);
            }
        }
        // At least two values: a one-entry vocabulary has a constant softmax and legitimately no gradient.
        while (chosen.size() < 2) {
            int v = rnd.nextInt(1, max + 1);
            if (!chosen.contains(v)) {
                chosen.add(v);
            }
        }
        return chosen.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<Operator> randomOperators(SplittableRandom rnd) {
        List<Operator> all = new ArrayList<>(SearchSpace.DEFAULT_OPERATORS);
        int n = rnd.nextInt(2, 6);
        List<Operator> ops = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ops.add(all.remove(rnd.nextInt(all.size())));
        }
        return ops;
    }
}
