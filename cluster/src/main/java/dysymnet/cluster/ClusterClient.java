package dysymnet.cluster;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.IExecutorService;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/**
 * A coordinator's connection to a cluster of dysymnet workers (a Hazelcast client: it holds no data and runs no
 * task, so that its end costs the workers nothing), and the way it hands out independent tasks:
 * {@link #runAll}. Each worker gets as many tasks at once as it has threads (its member attribute), through the
 * cluster's executor service; a task whose member leaves (or fails to run it) is given to another member, and
 * since every task is a pure function of what it carries, its result is the same wherever it ran.
 */
public final class ClusterClient implements AutoCloseable {
    /** How long to try to reach a member when connecting. */
    public static final long CONNECT_MILLIS = 5_000;
    /** How long {@link #runAll} waits, once stopped, for the results of the tasks under way. */
    static final long STOP_GRACE_MILLIS = 3_000;
    /**
     * How long {@link #runAll} waits for a worker when the cluster has none that can take the tasks, before it gives
     * up (when no member at all answers, the client ends after {@link #CONNECT_MILLIS}).
     */
    public static final long DEFAULT_MEMBER_WAIT_MILLIS = 30_000;

    private final HazelcastInstance client;
    private final String clusterName;
    private final IExecutorService executor;
    private volatile long memberWaitMillis = DEFAULT_MEMBER_WAIT_MILLIS;
    /** Tasks sent again because their member left or could not run them. */
    private final java.util.concurrent.atomic.AtomicLong resent = new java.util.concurrent.atomic.AtomicLong();
    /** Whether this process ended the client ({@link #close}, {@link #kill}). */
    private volatile boolean ended;

    private ClusterClient(HazelcastInstance client, String clusterName) {
        this.client = client;
        this.clusterName = clusterName;
        this.executor = client.getExecutorService(ClusterConfigs.EXECUTOR);
    }

    /**
     * Connects to a cluster of workers.
     *
     * @param members the members' {@code host:port} (empty: this machine's default ports)
     * @throws IllegalStateException (one line) when no member of that name can be reached, or none is a worker
     */
    public static ClusterClient connect(String clusterName, List<String> members) {
        return connect(clusterName, members, CONNECT_MILLIS);
    }

    static ClusterClient connect(String clusterName, List<String> members, long connectMillis) {
        HazelcastInstance c;
        try {
            c = HazelcastClient.newHazelcastClient(ClusterConfigs.client(clusterName, members, connectMillis));
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot reach cluster '" + clusterName + "' at "
                    + describe(members) + ": no worker of that cluster name answers there (start one with "
                    + "'dysymnet worker --cluster-name " + clusterName + "')", e);
        }
        ClusterClient cc = new ClusterClient(c, clusterName);
        if (cc.workers().isEmpty()) {
            cc.close();
            throw new IllegalStateException("cluster '" + clusterName + "' has no dysymnet worker");
        }
        return cc;
    }

    private static String describe(List<String> members) {
        if (members.isEmpty()) {
            return "127.0.0.1 ports " + ClusterConfigs.DEFAULT_PORT + "-"
                    + (ClusterConfigs.DEFAULT_PORT + ClusterConfigs.PORT_COUNT - 1);
        }
        return String.join(",", members);
    }

    /** The Hazelcast client (for the cluster's maps). */
    HazelcastInstance hazelcast() {
        return client;
    }

    public String clusterName() {
        return clusterName;
    }

    /** How long {@link #runAll} waits for a worker when none is left (default 30 s). */
    public void memberWait(long millis) {
        memberWaitMillis = millis;
    }

    /** The workers now, each with its thread count. */
    public Map<Member, Integer> workers() {
        Map<Member, Integer> out = new java.util.LinkedHashMap<>();
        for (Member m : client.getCluster().getMembers()) {
            String t = m.getAttribute(ClusterConfigs.THREADS_ATTRIBUTE);
            if (t != null && !m.isLiteMember()) {
                try {
                    out.put(m, Math.max(1, Integer.parseInt(t)));
                } catch (NumberFormatException e) {
                    // not one of ours
                }
            }
        }
        return out;
    }

    /** How many tasks were sent again because their member left (or could not run them), since connecting. */
    public long resent() {
        return resent.get();
    }

    /** The threads of all workers now. */
    public int threads() {
        return workers().values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Receives the results of {@link #runAll} on the calling thread, in the order they come. */
    @FunctionalInterface
    public interface Sink<R> {
        /**
         * Takes task {@code i}'s result.
         *
         * @return false to have the task run again (for instance after putting back what it needed)
         */
        boolean accept(int i, R result);
    }

    private record Done<R>(int task, UUID member, R result, Throwable failure) {
    }

    /**
     * Runs tasks {@code 0..n-1} on the workers, each exactly until one result has been accepted, and hands the results
     * to {@code sink} on this thread as they come. A task is made (by {@code task}) each time it is sent. Returns when
     * every task is done, or once {@code stop} turns true: no task is sent after it, the results of those under way
     * are taken for up to {@link #STOP_GRACE_MILLIS} (a task gets the time it may take and stops by itself), then
     * the rest are cancelled and dropped.
     *
     * @throws UncheckedIOException when no worker is left (none answers for {@link #CONNECT_MILLIS}, or none can take
     *                              the tasks for {@link #memberWait}) and tasks remain
     */
    public <R> void runAll(int n, IntFunction<? extends Callable<R>> task, BooleanSupplier stop, Sink<R> sink)
            throws InterruptedException {
        Deque<Integer> pending = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            pending.add(i);
        }
        BlockingQueue<Done<R>> done = new LinkedBlockingQueue<>();
        Map<Integer, Future<R>> running = new HashMap<>();
        Map<UUID, Integer> busy = new HashMap<>();
        Set<UUID> unusable = new HashSet<>();
        String lastFailure = null;
        long alone = -1;
        int finished = 0;
        long drainUntil = -1;
        try {
            while (finished < n) {
                if (stop.getAsBoolean()) {
                    // no more tasks; those under way stop at the same time (they carry the search's time) and
                    // their results are kept, as a local search keeps them, for at most a grace period
                    if (drainUntil < 0) {
                        drainUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_GRACE_MILLIS);
                    }
                    if (running.isEmpty() || System.nanoTime() > drainUntil) {
                        return;
                    }
                }
                // hand out tasks to every worker with a free thread
                Map<Member, Integer> workers = workers();
                workers.keySet().removeIf(m -> unusable.contains(m.getUuid()));
                boolean sent = true;
                while (sent && !pending.isEmpty() && drainUntil < 0) {
                    sent = false;
                    for (Map.Entry<Member, Integer> w : workers.entrySet()) {
                        UUID id = w.getKey().getUuid();
                        if (pending.isEmpty() || busy.getOrDefault(id, 0) >= w.getValue()) {
                            continue;
                        }
                        int i = pending.poll();
                        busy.merge(id, 1, Integer::sum);
                        running.put(i, submit(task.apply(i), w.getKey(), i, done));
                        sent = true;
                    }
                }
                if (running.isEmpty() && !pending.isEmpty() && drainUntil < 0) {
                    // nothing under way and no worker to take the rest
                    long now = System.nanoTime();
                    if (alone < 0) {
                        alone = now;
                    } else if (now - alone > TimeUnit.MILLISECONDS.toNanos(memberWaitMillis)) {
                        String msg = "no worker of cluster '" + clusterName + "' left to run " + pending.size()
                                + " task(s)" + (lastFailure == null ? "" : " (" + lastFailure + ")");
                        throw new UncheckedIOException(msg, new IOException(msg));
                    }
                } else {
                    alone = -1;
                }
                Done<R> d = done.poll(50, TimeUnit.MILLISECONDS);
                while (d != null) {
                    running.remove(d.task());
                    busy.merge(d.member(), -1, Integer::sum);
                    if (d.failure() != null) {
                        // the member left, or could not run the task: another one will
                        lastFailure = d.failure() instanceof HazelcastSerializationException
                                ? "a worker cannot read this type of task; workers for bench need the bench jar on "
                                + "their class path, as ./dysymnet puts it: " + oneLine(d.failure())
                                : oneLine(d.failure());
                        unusable.add(d.member());
                        pending.addFirst(d.task());
                        resent.incrementAndGet();
                    } else if (sink.accept(d.task(), d.result())) {
                        finished++;
                    } else {
                        pending.addFirst(d.task());
                    }
                    d = done.poll();
                }
            }
        } catch (RuntimeException e) {
            throw lost(e);
        } finally {
            for (Future<R> f : running.values()) {
                f.cancel(true);
            }
        }
    }

    /**
     * {@code e}, or, when the client ended by itself (Hazelcast's client ends when no member has answered for its
     * connect timeout), the one-line error that says so.
     */
    RuntimeException lost(RuntimeException e) {
        if (!ended && !client.getLifecycleService().isRunning()) {
            String msg = "lost cluster '" + clusterName + "': no worker answered for " + CONNECT_MILLIS / 1000 + " s";
            return new UncheckedIOException(msg, new IOException(msg, e));
        }
        return e;
    }

    @SuppressWarnings("unchecked")
    private <R> Future<R> submit(Callable<R> c, Member m, int i, BlockingQueue<Done<R>> done) {
        UUID id = m.getUuid();
        Future<R> f;
        try {
            f = executor.submitToMember(c, m);
        } catch (RuntimeException e) {
            if (!client.getLifecycleService().isRunning()) {
                throw e;
            }
            // the member is gone already: as if it had left with the task
            f = java.util.concurrent.CompletableFuture.failedFuture(e);
        }
        if (!(f instanceof CompletionStage<?> stage)) {
            throw new IllegalStateException("Hazelcast's executor future is not a CompletionStage");
        }
        Future<R> future = f;
        ((CompletionStage<R>) stage).whenComplete((r, t) -> {
            if (future.isCancelled()) {
                return;
            }
            done.add(new Done<>(i, id, r, t == null ? null : unwrap(t)));
        });
        return f;
    }

    private static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    static String oneLine(Throwable t) {
        String s = t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** Leaves the cluster (the workers stay). */
    @Override
    public void close() {
        ended = true;
        client.shutdown();
    }

    /** Ends this client at once, as if its process died (for tests of a coordinator's death). */
    public void kill() {
        ended = true;
        client.getLifecycleService().terminate();
    }

    /** Whether this client is still connected. */
    public boolean running() {
        return client.getLifecycleService().isRunning();
    }
}
