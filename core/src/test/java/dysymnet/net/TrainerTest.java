package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Expr;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TrainerTest {

    private static Dataset poly(int n) {
        double[][] x = new double[1][n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double v = -1.0 + 2.0 * i / (n - 1);
            x[0][i] = v;
            y[i] = v * v * v + v * v + v;
        }
        return new Dataset(List.of("x"), x, y);
    }

    @Test
    void aSlowStepAsksTheStopEveryStepAndNoStageStartsOnceStopped() {
        // 50,000 rows times about a hundred parameters: a step costs milliseconds, so the stop is asked every step
        SplittableRandom rng = new SplittableRandom(3);
        int n = 50_000;
        double[][] x = new double[4][n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 4; j++) {
                x[j][i] = rng.nextDouble(-2, 2);
            }
            y[i] = x[0][i] * x[1][i] + Math.sin(x[2][i]) - x[3][i];
        }
        Dataset data = new Dataset(List.of("a", "b", "c", "d"), x, y);
        Architecture arch = Architecture.parse("[id,sin,cos,square,*,+]-[id,sin,*,+]");
        int params = new SymbolicNetwork(arch, 4, false, true).parameterCount();
        assertEquals(1, Trainer.checkInterval(n, params));
        TrainedNetwork t = Trainer.train(arch, data, TrainConfig.defaults(), new SplittableRandom(1), () -> true);
        assertTrue(t.ok());
        assertEquals(0, t.stage1Steps());
        assertEquals(0, t.stage2Steps());
        assertEquals(0, t.fineTuneSteps());
        assertTrue(Double.isFinite(t.mse()));
    }

    @Test
    void cheapStepsAskTheStopEvery64Steps() {
        assertEquals(64, Trainer.checkInterval(256, 50));
        assertEquals(64, Trainer.checkInterval(1, 1));
        assertEquals(1, Trainer.checkInterval(200_000, 100));
        assertEquals(1, Trainer.checkInterval(1_000, 360_000));
        int mid = Trainer.checkInterval(10_000, 100);
        assertTrue(mid > 1 && mid < 64 && Integer.bitCount(mid) == 1, "interval " + mid);
    }

    @Test
    void fitsCubicPolynomialAndReadsItOff() {
        Dataset data = poly(256);
        TrainedNetwork r = Trainer.train(Architecture.parse("[id,square,cube]"), data, TrainConfig.defaults(),
                new SplittableRandom(42));
        assertTrue(r.ok());
        assertEquals(0, r.restarts());
        assertTrue(r.mse() < 1e-6, "mse " + r.mse());
        assertEquals(r.mse(), r.network().mse(data.columns(), data.y()), 0.0);
        Expr e = r.expression();
        for (double v : new double[] {-0.9, 0.1, 0.7}) {
            assertEquals(v * v * v + v * v + v, NetTestSupport.eval(e, Map.of("x", v)), 1e-3);
        }
        assertTrue(r.stage1Steps() > 0 && r.stage1Steps() <= 10_000);
    }

    @Test
    void nonFiniteLossRestartsAndReportsFailureWithoutThrowing() {
        double[][] x = {{0.0, 0.5, 1.0}};
        double[] y = {1e200, -1e200, 1e200}; // every squared residual overflows
        Dataset data = new Dataset(List.of("x"), x, y);
        TrainedNetwork r = Trainer.train(Architecture.parse("[id,sin]"), data, TrainConfig.defaults(),
                new SplittableRandom(1));
        assertFalse(r.ok());
        assertEquals(2, r.restarts());
        assertTrue(Double.isNaN(r.mse()));
    }

    @Test
    void hugeLearningRateEndsInAReportedFailureNotAnException() {
        // SGD with a step of 1e12 and no clipping: every attempt blows up to non-finite numbers
        TrainConfig cfg = TrainConfig.builder().optimizer(Optimizer.Kind.SGD).learningRate(1e12)
                .adaptiveClipping(false).warmupClipNorm(Double.POSITIVE_INFINITY)
                .stage1Steps(300).stage2Steps(300).build();
        for (long seed = 1; seed <= 4; seed++) {
            TrainedNetwork r = Trainer.train(Architecture.parse("[exp,tan,*]-[cosh,/]"), poly(50), cfg,
                    new SplittableRandom(seed));
            String s = "seed " + seed;
            assertFalse(r.ok(), s);
            assertEquals(cfg.maxRestarts(), r.restarts(), s + ": every restart was used");
            assertTrue(Double.isNaN(r.mse()) && Double.isNaN(r.finalLoss()), s);
            assertNull(r.stage1Network(), s);
            assertEquals(0, r.fineTuneSteps(), s);
            assertTrue(Double.isNaN(NetTestSupport.eval(r.expression(), Map.of("x", 0.5))), s + ": " + r.expression());
        }
    }

    @Test
    void earlyStopEndsConvergedStagesSooner() {
        Dataset data = poly(100);
        TrainConfig on = TrainConfig.defaults();
        TrainConfig off = on.toBuilder().earlyStop(false).build();
        TrainedNetwork a = Trainer.train(Architecture.parse("[id,square,cube]"), data, on, new SplittableRandom(5));
        TrainedNetwork b = Trainer.train(Architecture.parse("[id,square,cube]"), data, off, new SplittableRandom(5));
        assertEquals(20_000, b.stage1Steps() + b.stage2Steps());
        assertTrue(a.stage1Steps() + a.stage2Steps() < 20_000);
        assertTrue(a.mse() < 1e-6 && b.mse() < 1e-6);
    }

    @Test
    void configRejectsBadValues() {
        assertThrows(IllegalArgumentException.class, () -> TrainConfig.builder().learningRate(0).build());
        assertThrows(IllegalArgumentException.class, () -> TrainConfig.builder().stage1Steps(-1).build());
        assertThrows(IllegalArgumentException.class, () -> TrainConfig.builder().smoothing(-0.1).build());
        assertThrows(IllegalArgumentException.class, () -> TrainConfig.builder().learningRateDecay(2).build());
        TrainConfig d = TrainConfig.defaults();
        assertEquals(10_000, d.stage1Steps());
        assertEquals(0.005, d.lambda());
        assertEquals(0.01, d.pruneThreshold());
        assertFalse(d.bias());
        assertEquals(d, d.toBuilder().build());
    }
}
