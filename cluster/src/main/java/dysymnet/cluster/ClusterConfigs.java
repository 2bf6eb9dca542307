package dysymnet.cluster;

import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.JavaSerializationFilterConfig;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.config.SerializationConfig;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The Hazelcast configurations of dysymnet's workers (members) and coordinators (clients), in code, the same for
 * every process: no XML or YAML file is read.
 *
 * <ul>
 *   <li>Discovery is the explicit TCP/IP member list and nothing else: multicast, auto-detection and cloud discovery
 *       off. With no list, this machine only: bound to 127.0.0.1, ports {@link #DEFAULT_PORT} to
 *       {@link #DEFAULT_PORT} + {@link #PORT_COUNT} - 1. Nothing is sent to an address not in the list.</li>
 *   <li>A member binds to the one address of the list that is this machine's (not to every interface).</li>
 *   <li>Only dysymnet's task types run ({@link TaskTypes}): Java serialization is limited to the JDK's and
 *       Hazelcast's own classes, user code deployment, Jet (and its job and resource upload), the management
 *       center's scripting and console, the REST and memcache endpoints are off.</li>
 *   <li>The cluster name is checked on joining: a member or client of another name is refused.</li>
 *   <li>No phone-home, no Hazelcast logging (the worker command prints its own lines).</li>
 * </ul>
 * Hazelcast Community Edition has no TLS and no authentication: whoever reaches a member's port can join its
 * cluster. The port must not be reachable from untrusted networks.
 */
public final class ClusterConfigs {
    /** The first port of the default range. */
    public static final int DEFAULT_PORT = 5711;
    /** Ports tried from the first one. */
    public static final int PORT_COUNT = 10;
    /** The map of the searches' data, by search id. */
    static final String SEARCHES = "dysymnet.searches";
    /** The executor of dysymnet's tasks. */
    static final String EXECUTOR = "dysymnet";
    /** The member attribute with the worker's thread count (members without it get no work). */
    static final String THREADS_ATTRIBUTE = "dysymnet.threads";

    private ClusterConfigs() {
    }

    /**
     * Hazelcast logs nothing (it would otherwise warn at start, before reading any configuration, about the JDK
     * internals it may not open); a logging type set by the user stays.
     */
    static void quietStart() {
        if (System.getProperty("hazelcast.logging.type") == null) {
            System.setProperty("hazelcast.logging.type", "none");
        }
    }

    /** The default member list: this machine's default ports on 127.0.0.1. */
    public static List<String> defaultMembers(int port) {
        List<String> out = new ArrayList<>();
        for (int p = port; p < port + PORT_COUNT; p++) {
            out.add("127.0.0.1:" + p);
        }
        return out;
    }

    /**
     * A worker's configuration.
     *
     * @param clusterName the cluster's name
     * @param members     every worker's {@code host:port} (empty: {@link #defaultMembers} of {@code port})
     * @param port        the first port tried ({@link #PORT_COUNT} from it)
     * @param threads     tasks run at once
     * @throws IllegalArgumentException when none of {@code members} is an address of this machine
     */
    public static Config member(String clusterName, List<String> members, int port, int threads) {
        quietStart();
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
        }
        List<String> list = members.isEmpty() ? defaultMembers(port) : members;
        String bind = localAddress(list);
        Config c = new Config();
        c.setClusterName(clusterName);
        c.setInstanceName("dysymnet-worker-" + clusterName + "-" + System.nanoTime());
        quiet(c);
        c.setProperty("hazelcast.socket.bind.any", "false");
        c.setProperty("hazelcast.local.localAddress", bind);
        c.setProperty("hazelcast.shutdownhook.policy", "GRACEFUL");
        c.setProperty("hazelcast.graceful.shutdown.max.wait", "30");
        NetworkConfig net = c.getNetworkConfig();
        net.setPort(port).setPortCount(PORT_COUNT).setPortAutoIncrement(true);
        net.getInterfaces().setEnabled(true).addInterface(bind);
        net.getRestApiConfig().setEnabled(false);
        net.getMemcacheProtocolConfig().setEnabled(false);
        JoinConfig join = net.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getAwsConfig().setEnabled(false);
        join.getGcpConfig().setEnabled(false);
        join.getAzureConfig().setEnabled(false);
        join.getKubernetesConfig().setEnabled(false);
        join.getEurekaConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).setMembers(new ArrayList<>(list));
        // no arbitrary code: no uploaded classes, no Jet jobs, no scripts
        c.getUserCodeDeploymentConfig().setEnabled(false);
        c.getJetConfig().setEnabled(false).setResourceUploadEnabled(false);
        c.getManagementCenterConfig().setScriptingEnabled(false).setConsoleEnabled(false);
        serialization(c.getSerializationConfig());
        c.getExecutorConfig(EXECUTOR).setPoolSize(threads).setStatisticsEnabled(false);
        // one copy of a search's data (each member keeps its own after the first read; a lost one is sent again)
        c.getMapConfig(SEARCHES).setBackupCount(0).setAsyncBackupCount(0).setStatisticsEnabled(false);
        c.getMemberAttributeConfig().setAttribute(THREADS_ATTRIBUTE, Integer.toString(threads));
        c.getUserContext().put(WorkerContext.KEY, new WorkerContext());
        return c;
    }

    /**
     * A coordinator's configuration: a client of the cluster that connects to the listed members only.
     *
     * @param connectMillis how long to try to reach a member before giving up
     */
    public static ClientConfig client(String clusterName, List<String> members, long connectMillis) {
        quietStart();
        ClientConfig c = new ClientConfig();
        c.setClusterName(clusterName);
        c.setInstanceName("dysymnet-coordinator-" + clusterName + "-" + System.nanoTime());
        c.setProperty("hazelcast.logging.type", "none");
        c.setProperty("hazelcast.client.statistics.enabled", "false");
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.getNetworkConfig().setAddresses(new ArrayList<>(members.isEmpty() ? defaultMembers(DEFAULT_PORT)
                : members));
        c.getNetworkConfig().getAutoDetectionConfig().setEnabled(false);
        c.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(connectMillis);
        serialization(c.getSerializationConfig());
        return c;
    }

    private static void quiet(Config c) {
        c.setProperty("hazelcast.logging.type", "none");
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.getMetricsConfig().setEnabled(false);
    }

    /** dysymnet's records by their factories; Java serialization only for the JDK's and Hazelcast's classes. */
    private static void serialization(SerializationConfig s) {
        for (TaskTypes t : ServiceLoader.load(TaskTypes.class, ClusterConfigs.class.getClassLoader())) {
            s.addDataSerializableFactory(t.factoryId(), t.factory());
        }
        JavaSerializationFilterConfig filter = new JavaSerializationFilterConfig();
        filter.getWhitelist().addPrefixes("java.", "javax.", "com.hazelcast.", "[");
        s.setJavaSerializationFilterConfig(filter);
    }

    /**
     * The one host of {@code members} that is an address of this machine (127.0.0.1 when they are all loopback).
     *
     * @throws IllegalArgumentException when there is none
     */
    static String localAddress(List<String> members) {
        String found = null;
        for (String m : members) {
            String host = m.substring(0, m.lastIndexOf(':'));
            if (host.startsWith("[")) {
                host = host.substring(1, host.length() - 1);
            }
            InetAddress a;
            try {
                a = InetAddress.getByName(host);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("--members: unknown host '" + host + "'");
            }
            boolean local;
            try {
                local = a.isLoopbackAddress() || NetworkInterface.getByInetAddress(a) != null;
            } catch (SocketException e) {
                local = false;
            }
            if (local) {
                String ip = a.getHostAddress();
                if (found != null && !found.equals(ip)) {
                    throw new IllegalArgumentException("--members lists two addresses of this machine, " + found
                            + " and " + ip + ": list one per machine");
                }
                found = ip;
            }
        }
        if (found == null) {
            throw new IllegalArgumentException("--members names no address of this machine: list every worker, this "
                    + "one too, the same list on every machine");
        }
        return found;
    }
}
