package dysymnet.search;

import dysymnet.choice.FinalChoice;
import dysymnet.choice.Outcome;
import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.expr.BinaryFunction;
import dysymnet.expr.BinaryOp;
import dysymnet.gp.GeneticProgramming;
import dysymnet.gp.Primitives;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * The DySymNet search: its formula sources ({@link CandidateSource}) run once before the first step and then in
 * steps, adding their formulas to the shared {@link Candidates}, until the step budget (none by default with a time
 * limit, {@link Budget#stepCap()}), the time limit, a cancellation or a solving formula ends it; then the final choice
 * ({@link FinalChoice}) picks the reported formula from all candidates. The
 * sources, in order ({@link #sources}): straight lines in the inputs, with the term regression ({@link LinearSource}:
 * once, first, milliseconds); the networks the controller samples and trains (the paper's Algorithm 1,
 * {@link NetworkSource}); the genetic programming when on ({@link GpSource}: a quick run before the first step, a
 * short one in each of its turns); the term regression when on ({@link TermsSource}: once before the first step,
 * then in each of its turns); with units, after those and only while no formula solves the data
 * ({@link CandidateSource#supplementary()}), the GP on the dimensionless groups ({@link GpSource#onGroups}) and the
 * curves of one group ({@link CurvesSource}, once before the first step). The first step runs
 * every source; after it, each step runs the sources whose turn it is, so that each gets the share of the work it
 * has earned by what it added to the front ({@link SourceShares}, {@link Budget.Allocation}). The facts about the
 * data that several stages need (the target's variance, the noise level, the local differences) are computed once
 * here ({@link DataFacts}) and handed to all of them.
 *
 * <p>Reproducibility: each source draws from its own random streams and gathers parallel work in a fixed order
 * ({@link CandidateSource}), so a search with a given seed and step budget gives the same result on any number of
 * threads. A time limit or a cancellation stops it wherever it is, and then only the stopping point depends on
 * timing.
 *
 * <p>A search object runs once; {@link #cancel()} may be called from any thread.
 */
public final class Search {
    private final Settings settings;
    private final SearchListener listener;
    private final BatchTrainer trainer;
    private final FinalChoice choice;
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
        this(settings, listener, trainer, FinalChoice.plain());
    }

    /**
     * A search that ends with {@code choice} (which may judge rows held out from the search, {@code api.FitPipeline})
     * and trains each step's networks with {@code trainer} (null: on its own threads).
     */
    public Search(Settings settings, SearchListener listener, BatchTrainer trainer, FinalChoice choice) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.listener = listener == null ? SearchListener.NONE : listener;
        this.trainer = trainer;
        this.choice = Objects.requireNonNull(choice, "choice");
    }

    /**
     * Asks the search to stop; it returns the best found so far soon after: every source asks the same stop
     * supplier as the time limit, or is small by a bound ({@link ArchitecturePipeline}), well under a second in our
     * measurements.
     */
    public void cancel() {
        cancelled = true;
    }

    /**
     * The formula sources of a search, in the order they run: the straight lines (with the term regression), the
     * networks unless a step trains none ({@link Budget#trainsNetworks()}), the GP and the term regression when their
     * settings have them on, then the supplementary ones (with units: the GP and the curves on the dimensionless
     * groups). A new source is registered here.
     *
     * <p>Without networks a step is still a step: the GP's run after a step and the term regression's run, seeded
     * with the best formulas so far (no network's formula among them), once each; the step budget counts those
     * steps, which cost a fraction of a step with networks, so a comparison at equal cost is one at an equal time
     * limit with a step budget that the time limit, not the steps, ends.
     */
    static List<CandidateSource> sources(SearchContext context, BatchTrainer trainer) {
        Settings s = context.settings();
        Primitives primitives = Primitives.of(s.space(), context.data().names());
        List<CandidateSource> sources = new ArrayList<>();
        List<BinaryFunction> binaries = primitives.binaries();
        if (s.terms().enabled() && (binaries.contains(BinaryOp.ADD) || binaries.contains(BinaryOp.SUB))) {
            // a sum of inputs needs a library that adds, as the term regression's do
            sources.add(new LinearSource());
        }
        if (s.budget().trainsNetworks()) {
            sources.add(new NetworkSource(context, new ArchitecturePipeline(context.candidates().scorer(), s),
                    trainer));
        }
        if (s.gp().enabled()) {
            sources.add(new GpSource(context, primitives));
            GpSource onGroups = GpSource.onGroups(context);
            if (onGroups != null) {
                sources.add(onGroups);
            }
        }
        if (s.terms().enabled()) {
            sources.add(new TermsSource(context, primitives));
            CurvesSource curves = CurvesSource.onGroups(context, primitives);
            if (curves != null) {
                sources.add(curves);
            }
        }
        // the supplementary sources after the others, each group in its order (a stable sort)
        sources.sort(Comparator.comparing(CandidateSource::supplementary));
        return sources;
    }

    /** Runs the search on the training data. */
    public SearchResult run(Dataset data) {
        Objects.requireNonNull(data, "data");
        StageClock clock = new StageClock(settings.threads());
        clock.start();
        long start = System.nanoTime();
        Budget budget = settings.budget();
        long deadline = budget.timeLimit() == null ? Long.MAX_VALUE
                : start + Math.max(1L, saturatedNanos(budget.timeLimit()));
        BooleanSupplier stop = () -> cancelled || System.nanoTime() >= deadline;
        DataFacts facts = DataFacts.of(data);
        Candidates candidates = new Candidates(new Scorer(facts, settings), budget,
                settings.selection().maxComplexity());
        int steps = 0;
        StopReason reason = StopReason.MAX_STEPS;
        ExecutorService pool = clock.watch(Executors.newFixedThreadPool(settings.threads(), daemonThreads()));
        SearchContext context = new SearchContext(facts, settings, candidates, stop, deadline, pool, choice.units());
        List<CandidateSource> sources = new ArrayList<>();
        try {
            sources.addAll(sources(context, trainer));
            for (CandidateSource source : sources) {
                if (!source.seedsOthers()) {
                    candidates.excludeFromSeeds(source.id());
                }
            }
            List<CandidateSource> stepped = sources.stream().filter(CandidateSource::stepped).toList();
            SourceShares shares = new SourceShares(stepped.stream().map(CandidateSource::id).toList(),
                    budget.timeLimit() != null);
            FrontGain gain = candidates.gain();
            for (CandidateSource source : sources) {
                if (source.supplementary() && candidates.solved()) {
                    continue;
                }
                double work0 = source.work();
                double gain0 = gain.total();
                long t0 = System.nanoTime();
                clock.begin();
                source.begin(context);
                clock.end(source.id().name(), Timings.BEFORE_STEPS);
                int i = stepped.indexOf(source);
                double counted = source.work() - work0;
                double gained = gain.total() - gain0;
                if (i >= 0 && (counted > 0 || gained > 0)) {
                    shares.record(i, counted, (System.nanoTime() - t0) / 1e9, gained, false);
                }
            }
            boolean solvedFirst = candidates.solved();
            if (solvedFirst) {
                reason = StopReason.SOLVED;
            }
            int cap = budget.stepCap();
            for (int step = 0; step < cap && !solvedFirst; step++) {
                if (cancelled) {
                    reason = StopReason.CANCELLED;
                    break;
                }
                if (System.nanoTime() >= deadline) {
                    reason = StopReason.TIME_LIMIT;
                    break;
                }
                boolean complete = true;
                boolean[] turn = step == 0 || budget.allocation() == Budget.Allocation.EVERY_STEP
                        ? all(stepped.size()) : shares.turns();
                try {
                    for (int i = 0; i < stepped.size() && complete; i++) {
                        CandidateSource source = stepped.get(i);
                        if (!turn[i] || source.supplementary() && candidates.solved()) {
                            continue;
                        }
                        double work0 = source.work();
                        double gain0 = gain.total();
                        long t0 = System.nanoTime();
                        clock.begin();
                        complete = source.step(step, context);
                        clock.end(source.id().name(), step);
                        shares.record(i, source.work() - work0, (System.nanoTime() - t0) / 1e9,
                                gain.total() - gain0, true);
                    }
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    cancelled = true;
                    complete = false;
                }
                if (!complete) {
                    // stopped in the middle of the step: keep what finished
                    reason = cancelled ? StopReason.CANCELLED : StopReason.TIME_LIMIT;
                    break;
                }
                steps++;
                SearchContext.Tally tally = context.tally();
                // the formula the front rule would choose now, for the progress line: only when someone listens
                Candidate leading = listener == SearchListener.NONE ? null
                        : ParetoFront.of(candidates.all()).choose(facts.variance(), settings.selection());
                listener.onStep(new StepEvent(step, cap, tally.trained, candidates.best(), leading,
                        last(tally.meanRewards), last(tally.bestRewards),
                        Duration.ofNanos(System.nanoTime() - start)));
                if (candidates.solved()) {
                    reason = StopReason.SOLVED;
                    break;
                }
            }
            List<Candidate> all = candidates.all();
            // the final choice on the search's pool (its cross-validation's refits in parallel)
            clock.begin();
            Outcome chosen = choice.choose(all, facts, settings.selection(), pool);
            clock.end(Timings.CHOICE, Timings.BEFORE_STEPS);
            SearchContext.Tally tally = context.tally();
            return new SearchResult(chosen.chosen(), chosen.front(), List.copyOf(all), toArray(tally.meanRewards),
                    toArray(tally.bestRewards), tally.trained, tally.failed, tally.gaveUp, List.copyOf(tally.errors),
                    steps, reason, Duration.ofNanos(System.nanoTime() - start), chosen.notes(), clock.finish(),
                    chosen, fittedRows(settings), shares.accounts());
        } finally {
            try {
                for (CandidateSource source : sources) {
                    source.close();
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    private static boolean[] all(int n) {
        boolean[] b = new boolean[n];
        java.util.Arrays.fill(b, true);
        return b;
    }

    /**
     * The result a search of {@code data} with these settings returns when it finds {@code candidates}: no search,
     * only the final choice (on the calling thread; the choice does not depend on the threads). For replaying a
     * fit's candidates ({@code api.FitPipeline#replay}).
     */
    public static SearchResult replay(Settings settings, FinalChoice choice, List<Candidate> candidates,
                                      Dataset data) {
        Outcome chosen = choice.choose(candidates, DataFacts.of(data), settings.selection(), null);
        return new SearchResult(chosen.chosen(), chosen.front(), List.copyOf(candidates), new double[0],
                new double[0], 0, 0, 0, List.of(), 0, StopReason.MAX_STEPS, Duration.ZERO, chosen.notes(), null,
                chosen, fittedRows(settings), List.of());
    }

    /**
     * The rows a formula's constants may have been fitted on during a search, the fewer of a network's training
     * sample ({@link Budget#trainRows()}) and the GP's evenly spaced rows ({@link GeneticProgramming#MAX_FIT_ROWS}),
     * 1,000 each by default: data of more rows may have had constants fitted on a sample of them.
     */
    static int fittedRows(Settings settings) {
        int t = settings.budget().trainRows();
        return Math.min(t > 0 ? t : Integer.MAX_VALUE, GeneticProgramming.MAX_FIT_ROWS);
    }

    private static double last(List<Double> l) {
        return l.isEmpty() ? Double.NaN : l.get(l.size() - 1);
    }

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
