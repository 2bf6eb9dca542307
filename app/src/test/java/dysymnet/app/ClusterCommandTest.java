package dysymnet.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.core.HazelcastInstance;
import dysymnet.cluster.Worker;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker command and {@code fit --cluster} on the assembled command line; loopback ports 5971-5980. */
class ClusterCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path tmp;

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return dysymnet.cli.Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), Main.subcommands());
    }

    private void assertBadInput(String start, String... args) {
        assertEquals(2, run(args), err.toString());
        assertTrue(err.toString().startsWith(start), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertEquals("", out.toString());
    }

    private Path csv() throws Exception {
        StringBuilder b = new StringBuilder("x,y\n");
        for (int i = 0; i < 40; i++) {
            double x = -1 + 2.0 * i / 39;
            b.append(String.format(Locale.ROOT, "%.6f,%.9f%n", x, x * x * x + Math.sin(2 * x)));
        }
        Path p = tmp.resolve("data.csv");
        Files.writeString(p, b.toString());
        return p;
    }

    @Test
    void badWorkerOptionsAreOneLineAndExitCode2() {
        assertBadInput("dysymnet: --members 'localhost': 'localhost' is not HOST:PORT", "worker", "--members",
                "localhost");
        assertBadInput("dysymnet: --members '127.0.0.1:99999': '127.0.0.1:99999' is not HOST:PORT", "worker",
                "--members", "127.0.0.1:99999");
        assertBadInput("dysymnet: --threads must be at least 1", "worker", "--threads", "0");
        assertBadInput("dysymnet: --members names no address of this machine", "worker", "--members",
                "192.0.2.1:5711");
    }

    @Test
    void anUnreachableClusterIsOneLineAndNothingIsWritten() throws Exception {
        Path data = csv();
        Path json = tmp.resolve("model.json");
        assertBadInput("dysymnet: --members needs --cluster", "fit", data.toString(), "--members", "127.0.0.1:5979");
        assertBadInput("dysymnet: --members '127.0.0.1': '127.0.0.1' is not HOST:PORT", "fit", data.toString(),
                "--cluster", "c", "--members", "127.0.0.1");
        assertBadInput("dysymnet: cannot reach cluster 'nosuch' at 127.0.0.1:5979", "fit", data.toString(),
                "--cluster", "nosuch", "--members", "127.0.0.1:5979", "--json", json.toString());
        assertFalse(Files.exists(json));
    }

    @Test
    void fitOnAClusterPrintsTheLocalFormula() throws Exception {
        Path data = csv();
        List<String> members = List.of("127.0.0.1:5971", "127.0.0.1:5972");
        HazelcastInstance a = Worker.start("cli-test", members, 5971, 1);
        HazelcastInstance b = Worker.start("cli-test", members, 5971, 1);
        try {
            String[] fit = {"fit", data.toString(), "--max-steps", "2", "--networks-per-step", "4", "--time-limit",
                "0", "--seed", "3", "--format", "sympy", "--quiet"};
            assertEquals(0, run(fit), err.toString());
            String local = out.toString();
            String[] onCluster = java.util.stream.Stream.concat(java.util.Arrays.stream(fit),
                    java.util.stream.Stream.of("--cluster", "cli-test", "--members", String.join(",", members)))
                    .toArray(String[]::new);
            assertEquals(0, run(onCluster), err.toString());
            assertEquals(local, out.toString());
            assertTrue(Worker.context(a).tasksRun() + Worker.context(b).tasksRun() > 0, "the workers trained");
        } finally {
            a.getLifecycleService().terminate();
            b.getLifecycleService().terminate();
        }
    }
}
