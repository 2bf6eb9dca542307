package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.TreeSize;
import dysymnet.net.Architecture;
import dysymnet.net.Operator;
import dysymnet.net.SymbolicNetwork;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The pipeline's size bounds: what it does with networks whose formulas are too large to read off. */
class PipelineBudgetTest {

    static Dataset data(int rows) {
        SplittableRandom r = new SplittableRandom(5);
        double[][] x = new double[2][rows];
        double[] y = new double[rows];
        for (int i = 0; i < rows; i++) {
            x[0][i] = r.nextDouble(-2, 2);
            x[1][i] = r.nextDouble(-2, 2);
            y[i] = x[0][i] * x[0][i] + Math.sin(x[1][i]);
        }
        return new Dataset(List.of("x1", "x2"), x, y);
    }

    /** {@code layers} layers of {@code width} units cycling through a few operators. */
    static Architecture wide(int layers, int width) {
        Operator[] ops = {Operator.IDENTITY, Operator.SIN, Operator.MUL, Operator.COS, Operator.ADD, Operator.SQUARE};
        List<Architecture.Layer> ls = new ArrayList<>();
        for (int l = 0; l < layers; l++) {
            List<Operator> units = new ArrayList<>();
            for (int u = 0; u < width; u++) {
                units.add(ops[u % ops.length]);
            }
            ls.add(new Architecture.Layer(units));
        }
        return new Architecture(ls).canonical();
    }

    @Test
    void aNetworkTooLargeToReadOffGivesNoFormulaAtOnce() {
        // three layers of 300 units, stopped at once: the network keeps its dense initial weights, and read off as
        // a tree it has far more nodes than the bound (it is built as a graph, which is small)
        Dataset d = data(200);
        Architecture arch = wide(3, 300);
        SymbolicNetwork net = new SymbolicNetwork(arch, 2, false, true);
        net.initialize(new SplittableRandom(1));
        assertTrue(TreeSize.exceeds(net.toExpr(d.names()), ArchitecturePipeline.MAX_READ_OFF_NODES));
        ArchitecturePipeline p = new ArchitecturePipeline(d, Settings.builder().threads(1).build());
        ArchitecturePipeline.Result r = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> p.run(arch, new SplittableRandom(1), 0, () -> true));
        assertTrue(r.failed());
    }

    @Test
    void aNetworkStoppedAtOnceStillGivesItsFormulaWhenSmall() {
        Dataset d = data(200);
        ArchitecturePipeline p = new ArchitecturePipeline(d, Settings.builder().threads(1).build());
        ArchitecturePipeline.Result r = p.run(Architecture.parse("[id,square,sin]"), new SplittableRandom(1), 0,
                () -> true);
        assertNotNull(r);
        assertFalse(r.failed());
        assertTrue(r.representative().complexity() < 50);
    }
}
