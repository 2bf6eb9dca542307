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

/** A network given up at its checkpoint (successive halving, {@link TrainConfig#keepFraction()}). */
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
                    Double.POSITIVE_INFINITY);
            assertFalse(plain.gaveUp());
            assertArrayEquals(plain.network().params(), bound.network().params());
            assertEquals(plain.stage1Steps(), bound.stage1Steps());
            assertEquals(plain.stage2Steps(), bound.stage2Steps());
            assertTrue(plain.checkpointLoss() > 0 && Double.isFinite(plain.checkpointLoss()));
        }
    }

    @Test
    void aNetworkAboveTheBoundStopsAtTheEndOfTheWindowPhases() {
        Architecture arch = Architecture.parse("[id,sin,*]-[id,square]");
        Dataset d = wave(100, 7);
        TrainedNetwork full = Trainer.train(arch, d, SHORT, new SplittableRandom(7));
        double reached = full.checkpointLoss();
        // just below what it reached: given up, at the same point of its training
        TrainedNetwork given = Trainer.train(arch, d, SHORT, new SplittableRandom(7), () -> false,
                Math.nextDown(reached));
        assertTrue(given.ok());
        assertTrue(given.gaveUp());
        assertEquals(reached, given.checkpointLoss());
        assertEquals(SHORT.windowPhases() * SHORT.windowSteps(), given.stage1Steps());
        assertEquals(0, given.stage2Steps());
        assertNull(given.stage1Params());
        assertTrue(((Const) given.expression()).value() != ((Const) given.expression()).value()); // NaN
        // the loss it reports is its MSE on all the rows at the checkpoint, relative to var(y)
        double var = dysymnet.data.Metrics.variance(d.y(), null);
        assertEquals(reached, given.mse() / var, 1e-12 * reached);
        // at the bound itself: trained in full
        TrainedNetwork at = Trainer.train(arch, d, SHORT, new SplittableRandom(7), () -> false, reached);
        assertFalse(at.gaveUp());
        assertArrayEquals(full.network().params(), at.network().params());
    }

    @Test
    void withoutWindowPhasesTheCheckpointIsTheEndOfStage1() {
        TrainConfig noWindow = SHORT.toBuilder().windowPhases(0).build();
        Architecture arch = Architecture.parse("[id,sin,*]-[id,square]");
        Dataset d = wave(100, 3);
        TrainedNetwork full = Trainer.train(arch, d, noWindow, new SplittableRandom(3));
        TrainedNetwork given = Trainer.train(arch, d, noWindow, new SplittableRandom(3), () -> false,
                Math.nextDown(full.checkpointLoss()));
        assertTrue(given.gaveUp());
        assertEquals(full.stage1Steps(), given.stage1Steps());
        assertEquals(0, given.stage2Steps());
    }
}
