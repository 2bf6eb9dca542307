package dysymnet.gp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.WorkAccount;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.UnaryOp;
import dysymnet.net.SearchSpace;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

class GeneticProgrammingTest {

    static Dataset oneVariable(int n, long seed, DoubleUnaryOperator f) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = r.nextDouble(-1, 1);
            y[i] = f.applyAsDouble(x[i]);
        }
        return new Dataset(List.of("x"), new double[][] {x}, y);
    }

    static GeneticProgramming gp(Dataset d, GpSettings s) {
        // the paper's library, which these cases were written for
        return new GeneticProgramming(d, Primitives.of(SearchSpace.PAPER_OPERATORS, d.names()), s);
    }

    @Test
    void theSameGeneratorGivesTheSameFormulasOnOneAndOnTwoThreads() {
        Dataset d = oneVariable(40, 1, x -> Math.sin(x) + x * x);
        GpSettings s = GpSettings.builder().population(200).build();
        List<Expr> seeds = List.of(Expr.mul(Expr.num(0.9), Expr.var("x")));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            GeneticProgramming.Result one = gp(d, s).run(seeds, List.of(), 5, new SplittableRandom(11), null, 1,
                    () -> false);
            GeneticProgramming.Result two = gp(d, s).run(seeds, List.of(), 5, new SplittableRandom(11), pool, 2,
                    () -> false);
            assertFalse(one.formulas().isEmpty());
            assertEquals(one.formulas(), two.formulas());
            assertEquals(one.population(), two.population());
            assertEquals(one.evaluations(), two.evaluations());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The evaluation blocks run beside the breeding, as many as the threads given allow, and finish in any order:
     * with tasks held back at random (so that blocks finish late, early, out of order), on 1, 2 and 4 threads, the
     * run is the one without a pool.
     */
    @Test
    void theResultDoesNotDependOnTheThreadsOrOnWhenTheEvaluationsFinish() {
        Dataset d = oneVariable(60, 8, x -> Math.exp(-x) * x + Math.cos(2 * x));
        GpSettings s = GpSettings.builder().population(300).build();
        List<Expr> seeds = List.of(Expr.mul(Expr.num(1.1), Expr.var("x")), Expr.apply(UnaryOp.COS, Expr.var("x")));
        GeneticProgramming.Result alone = gp(d, s).run(seeds, List.of(), 6, new SplittableRandom(21), null, 1,
                () -> false);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        ExecutorService late = new Watched(threads, new SplittableRandom(5));
        try {
            for (int t : new int[] {1, 2, 4}) {
                GeneticProgramming.Result r = gp(d, s).run(seeds, List.of(), 6, new SplittableRandom(21), late, t,
                        () -> false);
                assertEquals(alone.formulas(), r.formulas(), t + " threads");
                assertEquals(alone.population(), r.population(), t + " threads");
                assertEquals(alone.evaluations(), r.evaluations(), t + " threads");
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * The pieces of work the run reports waiting to a pool that keeps an account ({@link WorkAccount}: the search's
     * stage clock) are some at times and none once the run is over, whether it ran to the end or was stopped in the
     * middle of a generation, on one thread (the calling thread does every piece) and on three.
     */
    @Test
    void theWorkReportedWaitingIsSettledWhenTheRunEnds() {
        Dataset d = oneVariable(50, 9, x -> Math.sin(2 * x) + x * x * x);
        GpSettings s = GpSettings.builder().population(200).build();
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            for (int t : new int[] {1, 3}) {
                for (int stopAfter : new int[] {Integer.MAX_VALUE, 700}) {
                    Watched pool = new Watched(threads, null);
                    AtomicInteger asked = new AtomicInteger();
                    gp(d, s).run(List.of(), List.of(), 4, new SplittableRandom(13), pool, t,
                            () -> asked.incrementAndGet() > stopAfter);
                    String what = t + " threads, stop after " + stopAfter;
                    assertTrue(pool.mostWaiting.get() > 0, what);
                    assertEquals(0, pool.waiting.get(), what);
                }
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * A pool that keeps an account of the work waiting (its largest value too), and holds each task back up to 2 ms
     * at random when given a generator.
     */
    static final class Watched extends AbstractExecutorService implements WorkAccount {
        final AtomicInteger waiting = new AtomicInteger();
        final AtomicInteger mostWaiting = new AtomicInteger();
        private final ExecutorService threads;
        private final SplittableRandom delays;

        Watched(ExecutorService threads, SplittableRandom delays) {
            this.threads = threads;
            this.delays = delays;
        }

        @Override
        public void waiting(int delta) {
            mostWaiting.accumulateAndGet(waiting.addAndGet(delta), Math::max);
        }

        @Override
        public synchronized void execute(Runnable task) {
            long pause = delays == null ? 0 : delays.nextInt(3);
            threads.execute(() -> {
                try {
                    Thread.sleep(pause);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                task.run();
            });
        }

        @Override
        public void shutdown() {
            threads.shutdown();
        }

        @Override
        public List<Runnable> shutdownNow() {
            return threads.shutdownNow();
        }

        @Override
        public boolean isShutdown() {
            return threads.isShutdown();
        }

        @Override
        public boolean isTerminated() {
            return threads.isTerminated();
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            return threads.awaitTermination(timeout, unit);
        }
    }

    @Test
    void aStopEndsTheRunSoon() {
        Dataset d = oneVariable(1000, 2, x -> Math.sin(3 * x) * Math.exp(x) + Math.cos(x * x * x));
        GpSettings s = GpSettings.builder().population(2000).build();
        long start = System.nanoTime();
        long stopAt = start + 200_000_000L;
        GeneticProgramming.Result r = gp(d, s).run(List.of(), List.of(), 100_000, new SplittableRandom(3), null, 1,
                () -> System.nanoTime() >= stopAt);
        double late = (System.nanoTime() - stopAt) / 1e9;
        assertTrue(late < 0.3, "ended " + late + " s after the stop");
        assertTrue(r.evaluations() > 0);
    }

    @Test
    void aSeedThatIsTheLawComesBackExactAndEndsTheRun() {
        Dataset d = oneVariable(30, 4, x -> 2.5 * x * x * x + x);
        Expr law = Expr.add(Expr.mul(Expr.var("x"), Expr.mul(Expr.var("x"), Expr.var("x"))), Expr.var("x"));
        GeneticProgramming.Result r = gp(d, GpSettings.defaults()).run(List.of(law), List.of(), 50,
                new SplittableRandom(5), null, 1, () -> false);
        Expr last = r.formulas().get(r.formulas().size() - 1);
        assertEquals(1.0, Metrics.r2(Evaluator.evaluate(last, d), d.y()), "" + last);
        assertTrue(r.formulas().size() <= GpSettings.DEFAULT_FITS_PER_GENERATION, "the run ends once exact");
    }

    @Test
    void findsAnEasyLawFromRandomFormulasInMostRuns() {
        Dataset d = oneVariable(256, 7, x -> x * x * x + x * x + x);
        int exact = 0;
        for (long seed = 1; seed <= 5; seed++) {
            GeneticProgramming.Result r = gp(d, GpSettings.defaults()).run(List.of(), List.of(),
                    GpSettings.DEFAULT_QUICK_GENERATIONS, new SplittableRandom(seed), null, 1, () -> false);
            for (Expr e : r.formulas()) {
                if (Metrics.r2(Evaluator.evaluate(e, d), d.y()) >= 1.0) {
                    exact++;
                    break;
                }
            }
        }
        assertTrue(exact >= 3, "exact in " + exact + " of 5 runs");
    }
}
