package dysymnet.search;

import dysymnet.controller.ArchitectureSampler;
import dysymnet.controller.Controller;
import dysymnet.controller.ControllerConfig;
import dysymnet.controller.Sample;
import dysymnet.controller.UniformSampler;
import dysymnet.data.Seeds;
import dysymnet.expr.Expr;
import dysymnet.net.Architecture;
import dysymnet.net.SymbolicNetwork;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * The networks, DySymNet's own source (the paper's Algorithm 1): per step, the controller samples a batch of
 * architectures, each new one is trained once ({@link ArchitecturePipeline}, in parallel, here or on a
 * {@link BatchTrainer}'s machines), its formulas become candidates, and the controller is updated with the
 * architectures' rewards. Networks far behind the earlier steps' networks at a checkpoint are given up there
 * ({@link Halving}). The step's formulas are what the symbolic sources after it start from
 * ({@link Candidates#stepFormulas}).
 *
 * <p>Reproducibility: the controller draws from its own stream, and the network sampled as the k-th of the whole
 * search trains with a generator seeded from (seed, k); results are gathered in sampling order.
 */
final class NetworkSource implements CandidateSource {
    /** Stream of the controller's initial weights. */
    private static final long CONTROLLER_STREAM = -1;
    /** Stream of the architecture draws. */
    private static final long SAMPLING_STREAM = -2;

    private final ArchitectureSampler sampler;
    private final RandomGenerator samplingRng;
    private final BatchTrainer.Session session;
    private final Halving halving;
    private final Map<Architecture, ArchitecturePipeline.Result> seen = new HashMap<>();
    private long sampleIndex;

    /**
     * @param trainer where the networks train: null for the search's own threads
     */
    NetworkSource(SearchContext context, ArchitecturePipeline pipeline, BatchTrainer trainer) {
        Settings settings = context.settings();
        this.sampler = sampler(settings);
        this.samplingRng = Seeds.stream(settings.seed(), SAMPLING_STREAM);
        this.halving = new Halving(settings.training().keepFraction(), settings.budget().batchSize());
        this.session = trainer == null
                ? new LocalSession(pipeline, settings.seed(), context.pool(), context.data().features())
                : trainer.open(context.data(), settings);
    }

    /** The architecture source: the RNN controller, or uniform draws when policy gradient is off. */
    static ArchitectureSampler sampler(Settings s) {
        ControllerConfig c = s.controller();
        return c.policyGradient()
                ? new Controller(s.space(), c, Seeds.stream(s.seed(), CONTROLLER_STREAM))
                : new UniformSampler(s.space(), c);
    }

    @Override
    public Source id() {
        return Source.NETWORK;
    }

    @Override
    public boolean step(int step, SearchContext context) throws InterruptedException {
        int batch = context.settings().budget().batchSize();
        List<Sample> samples = new ArrayList<>();
        List<Architecture> archs = new ArrayList<>();
        for (int k = 0; k < batch; k++) {
            Sample s = sampler.sample(samplingRng);
            samples.add(s);
            archs.add(s.architecture().canonical());
        }
        // train each architecture not seen before, once, in parallel (here or on the trainer's machines); those far
        // behind the earlier steps' networks at a checkpoint are given up there
        double[] giveUpAbove = halving.bounds();
        List<BatchTrainer.Job> jobs = new ArrayList<>();
        Map<Architecture, Boolean> queued = new HashMap<>();
        for (Architecture a : archs) {
            long index = sampleIndex++;
            if (seen.containsKey(a) || queued.putIfAbsent(a, Boolean.TRUE) != null) {
                continue;
            }
            jobs.add(new BatchTrainer.Job(a, index, step, giveUpAbove));
        }
        List<BatchTrainer.Outcome> outcomes = session.train(jobs, context.stop(), context.deadline());
        SearchContext.Tally tally = context.tally();
        for (int j = 0; j < outcomes.size(); j++) {
            BatchTrainer.Outcome o = outcomes.get(j);
            ArchitecturePipeline.Result c = o.result();
            if (o.error() != null) {
                // the pipeline handles numerical trouble itself: this is a bug, counted and reported, and the search
                // goes on without the architecture
                tally.error(jobs.get(j).architecture() + ": " + o.error());
            }
            if (c != null) {
                seen.put(jobs.get(j).architecture(), c);
                tally.trained(c.failed(), c.gaveUp());
                halving.add(c.checkpoints());
            }
        }
        double[] rewards = new double[archs.size()];
        boolean complete = true;
        double sum = 0;
        double stepBest = 0;
        Candidates candidates = context.candidates();
        for (int k = 0; k < archs.size(); k++) {
            ArchitecturePipeline.Result scored = seen.get(archs.get(k));
            if (scored == null) {
                complete = false;
                continue;
            }
            double reward = scored.representative().reward();
            rewards[k] = reward;
            sum += reward;
            stepBest = Math.max(stepBest, reward);
            for (Candidate c : scored.candidates()) {
                candidates.add(c);
            }
        }
        if (!complete) {
            // stopped by time or cancellation in the middle of the step: keep what finished, no update
            return false;
        }
        tally.rewards(sum / archs.size(), stepBest);
        sampler.update(samples, rewards);
        List<Expr> formulas = new ArrayList<>();
        for (Architecture a : archs) {
            for (Candidate c : seen.get(a).candidates()) {
                if (Double.isFinite(c.mse())) {
                    formulas.add(c.expression());
                }
            }
        }
        candidates.stepFormulas(formulas);
        return true;
    }

    @Override
    public void close() {
        session.close();
    }

    /**
     * The default trainer: the search's own thread pool, as many jobs at once as it has threads. A step's jobs start
     * largest network first (by parameters, the cost of a training step), so that the small ones fill the threads
     * while the last large one finishes rather than one large one running alone at the end of the step; what each
     * job computes does not depend on when it runs.
     */
    private static final class LocalSession implements BatchTrainer.Session {
        private final ArchitecturePipeline pipeline;
        private final long seed;
        private final ExecutorService pool;
        private final int inputs;

        LocalSession(ArchitecturePipeline pipeline, long seed, ExecutorService pool, int inputs) {
            this.pipeline = pipeline;
            this.seed = seed;
            this.pool = pool;
            this.inputs = inputs;
        }

        @Override
        public List<BatchTrainer.Outcome> train(List<BatchTrainer.Job> jobs, BooleanSupplier stop, long deadline)
                throws InterruptedException {
            Integer[] order = new Integer[jobs.size()];
            int[] cost = new int[jobs.size()];
            for (int k = 0; k < order.length; k++) {
                order[k] = k;
                cost[k] = new SymbolicNetwork(jobs.get(k).architecture(), inputs, true).parameterCount();
            }
            Arrays.sort(order, (a, b) -> cost[a] != cost[b] ? Integer.compare(cost[b], cost[a])
                    : Integer.compare(a, b));
            List<Future<ArchitecturePipeline.Result>> futures = new ArrayList<>(Collections.nCopies(order.length,
                    null));
            for (int k : order) {
                BatchTrainer.Job j = jobs.get(k);
                futures.set(k, pool.submit(() -> stop.getAsBoolean() ? null
                        : pipeline.run(j.architecture(), Seeds.stream(seed, j.index()), j.step(), stop,
                        j.giveUpAbove())));
            }
            List<BatchTrainer.Outcome> out = new ArrayList<>();
            for (int k = 0; k < jobs.size(); k++) {
                try {
                    ArchitecturePipeline.Result r = futures.get(k).get();
                    out.add(r == null ? BatchTrainer.Outcome.NOT_RUN : BatchTrainer.Outcome.of(r));
                } catch (ExecutionException ee) {
                    out.add(BatchTrainer.Outcome.failed(jobs.get(k), String.valueOf(ee.getCause())));
                }
            }
            return out;
        }

        @Override
        public void close() {
            // the pool is the search's
        }
    }
}
