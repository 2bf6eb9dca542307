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
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** JMH single-shot timing of one whole default-config training of benchmark network (a) on 100 points. */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@State(Scope.Thread)
public class WholeTrainingBenchmark {
    private final Dataset data = TrainStepBenchmark.data(1, 100, 11);
    private final Architecture arch = Architecture.parse(TrainStepBenchmark.ARCH_A);
    private long seed;

    @Benchmark
    public TrainedNetwork wholeTrainingA() {
        return Trainer.train(arch, data, TrainConfig.defaults(), new SplittableRandom(seed++));
    }
}
