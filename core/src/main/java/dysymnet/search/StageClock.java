package dysymnet.search;

import dysymnet.data.WorkAccount;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The stage-time account of a search as it runs ({@link Timings}): the wall time of each stage, and how many threads
 * were busy when. It sees the search's pool through {@link #watch}, which counts the tasks queued and running, and
 * the search's own thread, which is busy from {@link #start} to {@link #finish} except while it waits for a task of
 * the pool ({@code Future.get} of a task submitted there, {@code invokeAll} included), and the pieces of shared work
 * waiting to be taken that a stage reports ({@link WorkAccount}: the GP's blocks, which the search's thread and the
 * pool's tasks take in turn). Between two changes of those counts nothing changes, so the measures are integrated
 * exactly at each change:
 * <ul>
 *   <li>busy threads: the running tasks plus the search's thread when not waiting, at most the threads given;</li>
 *   <li>work to do: the queued and running tasks and the waiting pieces plus the search's thread when not waiting;
 *       at most one is serial time ({@link Timings#serialSeconds()}), whatever the number of threads.</li>
 * </ul>
 * Only the search's thread (the one that calls {@link #start}) may wait on the pool's tasks: a task that waited on
 * another would count as busy, and on a fixed pool could deadlock anyway.
 *
 * <p>The clock changes nothing in the search: it times and counts, and the tasks run as they would.
 */
final class StageClock {
    private final int threads;
    private final List<Timings.Stage> stages = new ArrayList<>();
    private long start;
    private long last;
    private int queued;
    private int running;
    /** Pieces of shared work waiting to be taken ({@link WorkAccount}). */
    private int pieces;
    private int waiting;
    private boolean started;
    /** Integrals so far, in nanoseconds (thread-nanoseconds for busy). */
    private double busy;
    private double serial;
    private double underused;
    /** The time the search's own thread computed (did not wait on a task). */
    private double self;
    /** The time with more threads busy than given. */
    private double over;
    /** When the current stage began, and the integrals then. */
    private long stageStart;
    private double stageSerial;
    private double stageBusy;
    private double stageSelf;
    /** The current stage's tasks' run times, in the order handed over (NaN until a task ends), and its number. */
    private List<Double> stageTasks = new ArrayList<>();
    private int stageNumber;

    /** @param threads the threads given to the search */
    StageClock(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
    }

    /** Starts the run's clock on the calling thread, the search's. */
    synchronized void start() {
        start = System.nanoTime();
        last = start;
        started = true;
    }

    /** Begins a stage (the previous one, if any, should have ended). */
    synchronized void begin() {
        advance();
        stageStart = last;
        stageSerial = serial;
        stageBusy = busy;
        stageSelf = self;
        stageTasks = new ArrayList<>();
        stageNumber++;
    }

    /** Ends the stage begun last, recording it under {@code name} and {@code step}. */
    synchronized void end(String name, int step) {
        advance();
        List<Double> tasks = new ArrayList<>();
        for (double t : stageTasks) {
            if (!Double.isNaN(t)) {
                tasks.add(t);
            }
        }
        stages.add(new Timings.Stage(name, step, (last - stageStart) / 1e9, (serial - stageSerial) / 1e9,
                (busy - stageBusy) / 1e9, (self - stageSelf) / 1e9, tasks));
        stageTasks = new ArrayList<>();
        stageNumber++;
    }

    /** Stops the clock and gives the account. */
    synchronized Timings finish() {
        advance();
        started = false;
        return new Timings(threads, (last - start) / 1e9, serial / 1e9, underused / 1e9, busy / 1e9, stages,
                over / 1e9);
    }

    /**
     * The pool as the search's sources see it: {@code pool} itself runs every task, this only counts them. Shutting
     * the view down shuts {@code pool} down.
     */
    ExecutorService watch(ExecutorService pool) {
        return new Watched(pool);
    }

    /** Integrates the measures from the last change to now. */
    private void advance() {
        long now = System.nanoTime();
        if (started) {
            long dt = now - last;
            int own = waiting > 0 ? 0 : 1;
            self += own * (double) dt;
            int busyNow = Math.min(threads, running + own);
            if (running + own > threads) {
                over += dt;
            }
            busy += (double) busyNow * dt;
            if (busyNow < threads) {
                underused += dt;
            }
            if (queued + running + pieces + own <= 1) {
                serial += dt;
            }
        }
        last = now;
    }

    /** Counts a task handed over; its place in the current stage's record ({@link #recordTask}). */
    private synchronized long queuedTask() {
        advance();
        queued++;
        stageTasks.add(Double.NaN);
        return ((long) stageNumber << 32) | (stageTasks.size() - 1);
    }

    private synchronized void startedTask() {
        advance();
        queued--;
        running++;
    }

    private synchronized void endedTask() {
        advance();
        running--;
    }

    /** Records a task's {@code nanos} of running in its stage, if that is still the current one. */
    private synchronized void recordTask(long place, long nanos) {
        if ((int) (place >>> 32) == stageNumber) {
            stageTasks.set((int) place, nanos / 1e9);
        }
    }

    private synchronized void waitBegins() {
        advance();
        waiting++;
    }

    private synchronized void waitEnds() {
        advance();
        waiting--;
    }

    private synchronized void piecesWaiting(int delta) {
        advance();
        pieces += delta;
    }

    /** A pool's view that counts its tasks, the waits for them and the pieces of shared work reported. */
    private final class Watched extends AbstractExecutorService implements WorkAccount {
        private final ExecutorService pool;

        Watched(ExecutorService pool) {
            this.pool = pool;
        }

        @Override
        public void execute(Runnable task) {
            long place = queuedTask();
            Counted<?> counted = task instanceof Counted<?> c ? c : null;
            try {
                pool.execute(() -> {
                    startedTask();
                    long t0 = System.nanoTime();
                    if (counted != null) {
                        // recorded as its result is set, before a thread waiting for it can end the stage
                        counted.onDone = () -> recordTask(place, System.nanoTime() - t0);
                    }
                    try {
                        task.run();
                    } finally {
                        if (counted == null) {
                            recordTask(place, System.nanoTime() - t0);
                        }
                        endedTask();
                    }
                });
            } catch (RuntimeException e) {
                // rejected: it will never run
                synchronized (StageClock.this) {
                    advance();
                    queued--;
                }
                throw e;
            }
        }

        @Override
        public void waiting(int delta) {
            piecesWaiting(delta);
        }

        @Override
        protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
            return new Counted<>(callable);
        }

        @Override
        protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
            return new Counted<>(java.util.concurrent.Executors.callable(runnable, value));
        }

        @Override
        public void shutdown() {
            pool.shutdown();
        }

        @Override
        public List<Runnable> shutdownNow() {
            return pool.shutdownNow();
        }

        @Override
        public boolean isShutdown() {
            return pool.isShutdown();
        }

        @Override
        public boolean isTerminated() {
            return pool.isTerminated();
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            return pool.awaitTermination(timeout, unit);
        }
    }

    /** A task whose result, waited for, counts the waiting thread as idle. */
    private final class Counted<T> extends FutureTask<T> {
        /** Runs as the result is set (or the task fails), before a waiting thread wakes. */
        private volatile Runnable onDone;

        Counted(Callable<T> callable) {
            super(callable);
        }

        @Override
        protected void set(T v) {
            finished();
            super.set(v);
        }

        @Override
        protected void setException(Throwable t) {
            finished();
            super.setException(t);
        }

        private void finished() {
            Runnable r = onDone;
            if (r != null) {
                r.run();
            }
        }

        @Override
        public T get() throws InterruptedException, ExecutionException {
            if (isDone()) {
                return super.get();
            }
            waitBegins();
            try {
                return super.get();
            } finally {
                waitEnds();
            }
        }

        @Override
        public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException,
                TimeoutException {
            if (isDone()) {
                return super.get(timeout, unit);
            }
            waitBegins();
            try {
                return super.get(timeout, unit);
            } finally {
                waitEnds();
            }
        }
    }
}
