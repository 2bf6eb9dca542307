package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.fit.Eliminator;
import dysymnet.fit.LevenbergMarquardtFitter;
import dysymnet.fit.Polisher;
import dysymnet.net.Architecture;
import dysymnet.net.TrainConfig;
import dysymnet.net.Trainer;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A stop (time limit or cancellation) that comes while the pipeline is in any one of its stages ends the pipeline
 * soon, with a result: the stop supplier here turns true the first time that stage asks it, on enough rows that the
 * stage would otherwise run for seconds.
 */
@Tag("slow")
class PipelineStopTest {
    /** Generous for load: each stage asks the stop between steps that take milliseconds on these rows. */
    private static final double STOP_SECONDS = 0.5;

    /** Turns true the first time it is asked from inside {@code stage}; remembers when. */
    private static final class StopIn implements BooleanSupplier {
        private final Class<?> stage;
        private final AtomicLong stoppedAt = new AtomicLong();

        StopIn(Class<?> stage) {
            this.stage = stage;
        }

        @Override
        public boolean getAsBoolean() {
            if (stoppedAt.get() != 0) {
                return true;
            }
            boolean inStage = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                    .walk(s -> s.anyMatch(f -> f.getDeclaringClass() == stage));
            if (inStage) {
                stoppedAt.compareAndSet(0, System.nanoTime());
            }
            return inStage;
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"training", "refinement", "elimination", "polishing"})
    void aStopInAnyStageEndsThePipelineSoon(String stage) {
        Class<?> type = switch (stage) {
            case "training" -> Trainer.class;
            case "refinement" -> LevenbergMarquardtFitter.class;
            case "elimination" -> Eliminator.class;
            case "polishing" -> Polisher.class;
            default -> throw new IllegalArgumentException(stage);
        };
        Dataset d = PipelineBudgetTest.data(20_000);
        // a short training, so that the later stages are reached in a few seconds; unstopped, this pipeline runs
        // about 7 s on this machine: training 1.4 s, refinement and elimination 4.6 s, polishing 1.1 s
        ArchitecturePipeline p = new ArchitecturePipeline(d, Settings.builder().threads(1)
                .training(TrainConfig.builder().stage1Steps(60).stage2Steps(60).build()).build());
        Architecture arch = Architecture.parse("[id,square,sin,mul][id,sin,cos]");
        StopIn stop = new StopIn(type);
        long start = System.nanoTime();
        ArchitecturePipeline.Result r = p.run(arch, new SplittableRandom(3), 0, stop);
        long end = System.nanoTime();
        assertNotNull(r);
        assertTrue(stop.stoppedAt.get() != 0, "the pipeline never asked the stop inside " + stage);
        double after = (end - stop.stoppedAt.get()) / 1e9;
        System.out.printf(Locale.ROOT, "%s: stopped after %.2f s, ended %.3f s later%n", stage,
                (stop.stoppedAt.get() - start) / 1e9, after);
        assertTrue(after < STOP_SECONDS, stage + ": the pipeline ran " + after + " s after the stop");
    }
}
