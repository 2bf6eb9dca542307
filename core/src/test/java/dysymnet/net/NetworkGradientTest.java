package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The hand-written backward pass agrees with central finite differences. */
class NetworkGradientTest {

    private static final double LAMBDA = 0.005;
    private static final double A = 0.01;

    private static double objective(SymbolicNetwork net, double[][] x, double[] y, boolean reg) {
        double loss = net.mse(x, y);
        if (reg) {
            double[] p = net.params();
            boolean[] mask = net.weightMask();
            for (int i = 0; i < p.length; i++) {
                if (mask[i]) {
                    loss += LAMBDA * L05.value(p[i], A);
                }
            }
        }
        return loss;
    }

    /** True when some unit sits near a singularity or kink where finite differences are unreliable. */
    private static boolean nearSingularity(SymbolicNetwork net) {
        for (int l = 0; l < net.depth(); l++) {
            Architecture.Layer layer = net.architecture().layers().get(l);
            double[][] z = net.preActivations(l);
            int u = layer.unaryCount();
            for (int j = 0; j < layer.units().size(); j++) {
                Operator op = layer.units().get(j);
                double[] col = j < u ? z[j] : z[u + 2 * (j - u) + 1];
                for (int i = 0; i < col.length; i++) {
                    double v = col[i];
                    if (op == Operator.LOG || op == Operator.SQRT || op == Operator.DIV) {
                        if (Math.abs(v) < 1e-2) {
                            return true;
                        }
                    } else if (op == Operator.TAN) {
                        if (Math.abs(Math.cos(v)) < 0.05) {
                            return true;
                        }
                    } else if (op == Operator.EXP || op == Operator.SINH || op == Operator.COSH) {
                        if (Math.abs(v) > 50) {
                            return true;
                        }
                    } else if (op == Operator.POW) {
                        // the base near 0 (the derivatives blow up there) or a large power
                        double base = z[u + 2 * (j - u)][i];
                        if (Math.abs(base) < 1e-2 || Math.abs(v * Math.log(Math.abs(base))) > 30) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    private static final Gen.Tally TALLY = new Gen.Tally();
    private static final AtomicLong PARAMETERS = new AtomicLong();
    private static final AtomicLong PARAMETERS_CHECKED = new AtomicLong();
    /** Networks with a unit of a user-defined function (softplus, hypot) whose gradient was compared. */
    private static final AtomicLong USER_NETWORKS = new AtomicLong();

    static LongStream seeds() {
        return Gen.seeds(150);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void backwardMatchesFiniteDifferences(long seed) {
        SplittableRandom g = Gen.rng(seed);
        boolean bias = g.nextBoolean();
        boolean outBias = g.nextBoolean();
        boolean reg = g.nextBoolean();
        int d = g.nextInt(1, 3);
        Random r = new Random(g.nextLong());
        Architecture arch = NetTestSupport.randomArchitecture(r);
        SymbolicNetwork net = new SymbolicNetwork(arch, d, bias, outBias);
        NetTestSupport.randomParams(net, r, 1.0, 0.15);
        int n = 4 + r.nextInt(8);
        double[][] x = NetTestSupport.randomInputs(r, d, n, 1.5);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = 2.0 * r.nextDouble() - 1.0;
        }
        String input = arch + " on " + d + " input(s), " + n + " rows, bias " + bias + ", output bias " + outBias
                + ", penalty " + reg;
        Gen.check(seed, input, () -> {
            double[] grad = new double[net.parameterCount()];
            double loss = net.lossAndGradient(x, y, grad);
            if (!(Double.isFinite(loss) && Math.abs(loss) < 1e6) || nearSingularity(net)) {
                TALLY.discarded(); // finite differences mean nothing here
                return;
            }
            TALLY.checked();
            if (reg) {
                loss += L05.addPenalty(net.params(), net.weightMask(), LAMBDA, A, grad);
            }
            double[] p = net.params();
            int checked = 0;
            for (int i = 0; i < p.length; i++) {
                double p0 = p[i];
                double h = 1e-5 * Math.max(1.0, Math.abs(p0));
                p[i] = p0 + h;
                double up = objective(net, x, y, reg);
                p[i] = p0 - h;
                double down = objective(net, x, y, reg);
                p[i] = p0 + h / 2;
                double upHalf = objective(net, x, y, reg);
                p[i] = p0 - h / 2;
                double downHalf = objective(net, x, y, reg);
                p[i] = p0;
                double fd = (up - down) / (2 * h);
                double fdHalf = (upHalf - downHalf) / h;
                double floor = 1e-8 * Math.max(1.0, Math.abs(loss));
                // Two step sizes disagreeing means the difference quotient itself is unreliable here.
                if (!Double.isFinite(fd) || Math.abs(fd - fdHalf) > 1e-6 * Math.abs(fdHalf) + floor) {
                    continue;
                }
                checked++;
                double tol = 1e-5 * Math.max(Math.abs(grad[i]), Math.abs(fdHalf)) + floor;
                assertEquals(fdHalf, grad[i], tol, "parameter " + i);
            }
            PARAMETERS.addAndGet(p.length);
            PARAMETERS_CHECKED.addAndGet(checked);
            if (NetTestSupport.hasUserUnit(arch)) {
                USER_NETWORKS.incrementAndGet();
            }
        });
    }

    /** Most networks and most of their parameters were compared: the skips above cannot hide a broken gradient. */
    @AfterAll
    static void mostCasesWereChecked() {
        TALLY.assertCheckedShare("backwardMatchesFiniteDifferences", 0.75, 100); // measured 136 of 150
        if (seeds().count() > 1) { // all the seeds ran, not one rerun with -Dgen.seed
            assertTrue(USER_NETWORKS.get() >= 20, USER_NETWORKS.get() + " networks with user-function units compared");
        }
        long all = PARAMETERS.get();
        if (all > 0) {
            assertTrue(PARAMETERS_CHECKED.get() >= 0.9 * all, // measured 2307 of 2315
                    PARAMETERS_CHECKED.get() + " of " + all + " parameters compared with finite differences");
        }
    }

    @Test
    void gradientOfSimpleNetworkByHand() {
        // y_hat = w_out * sin(w * x): dMSE/dw = mean(2 r w_out cos(w x) x)
        SymbolicNetwork net = new SymbolicNetwork(Architecture.parse("[sin]"), 1, false);
        net.params()[0] = 0.7;
        net.params()[1] = 1.3;
        double[][] x = {{0.5, -1.0, 2.0}};
        double[] y = {0.1, 0.2, -0.3};
        double[] grad = new double[2];
        double loss = net.lossAndGradient(x, y, grad);
        double gw = 0;
        double go = 0;
        double l = 0;
        for (int i = 0; i < 3; i++) {
            double rr = 1.3 * Math.sin(0.7 * x[0][i]) - y[i];
            l += rr * rr / 3;
            gw += 2 * rr * 1.3 * Math.cos(0.7 * x[0][i]) * x[0][i] / 3;
            go += 2 * rr * Math.sin(0.7 * x[0][i]) / 3;
        }
        assertEquals(l, loss, 1e-15);
        assertEquals(gw, grad[0], 1e-14);
        assertEquals(go, grad[1], 1e-14);
        assertTrue(net.weightMask()[0] && net.weightMask()[1]);
    }
}
