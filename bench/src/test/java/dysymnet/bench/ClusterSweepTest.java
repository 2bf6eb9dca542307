package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.core.HazelcastInstance;
import dysymnet.cluster.ClusterClient;
import dysymnet.cluster.Worker;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Benchmark sweeps on two or three workers embedded in this JVM, on loopback ports 5951-5960. */
class ClusterSweepTest {
    static final String CLUSTER = "dysymnet-test-sweep";
    static final int PORT = 5951;
    static final List<String> MEMBERS = List.of("127.0.0.1:5951", "127.0.0.1:5952", "127.0.0.1:5953");
    static final List<HazelcastInstance> workers = new ArrayList<>();

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() {
        workers.add(Worker.start(CLUSTER, MEMBERS, PORT, 1));
        workers.add(Worker.start(CLUSTER, MEMBERS, PORT, 1));
    }

    @AfterAll
    static void stop() {
        for (HazelcastInstance w : workers) {
            w.getLifecycleService().terminate();
        }
    }

    static List<Problem> problems() {
        return Suites.load("standard", Fixtures.dataDir(), Suites.Options.defaults()).subList(0, 2);
    }

    static final BenchRunner.Plan PLAN = Fixtures.tiny(List.of(1L, 2L, 3L), List.of(0.0), Ablation.NONE);

    /** A progress writer that calls {@code action} with the number of rows reported so far, after each. */
    static PrintWriter onRow(java.util.function.IntConsumer action) {
        return new PrintWriter(new Writer() {
            int rows;

            @Override
            public void write(char[] b, int off, int len) {
                if (len > 0 && b[off] == '[') {
                    action.accept(++rows);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
    }

    static Map<String, ResultRow> byKey(List<ResultRow> rows) {
        return rows.stream().collect(Collectors.toMap(ResultRow::key, Function.identity()));
    }

    @Test
    void aSweepOnTheClusterWritesTheLocalRowsOnceEachEvenWhenAWorkerIsKilled() throws Exception {
        Path localCsv = tmp.resolve("local").resolve("results.csv");
        BenchRunner.run(problems(), PLAN, localCsv, new PrintWriter(new StringWriter()));
        Map<String, ResultRow> local = byKey(ResultsFile.read(localCsv));
        assertEquals(6, local.size());

        HazelcastInstance doomed = Worker.start(CLUSTER, MEMBERS, PORT, 2);
        Path csv = tmp.resolve("cluster").resolve("results.csv");
        try (ClusterClient c = ClusterClient.connect(CLUSTER, MEMBERS)) {
            assertEquals(3, c.workers().size());
            // the third worker dies (no goodbye) once the first row is back, with runs under way
            BenchRunner.Outcome o = BenchRunner.run(problems(), PLAN, csv, onRow(n -> {
                if (n == 1) {
                    doomed.getLifecycleService().terminate();
                }
            }), c);
            assertEquals(new BenchRunner.Outcome(6, 0, 0), o);
            assertTrue(c.resent() > 0, "the killed worker's runs were run again elsewhere");
        }
        assertFalse(doomed.getLifecycleService().isRunning());
        List<ResultRow> rows = ResultsFile.read(csv);
        assertEquals(6, rows.size(), "every run once");
        Map<String, ResultRow> cluster = byKey(rows);
        assertEquals(local.keySet(), cluster.keySet());
        for (String k : local.keySet()) {
            // a step budget: the same formula as the local run's
            assertEquals(local.get(k).expression(), cluster.get(k).expression(), k);
            assertEquals(local.get(k).r2Test(), cluster.get(k).r2Test(), k);
        }
    }

    @Test
    void aSweepWhoseCoordinatorDiedResumesOnTheSameWorkers() throws Exception {
        Path csv = tmp.resolve("resumed").resolve("results.csv");
        ClusterClient first = ClusterClient.connect(CLUSTER, MEMBERS);
        // the coordinator dies once two rows are written
        assertThrows(RuntimeException.class, () -> BenchRunner.run(problems(), PLAN, csv, onRow(n -> {
            if (n == 2) {
                first.kill();
            }
        }), first));
        assertFalse(first.running());
        int written = ResultsFile.read(csv).size();
        assertTrue(written >= 2 && written < 6, written + " rows");
        // the workers are still there, and idle soon
        for (HazelcastInstance w : workers) {
            assertTrue(w.getLifecycleService().isRunning());
            assertEquals(2, w.getCluster().getMembers().size());
        }
        try (ClusterClient second = ClusterClient.connect(CLUSTER, MEMBERS)) {
            BenchRunner.Outcome o = BenchRunner.run(problems(), PLAN, csv, new PrintWriter(new StringWriter()),
                    second);
            assertEquals(new BenchRunner.Outcome(6 - written, written, 0), o);
        }
        List<ResultRow> rows = ResultsFile.read(csv);
        assertEquals(6, rows.size());
        assertEquals(6, byKey(rows).size(), "each run exactly once");
    }
}
