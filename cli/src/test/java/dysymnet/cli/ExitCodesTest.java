package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.api.DysymnetException;
import dysymnet.api.NoFormulaException;
import dysymnet.io.table.InputException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;

/**
 * The documented exit codes (docs/user-guide.md, "Exit codes"; the help's footer): each outcome gets its own, with one line on
 * stderr. The interrupted ones (130, 143) are in {@link InterruptTest}.
 */
class ExitCodesTest {
    @TempDir
    Path dir;

    @Test
    void theCodesAreTheDocumentedNumbers() {
        assertEquals(0, Main.OK);
        assertEquals(1, Main.INTERNAL_ERROR);
        assertEquals(2, Main.BAD_INPUT);
        assertEquals(3, Main.NO_FORMULA);
        assertEquals(4, Main.OUTPUT_FAILED);
        assertEquals(130, Main.INTERRUPTED_SIGINT);
        assertEquals(143, Main.INTERRUPTED_SIGTERM);
    }

    @Test
    void theHelpFooterListsEveryCode() {
        String help = CliRun.run("--help").out().replaceAll("\\s+", " ");
        for (String s : List.of("0 success", "1 internal error", "2 bad input or options", "3 no usable formula",
                "4 an output file could not be written", "130 (Ctrl-C) or 143 (SIGTERM) interrupted, output written")) {
            assertTrue(help.contains(s), () -> "'" + s + "' missing from: " + help);
        }
    }

    /** A name longer than any file system allows: it passes the checks before the search and fails at writing. */
    private static String tooLong(char c) {
        return String.valueOf(c).repeat(300);
    }

    private static void assertOneLine(CliRun r) {
        String e = r.errTrimmed();
        assertFalse(e.isBlank(), r::toString);
        assertFalse(e.contains("\n"), () -> "stderr must be one line: " + r);
        assertFalse(e.contains("Exception"), r::toString);
    }

    @Test
    void aJsonFileThatCannotBeWrittenAfterTheSearchExitsFour() throws IOException {
        Path data = CliRun.linearCsv(dir);
        Path json = dir.resolve(tooLong('j') + ".json");
        CliRun r = CliRun.fit(data, "--json", json.toString(), "--quiet");
        assertEquals(Main.OUTPUT_FAILED, r.code(), r::toString);
        assertOneLine(r);
        assertTrue(r.err().contains("cannot write"), r::toString);
        // the search's result was shown before the failure, and nothing else was left behind
        assertTrue(r.out().contains("Formula:"), r::toString);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(data), files.toList());
        }
    }

    @Test
    void anOutDirThatCannotBeCreatedAfterTheSearchExitsFour() throws IOException {
        Path data = CliRun.linearCsv(dir);
        Path out = dir.resolve(tooLong('o'));
        CliRun r = CliRun.fit(data, "--out", out.toString(), "--quiet");
        assertEquals(Main.OUTPUT_FAILED, r.code(), r::toString);
        assertOneLine(r);
        assertTrue(r.err().contains("cannot create output directory"), r::toString);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(data), files.toList());
        }
    }

    @Test
    void aPredictionFileThatCannotBeWrittenExitsFour() throws IOException {
        Path data = CliRun.linearCsv(dir);
        Path out = dir.resolve("results");
        assertEquals(0, CliRun.fit(data, "--out", out.toString(), "--quiet").code());
        CliRun r = CliRun.run("predict", "--model", out.resolve("model.json").toString(), data.toString(),
                "--output", dir.resolve(tooLong('p') + ".csv").toString());
        assertEquals(Main.OUTPUT_FAILED, r.code(), r::toString);
        assertOneLine(r);
    }

    /** Stands for a search that ends without any finite formula (the library's NoFormulaException). */
    @Command(name = "nothing")
    static final class NothingFound implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new NoFormulaException("every network gave non-finite values on the training data");
        }
    }

    @Test
    void noUsableFormulaExitsThreeWithOneLine() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"nothing"}, new PrintWriter(out, true), new PrintWriter(err, true),
                new NothingFound());
        CliRun r = new CliRun(code, out.toString(), err.toString());
        assertEquals(Main.NO_FORMULA, r.code(), r::toString);
        assertOneLine(r);
        assertEquals("dysymnet: no usable formula: every network gave non-finite values on the training data",
                r.errTrimmed());
        assertEquals("", r.out());
    }

    /** Throws the exception it is made with. */
    @Command(name = "throw")
    static final class Throwing implements Callable<Integer> {
        private final RuntimeException e;

        Throwing(RuntimeException e) {
            this.e = e;
        }

        @Override
        public Integer call() {
            throw e;
        }
    }

    private static CliRun throwing(RuntimeException e) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"throw"}, new PrintWriter(out, true), new PrintWriter(err, true),
                new Throwing(e));
        return new CliRun(code, out.toString(), err.toString());
    }

    @Test
    void theProjectsExceptionsAreOneFamilyEachWithItsOwnCode() {
        List<RuntimeException> family = List.of(new UserError("bad option"), InputException.of("d.csv", "bad cell"),
                new OutputError("o.csv: cannot write"), new NoFormulaException("none"));
        List<Integer> codes = List.of(Main.BAD_INPUT, Main.BAD_INPUT, Main.OUTPUT_FAILED, Main.NO_FORMULA);
        List<String> lines = List.of("dysymnet: bad option", "dysymnet: d.csv: bad cell",
                "dysymnet: o.csv: cannot write", "dysymnet: no usable formula: none");
        for (int i = 0; i < family.size(); i++) {
            assertInstanceOf(DysymnetException.class, family.get(i));
            CliRun r = throwing(family.get(i));
            assertEquals(codes.get(i), r.code(), r::toString);
            assertEquals(lines.get(i), r.errTrimmed());
        }
        // an argument the library refuses is bad input too; any other exception an internal error
        assertEquals(Main.BAD_INPUT, throwing(new IllegalArgumentException("no")).code());
        assertEquals(Main.INTERNAL_ERROR, throwing(new IllegalStateException("bug")).code());
    }

    @Test
    void aFitWhoseBudgetEndsBeforeAnyFormulaExitsThreeAndWritesNothing() throws IOException {
        Path data = CliRun.linearCsv(dir);
        Path out = dir.resolve("nothing-out");
        Path json = dir.resolve("nothing.json");
        // a library that cannot add: with one that can, the straight lines come first whatever the budget
        CliRun r = CliRun.run("fit", data.toString(), "--time-limit", "0.000001", "--threads", "1", "--quiet",
                "--operators", "id,square", "--json", json.toString(), "--out", out.toString());
        assertEquals(Main.NO_FORMULA, r.code(), r::toString);
        assertOneLine(r);
        assertTrue(r.errTrimmed().contains("no formula"), r::toString);
        assertFalse(Files.exists(json), "no JSON report");
        assertTrue(!Files.exists(out) || Files.list(out).findAny().isEmpty(), "nothing in --out");
    }
}
