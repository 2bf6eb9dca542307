package dysymnet.search;

import dysymnet.controller.ArchitectureSampler;
import dysymnet.controller.Controller;
import dysymnet.controller.ControllerConfig;
import dysymnet.controller.Sample;
import dysymnet.controller.UniformSampler;
import dysymnet.data.Dataset;
import dysymnet.data.Seeds;
import dysymnet.expr.Expr;
import dysymnet.gp.GeneticProgramming;
import dysymnet.gp.GpSettings;
import dysymnet.gp.Primitives;
import dysymnet.net.Architecture;
import dysymnet.net.SymbolicNetwork;
import dysymnet.terms.TermRegression;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * The DySymNet search (the paper's Algorithm 1): per controller step, sample a batch of architectures, train the new
 * ones in parallel, read off, simplify and refine their formulas, reward them, and update the controller.
 * With the genetic-programming stage on ({@link GpSettings}), a short GP from random formulas runs before the first
 * step (a search it solves ends there), and a short GP seeded with the step's formulas and the best so far after
 * every step; the GP's formulas are candidates like the networks' (the controller's rewards stay the networks' own).
 * With the term-regression stage on ({@link dysymnet.terms.TermSettings}), sums of simple terms and ratios of
 * polynomials fitted by least squares are candidates too: once after the quick GP (a search they solve ends there),
 * then after every step with the terms of the best formulas so far.
 *
 * <p>Reproducibility: the controller draws from its own generator, and the network sampled as the k-th of the whole
 * search trains with a generator seeded from (seed, k); results are gathered in sampling order; each GP run draws
 * from its own stream and does not depend on the threads either. So a search with a given seed and step budget
 * gives the same result on any number of threads. A time limit or a cancellation stops
 * it wherever it is, and then only the stopping point depends on timing.
 *
 * <p>A search object runs once; {@link #cancel()} may be called from any thread.
 */
public final class Search {
    /** Stream of the controller's initial weights. */
    private static final long CONTROLLER_STREAM = -1;
    /** Stream of the architecture draws. */
    private static final long SAMPLING_STREAM = -2;
    /**
     * Streams of the genetic-programming runs: this one for the quick first run, the next ones down for the run
     * after each controller step (far from the networks' streams 0, 1, 2, ... and the two above).
     */
    private static final long GP_STREAM = -(1L << 32);
    /** The architecture recorded for the GP's candidates. */
    public static final String GP_SOURCE = "gp";
    /** The architecture recorded for the term regression's candidates. */
    public static final String TERMS_SOURCE = "terms";

    private final Settings settings;
    private final SearchListener listener;
    private final BatchTrainer trainer;
    private volatile boolean cancelled;

    /** A search that trains its networks on its own threads ({@link Settings#threads()}). */
    public Search(Settings settings, SearchListener listener) {
        this(settings, listener, null);
    }

    /**
     * A search that trains each step's networks with {@code trainer} (null: on its own threads); the result does not
     * depend on it.
     */
    public Search(Settings settings, SearchListener listener, BatchTrainer trainer) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.listener = listener == null ? SearchListener.NONE : listener;
        this.trainer = trainer;
    }

    /**
     * Asks the search to stop; it returns the best found so far soon after: every stage of the pipeline asks the
     * same stop supplier as the time limit, or is small by a bound ({@link ArchitecturePipeline}), well under a
     * second in our measurements.
     */
    public void cancel() {
        cancelled = true;
    }

    /** The architecture source: the RNN controller, or uniform draws when policy gradient is off. */
    static ArchitectureSampler sampler(Settings s) {
        ControllerConfig c = s.controller();
        return c.policyGradient()
                ? new Controller(s.space(), c, Seeds.stream(s.seed(), CONTROLLER_STREAM))
                : new UniformSampler(s.space(), c);
    }

    /** Runs the search on the training data. */
    public SearchResult run(Dataset data) {
        Objects.requireNonNull(data, "data");
        long start = System.nanoTime();
        Budget budget = settings.budget();
        long deadline = budget.timeLimit() == null ? Long.MAX_VALUE
                : start + Math.max(1L, saturatedNanos(budget.timeLimit()));
        ArchitectureSampler sampler = sampler(settings);
        RandomGenerator samplingRng = Seeds.stream(settings.seed(), SAMPLING_STREAM);
        ArchitecturePipeline pipeline = new ArchitecturePipeline(data, settings);
        GpSettings gpSettings = settings.gp();
        Primitives primitives = Primitives.of(settings.space(), data.names());
        GeneticProgramming gp = gpSettings.enabled() ? new GeneticProgramming(data, primitives, gpSettings) : null;
        TermRegression terms = settings.terms().enabled()
                ? new TermRegression(data, primitives, settings.terms())
                : null;
        BooleanSupplier stop = () -> cancelled || System.nanoTime() >= deadline;

        Map<Architecture, ArchitecturePipeline.Result> seen = new HashMap<>();
        Map<Expr, Candidate> distinct = new LinkedHashMap<>();
        List<Double> meanRewards = new ArrayList<>();
        List<Double> bestRewards = new ArrayList<>();
        Candidate best = null;
        long trained = 0;
        long failed = 0;
        long gaveUp = 0;
        // the losses of the networks of the finished steps at their checkpoints
        Halving halving = new Halving(settings.training().keepFraction(), budget.batchSize());
        List<String> errors = new ArrayList<>();
        long sampleIndex = 0;
        int steps = 0;
        StopReason reason = StopReason.MAX_STEPS;

        ExecutorService pool = Executors.newFixedThreadPool(settings.threads(), daemonThreads());
        BatchTrainer.Session session = trainer == null
                ? new LocalSession(pipeline, settings.seed(), pool, data.features()) : trainer.open(data, settings);
        try {
            // the GP's last population: each GP run goes on from the previous one's, with the new seeds
            List<Expr> gpPopulation = List.of();
            if (gp != null && gpSettings.quickGenerations() > 0 && !stop.getAsBoolean()) {
                // the quick first phase: a short GP from random small formulas, so that easy laws come back at once
                GeneticProgramming.Result g = gp.run(List.of(), List.of(), gpSettings.quickGenerations(),
                        Seeds.stream(settings.seed(), GP_STREAM), pool, stop);
                best = absorb(g.formulas(), GP_SOURCE, pipeline, 0, distinct, best);
                gpPopulation = g.population();
            }
            if (terms != null && !stop.getAsBoolean() && !solves(best, budget, pipeline)) {
                // sums of simple terms (with the quick GP's) and ratios of polynomials by least squares: a law
                // linear in its coefficients comes back here. After the quick GP, which ends at once when it finds
                // a law and so keeps the laws it finds as fast as without this stage (the stage's first, cold run
                // costs a few tenths of a second)
                best = runTerms(terms, seeds(distinct, List.of(), Map.of()), stop, budget, pipeline, 0, distinct, best);
            }
            boolean solvedFirst = solves(best, budget, pipeline);
            if (solvedFirst) {
                reason = StopReason.SOLVED;
            }
            for (int step = 0; step < budget.maxSteps() && !solvedFirst; step++) {
                if (cancelled) {
                    reason = StopReason.CANCELLED;
                    break;
                }
                if (System.nanoTime() >= deadline) {
                    reason = StopReason.TIME_LIMIT;
                    break;
                }
                List<Sample> samples = new ArrayList<>();
                List<Architecture> archs = new ArrayList<>();
                for (int k = 0; k < budget.batchSize(); k++) {
                    Sample s = sampler.sample(samplingRng);
                    samples.add(s);
                    archs.add(s.architecture().canonical());
                }
                // train each architecture not seen before, once, in parallel (here or on the trainer's machines);
                // those far behind the earlier steps' networks at a checkpoint are given up there
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
                boolean interrupted = false;
                List<BatchTrainer.Outcome> outcomes;
                try {
                    outcomes = session.train(jobs, stop, deadline);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    cancelled = true;
                    interrupted = true;
                    outcomes = List.of();
                }
                for (int j = 0; j < outcomes.size(); j++) {
                    BatchTrainer.Outcome o = outcomes.get(j);
                    ArchitecturePipeline.Result c = o.result();
                    if (o.error() != null && errors.size() < MAX_ERRORS_KEPT) {
                        // the pipeline handles numerical trouble itself: this is a bug, counted and reported, and
                        // the search goes on without the architecture
                        errors.add(jobs.get(j).architecture() + ": " + o.error());
                    }
                    if (c != null) {
                        seen.put(jobs.get(j).architecture(), c);
                        trained++;
                        if (c.failed()) {
                            failed++;
                        }
                        if (c.gaveUp()) {
                            gaveUp++;
                        }
                        halving.add(c.checkpoints());
                    }
                }
                if (interrupted) {
                    reason = StopReason.CANCELLED;
                    break;
                }
                double[] rewards = new double[archs.size()];
                boolean complete = true;
                double sum = 0;
                double stepBest = 0;
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
                        if (Double.isFinite(c.mse())) {
                            distinct.putIfAbsent(c.expression(), c);
                            if (best == null || c.mse() < best.mse()) {
                                best = c;
                            }
                        }
                    }
                }
                if (!complete) {
                    // stopped by time or cancellation in the middle of the step: keep what finished, no update
                    reason = cancelled ? StopReason.CANCELLED : StopReason.TIME_LIMIT;
                    break;
                }
                steps++;
                meanRewards.add(sum / archs.size());
                bestRewards.add(stepBest);
                sampler.update(samples, rewards);
                if ((gp != null && gpSettings.generations() > 0 || terms != null) && !stop.getAsBoolean()) {
                    List<Expr> seeds = seeds(distinct, archs, seen);
                    if (gp != null && gpSettings.generations() > 0) {
                        // a short GP seeded with this step's formulas and the best so far, going on from the previous
                        // GP's population; its formulas are candidates like the networks' (the controller's rewards
                        // stay the networks' own)
                        GeneticProgramming.Result g = gp.run(seeds, gpPopulation, gpSettings.generations(),
                                Seeds.stream(settings.seed(), GP_STREAM - 1 - step), pool, stop);
                        best = absorb(g.formulas(), GP_SOURCE, pipeline, step, distinct, best);
                        gpPopulation = g.population();
                        seeds = seeds(distinct, archs, seen);
                    }
                    if (terms != null && !stop.getAsBoolean()) {
                        // the terms of the best formulas so far, summed by least squares
                        best = runTerms(terms, seeds, stop, budget, pipeline, step, distinct, best);
                    }
                }
                // the formula the front rule would choose now, for the progress line: only when someone listens
                Candidate leading = listener == SearchListener.NONE ? null
                        : ParetoFront.of(new ArrayList<>(distinct.values()))
                                .choose(pipeline.variance(), settings.selection());
                listener.onStep(new StepEvent(step, budget.maxSteps(), trained, best, leading, sum / archs.size(),
                        stepBest, Duration.ofNanos(System.nanoTime() - start)));
                if (solves(best, budget, pipeline)) {
                    reason = StopReason.SOLVED;
                    break;
                }
            }
        } finally {
            try {
                session.close();
            } finally {
                pool.shutdownNow();
            }
        }
        List<Candidate> all = new ArrayList<>(distinct.values());
        ModelChoice.Choice choice = ModelChoice.choice(all, data, settings.selection());
        ParetoFront front = choice.front();
        Candidate chosen = choice.chosen();
        return new SearchResult(chosen, front, List.copyOf(all), toArray(meanRewards), toArray(bestRewards), trained,
                failed, gaveUp, List.copyOf(errors), steps, reason, Duration.ofNanos(System.nanoTime() - start));
    }

    /**
     * One run of the term-regression stage, each family's candidates absorbed as they come; the run ends once they
     * solve the search (its costlier families are then not needed).
     */
    private static Candidate runTerms(TermRegression terms, List<Expr> seeds, BooleanSupplier stop, Budget budget,
                                      ArchitecturePipeline pipeline, int step, Map<Expr, Candidate> distinct,
                                      Candidate best) {
        Candidate[] b = {best};
        terms.run(seeds, () -> stop.getAsBoolean() || solves(b[0], budget, pipeline),
                batch -> b[0] = absorb(batch, TERMS_SOURCE, pipeline, step, distinct, b[0]));
        return b[0];
    }

    private static boolean solves(Candidate best, Budget budget, ArchitecturePipeline pipeline) {
        return best != null && budget.solvedBy(best.mse(), best.r2(), pipeline.variance());
    }

    /**
     * The formulas the symbolic stages start from: the best, the front, then this step's networks' formulas; the
     * term regression's own candidates left out, so that it adds candidates without changing the rest of the search
     * (the GP goes exactly as without it).
     */
    private static List<Expr> seeds(Map<Expr, Candidate> distinct, List<Architecture> archs,
                                    Map<Architecture, ArchitecturePipeline.Result> seen) {
        List<Candidate> searched = new ArrayList<>();
        Candidate best = null;
        for (Candidate c : distinct.values()) {
            if (!c.architecture().equals(TERMS_SOURCE)) {
                searched.add(c);
                if (best == null || c.mse() < best.mse()) {
                    best = c;
                }
            }
        }
        List<Expr> seeds = new ArrayList<>();
        if (best != null) {
            seeds.add(best.expression());
        }
        for (Candidate c : ParetoFront.of(searched).candidates()) {
            seeds.add(c.expression());
        }
        for (Architecture a : archs) {
            for (Candidate c : seen.get(a).candidates()) {
                if (Double.isFinite(c.mse())) {
                    seeds.add(c.expression());
                }
            }
        }
        return seeds;
    }

    /** Scores a stage's formulas and adds them to the candidates; the new best. */
    private static Candidate absorb(List<Expr> formulas, String source, ArchitecturePipeline pipeline, int step,
                                    Map<Expr, Candidate> distinct, Candidate best) {
        for (Expr e : formulas) {
            if (distinct.containsKey(e) || !pipeline.allows(e)) {
                continue;
            }
            Candidate c = pipeline.score(e, source, step);
            if (Double.isFinite(c.mse())) {
                distinct.put(e, c);
                if (best == null || c.mse() < best.mse()) {
                    best = c;
                }
            }
        }
        return best;
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

    /** At most this many error messages of failed architectures are kept (all are counted). */
    static final int MAX_ERRORS_KEPT = 5;

    private static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static double[] toArray(List<Double> l) {
        double[] a = new double[l.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = l.get(i);
        }
        return a;
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "dysymnet-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
