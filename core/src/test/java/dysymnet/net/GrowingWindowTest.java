package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Parser;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GrowingWindowTest {

    @Test
    void windowsHoldTheMostCentralPointsInStandardisedUnits() {
        SplittableRandom r = new SplittableRandom(7);
        int n = 200;
        double[][] x = new double[2][n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[0][i] = 1000 + 500 * r.nextDouble(); // a feature in the thousands
            x[1][i] = r.nextGaussian() * 1e-3;       // and one a million times smaller
            y[i] = i;                                 // identifies the row
        }
        double[] mean = new double[2];
        double[] sd = new double[2];
        for (int j = 0; j < 2; j++) {
            mean[j] = Arrays.stream(x[j]).average().orElseThrow();
            double m = mean[j];
            sd[j] = Math.sqrt(Arrays.stream(x[j]).map(v -> (v - m) * (v - m)).sum() / n);
        }
        GrowingWindow w = new GrowingWindow(x, y);
        double[] all = w.y(n);
        double[] sorted = all.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < n; i++) {
            assertEquals(i, sorted[i], 0.0, "every row exactly once");
        }
        double previous = -1;
        for (int k = 0; k < n; k++) {
            int row = (int) all[k];
            double d = 0;
            for (int j = 0; j < 2; j++) {
                double z = (x[j][row] - mean[j]) / sd[j];
                d += z * z;
            }
            assertTrue(d >= previous, "ordered from the centre out at " + k);
            previous = d;
            assertEquals(x[0][row], w.x(n)[0][k], 0.0, "features stay with their target");
            assertEquals(x[1][row], w.x(n)[1][k], 0.0);
        }
        assertArrayEquals(Arrays.copyOf(all, 30), w.y(30), 0.0);
    }

    @Test
    void sizesGrowFromTheStartFractionToAllPoints() {
        double[][] x = {new double[256]};
        GrowingWindow w = new GrowingWindow(x, new double[256]);
        assertEquals(26, w.size(0, 16, 0.1));
        assertEquals(256, w.size(15, 16, 0.1));
        for (int p = 1; p < 16; p++) {
            assertTrue(w.size(p, 16, 0.1) > w.size(p - 1, 16, 0.1));
        }
        assertEquals(256, w.size(0, 1, 0.1), "a single phase is all the data");
        GrowingWindow small = new GrowingWindow(new double[][] {new double[20]}, new double[20]);
        assertEquals(GrowingWindow.MIN_POINTS, small.size(0, 16, 0.01), "never fewer than the minimum");
        GrowingWindow tiny = new GrowingWindow(new double[][] {new double[5]}, new double[5]);
        assertEquals(5, tiny.size(0, 16, 0.01), "nor more than the data has");
    }

    @Test
    void windowStepsCountAsStageOneSteps() {
        Dataset data = oscillating();
        TrainConfig cfg = TrainConfig.builder().windowPhases(4).windowSteps(100).stage2Steps(0).fineTuneSteps(0)
                .build();
        TrainedNetwork t = Trainer.train(Architecture.parse("[sin,id]"), data, cfg, new SplittableRandom(1));
        assertTrue(t.stage1Steps() >= 400, "early stopping waits for the window phases: " + t.stage1Steps());
        TrainConfig shortStage = cfg.toBuilder().stage1Steps(250).earlyStop(false).build();
        TrainedNetwork s = Trainer.train(Architecture.parse("[sin,id]"), data, shortStage, new SplittableRandom(1));
        assertEquals(250, s.stage1Steps(), "the phases stay within the stage's budget");
    }

    @Test
    void configRejectsBadWindows() {
        assertThrows(IllegalArgumentException.class, () -> TrainConfig.builder().windowPhases(-1).build());
        assertThrows(IllegalArgumentException.class, () -> TrainConfig.builder().windowSteps(-1).build());
        assertThrows(IllegalArgumentException.class, () -> TrainConfig.builder().windowStart(0).build());
        assertThrows(IllegalArgumentException.class, () -> TrainConfig.builder().windowStart(1.5).build());
    }

    private static Dataset oscillating() {
        SplittableRandom r = new SplittableRandom(1);
        double[][] x = new double[1][256];
        for (int i = 0; i < 256; i++) {
            x[0][i] = -3 + 6 * r.nextDouble();
        }
        return new Dataset(List.of("x"), x, Evaluator.evaluate(Parser.parse("sin(x^2)*cos(x)-1"), List.of("x"), x));
    }
}
