package dysymnet.data;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;

/**
 * Pure pieces of work {@code 0..n-1} done by the calling thread and at most {@code beside} tasks of a pool (so
 * that a stage keeps to the threads it is given), each piece by the first of them free, in order. The
 * pieces become available in order ({@link #available}: the breeding hands over each block it completes, and a
 * task of the pool starts on them while the calling thread breeds on); {@link #finish} makes them all
 * available, does those left on the calling thread and waits for the pool's. A task of the pool ends when
 * nothing is available and another starts when enough is, so no thread waits on another for work. Which
 * thread does a piece changes nothing: each writes its own results. A pool that keeps an account of the work
 * ({@link WorkAccount}, the search's stage clock) is told the pieces waiting, which are parallel work even
 * when the calling thread does them all (one thread).
 */
public final class SharedWork {
    /** Pieces that wait for the pool before one of its tasks starts on them, until all are available. */
    static final int WAITING = 4;
    private final int n;
    private final ExecutorService pool;
    private final int beside;
    private final IntPredicate work;
    private final WorkAccount account;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger helping = new AtomicInteger();
    private final List<Future<Boolean>> helpers = new ArrayList<>();
    private volatile int available;
    private volatile boolean stopped;

    /**
     * @param n      the pieces
     * @param pool   the pool whose tasks help (null: none)
     * @param beside the pool's tasks that may help at once (0: the calling thread does all)
     * @param work   does piece {@code i}; false when stopped before it was done
     */
    public SharedWork(int n, ExecutorService pool, int beside, IntPredicate work) {
        this.n = n;
        this.pool = pool;
        this.beside = pool == null ? 0 : beside;
        this.work = work;
        this.account = pool instanceof WorkAccount a ? a : null;
    }

    /**
     * The first {@code count} pieces can be done: a task of the pool starts on them if there is room and,
     * unless they are all available, at least {@value #WAITING} wait (a task started for every piece would
     * cost the breeding thread a hand-over each time the pool's task runs out of work).
     */
    public void available(int count) {
        if (count <= available) {
            return;
        }
        if (account != null) {
            account.waiting(count - available);
        }
        available = count;
        while (helping.get() < beside && count - next.get() >= (count == n ? 1 : WAITING)) {
            helping.incrementAndGet();
            helpers.add(pool.submit(this::help));
        }
    }

    /** Does every piece, with the pool's tasks; false when stopped (or interrupted). */
    public boolean finish() {
        try {
            available(n);
            drain();
            for (Future<Boolean> f : helpers) {
                f.get();
            }
            return !stopped;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException("a shared piece of work failed", e.getCause());
        } finally {
            // the pieces not taken (stopped, or failed) are no work any more: none is taken after this
            int left = available - next.getAndSet(n);
            if (account != null && left > 0) {
                account.waiting(-left);
            }
        }
    }

    /** A task of the pool: the pieces available, one after another, until none is. */
    private boolean help() {
        try {
            drain();
            return true;
        } finally {
            helping.decrementAndGet();
        }
    }

    /** Does the pieces available, one after another, until none is or one was stopped. */
    private void drain() {
        for (int i = take(); i >= 0 && !stopped; i = take()) {
            if (!work.test(i)) {
                stopped = true;
            }
        }
    }

    /** The next piece available not taken yet, -1 when there is none. */
    private int take() {
        while (true) {
            int i = next.get();
            if (i >= available) {
                return -1;
            }
            if (next.compareAndSet(i, i + 1)) {
                if (account != null) {
                    account.waiting(-1);
                }
                return i;
            }
        }
    }
}
