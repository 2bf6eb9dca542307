package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

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
                for (double v : col) {
                    switch (op) {
                        case LOG:
                        case SQRT:
                        case DIV:
                            if (Math.abs(v) < 1e-2) {
                                return true;
                            }
                            break;
                        case TAN:
                            if (Math.abs(Math.cos(v)) < 0.05) {
                                return true;
                            }
                            break;
                        case EXP:
                        case SINH:
                        case COSH:
                            if (Math.abs(v) > 50) {
                                return true;
                            }
                            break;
                        default:
                            break;
                    }
                }
            }
        }
        return false;
    }

    @Property(tries = 150)
    void backwardMatchesFiniteDifferences(@ForAll long seed, @ForAll boolean bias, @ForAll boolean outBias,
                                          @ForAll boolean reg,
                                          @ForAll @IntRange(min = 1, max = 2) int d) {
        Random r = new Random(seed);
        Architecture arch = NetTestSupport.randomArchitecture(r);
        SymbolicNetwork net = new SymbolicNetwork(arch, d, bias, outBias);
        NetTestSupport.randomParams(net, r, 1.0, 0.15);
        int n = 4 + r.nextInt(8);
        double[][] x = NetTestSupport.randomInputs(r, d, n, 1.5);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = 2.0 * r.nextDouble() - 1.0;
        }
        double[] grad = new double[net.parameterCount()];
        double loss = net.lossAndGradient(x, y, grad);
        Assume.that(Double.isFinite(loss) && Math.abs(loss) < 1e6);
        Assume.that(!nearSingularity(net));
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
            assertEquals(fdHalf, grad[i], tol, "parameter " + i + " of " + arch + " (bias " + bias + ")");
        }
        Statistics.label("share of parameters checked").collect(checked * 10 / p.length * 10 + "%");
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
