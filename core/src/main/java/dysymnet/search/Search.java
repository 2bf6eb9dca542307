package dysymnet.search;

import dysymnet.controller.Controller;
import dysymnet.controller.Sample;
import dysymnet.data.Dataset;
import dysymnet.expr.Expr;
import dysymnet.fit.Metrics;
import dysymnet.net.Architecture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The DySymNet search (the paper's Algorithm 1): per controller step, sample a batch of architectures, train the new
 * ones in parallel, read off, simplify and refine their formulas, reward them, and update the controller.
 *
 * <p>Reproducibility: the controller draws from its own generator, and the network sampled as the k-th of the whole
 * search trains with a generator seeded from (seed, k); results are gathered in sampling order. So a search with a
 * given seed and step budget gives the same result on any number of threads. A time limit or a cancellation stops
 * it wherever it is, and then only the stopping point depends on timing.
 *
 * <p>A search object runs once; {@link #cancel()} may be called from any thread.
 */
public final class Search {
    private final SearchConfig config;
    private final SearchListener listener;
    private volatile boolean cancelled;

    public Search(SearchConfig config, SearchListener listener) {
        this.config = Objects.requireNonNull(config, "config");
        this.listener = listener == null ? SearchListener.NONE : listener;
    }

    /** Asks the search to stop; it returns the best found so far soon after (within one network's training). */
    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** A well-mixed 64-bit seed for stream {@code index} of the search seeded with {@code seed} (SplitMix64). */
    static long deriveSeed(long seed, long index) {
        long z = seed + 0x9E3779B97F4A7C15L * (index + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Runs the search on the training data. */
    public SearchResult run(Dataset data) {
        Objects.requireNonNull(data, "data");
        long start = System.nanoTime();
        long deadline = config.timeLimit() == null ? Long.MAX_VALUE
                : start + Math.max(1L, config.timeLimit().toNanos());
        Controller controller = new Controller(config.controller(), new SplittableRandom(deriveSeed(config.seed(), -1)));
        SplittableRandom samplingRng = new SplittableRandom(deriveSeed(config.seed(), -2));
        Scoring scoring = new Scoring(data, config);

        Map<Architecture, Scoring.Scored> seen = new HashMap<>();
        Map<Expr, Candidate> distinct = new LinkedHashMap<>();
        List<Double> meanRewards = new ArrayList<>();
        List<Double> bestRewards = new ArrayList<>();
        Candidate best = null;
        long trained = 0;
        long sampleIndex = 0;
        int steps = 0;
        StopReason reason = StopReason.MAX_STEPS;

        ExecutorService pool = Executors.newFixedThreadPool(config.threads(), daemonThreads());
        try {
            for (int step = 0; step < config.maxSteps(); step++) {
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
                for (int k = 0; k < config.batchSize(); k++) {
                    if (config.policyGradient()) {
                        Sample s = controller.sample(samplingRng);
                        samples.add(s);
                        archs.add(s.architecture().canonical());
                    } else {
                        archs.add(controller.sampleUniform(samplingRng).canonical());
                    }
                }
                // train each architecture not seen before, once, in parallel
                Map<Architecture, Future<Scoring.Scored>> jobs = new LinkedHashMap<>();
                for (Architecture a : archs) {
                    long index = sampleIndex++;
                    if (seen.containsKey(a) || jobs.containsKey(a)) {
                        continue;
                    }
                    final int stepNo = step;
                    jobs.put(a, pool.submit(() -> {
                        if (cancelled || System.nanoTime() >= deadline) {
                            return null;
                        }
                        return scoring.score(a, new SplittableRandom(deriveSeed(config.seed(), index)), stepNo,
                                () -> cancelled || System.nanoTime() >= deadline);
                    }));
                }
                boolean interrupted = false;
                for (Map.Entry<Architecture, Future<Scoring.Scored>> e : jobs.entrySet()) {
                    Scoring.Scored c;
                    try {
                        c = e.getValue().get();
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                        cancelled = true;
                        interrupted = true;
                        break;
                    } catch (ExecutionException ee) {
                        // scoring handles numerical trouble itself; anything else is a bug, but must not end the search
                        c = Scoring.single(Scoring.failed(e.getKey(), step));
                    }
                    if (c != null) {
                        seen.put(e.getKey(), c);
                        trained++;
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
                    Scoring.Scored scored = seen.get(archs.get(k));
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
                if (config.policyGradient()) {
                    controller.update(samples, rewards);
                }
                listener.onStep(new StepEvent(step, config.maxSteps(), trained, best, sum / archs.size(), stepBest,
                        Duration.ofNanos(System.nanoTime() - start)));
                if (best != null && best.r2() >= config.solveR2()) {
                    reason = StopReason.SOLVED;
                    break;
                }
            }
        } finally {
            pool.shutdownNow();
        }
        List<Candidate> all = new ArrayList<>(distinct.values());
        ParetoFront front = ParetoFront.of(all);
        Candidate chosen = front.choose(Metrics.variance(data.y()), config.selectionFactor(), ParetoFront.DEFAULT_FLOOR,
                config.maxComplexity());
        return new SearchResult(chosen, front, List.copyOf(all), toArray(meanRewards), toArray(bestRewards), trained,
                steps, reason, Duration.ofNanos(System.nanoTime() - start));
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
