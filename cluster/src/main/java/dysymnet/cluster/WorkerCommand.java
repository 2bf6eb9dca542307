package dysymnet.cluster;

import com.hazelcast.cluster.Address;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent;
import dysymnet.cli.ClusterSupport;
import dysymnet.cli.UserError;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dysymnet worker}: a member of a cluster that trains networks and runs benchmark runs until stopped. */
@Command(name = "worker", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Start a worker: a member of a cluster that runs the networks of 'fit --cluster NAME' and the "
                + "runs of 'bench --cluster NAME' until stopped (Ctrl-C leaves the cluster cleanly).",
            "Discovery is the --members list only (no multicast); by default this machine only, 127.0.0.1, ports "
                + "5711-5720, so workers and a fit on one machine find each other with no option.",
            "The cluster has no TLS and no authentication: never expose its port to untrusted networks."},
        footer = {"", "Examples:",
            "  dysymnet worker                                     # this machine",
            "  dysymnet worker --cluster-name lab --members 192.168.1.10:5711,192.168.1.11:5711,192.168.1.12:5711",
            "  dysymnet fit data.csv --cluster dysymnet --max-steps 20 --time-limit 0"})
public final class WorkerCommand implements Callable<Integer> {
    /** The cluster name when none is given. */
    public static final String DEFAULT_CLUSTER = "dysymnet";

    @Spec
    CommandSpec spec;

    @Option(names = "--cluster-name", paramLabel = "NAME", defaultValue = DEFAULT_CLUSTER,
            description = "The cluster to join (default ${DEFAULT-VALUE}); members and coordinators of another name "
                    + "are refused.")
    String clusterName;

    @Option(names = "--members", paramLabel = "LIST",
            description = "Every worker's HOST:PORT, the same list on every machine, this one included (it binds to "
                    + "its own address of the list). Default: 127.0.0.1 ports 5711-5720.")
    String members;

    @Option(names = "--port", paramLabel = "N", defaultValue = "" + ClusterConfigs.DEFAULT_PORT,
            description = "The first port to listen on (the next free one of 10 is taken; default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--threads", paramLabel = "N", description = "Tasks run at once (default: all cores).")
    Integer threads;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (clusterName.isBlank()) {
            throw new UserError("--cluster-name must not be empty");
        }
        List<String> list = ClusterSupport.parseMembers("--members", members);
        if (port < 1 || port > 65535 - ClusterConfigs.PORT_COUNT) {
            throw new UserError("--port must be between 1 and " + (65535 - ClusterConfigs.PORT_COUNT) + ", got "
                    + port);
        }
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1) {
            throw new UserError("--threads must be at least 1, got " + n);
        }
        HazelcastInstance hz;
        try {
            hz = Worker.start(clusterName, list, port, n);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new UserError(e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        hz.getLifecycleService().addLifecycleListener(e -> {
            if (e.getState() == LifecycleEvent.LifecycleState.SHUTDOWN) {
                stopped.countDown();
            }
        });
        Address at = hz.getCluster().getLocalMember().getAddress();
        err.println("worker of cluster '" + clusterName + "' at " + at.getHost() + ":" + at.getPort() + ", " + n
                + " thread(s); " + hz.getCluster().getMembers().size() + " member(s); Ctrl-C to leave");
        err.flush();
        hz.getCluster().addMembershipListener(new MembershipListener() {
            @Override
            public void memberAdded(MembershipEvent e) {
                err.println("member joined: " + e.getMember().getAddress() + " (" + e.getMembers().size()
                        + " member(s))");
                err.flush();
            }

            @Override
            public void memberRemoved(MembershipEvent e) {
                err.println("member left: " + e.getMember().getAddress() + " (" + e.getMembers().size()
                        + " member(s))");
                err.flush();
            }
        });
        if (!hz.getLifecycleService().isRunning()) {
            stopped.countDown();
        }
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            hz.shutdown();
        }
        err.println("worker left cluster '" + clusterName + "'");
        err.flush();
        return 0;
    }
}
