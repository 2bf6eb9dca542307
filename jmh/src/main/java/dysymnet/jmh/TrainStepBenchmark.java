package dysymnet.jmh;

import dysymnet.data.Dataset;
import dysymnet.net.Architecture;
import dysymnet.net.GradientClipper;
import dysymnet.net.L05;
import dysymnet.net.Optimizer;
import dysymnet.net.SymbolicNetwork;
import dysymnet.net.TrainConfig;
import dysymnet.net.TrainedNetwork;
import dysymnet.net.Trainer;
import java.util.Locale;
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
 * JMH benchmark of one training step of a symbolic network (forward, backward, L0.5* penalty, adaptive
 * clipping, Adam update); {@link WholeTrainingBenchmark} times whole trainings.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class TrainStepBenchmark {

    /** (a) 3 hidden layers of width 4 with the reference's default operators, 1 input. */
    public static final String ARCH_A = "[id,sin,cos,*]-[square,sin,+,*]-[id,cos,-,*]";
    /** (b, c) 5 hidden layers of width 6, 2 inputs. */
    public static final String ARCH_B = "[id,sin,cos,square,+,*]-[id,sin,cos,square,-,*]-[id,sin,cos,square,+,*]"
            + "-[id,sin,cos,square,-,*]-[id,sin,cos,square,+,*]";

    /** Which network: a = ARCH_A on 100 points, b = ARCH_B on 256, c = ARCH_B on 10000. */
    @Param({"a", "b", "c"})
    public String net;

    private SymbolicNetwork network;
    private double[][] x;
    private double[] y;
    private double[] grad;
    private Optimizer opt;
    private GradientClipper clipper;

    /** A 1-input (sin(x^2)*cos(x) - 0.75) or 2-input (2 sin(x1) cos(x2)) target on [-1, 1]. */
    static Dataset data(int inputs, int rows, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[inputs][rows];
        double[] y = new double[rows];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < inputs; j++) {
                x[j][i] = r.nextDouble(-1.0, 1.0);
            }
            y[i] = inputs == 1 ? Math.sin(x[0][i] * x[0][i]) * Math.cos(x[0][i]) - 0.75
                    : 2.0 * Math.sin(x[0][i]) * Math.cos(x[1][i]);
        }
        return new Dataset(Dataset.defaultNames(inputs), x, y);
    }

    @Setup(Level.Trial)
    public void setUp() {
        Architecture arch = Architecture.parse(net.equals("a") ? ARCH_A : ARCH_B);
        int inputs = net.equals("a") ? 1 : 2;
        int rows = net.equals("a") ? 100 : net.equals("b") ? 256 : 10_000;
        Dataset d = data(inputs, rows, 11);
        x = d.columns();
        y = d.y();
        network = new SymbolicNetwork(arch, inputs, false);
        network.initialize(new SplittableRandom(5));
        grad = new double[network.parameterCount()];
        opt = Optimizer.Kind.ADAM.create(network.parameterCount());
        clipper = new GradientClipper(true, 50, 0.1, 1.0);
    }

    /** One stage-2 step; a tiny learning rate keeps the weights where they are over millions of calls. */
    @Benchmark
    public double trainStep() {
        double loss = network.lossAndGradient(x, y, grad);
        loss += L05.addPenalty(network.params(), network.weightMask(), 0.005, 0.01, grad);
        clipper.clip(grad);
        opt.step(network.params(), grad, 1e-9);
        return loss;
    }

    /** Plain timing without JMH: default-config trainings of network (a), with and without early stopping. */
    public static void main(String[] args) {
        Dataset d = data(1, 100, 11);
        Architecture arch = Architecture.parse(ARCH_A);
        for (boolean early : new boolean[] {true, false}) {
            TrainConfig cfg = TrainConfig.defaults().toBuilder().earlyStop(early).build();
            for (int rep = 0; rep < 3; rep++) {
                long t0 = System.nanoTime();
                int steps = 0;
                int runs = 10;
                for (int s = 0; s < runs; s++) {
                    TrainedNetwork r = Trainer.train(arch, d, cfg, new SplittableRandom(s));
                    steps += r.stage1Steps() + r.stage2Steps() + r.fineTuneSteps();
                }
                double ms = (System.nanoTime() - t0) / 1e6 / runs;
                System.out.printf(Locale.ROOT, "earlyStop=%b: %.1f ms per training, %d steps on average, %.2f us/step%n",
                        early, ms, steps / runs, ms * 1000 / (steps / (double) runs));
            }
        }
    }
}
