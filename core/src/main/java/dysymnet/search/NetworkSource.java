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
 * The networks, DySymNet's own source (the paper's Algorithm 1): the controller samples a batch of
 * architectures, trained over one or more turns of this source ({@link #perTurn}), each new one once ({@link ArchitecturePipeline}, in parallel, here or on a
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
    /** The networks' counted work so far ({@link #work()}). */
    private double work;
    private final int inputs;
    private final int trainRows;
    private final int trainSteps;
    /** Networks trained per turn of this source ({@link #perTurn(Settings)}). */
    private final int perTurn;
    /** The batch being trained, null between batches. */
    private Batch batch;

    /**
     * @param trainer where the networks train: null for the search's own threads
     */
    NetworkSource(SearchContext context, ArchitecturePipeline pipeline, BatchTrainer trainer) {
        Settings settings = context.settings();
        this.sampler = sampler(settings);
        this.samplingRng = Seeds.stream(settings.seed(), SAMPLING_STREAM);
        this.halving = new Halving(settings.training().keepFraction(), settings.budget().batchSize());
        this.inputs = context.data().features();
        int rows = context.data().rows();
        int cap = settings.budget().trainRows();
        this.trainRows = cap == 0 ? rows : Math.min(cap, rows);
        this.trainSteps = settings.training().stage1Steps() + settings.training().stage2Steps();
        this.perTurn = perTurn(settings);
        this.session = trainer == null
                ? new LocalSession(pipeline, settings.seed(), context.pool(), context.data().features())
                : trainer.open(context.data(), settings);
    }

    /**
     * Networks trained per turn of this source: the whole batch with the allocation {@link
     * Budget.Allocation#EVERY_STEP} or without a time limit (so that a step-budgeted search gives the same result on
     * any number of threads), else as many as the search has threads, so that the earned allocation
     * ({@link SourceShares}) can hand the networks their time a few at a time rather than a whole batch at once (a
     * batch of ten took 27 of a 30-s run's seconds on a 750-row table); the controller learns once a batch is
     * complete.
     */
    static int perTurn(Settings s) {
        Budget b = s.budget();
        if (b.allocation() == Budget.Allocation.EVERY_STEP || b.timeLimit() == null) {
            return Math.max(1, b.batchSize());
        }
        return Math.max(1, Math.min(b.batchSize(), s.threads()));
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

    /**
     * Nominal seconds per parameter, training row and training step of a network: its training grows with these
     * three (fitted to the networks' wall time on four black-box tables of 39 to 10,000 rows, 2-core development
     * machine: within a factor 2.5 of it on each).
     */
    static final double SECONDS_PER_UNIT = 5e-10;
    /** Nominal seconds of a network's read-off, refinement and scoring besides its training. */
    static final double SECONDS_PER_NETWORK = 0.1;

    /**
     * The networks' work: for each trained network {@value #SECONDS_PER_NETWORK} s plus its parameters times its
     * training rows times its training steps ({@link #SECONDS_PER_UNIT}), a network given up at a checkpoint
     * counted for the part of its training before it.
     */
    @Override
    public double work() {
        return work;
    }

    private double cost(Architecture a, ArchitecturePipeline.Result r) {
        double part = 1;
        if (r.gaveUp()) {
            int reached = 0;
            for (double l : r.checkpoints()) {
                if (!Double.isNaN(l)) {
                    reached++;
                }
            }
            part = 0.5 * reached / Math.max(1, r.checkpoints().length);
        }
        return SECONDS_PER_NETWORK + SECONDS_PER_UNIT * new SymbolicNetwork(a, inputs, true).parameterCount()
                * (double) trainRows * trainSteps * part;
    }

    @Override
    public boolean step(int step, SearchContext context) throws InterruptedException {
        if (batch == null) {
            batch = sampleBatch(step, context);
        }
        // this turn's networks: the next ones of the batch, in sampling order
        int end = Math.min(batch.jobs.size(), batch.next + perTurn);
        List<BatchTrainer.Job> turn = batch.jobs.subList(batch.next, end);
        List<BatchTrainer.Outcome> outcomes = session.train(turn, context.stop(), context.deadline());
        SearchContext.Tally tally = context.tally();
        boolean ran = true;
        for (int j = 0; j < outcomes.size(); j++) {
            BatchTrainer.Outcome o = outcomes.get(j);
            ArchitecturePipeline.Result c = o.result();
            if (o.error() != null) {
                // the pipeline handles numerical trouble itself: this is a bug, counted and reported, and the search
                // goes on without the architecture
                tally.error(turn.get(j).architecture() + ": " + o.error());
            }
            if (c != null) {
                seen.put(turn.get(j).architecture(), c);
                work += cost(turn.get(j).architecture(), c);
                tally.trained(c.failed(), c.gaveUp());
                halving.add(c.checkpoints());
                for (Candidate candidate : c.candidates()) {
                    context.candidates().add(candidate);
                }
            } else if (o.error() == null) {
                ran = false;
            }
        }
        batch.next = end;
        if (!ran) {
            // stopped by time or cancellation in the middle of the turn: keep what finished, no update
            return false;
        }
        if (batch.next < batch.jobs.size()) {
            // the batch's other networks train in the networks' next turns
            return true;
        }
        Batch done = batch;
        batch = null;
        return finish(done, context);
    }

    /** Samples a batch of architectures and queues each one not trained before, once. */
    private Batch sampleBatch(int step, SearchContext context) {
        int size = context.settings().budget().batchSize();
        Batch b = new Batch();
        for (int k = 0; k < size; k++) {
            Sample s = sampler.sample(samplingRng);
            b.samples.add(s);
            b.archs.add(s.architecture().canonical());
        }
        // those far behind the earlier batches' networks at a checkpoint are given up there
        double[] giveUpAbove = halving.bounds();
        Map<Architecture, Boolean> queued = new HashMap<>();
        for (Architecture a : b.archs) {
            long index = sampleIndex++;
            if (seen.containsKey(a) || queued.putIfAbsent(a, Boolean.TRUE) != null) {
                continue;
            }
            b.jobs.add(new BatchTrainer.Job(a, index, step, giveUpAbove));
        }
        return b;
    }

    /**
     * Ends a batch whose networks have all trained: the controller learns from their rewards, and their formulas
     * become what the symbolic sources start from. False when an architecture has no result (its pipeline threw).
     */
    private boolean finish(Batch b, SearchContext context) {
        double[] rewards = new double[b.archs.size()];
        double sum = 0;
        double stepBest = 0;
        for (int k = 0; k < b.archs.size(); k++) {
            ArchitecturePipeline.Result scored = seen.get(b.archs.get(k));
            if (scored == null) {
                return false;
            }
            double reward = scored.representative().reward();
            rewards[k] = reward;
            sum += reward;
            stepBest = Math.max(stepBest, reward);
        }
        context.tally().rewards(sum / b.archs.size(), stepBest);
        sampler.update(b.samples, rewards);
        List<Expr> formulas = new ArrayList<>();
        for (Architecture a : b.archs) {
            for (Candidate c : seen.get(a).candidates()) {
                if (Double.isFinite(c.mse())) {
                    formulas.add(c.expression());
                }
            }
        }
        context.candidates().stepFormulas(formulas);
        return true;
    }

    /** A batch of the controller's samples, trained over one or more of the networks' turns. */
    private static final class Batch {
        final List<Sample> samples = new ArrayList<>();
        final List<Architecture> archs = new ArrayList<>();
        /** The architectures to train, each new one once, in sampling order. */
        final List<BatchTrainer.Job> jobs = new ArrayList<>();
        /** The first job not trained yet. */
        int next;
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
