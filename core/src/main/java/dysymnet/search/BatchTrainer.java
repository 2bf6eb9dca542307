package dysymnet.search;

import dysymnet.data.Dataset;
import dysymnet.net.Architecture;
import dysymnet.net.Trainer;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Where a controller step's new architectures are trained: the one seam between the search's loop and the place
 * the work runs. Each job is {@link ArchitecturePipeline#run} of one architecture (given up at a checkpoint past
 * {@link Job#giveUpAbove()}), with the network's generator
 * seeded from (seed, {@link Job#index()}): a pure function of the search's data, its settings and the job, so
 * whoever runs it (this process's threads, or the members of a cluster, see the {@code cluster} module) gives the
 * same result, and so the same formula for the same seed and step budget.
 *
 * <p>The default, when none is given to {@link Search}, trains on the search's own thread pool. A trainer is opened
 * once per search ({@link #open}) with the search's data and settings, so that an implementation may send them to
 * where they are needed once per search, not once per network.
 */
public interface BatchTrainer {

    /**
     * Starts a search's trainings.
     *
     * @param data     the search's data (as {@link Search#run} got them)
     * @param settings the search's settings
     */
    Session open(Dataset data, Settings settings);

    /** One search's trainings; closed when the search ends. */
    interface Session extends AutoCloseable {
        /**
         * Trains a batch of architectures.
         *
         * @param jobs     the architectures, each distinct, in sampling order
         * @param stop     true once the search must stop (time limit or cancellation)
         * @param deadline the {@link System#nanoTime()} at which the search's time runs out ({@link Long#MAX_VALUE}
         *                 for none): a job started after it is not run
         * @return one outcome per job, in the jobs' order
         */
        List<Outcome> train(List<Job> jobs, BooleanSupplier stop, long deadline) throws InterruptedException;

        @Override
        void close();
    }

    /**
     * One training.
     *
     * @param architecture the (canonical) architecture
     * @param index        the sample index of the whole search: seeds the network (stream {@code index} of the seed)
     * @param step         the controller step that sampled it
     * @param giveUpAbove  per checkpoint ({@link Trainer#CHECKPOINTS}): the network is given up at checkpoint k when
     *                     its loss there over var(y) is above {@code giveUpAbove[k]} (+Infinity: not there); see
     *                     {@link ArchitecturePipeline#run(Architecture, java.util.random.RandomGenerator, int,
     *                     BooleanSupplier, double[])}. Read-only by convention.
     */
    record Job(Architecture architecture, long index, int step, double[] giveUpAbove) {
        public Job {
            Objects.requireNonNull(architecture, "architecture");
            if (giveUpAbove.length != Trainer.CHECKPOINTS) {
                throw new IllegalArgumentException("one bound per checkpoint expected, got " + giveUpAbove.length);
            }
            for (double b : giveUpAbove) {
                if (Double.isNaN(b)) {
                    throw new IllegalArgumentException("giveUpAbove must not be NaN");
                }
            }
        }

        /** A job trained in full. */
        public Job(Architecture architecture, long index, int step) {
            this(architecture, index, step, Trainer.keepAll());
        }
    }

    /**
     * What a job gave.
     *
     * @param result the pipeline's result, or null when the job was not run or not finished (the search stopped)
     * @param error  when the pipeline threw (a bug): its description, and {@code result} is the failed result
     */
    record Outcome(ArchitecturePipeline.Result result, String error) {
        /** A job that was not run or not finished. */
        public static final Outcome NOT_RUN = new Outcome(null, null);

        public static Outcome of(ArchitecturePipeline.Result r) {
            return new Outcome(Objects.requireNonNull(r, "result"), null);
        }

        /** A job whose pipeline threw. */
        public static Outcome failed(Job job, String error) {
            return new Outcome(ArchitecturePipeline.failed(job.architecture(), job.step()),
                    Objects.requireNonNull(error, "error"));
        }
    }
}
