package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dysymnet.testing.Gen;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import java.util.stream.LongStream;

/**
 * The network computes its rows in blocks: the output, the MSE and the gradient do not depend on the block size,
 * bit for bit (the sums over rows carry their partial sums from block to block).
 */
class NetworkBlockTest {

    static LongStream seeds() {
        return Gen.seeds(40);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void resultsDoNotDependOnTheBlockSize(long seed) {
        Random r = new Random(Gen.rng(seed).nextLong());
        Architecture arch = NetTestSupport.randomArchitecture(r);
        int d = 1 + r.nextInt(3);
        int n = 1 + r.nextInt(3_000);
        double[][] x = NetTestSupport.randomInputs(r, d, n, 2.0);
        double[] y = NetTestSupport.randomInputs(r, 1, n, 2.0)[0];
        SymbolicNetwork whole = new SymbolicNetwork(arch, d, r.nextBoolean(), true);
        NetTestSupport.randomParams(whole, r, 1.0, 0.2);
        SymbolicNetwork blocks = whole.copy();
        whole.setBlockRows(1 << 20);
        int block = 4 * (1 + r.nextInt(200));
        blocks.setBlockRows(block);
        Gen.check(seed, arch + ", " + n + " rows, blocks of " + block, () -> {
            assertArrayEquals(whole.predict(x), blocks.predict(x));
            assertEquals(Double.doubleToLongBits(whole.mse(x, y)), Double.doubleToLongBits(blocks.mse(x, y)));
            double[] g1 = new double[whole.parameterCount()];
            double[] g2 = new double[blocks.parameterCount()];
            double l1 = whole.lossAndGradient(x, y, g1);
            double l2 = blocks.lossAndGradient(x, y, g2);
            assertEquals(Double.doubleToLongBits(l1), Double.doubleToLongBits(l2));
            for (int p = 0; p < g1.length; p++) {
                assertEquals(Double.doubleToLongBits(g1[p]), Double.doubleToLongBits(g2[p]), "parameter " + p);
            }
            // a second call reuses the buffers and the partial sums start again from zero
            double[] g3 = new double[g2.length];
            assertEquals(Double.doubleToLongBits(l2), Double.doubleToLongBits(blocks.lossAndGradient(x, y, g3)));
            assertArrayEquals(g2, g3);
        });
    }

    @org.junit.jupiter.api.Test
    void blockSizesAreMultiplesOfFour() {
        SymbolicNetwork net = new SymbolicNetwork(Architecture.parse("[sin]"), 1, false);
        assertThrows(IllegalArgumentException.class, () -> net.setBlockRows(6));
        assertThrows(IllegalArgumentException.class, () -> net.setBlockRows(0));
        assertEquals(0, SymbolicNetwork.BLOCK_ROWS % 4);
    }
}
