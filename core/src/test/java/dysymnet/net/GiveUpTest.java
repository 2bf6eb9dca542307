package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Const;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A network given up at a checkpoint (successive halving, {@link TrainConfig#keepFraction()}). */
class GiveUpTest {

    private static Dataset wave(int n, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] x = new double[2][n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[0][i] = rng.nextDouble(-2, 2);
            x[1][i] = rng.nextDouble(-2, 2);
            y[i] = Math.sin(3 * x[0][i]) * x[1][i] + x[0][i];
        }
        return new Dataset(List.of("a", "b"), x, y);
    }

    private static final TrainConfig SHORT = TrainConfig.builder().stage1Steps(1500).stage2Steps(1000)
            .fineTuneSteps(200).windowPhases(4).windowSteps(100).build();

    @Test
    void anInfiniteBoundTrainsAsBeforeAndReportsTheCheckpoint() {
        Architecture arch = Architecture.parse("[id,sin,*]-[id,square]");
        for (long seed = 1; seed <= 4; seed++) {
            Dataset d = wave(100, seed);
            TrainedNetwork plain = Trainer.train(arch, d, SHORT, new SplittableRandom(seed));
            TrainedNetwork bound = Trainer.train(arch, d, SHORT, new SplittableRandom(seed), () -> false,
                    Trainer.keepAll());
            assertFalse(plain.gaveUp());
            assertArrayEquals(plain.network().params(), bound.network().params());
            assertEquals(plain.stage1Steps(), bound.stage1Steps());
            assertEquals(plain.stage2Steps(), bound.stage2Steps());
            for (double c : plain.checkpointLosses()) {
                assertTrue(c > 0 && Double.isFinite(c));
            }
            assertEquals(plain.checkpointLosses()[1], plain.lastCheckpointLoss());
        }
    }

    @Test
    void aNetworkAboveTheBoundStopsAtTheEndOfTheWindowPhases() {
        Architecture arch = Architecture.parse("[id,sin,*]-[id,square]");
        Dataset d = wave(100, 7);
        TrainedNetwork full = Trainer.train(arch, d, SHORT, new SplittableRandom(7));
        double reached = full.checkpointLosses()[0];
        // just below what it reached: given up, at the same point of its training
        TrainedNetwork given = Trainer.train(arch, d, SHORT, new SplittableRandom(7), () -> false,
                bounds(Math.nextDown(reached), Double.POSITIVE_INFINITY));
        assertTrue(given.ok());
        assertTrue(given.gaveUp());
        assertEquals(reached, given.lastCheckpointLoss());
        assertTrue(Double.isNaN(given.checkpointLosses()[1]));
        assertEquals(SHORT.windowPhases() * SHORT.windowSteps(), given.stage1Steps());
        assertEquals(0, given.stage2Steps());
        assertNull(given.stage1Params());
        assertTrue(((Const) given.expression()).value() != ((Const) given.expression()).value()); // NaN
        // the loss it reports is its MSE on all the rows at the checkpoint, relative to var(y)
        double var = dysymnet.data.Metrics.variance(d.y(), null);
        assertEquals(reached, given.mse() / var, 1e-12 * reached);
        // at the bound itself: trained in full
        TrainedNetwork at = Trainer.train(arch, d, SHORT, new SplittableRandom(7), () -> false,
                bounds(reached, Double.POSITIVE_INFINITY));
        assertFalse(at.gaveUp());
        assertArrayEquals(full.network().params(), at.network().params());
    }

    @Test
    void withoutWindowPhasesTheCheckpointIsTheEndOfStage1() {
        TrainConfig noWindow = SHORT.toBuilder().windowPhases(0).build();
        Architecture arch = Architecture.parse("[id,sin,*]-[id,square]");
        Dataset d = wave(100, 3);
        TrainedNetwork full = Trainer.train(arch, d, noWindow, new SplittableRandom(3));
        assertTrue(Double.isNaN(full.checkpointLosses()[1]));
        TrainedNetwork given = Trainer.train(arch, d, noWindow, new SplittableRandom(3), () -> false,
                bounds(Math.nextDown(full.checkpointLosses()[0]), Double.POSITIVE_INFINITY));
        assertTrue(given.gaveUp());
        assertEquals(full.stage1Steps(), given.stage1Steps());
        assertEquals(0, given.stage2Steps());
    }

    @Test
    void aNetworkAboveTheSecondBoundStopsAtTheEndOfStage1() {
        Architecture arch = Architecture.parse("[id,sin,*]-[id,square]");
        Dataset d = wave(100, 5);
        TrainedNetwork full = Trainer.train(arch, d, SHORT, new SplittableRandom(5));
        double first = full.checkpointLosses()[0];
        double reached = full.checkpointLosses()[1];
        // stage 1 goes on past the windows: its end is a later checkpoint than theirs
        assertTrue(full.stage1Steps() > SHORT.windowPhases() * SHORT.windowSteps());
        TrainedNetwork given = Trainer.train(arch, d, SHORT, new SplittableRandom(5), () -> false,
                bounds(first, Math.nextDown(reached)));
        assertTrue(given.ok());
        assertTrue(given.gaveUp());
        assertEquals(full.stage1Steps(), given.stage1Steps());
        assertEquals(0, given.stage2Steps());
        assertNull(given.stage1Params());
        assertEquals(first, given.checkpointLosses()[0]);
        assertEquals(reached, given.lastCheckpointLoss());
        double var = dysymnet.data.Metrics.variance(d.y(), null);
        assertEquals(reached, given.mse() / var, 1e-12 * reached);
        // at both bounds themselves: trained in full, as without them
        TrainedNetwork at = Trainer.train(arch, d, SHORT, new SplittableRandom(5), () -> false,
                bounds(first, reached));
        assertFalse(at.gaveUp());
        assertArrayEquals(full.network().params(), at.network().params());
    }

    private static double[] bounds(double atWindows, double atStage1) {
        return new double[] {atWindows, atStage1};
    }
}
