package dysymnet.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The assembled command line: the cli module's commands and those of the extensions on the class path (here bench, a
 * test dependency of this module), with the cli module's error handling.
 */
class MainTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return dysymnet.cli.Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), Main.subcommands());
    }

    @Test
    void hasEverySubcommandInHelpOrder() {
        assertEquals(List.of("fit", "predict", "demo", "help", "bench", "bench-choose", "bench-scaling", "bench-table", "worker"),
                List.copyOf(dysymnet.cli.Main.commandLine(Main.subcommands()).getSubcommands().keySet()));
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("bench"), out.toString());
    }

    @Test
    void benchRunsWithTheSameErrorHandling() {
        assertEquals(0, run("bench", "--help"));
        assertTrue(out.toString().contains("--suite"), out.toString());
        assertEquals("", err.toString());
        assertEquals(2, run("bench", "--suite", "nosuch", "--data", "."));
        assertTrue(err.toString().startsWith("dysymnet: --suite must be one of "), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("bench", "--no-such-option"));
        assertEquals(1, err.toString().lines().count(), err.toString());
    }

    @Test
    void benchRunsAProblemWithTheBundledData(@TempDir Path tmp) throws IOException {
        // what a fresh clone runs: no --data, no data folder beside the repository; a tiny search budget
        assertEquals(0, run("bench", "--suite", "standard", "--filter", "^Nguyen-1$", "--seeds", "1", "--max-steps",
                "1", "--batch-size", "2", "--train-steps", "20", "--threads", "1", "--time-limit", "0", "--out",
                tmp.toString()), err.toString());
        List<String> rows = Files.readAllLines(tmp.resolve("results.csv"));
        assertEquals(2, rows.size(), rows.toString());
        assertTrue(rows.get(1).startsWith("standard,Nguyen-1,Nguyen,1,"), rows.get(1));
        // in mvn verify the bench module comes as its jar, whose zip file system holds the data
        System.out.println("MainTest: bench ran Nguyen-1 on the bundled data at "
                + dysymnet.bench.BundledData.root().toUri());
    }
}
