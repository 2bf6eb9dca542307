package dysymnet.controller;

import dysymnet.net.Architecture;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ControllerTest {

    @Test
    void samplesRespectTheSetsAndCarryConsistentStatistics() {
        SearchSpace cfg = SearchSpace.builder().layers(2, 4).widths(1, 3, 5)
                .operators(Operator.SIN, Operator.MUL, Operator.IDENTITY, Operator.ADD).build();
        Controller c = new Controller(cfg, ControllerConfig.defaults(), new SplittableRandom(1));
        SplittableRandom rng = new SplittableRandom(2);
        for (int k = 0; k < 300; k++) {
            Sample s = c.sample(rng);
            Architecture a = s.architecture();
            assertTrue(a.depth() == 2 || a.depth() == 4, a::toString);
            assertEquals(cfg.layerCount(s.layerIndex()), a.depth());
            int[] wi = s.widthIndices();
            int[][] oi = s.operatorIndices();
            for (int i = 0; i < a.depth(); i++) {
                Architecture.Layer layer = a.layers().get(i);
                int w = layer.units().size();
                assertTrue(w == 1 || w == 3 || w == 5, a::toString);
                assertEquals(cfg.width(wi[i]), w);
                List<Operator> drawn = new ArrayList<>();
                for (int o : oi[i]) {
                    drawn.add(cfg.operators().get(o));
                }
                assertEquals(new Architecture.Layer(drawn), layer);
                assertTrue(cfg.operators().containsAll(layer.units()));
            }
            // one entropy per step, each at most the log of its number of choices: of the layer count, then per
            // layer of the width and of the operator. The initial weights are small (uniform within 1/sqrt(H)), so
            // the logits are small and every step starts near uniform: within 1% of that bound (measured: 0.02%)
            double uniform = Math.log(2) + a.depth() * (Math.log(3) + Math.log(4));
            assertTrue(s.entropy() <= uniform + 1e-12 && s.entropy() > 0.99 * uniform,
                    () -> "entropy " + s.entropy() + ", uniform " + uniform);
            assertTrue(s.logProb() <= 0);
            // Replay with unchanged parameters reproduces the statistics of the draw.
            assertEquals(s.logProb(), c.logProbability(s), 1e-12);
            assertEquals(s.entropy(), c.entropy(s), 1e-12);
        }
    }

    @Test
    void logProbCountsEveryOperatorDrawAndEntropyIsBounded() {
        // One layer count, one width: only the operator step is random, drawn 3 times from one distribution.
        SearchSpace space = SearchSpace.builder().layers(1).widths(3).operators(Operator.SIN, Operator.COS).build();
        Controller c = new Controller(space, ControllerConfig.builder().hiddenSize(4).build(), new SplittableRandom(5));
        Sample s = c.sample(new SplittableRandom(6));
        assertEquals(3, s.architecture().layers().get(0).units().size());
        // Steps: layer (1 choice), width (1 choice), operators (2 choices): entropy at most log 2, at least 0.
        assertTrue(s.entropy() >= 0 && s.entropy() <= Math.log(2) + 1e-12, () -> "entropy " + s.entropy());
        assertTrue(s.logProb() < 0);
        int sins = 0;
        for (int o : s.operatorIndices()[0]) {
            sins += o == 0 ? 1 : 0;
        }
        // The entropy pins the two probabilities (p, 1-p) up to swapping; log p of the draw must match one of them.
        double p = solveBinaryEntropy(s.entropy());
        double a = sins * Math.log(p) + (3 - sins) * Math.log(1 - p);
        double b = sins * Math.log(1 - p) + (3 - sins) * Math.log(p);
        assertTrue(Math.abs(a - s.logProb()) < 1e-6 || Math.abs(b - s.logProb()) < 1e-6,
                () -> "logProb " + s.logProb() + " vs " + a + " / " + b);
    }

    /**
     * With one layer count and width 1 the only random steps are the two layers' operator draws, and the second
     * step's input is the first step's probabilities, not its draw: so for a given first input the two draws are
     * independent, and the summed step entropies are the entropy of the whole draw. That entropy, -sum p log p over
     * the 9 architectures with p from {@link Controller#logProbability}, must be the sample's, before and after
     * updates (which make the distribution far from uniform).
     */
    @Test
    void entropyIsThatOfTheDistributionOfTheDraw() {
        SearchSpace space = SearchSpace.builder().layers(2).widths(1)
                .operators(Operator.SIN, Operator.COS, Operator.EXP).build();
        Controller c = new Controller(space, ControllerConfig.builder().learningRate(0.05).build(),
                new SplittableRandom(13));
        SplittableRandom rng = new SplittableRandom(14);
        for (int round = 0; round < 4; round++) {
            List<Sample> batch = new ArrayList<>();
            double[] rewards = new double[8];
            for (int k = 0; k < 8; k++) {
                Sample s = c.sample(rng);
                batch.add(s);
                rewards[k] = s.operatorIndices()[0][0] == 0 ? 1 : 0.1 * s.operatorIndices()[1][0];
                double total = 0;
                double entropy = 0;
                for (int i = 0; i < 3; i++) {
                    for (int j = 0; j < 3; j++) {
                        Architecture a = new Architecture(List.of(
                                Architecture.Layer.of(space.operators().get(i)),
                                Architecture.Layer.of(space.operators().get(j))));
                        double lp = c.logProbability(new Sample(a, s.firstInput(), 0, new int[] {0, 0},
                                new int[][] {{i}, {j}}, 0, 0));
                        total += Math.exp(lp);
                        entropy -= Math.exp(lp) * lp;
                    }
                }
                assertEquals(1.0, total, 1e-12, "the 9 architectures' probabilities");
                int r = round;
                assertEquals(entropy, s.entropy(), 1e-12, () -> "after " + 20 * r + " updates");
                assertEquals(entropy, c.entropy(s), 1e-12);
            }
            for (int u = 0; u < 20; u++) {
                c.update(batch, rewards);
            }
        }
        // the updates moved the distribution away from uniform (log 9), so the checks above were not all at one point
        double after = c.sample(new SplittableRandom(15)).entropy();
        assertTrue(after < 0.9 * Math.log(9), () -> "entropy after the updates " + after);
    }

    /**
     * Rewarding sin units only makes the operator distribution concentrate: with one layer of two units (the only
     * random step is the operator draw, so the entropy is that step's), the mean entropy of the draws falls from log 4
     * to well below after 200 updates of batch 16 at the default settings (measured over init seeds 1-5: 1.386 to
     * 0.54-0.67), and sin units become more frequent. How fast it learns depends on the draws, so 4 of 5 init seeds
     * must cut the entropy by at least 30% and raise the share of sin units by at least 0.2.
     */
    @Test
    void entropyFallsWhenUpdatesRewardOneChoice() {
        SearchSpace space = SearchSpace.builder().layers(1).widths(2)
                .operators(Operator.SIN, Operator.COS, Operator.EXP, Operator.IDENTITY).build();
        int fell = 0;
        List<String> runs = new ArrayList<>();
        for (long init = 1; init <= 5; init++) {
            Controller c = new Controller(space, ControllerConfig.defaults(), new SplittableRandom(init));
            double[] before = entropyAndSinShare(c, new SplittableRandom(7), 500);
            SplittableRandom rng = new SplittableRandom(100 + init);
            for (int epoch = 0; epoch < 200; epoch++) {
                List<Sample> batch = new ArrayList<>(16);
                double[] rewards = new double[16];
                for (int k = 0; k < 16; k++) {
                    Sample s = c.sample(rng);
                    batch.add(s);
                    rewards[k] = s.architecture().layers().get(0).units().stream()
                            .filter(op -> op == Operator.SIN).count() / 2.0;
                }
                c.update(batch, rewards);
            }
            double[] after = entropyAndSinShare(c, new SplittableRandom(7), 500);
            runs.add(String.format(java.util.Locale.ROOT, "init %d: entropy %.3f -> %.3f, sin %.2f -> %.2f", init,
                    before[0], after[0], before[1], after[1]));
            assertEquals(Math.log(4), before[0], 0.01 * Math.log(4), "a near-uniform start");
            if (after[0] < 0.7 * before[0] && after[1] > before[1] + 0.2) {
                fell++;
            }
        }
        assertTrue(fell >= 4, fell + " of 5: " + runs);
    }

    /** Mean entropy of n draws and the share of sin units among them. */
    private static double[] entropyAndSinShare(Controller c, RandomGenerator rng, int n) {
        double entropy = 0;
        int sin = 0;
        int units = 0;
        for (int k = 0; k < n; k++) {
            Sample s = c.sample(rng);
            entropy += s.entropy() / n;
            for (Operator op : s.architecture().layers().get(0).units()) {
                sin += op == Operator.SIN ? 1 : 0;
                units++;
            }
        }
        return new double[] {entropy, sin / (double) units};
    }

    private static double solveBinaryEntropy(double h) {
        double lo = 1e-12;
        double hi = 0.5;
        for (int i = 0; i < 200; i++) {
            double mid = 0.5 * (lo + hi);
            double hm = -mid * Math.log(mid) - (1 - mid) * Math.log(1 - mid);
            if (hm < h) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    @Test
    void sameSeedsGiveIdenticalSamplesAndUpdates() {
        ControllerConfig cfg = ControllerConfig.builder().learningRate(0.01).build();
        Controller a = new Controller(SearchSpace.defaults(), cfg, new SplittableRandom(42));
        Controller b = new Controller(SearchSpace.defaults(), cfg, new SplittableRandom(42));
        SplittableRandom ra = new SplittableRandom(7);
        SplittableRandom rb = new SplittableRandom(7);
        for (int round = 0; round < 5; round++) {
            List<Sample> ba = new ArrayList<>();
            List<Sample> bb = new ArrayList<>();
            double[] rewards = new double[10];
            for (int k = 0; k < 10; k++) {
                Sample sa = a.sample(ra);
                Sample sb = b.sample(rb);
                assertEquals(sa.architecture(), sb.architecture());
                assertArrayEquals(sa.firstInput(), sb.firstInput());
                assertEquals(sa.logProb(), sb.logProb());
                ba.add(sa);
                bb.add(sb);
                rewards[k] = sa.architecture().depth() / 5.0;
            }
            assertEquals(a.update(ba, rewards), b.update(bb, rewards));
        }
        assertArrayEquals(a.parameters(), b.parameters());
        assertNotEquals(0, Arrays.stream(a.parameters()).sum());
        // A different init seed gives a different controller.
        Controller d = new Controller(SearchSpace.defaults(), cfg, new SplittableRandom(43));
        assertNotEquals(new Controller(SearchSpace.defaults(), cfg, new SplittableRandom(42)).sample(new SplittableRandom(1)).logProb(),
                d.sample(new SplittableRandom(1)).logProb());
    }

    @Test
    void updateReportsQuantileAndKeptCount() {
        Controller c = new Controller(SearchSpace.defaults(), ControllerConfig.paper(), new SplittableRandom(3));
        SplittableRandom rng = new SplittableRandom(4);
        List<Sample> batch = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            batch.add(c.sample(rng));
        }
        double[] rewards = {0.1, Double.NaN, 0.7, 0.3, 0.9, 0.5};
        // Sanitized sorted: 0 0.1 0.3 0.5 0.7 0.9; (0.5)(5) = 2.5 -> index 3 -> 0.5; kept 0.7, 0.9, 0.5.
        double expected = (0.2 * batch.get(2).logProb() + 0.4 * batch.get(4).logProb()
                + 0.005 * (batch.get(2).entropy() + batch.get(4).entropy() + batch.get(5).entropy())) / 3;
        UpdateStats st = c.update(batch, rewards);
        assertEquals(0.5, st.quantile());
        assertEquals(3, st.kept());
        assertEquals(6, st.batchSize());
        assertEquals(expected, st.objective(), 1e-12);
        assertEquals(1, c.updateCount());
        // The step changed the policy.
        assertNotEquals(batch.get(0).logProb(), c.logProbability(batch.get(0)));
    }

    @Test
    void equalRewardsGiveAPureEntropyStep() {
        SearchSpace space = SearchSpace.builder().layers(1, 2).widths(1, 2).build();
        ControllerConfig cfg = ControllerConfig.builder().hiddenSize(6).entropyWeight(0).build();
        Controller c = new Controller(space, cfg, new SplittableRandom(8));
        List<Sample> batch = List.of(c.sample(new SplittableRandom(1)), c.sample(new SplittableRandom(2)));
        double[] grad = new double[c.parameterCount()];
        double j = c.objectiveAndGradient(batch, new double[]{0.4, 0.4}, grad, new double[2]);
        assertEquals(0.0, j);
        for (double g : grad) {
            assertEquals(0.0, g);
        }
    }

    @Test
    void updateRejectsMismatchedInput() {
        SearchSpace cfg = SearchSpace.builder().layers(1, 2).build();
        Controller c = new Controller(cfg, ControllerConfig.defaults(), new SplittableRandom(1));
        Sample s = c.sample(new SplittableRandom(2));
        assertThrows(IllegalArgumentException.class, () -> c.update(List.of(), new double[0]));
        assertThrows(IllegalArgumentException.class, () -> c.update(List.of(s), new double[2]));
        Sample uniform = new UniformSampler(cfg, ControllerConfig.defaults()).sample(new SplittableRandom(3));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> c.update(List.of(s, uniform), new double[]{1, 2}));
        assertTrue(e.getMessage().contains("batch[1]"), e::getMessage);
        // Layer 0 claims width index 0 (one unit) but carries two operator draws.
        Sample inconsistent = new Sample(s.architecture(), s.firstInput(), 0, new int[]{0}, new int[][]{{0, 0}},
                -1, 1);
        assertThrows(IllegalArgumentException.class, () -> c.update(List.of(inconsistent), new double[]{1}));
        // an operator index one past the library
        int past = cfg.operators().size();
        Sample badOperator = new Sample(s.architecture(), s.firstInput(), 0, new int[]{0}, new int[][]{{past}}, -1,
                1);
        assertThrows(IllegalArgumentException.class, () -> c.logProbability(badOperator));
    }

    @Test
    void uniformSamplerCoversTheSetsUniformly() {
        SearchSpace cfg = SearchSpace.builder().layers(1, 3).widths(2, 4).operators(Operator.SIN, Operator.ADD).build();
        UniformSampler u = new UniformSampler(cfg, ControllerConfig.defaults());
        RandomGenerator rng = new SplittableRandom(11);
        int depthOne = 0;
        int sins = 0;
        int units = 0;
        int n = 4000;
        for (int k = 0; k < n; k++) {
            Sample s = u.sample(rng);
            Architecture a = s.architecture();
            depthOne += a.depth() == 1 ? 1 : 0;
            for (Architecture.Layer l : a.layers()) {
                assertTrue(l.units().size() == 2 || l.units().size() == 4);
                units += l.units().size();
                sins += l.unaryCount();
            }
            // Uniform log-probability: each layer contributes log(1/2) for its width and log(1/2) per unit.
            int totalUnits = 0;
            for (Architecture.Layer l : s.architecture().layers()) {
                totalUnits += l.units().size();
            }
            assertEquals(-Math.log(2) * (1 + s.layerCount() + totalUnits), s.logProb(), 1e-12);
            assertEquals(Math.log(2) * (1 + 2 * s.layerCount()), s.entropy(), 1e-12);
        }
        assertEquals(0.5, depthOne / (double) n, 0.04);
        assertEquals(0.5, sins / (double) units, 0.03);
        UpdateStats st = u.update(List.of(u.sample(rng), u.sample(rng)), new double[]{0, 1});
        assertEquals(1.0, st.quantile());
        assertEquals(1, st.kept());
    }

    /**
     * Reward 1 for exactly two layers of only sin units, partial credit otherwise: after 300 updates of batch 16
     * the controller proposes two layers and sin units far more often than at start.
     */
    @Test
    void learnsToFavourARewardedArchitecture() {
        ControllerConfig cfg = ControllerConfig.builder().learningRate(0.005).build();
        Controller c = new Controller(SearchSpace.defaults(), cfg, new SplittableRandom(2024));
        SplittableRandom rng = new SplittableRandom(99);
        double[] before = frequencies(c, new SplittableRandom(5), 2000);
        for (int epoch = 0; epoch < 300; epoch++) {
            List<Sample> batch = new ArrayList<>(16);
            double[] rewards = new double[16];
            for (int k = 0; k < 16; k++) {
                Sample s = c.sample(rng);
                batch.add(s);
                rewards[k] = reward(s.architecture());
            }
            c.update(batch, rewards);
        }
        double[] after = frequencies(c, new SplittableRandom(5), 2000);
        // At start: about 1/5 two-layer draws and 1/11 sin units.
        assertTrue(before[0] < 0.35 && before[1] < 0.2, () -> "start " + Arrays.toString(before));
        assertTrue(after[0] > before[0] + 0.3, () -> Arrays.toString(before) + " -> " + Arrays.toString(after));
        assertTrue(after[1] > before[1] + 0.3, () -> Arrays.toString(before) + " -> " + Arrays.toString(after));
        assertTrue(after[2] > before[2] + 0.1, () -> Arrays.toString(before) + " -> " + Arrays.toString(after));
    }

    private static double reward(Architecture a) {
        int sin = 0;
        int units = 0;
        for (Architecture.Layer l : a.layers()) {
            for (Operator op : l.units()) {
                sin += op == Operator.SIN ? 1 : 0;
                units++;
            }
        }
        boolean twoLayers = a.depth() == 2;
        return twoLayers && sin == units ? 1.0 : 0.4 * (twoLayers ? 1 : 0) + 0.4 * sin / (double) units;
    }

    /** Fraction of two-layer draws, fraction of sin units, fraction of exact target architectures. */
    private static double[] frequencies(Controller c, RandomGenerator rng, int n) {
        int two = 0;
        int sin = 0;
        int units = 0;
        int exact = 0;
        for (int k = 0; k < n; k++) {
            Architecture a = c.sample(rng).architecture();
            two += a.depth() == 2 ? 1 : 0;
            exact += reward(a) == 1.0 ? 1 : 0;
            for (Architecture.Layer l : a.layers()) {
                for (Operator op : l.units()) {
                    sin += op == Operator.SIN ? 1 : 0;
                    units++;
                }
            }
        }
        return new double[]{two / (double) n, sin / (double) units, exact / (double) n};
    }
}
