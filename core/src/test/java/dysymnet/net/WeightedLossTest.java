package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The weighted training loss {@code sum w r^2 / sum w}: its hand-written gradient agrees with finite differences, and
 * with integer weights loss and gradient are those of the rows repeated as many times as their weights.
 */
class WeightedLossTest {
    /** Architectures of smooth units only, so that finite differences are reliable everywhere. */
    private static final List<String> ARCHITECTURES = List.of("[id,sin,*]", "[id,square,cos]-[id,*]",
            "[sin,+,*]-[square,id]", "[cos,id]-[*,sin]-[id]");

    @Test
    void weightedGradientMatchesFiniteDifferences() {
        int compared = 0;
        for (int a = 0; a < ARCHITECTURES.size(); a++) {
            for (long seed = 1; seed <= 5; seed++) {
                Random r = new Random(31 * a + seed);
                int d = 1 + r.nextInt(2);
                SymbolicNetwork net = new SymbolicNetwork(Architecture.parse(ARCHITECTURES.get(a)), d, true, true);
                NetTestSupport.randomParams(net, r, 0.8, 0.0);
                int n = 6 + r.nextInt(10);
                double[][] x = NetTestSupport.randomInputs(r, d, n, 1.5);
                double[] y = new double[n];
                double[] w = new double[n];
                for (int i = 0; i < n; i++) {
                    y[i] = 2 * r.nextDouble() - 1;
                    w[i] = 0.05 + 3 * r.nextDouble();
                }
                double[] grad = new double[net.parameterCount()];
                double loss = net.lossAndGradient(x, y, w, grad);
                assertEquals(loss, net.mse(x, y, w), 1e-12 * Math.max(1, loss));
                double[] p = net.params();
                for (int k = 0; k < p.length; k++) {
                    double p0 = p[k];
                    double h = 1e-5 * Math.max(1, Math.abs(p0));
                    p[k] = p0 + h;
                    double up = net.mse(x, y, w);
                    p[k] = p0 - h;
                    double down = net.mse(x, y, w);
                    p[k] = p0;
                    double fd = (up - down) / (2 * h);
                    double tol = 1e-5 * Math.max(Math.abs(fd), Math.abs(grad[k])) + 1e-8 * Math.max(1, loss);
                    assertEquals(fd, grad[k], tol, ARCHITECTURES.get(a) + " seed " + seed + " parameter " + k);
                    compared++;
                }
            }
        }
        assertTrue(compared > 100, compared + " parameters compared");
    }

    @Test
    void integerWeightsAreRepeatedRows() {
        for (long seed = 1; seed <= 6; seed++) {
            Random r = new Random(seed);
            SymbolicNetwork net = new SymbolicNetwork(Architecture.parse("[id,sin,*]-[square,id]"), 2, true, true);
            NetTestSupport.randomParams(net, r, 0.8, 0.2);
            int n = 20;
            double[][] x = NetTestSupport.randomInputs(r, 2, n, 1.5);
            double[] y = new double[n];
            double[] w = new double[n];
            int m = 0;
            for (int i = 0; i < n; i++) {
                y[i] = r.nextGaussian();
                w[i] = 1 + r.nextInt(3);
                m += (int) w[i];
            }
            double[][] dx = new double[2][m];
            double[] dy = new double[m];
            for (int i = 0, k = 0; i < n; i++) {
                for (int c = 0; c < (int) w[i]; c++, k++) {
                    dx[0][k] = x[0][i];
                    dx[1][k] = x[1][i];
                    dy[k] = y[i];
                }
            }
            double[] g = new double[net.parameterCount()];
            double[] gd = new double[net.parameterCount()];
            double loss = net.lossAndGradient(x, y, w, g);
            double lossDup = net.lossAndGradient(dx, dy, gd);
            assertEquals(lossDup, loss, 1e-12 * Math.max(1, lossDup));
            for (int k = 0; k < g.length; k++) {
                assertEquals(gd[k], g[k], 1e-11 * Math.max(1, Math.abs(gd[k])), "parameter " + k);
            }
        }
    }

    @Test
    void nullWeightsAreTheUnweightedLossToTheBit() {
        Random r = new Random(5);
        SymbolicNetwork net = new SymbolicNetwork(Architecture.parse("[id,cos,*]"), 1, true, true);
        NetTestSupport.randomParams(net, r, 0.8, 0.0);
        double[][] x = NetTestSupport.randomInputs(r, 1, 30, 2);
        double[] y = x[0].clone();
        double[] g1 = new double[net.parameterCount()];
        double[] g2 = new double[net.parameterCount()];
        assertEquals(Double.doubleToLongBits(net.lossAndGradient(x, y, g1)),
                Double.doubleToLongBits(net.lossAndGradient(x, y, null, g2)));
        for (int k = 0; k < g1.length; k++) {
            assertEquals(Double.doubleToLongBits(g1[k]), Double.doubleToLongBits(g2[k]));
        }
    }

    @Test
    void trainingFollowsTheWeights() {
        // y = 3x on most rows, y = -3x on every fourth; weighting either group far above the other makes the trained
        // network fit that group (a deterministic property of the weighted loss: one linear unit)
        int n = 64;
        double[] xs = new double[n];
        double[] ys = new double[n];
        double[] wa = new double[n];
        double[] wb = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = -1 + 2.0 * i / (n - 1);
            boolean odd = i % 4 == 0;
            ys[i] = (odd ? -3 : 3) * xs[i];
            wa[i] = odd ? 1e-6 : 1;
            wb[i] = odd ? 1 : 1e-6;
        }
        TrainConfig cfg = TrainConfig.defaults().toBuilder().stage1Steps(2000).stage2Steps(0).fineTuneSteps(0)
                .build();
        for (long seed = 1; seed <= 3; seed++) {
            TrainedNetwork a = Trainer.train(Architecture.parse("[id]"), new Dataset(List.of("x"),
                    new double[][] {xs}, ys, wa), cfg, new SplittableRandom(seed));
            TrainedNetwork b = Trainer.train(Architecture.parse("[id]"), new Dataset(List.of("x"),
                    new double[][] {xs}, ys, wb), cfg, new SplittableRandom(seed));
            double slopeA = a.network().predict(new double[][] {{1}})[0] - a.network().predict(new double[][] {{0}})[0];
            double slopeB = b.network().predict(new double[][] {{1}})[0] - b.network().predict(new double[][] {{0}})[0];
            assertEquals(3, slopeA, 0.05, "seed " + seed);
            assertEquals(-3, slopeB, 0.05, "seed " + seed);
        }
    }
}
