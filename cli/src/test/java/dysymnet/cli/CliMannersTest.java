package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a command-line user expects: short usage, suggestions for typos, standard input as a file. */
class CliMannersTest {
    @TempDir
    Path dir;

    @Test
    void noArgumentsPrintShortUsageAndExit2() {
        CliRun r = CliRun.run();
        assertEquals(Main.BAD_INPUT, r.code(), r.toString());
        assertTrue(r.err().startsWith("Usage: dysymnet COMMAND"), r.err());
        assertTrue(r.err().contains("fit, predict, demo"), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().split("\n").length <= 3, "short: " + r.err());
    }

    @Test
    void mistypedOptionsAndCommandsGetASuggestion() {
        CliRun r = CliRun.run("fit", "--max-step", "3", "data.csv");
        assertEquals(Main.BAD_INPUT, r.code());
        // the closest option comes first; others sharing its prefix (--max-complexity) may follow
        assertTrue(r.errTrimmed().startsWith("dysymnet fit: unknown option '--max-step'; did you mean '--max-steps'"),
                r.err());
        assertTrue(r.errTrimmed().endsWith("? (see 'dysymnet fit --help')"), r.err());
        assertEquals(1, r.errTrimmed().split("\n").length, r.err());
        CliRun c = CliRun.run("fitt", "data.csv");
        assertEquals(Main.BAD_INPUT, c.code());
        assertTrue(c.errTrimmed().startsWith("dysymnet: unknown command or extra argument 'fitt'; did you mean 'fit'"),
                c.err());
        CliRun p = CliRun.run("predict", "--model", "m.json", "--outptu", "p.csv", "d.csv");
        assertTrue(p.errTrimmed().contains("unknown option '--outptu'; did you mean '--output'?"), p.err());
        assertEquals(1, p.errTrimmed().split("\n").length, p.err());
    }

    @Test
    void aDashReadsStandardInput() throws Exception {
        String csv = Files.readString(CliRun.linearCsv(dir), StandardCharsets.UTF_8);
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)));
            List<String> a = new ArrayList<>(List.of("fit", "-"));
            a.addAll(CliRun.TINY);
            a.add("--out");
            a.add(dir.resolve("out").toString());
            CliRun r = CliRun.run(a.toArray(new String[0]));
            assertEquals(Main.OK, r.code(), r.toString());
            assertTrue(r.out().contains("y = 2*x + 1"), r.out());

            // predict reads its data from standard input too
            System.setIn(new ByteArrayInputStream("x\n1\n2\n".getBytes(StandardCharsets.UTF_8)));
            CliRun p = CliRun.run("predict", "--model", dir.resolve("out/model.json").toString(), "-");
            assertEquals(Main.OK, p.code(), p.toString());
            assertTrue(p.out().contains("3") && p.out().contains("5"), p.out());

            // bad data on standard input: one line naming it
            System.setIn(new ByteArrayInputStream("x,y\n1,2\n2,oops\n".getBytes(StandardCharsets.UTF_8)));
            CliRun bad = CliRun.run("fit", "-", "--max-steps", "1");
            assertEquals(Main.BAD_INPUT, bad.code(), bad.toString());
            assertTrue(bad.errTrimmed().startsWith("dysymnet: <stdin>"), bad.err());

            CliRun both = CliRun.run("fit", "-", "--test", "-");
            assertEquals(Main.BAD_INPUT, both.code(), both.toString());
        } finally {
            System.setIn(saved);
        }
    }
}
