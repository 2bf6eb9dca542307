package dysymnet.jmh;

import dysymnet.data.Dataset;
import dysymnet.net.Architecture;
import dysymnet.net.TrainConfig;
import dysymnet.net.TrainedNetwork;
import dysymnet.net.Trainer;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Single-shot time of one whole training of a network on many rows ({@link Trainer#train}: dense stage, sparse stage,
 * pruning, fine-tuning, read-off): benchmark network (a) of {@link TrainStepBenchmark} on 1,000, 10,000 and 100,000
 * rows of its target, with the default schedule cut to stages of {@value #STAGE_STEPS} steps (the default's 10,000
 * would take minutes per training on 100,000 rows), and without early stopping so that every training runs the same
 * steps. 1,000 rows is what a network of large data trains on by default ({@code Budget.trainRows}).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3)
@Measurement(iterations = 3)
@State(Scope.Thread)
public class LargeTrainingBenchmark {
    /** Steps of each of the two stages; fine-tuning runs a tenth of it. */
    public static final int STAGE_STEPS = 1000;

    @Param({"1000", "10000", "100000"})
    public int rows;

    private Dataset data;
    private final Architecture arch = Architecture.parse(TrainStepBenchmark.ARCH_A);
    private final TrainConfig config = TrainConfig.defaults().toBuilder().stage1Steps(STAGE_STEPS)
            .stage2Steps(STAGE_STEPS).fineTuneSteps(STAGE_STEPS / 10).earlyStop(false).build();
    private long seed;

    @Setup(Level.Trial)
    public void setUp() {
        data = TrainStepBenchmark.data(1, rows, 11);
    }

    @Benchmark
    public TrainedNetwork wholeTraining() {
        return Trainer.train(arch, data, config, new SplittableRandom(seed++));
    }
}
