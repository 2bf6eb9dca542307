package dysymnet.cluster;

import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.util.List;

/** Starting a worker: a Hazelcast member with dysymnet's configuration ({@link ClusterConfigs#member}). */
public final class Worker {
    private Worker() {
    }

    /**
     * Starts a worker in this JVM; it runs tasks until {@link HazelcastInstance#shutdown()}.
     *
     * @param members every worker's {@code host:port} (empty: this machine's default ports from {@code port})
     * @throws IllegalArgumentException on bad options (one line)
     * @throws IllegalStateException    when the member cannot start (no free port in the range)
     */
    public static HazelcastInstance start(String clusterName, List<String> members, int port, int threads) {
        Config c = ClusterConfigs.member(clusterName, members, port, threads);
        try {
            return Hazelcast.newHazelcastInstance(c);
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot start a worker of cluster '" + clusterName + "' on ports " + port
                    + "-" + (port + ClusterConfigs.PORT_COUNT - 1) + ": " + ClusterClient.oneLine(e), e);
        }
    }

    /** The worker context of a member started by {@link #start} (tasks run, data read). */
    public static WorkerContext context(HazelcastInstance member) {
        return WorkerContext.of(member);
    }
}
