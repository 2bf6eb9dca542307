package dysymnet.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.core.HazelcastInstance;
import dysymnet.data.Dataset;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import dysymnet.search.Budget;
import dysymnet.search.Search;
import dysymnet.search.SearchResult;
import dysymnet.search.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Searches whose networks train on two or three workers embedded in this JVM, on loopback ports 5931-5940. */
class ClusterSearchTest {
    static final String CLUSTER = "dysymnet-test-search";
    static final int PORT = 5931;
    static final List<String> MEMBERS = List.of("127.0.0.1:5931", "127.0.0.1:5932", "127.0.0.1:5933");

    static final List<HazelcastInstance> workers = new ArrayList<>();
    static ClusterClient client;

    @BeforeAll
    static void start() {
        workers.add(Worker.start(CLUSTER, MEMBERS, PORT, 1));
        workers.add(Worker.start(CLUSTER, MEMBERS, PORT, 1));
        client = ClusterClient.connect(CLUSTER, MEMBERS);
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        for (HazelcastInstance w : workers) {
            w.getLifecycleService().terminate();
        }
    }

    static Dataset sample(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = r.nextDouble(-1, 1);
            y[i] = x[i] * x[i] * x[i] + Math.sin(x[i]) + x[i];
        }
        return new Dataset(List.of("x"), new double[][] {x}, y);
    }

    /** A small search of {@code steps} steps of 4 networks, never solved early. */
    static Settings small(int steps, long seed) {
        return Settings.builder()
                .space(SearchSpace.builder().layers(1, 2).widths(1, 2, 3)
                        .operators(Operator.IDENTITY, Operator.SIN, Operator.SQUARE, Operator.MUL).build())
                .budget(Budget.builder().batchSize(4).maxSteps(steps).solveR2(1.1).build())
                .seed(seed).threads(2).build();
    }

    static void assertSame(SearchResult local, SearchResult cluster) {
        assertEquals(local.steps(), cluster.steps());
        assertEquals(local.candidates(), cluster.candidates());
        assertEquals(local.chosen(), cluster.chosen());
        assertArrayEquals(local.meanRewards(), cluster.meanRewards());
        assertArrayEquals(local.bestRewards(), cluster.bestRewards());
        assertEquals(local.networksTrained(), cluster.networksTrained());
        assertEquals(local.failedArchitectures(), cluster.failedArchitectures());
    }

    @Test
    void aClusterSearchGivesTheLocalSearchsResultAndSendsTheDataOncePerMember() {
        Dataset d = sample(64, 1);
        Settings s = small(3, 7);
        long[] readsBefore = workers.stream().mapToLong(w -> Worker.context(w).dataReads()).toArray();
        long tasksBefore = workers.stream().mapToLong(w -> Worker.context(w).tasksRun()).sum();
        SearchResult local = new Search(s, null).run(d);
        SearchResult cluster = new Search(s, null, new ClusterTrainer(client)).run(d);
        assertEquals(3, local.steps());
        assertSame(local, cluster);
        long tasks = workers.stream().mapToLong(w -> Worker.context(w).tasksRun()).sum() - tasksBefore;
        assertEquals(cluster.networksTrained(), tasks, "every network trained on a worker");
        assertTrue(tasks > workers.size());
        for (int k = 0; k < workers.size(); k++) {
            long reads = Worker.context(workers.get(k)).dataReads() - readsBefore[k];
            assertTrue(reads <= 1, "worker " + k + " read the search's data " + reads + " times");
        }
        // the search's data are removed from the cluster after it
        assertTrue(client.hazelcast().getMap(ClusterConfigs.SEARCHES).isEmpty());
    }

    @Test
    void weightedDataGiveTheLocalResultToo() {
        Dataset plain = sample(64, 6);
        double[] w = new double[plain.rows()];
        for (int i = 0; i < w.length; i++) {
            w[i] = 0.1 + (i % 7) / 3.0;
        }
        Dataset d = plain.withWeights(w, "w");
        assertTrue(d.isWeighted());
        Settings s = small(2, 13);
        assertSame(new Search(s, null).run(d), new Search(s, null, new ClusterTrainer(client)).run(d));
    }

    @Test
    void aWorkerKilledInTheMiddleOfASearchLosesNoWork() throws Exception {
        Dataset d = sample(64, 2);
        Settings s = small(6, 11);
        SearchResult local = new Search(s, null).run(d);
        HazelcastInstance doomed = Worker.start(CLUSTER, MEMBERS, PORT, 2);
        AtomicBoolean killed = new AtomicBoolean();
        Thread killer = new Thread(() -> {
            // as soon as the third worker is training a network: kill it (no graceful leave)
            while (Worker.context(doomed).tasksRun() == 0) {
                Thread.onSpinWait();
            }
            doomed.getLifecycleService().terminate();
            killed.set(true);
        });
        killer.setDaemon(true);
        killer.start();
        long resentBefore = client.resent();
        SearchResult cluster = new Search(s, null, new ClusterTrainer(client)).run(d);
        killer.join(10_000);
        assertTrue(client.resent() > resentBefore, "the killed worker's task was run again elsewhere");
        assertTrue(killed.get(), "the third worker was killed during the search");
        assertFalse(doomed.getLifecycleService().isRunning());
        assertSame(local, cluster);
    }

    @Test
    void aTimeLimitedClusterSearchEndsWithTheNetworksTrainedInTime() {
        Settings s = small(1000, 5).toBuilder().budget(Budget.builder().batchSize(4).maxSteps(1000).solveR2(1.1)
                .timeLimit(java.time.Duration.ofSeconds(2)).build()).build();
        SearchResult r = new Search(s, null, new ClusterTrainer(client)).run(sample(64, 3));
        assertEquals(dysymnet.search.StopReason.TIME_LIMIT, r.stopReason());
        assertTrue(r.networksTrained() > 0);
        assertTrue(r.chosen() != null && Double.isFinite(r.chosen().mse()));
        assertTrue(client.hazelcast().getMap(ClusterConfigs.SEARCHES).isEmpty());
    }

    @Test
    void aSearchWhoseLastWorkerDiedStopsWithOneLine() {
        List<String> alone = List.of("127.0.0.1:5941");
        HazelcastInstance only = Worker.start("dysymnet-test-alone", alone, 5941, 1);
        try (ClusterClient c = ClusterClient.connect("dysymnet-test-alone", alone)) {
            c.memberWait(500);
            Search s = new Search(small(50, 3), e -> only.getLifecycleService().terminate(), new ClusterTrainer(c));
            java.io.UncheckedIOException e = assertThrows(java.io.UncheckedIOException.class,
                    () -> s.run(sample(64, 4)));
            assertTrue(e.getMessage().startsWith("lost cluster 'dysymnet-test-alone': no worker answered")
                    || e.getMessage().startsWith("no worker of cluster 'dysymnet-test-alone' left"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        } finally {
            only.getLifecycleService().terminate();
        }
    }

    @Test
    void userDefinedOperatorsAreNotSent() {
        Settings s = small(1, 1).toBuilder().space(SearchSpace.builder().layers(1).widths(1)
                .operators(Operator.IDENTITY, Operator.of(dysymnet.expr.UserFunction.unary("twice", v -> 2 * v,
                        v -> 2.0).build())).build()).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ClusterTrainer(client).open(sample(8, 1), s));
        assertTrue(e.getMessage().contains("user-defined operator"), e.getMessage());
    }

    @Test
    void aWorkerOfAnotherNameOnTheSamePortsStaysOutOfTheCluster() {
        HazelcastInstance other = Worker.start("another-name", MEMBERS, PORT, 1);
        try {
            assertEquals(1, other.getCluster().getMembers().size());
            java.util.UUID id = other.getCluster().getLocalMember().getUuid();
            for (HazelcastInstance w : workers) {
                assertTrue(w.getCluster().getMembers().stream().noneMatch(m -> m.getUuid().equals(id)));
            }
            assertTrue(client.workers().keySet().stream().noneMatch(m -> m.getUuid().equals(id)));
        } finally {
            other.getLifecycleService().terminate();
        }
    }

    @Test
    void aClusterOfAnotherNameIsNotJoined() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ClusterClient.connect("another-name", MEMBERS, 1_000));
        assertTrue(e.getMessage().startsWith("cannot reach cluster 'another-name'"), e.getMessage());
    }
}
