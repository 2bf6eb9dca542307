package dysymnet.data;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Pure tasks run on a search's pool and gathered in the order given, so that what a stage computes from them does not
 * depend on the number of threads (the counterpart of {@link Seeds} for parallel work). Here, at the bottom of the
 * packages, so that every stage (the GP, the term regression, the final choice) can use it.
 *
 * <p>Rules for callers: each task is a pure function of what it captures (no shared random generator, no shared
 * mutable state), and only the thread that calls {@link #map} waits on the pool: a task that submitted tasks to the
 * same fixed-size pool and waited for them could wait for ever. Work handed over piece by piece while the calling
 * thread goes on (the GP's evaluation blocks) is {@link SharedWork}.
 */
public final class Parallel {
    private Parallel() {
    }

    /**
     * The results of {@code tasks}, in their order: on {@code pool} when there is one and more than one task, else on
     * the calling thread. The result is the same either way. When the calling thread is interrupted while it waits,
     * or the pool refuses the tasks (shut down), the tasks not finished run on the calling thread (the interrupt
     * is kept set for the caller to see): the results are still complete and the same.
     *
     * <p>A task's unchecked exception or error is thrown here as it was thrown (the first in the tasks' order);
     * a checked one wrapped in an {@link IllegalStateException}.
     */
    public static <T> List<T> map(List<? extends Callable<T>> tasks, ExecutorService pool) {
        List<T> out = new ArrayList<>(tasks.size());
        if (pool == null || tasks.size() <= 1) {
            for (Callable<T> t : tasks) {
                out.add(call(t));
            }
            return out;
        }
        List<Future<T>> futures = new ArrayList<>(tasks.size());
        try {
            for (Callable<T> t : tasks) {
                futures.add(pool.submit(t));
            }
        } catch (RejectedExecutionException e) {
            // the pool is shut down: the rest here
        }
        boolean interrupted = false;
        for (int k = 0; k < tasks.size(); k++) {
            if (k >= futures.size() || interrupted) {
                if (k < futures.size()) {
                    futures.get(k).cancel(false);
                }
                out.add(call(tasks.get(k)));
                continue;
            }
            try {
                out.add(futures.get(k).get());
            } catch (InterruptedException e) {
                interrupted = true;
                futures.get(k).cancel(false);
                out.add(call(tasks.get(k)));
            } catch (ExecutionException e) {
                for (Future<T> f : futures) {
                    f.cancel(false);
                }
                throw unchecked(e.getCause());
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return out;
    }

    /**
     * Runs {@code tasks} (on {@code pool} when there is one and more than one task) and hands their results to
     * {@code each} in their order, asking {@code stop} before each: once it says so, the rest are abandoned and not
     * handed over. What is handed over is what the serial loop hands over, {@code for (task : tasks) { if
     * (stop) return; each.accept(task.apply(stop)); }}, whatever the threads, provided {@code stop} changes only
     * through {@code each} (or by time, when the result depends on timing anyway). Each task is given a stop of
     * its own, true once {@code stop} is or the task is abandoned, so that an abandoned task ends soon; its result
     * is dropped. Results are handed over on the calling thread.
     */
    public static <T> void ordered(List<? extends Function<BooleanSupplier, T>> tasks, ExecutorService pool,
                                   BooleanSupplier stop, Consumer<T> each) {
        if (pool == null || tasks.size() <= 1) {
            for (Function<BooleanSupplier, T> t : tasks) {
                if (stop.getAsBoolean()) {
                    return;
                }
                each.accept(t.apply(stop));
            }
            return;
        }
        AtomicBoolean abandoned = new AtomicBoolean();
        BooleanSupplier taskStop = () -> abandoned.get() || stop.getAsBoolean();
        List<Callable<T>> callables = new ArrayList<>(tasks.size());
        for (Function<BooleanSupplier, T> t : tasks) {
            callables.add(() -> abandoned.get() ? null : t.apply(taskStop));
        }
        List<Future<T>> futures = new ArrayList<>(tasks.size());
        try {
            try {
                for (Callable<T> c : callables) {
                    futures.add(pool.submit(c));
                }
            } catch (RejectedExecutionException e) {
                // the pool is shut down: the tasks not queued run here, in the loop below
            }
            boolean interrupted = false;
            for (int k = 0; k < tasks.size(); k++) {
                if (stop.getAsBoolean()) {
                    return;
                }
                T result;
                if (k >= futures.size() || interrupted) {
                    result = tasks.get(k).apply(taskStop);
                } else {
                    try {
                        result = futures.get(k).get();
                    } catch (InterruptedException e) {
                        // the rest here, the interrupt kept for the caller
                        interrupted = true;
                        Thread.currentThread().interrupt();
                        result = tasks.get(k).apply(taskStop);
                    } catch (ExecutionException e) {
                        throw unchecked(e.getCause());
                    }
                }
                each.accept(result);
            }
        } finally {
            abandoned.set(true);
            for (Future<T> f : futures) {
                f.cancel(false);
            }
        }
    }

    private static RuntimeException unchecked(Throwable cause) {
        if (cause instanceof RuntimeException re) {
            return re;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return new IllegalStateException("a parallel task failed: " + cause, cause);
    }

    private static <T> T call(Callable<T> t) {
        try {
            return t.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("a parallel task failed: " + e, e);
        }
    }
}
