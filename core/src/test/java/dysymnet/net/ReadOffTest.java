package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Printer;
import dysymnet.testing.Gen;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The read-off expression computes what the network computes. */
class ReadOffTest {

    private static final Gen.Tally TALLY = new Gen.Tally();
    /** Read-offs of networks with a unit of a user-defined function (softplus, hypot) compared. */
    private static final AtomicInteger USER_NETWORKS = new AtomicInteger();

    static LongStream seeds() {
        return Gen.seeds(200);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void expressionEqualsNetwork(long seed) {
        SplittableRandom g = Gen.rng(seed);
        boolean bias = g.nextBoolean();
        boolean outBias = g.nextBoolean();
        int d = g.nextInt(1, 4);
        Random r = new Random(g.nextLong());
        Architecture arch = NetTestSupport.randomArchitecture(r);
        SymbolicNetwork net = new SymbolicNetwork(arch, d, bias, outBias);
        NetTestSupport.randomParams(net, r, 1.2, 0.35);
        // Sometimes kill a whole input column of a layer so that dead units (constants f(0)) appear.
        String killed = "none";
        if (r.nextBoolean()) {
            int l = r.nextInt(arch.depth());
            int ins = l == 0 ? d : arch.layers().get(l - 1).outputWidth();
            int col = r.nextInt(arch.layers().get(l).inputWidth());
            killed = "layer " + l + " column " + col;
            for (int k = 0; k < ins; k++) {
                net.params()[net.weightIndex(l, k, col)] = 0.0;
            }
            if (bias) {
                net.params()[net.biasIndex(l, col)] = 0.0;
            }
        }
        List<String> names = Dataset.defaultNames(d);
        Expr e = net.toExpr(names);
        int n = 8;
        double[][] x = NetTestSupport.randomInputs(r, d, n, 2.0);
        double[] pred = net.predict(x);
        String input = arch + " on " + d + " input(s), bias " + bias + ", output bias " + outBias + ", dead "
                + killed + " -> " + Printer.infix(e);
        Gen.check(seed, input, () -> {
            int compared = 0;
            for (int i = 0; i < n; i++) {
                if (!Double.isFinite(pred[i])) {
                    continue; // overflow inside the network: the read-off may overflow differently
                }
                Map<String, Double> env = new HashMap<>();
                for (int j = 0; j < d; j++) {
                    env.put(names.get(j), x[j][i]);
                }
                double v = NetTestSupport.eval(e, env);
                assertEquals(pred[i], v, 1e-9 * Math.max(1.0, Math.abs(pred[i])), "point " + env);
                compared++;
            }
            if (compared > 0) {
                TALLY.checked();
                if (NetTestSupport.hasUserUnit(arch)) {
                    USER_NETWORKS.incrementAndGet();
                }
            } else {
                TALLY.discarded();
            }
        });
    }

    @AfterAll
    static void mostNetworksWereCompared() {
        TALLY.assertCheckedShare("expressionEqualsNetwork", 0.9, 100); // measured 200 of 200
        if (seeds().count() > 1) { // all the seeds ran, not one rerun with -Dgen.seed
            assertTrue(USER_NETWORKS.get() >= 20, USER_NETWORKS.get() + " read-offs with user-function units compared");
        }
    }

    @Test
    void deadCosUnitIsTheConstantOne() {
        SymbolicNetwork net = new SymbolicNetwork(Architecture.parse("[cos,id]"), 1, false);
        double[] p = net.params();
        p[net.weightIndex(0, 0, 0)] = 0.0; // cos unit gets no input: cos(0) = 1
        p[net.weightIndex(0, 0, 1)] = 2.0;
        p[net.weightIndex(1, 0, 0)] = 3.0;
        p[net.weightIndex(1, 1, 0)] = 0.5;
        Expr e = net.toExpr(List.of("x"));
        assertEquals(Expr.add(Expr.mul(new Const(3.0), new Const(1.0)),
                Expr.mul(new Const(0.5), Expr.mul(new Const(2.0), Expr.var("x")))), e);
        assertEquals(3.0 + 0.5 * 2.0 * 0.7, NetTestSupport.eval(e, Map.of("x", 0.7)), 1e-15);
    }

    @Test
    void allZeroNetworkIsZeroAndUnitOperatorsMapAsSpecified() {
        SymbolicNetwork net = new SymbolicNetwork(Architecture.parse("[square,cube,neg,*]"), 1, false);
        assertEquals(new Const(0.0), net.toExpr(List.of("x")));
        double[] p = net.params();
        java.util.Arrays.fill(p, 1.0);
        p[net.weightIndex(0, 0, 4)] = 0.0; // left operand of * is the zero function: the product vanishes
        Expr x = Expr.var("x");
        Expr ones = Expr.mul(new Const(1.0), x);
        Expr expected = Expr.add(Expr.add(
                Expr.mul(new Const(1.0), Expr.pow(ones, new Const(2.0))),
                Expr.mul(new Const(1.0), Expr.pow(ones, new Const(3.0)))),
                Expr.mul(new Const(1.0), Expr.apply(dysymnet.expr.UnaryOp.NEG, ones)));
        assertEquals(expected, net.toExpr(List.of("x")));
    }

    @Test
    void pruneZeroesSmallWeightsOnlyIncludingOutput() {
        SymbolicNetwork net = new SymbolicNetwork(Architecture.parse("[id,sin]"), 1, true);
        double[] p = net.params();
        java.util.Arrays.fill(p, 0.005);
        p[net.weightIndex(0, 0, 0)] = 0.5;
        assertEquals(3, net.prune(0.01)); // w(0,0,1) and both read-out weights; biases are not pruned
        assertEquals(0.5, p[net.weightIndex(0, 0, 0)]);
        assertEquals(0.0, p[net.weightIndex(1, 0, 0)]);
        assertEquals(0.005, p[net.biasIndex(0, 0)]);
        // with both read-out weights gone only the read-out's bias is left: a constant, whatever x is
        assertEquals(new Const(0.005), net.toExpr(List.of("x")));
        double[] pred = net.predict(new double[][] {{-1.0, 0.0, 2.0}});
        for (double v : pred) {
            assertEquals(0.005, v, 1e-15);
        }
    }
}
