package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Large and extreme tables through the command: a table too large for the memory the JVM may use ends in one line, exit
 * code 2 and no output, never an OutOfMemoryError's trace (run in a child JVM of 12 MB heap, {@code cli.Main} on the
 * test class path); a column of identical values is a handled result; the row options reach the search.
 */
class CliLargeInputTest {
    @TempDir
    Path dir;

    /** {@code rows} rows of 10 one-digit cells: 2 bytes a cell in the file, 8 as numbers. */
    private Path digits(String name, int rows) throws IOException {
        Path p = dir.resolve(name);
        SplittableRandom r = new SplittableRandom(rows);
        try (BufferedWriter w = Files.newBufferedWriter(p, StandardCharsets.US_ASCII)) {
            char[] line = new char[20];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < 10; j++) {
                    line[2 * j] = (char) ('0' + r.nextInt(10));
                    line[2 * j + 1] = j == 9 ? '\n' : ',';
                }
                w.write(line);
            }
        }
        return p;
    }

    /**
     * 200,000 rows (16 MB as numbers) are refused before reading, from the file's size; 100,000 rows (8 MB, with the
     * copies the reading makes more than 12 MB) run out of memory while being read or selected.
     */
    @ParameterizedTest
    @CsvSource({"200000", "100000"})
    void aTableTooLargeForMemoryIsOneLineAndExitTwo(int rows) throws Exception {
        Path data = digits("big" + rows + ".csv", rows);
        Path json = dir.resolve("r.json");
        Path err = dir.resolve("err.txt");
        Path out = dir.resolve("out.txt");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx12m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "fit", data.toString(), "--time-limit", "5", "--threads", "1", "--json", json.toString());
        Process child = new ProcessBuilder(cmd).redirectError(err.toFile()).redirectOutput(out.toFile()).start();
        assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child did not end within 120 s");
        String e = Files.readString(err, StandardCharsets.UTF_8).strip();
        assertEquals(Main.BAD_INPUT, child.exitValue(), e);
        assertFalse(e.contains("\n"), "one line: " + e);
        assertTrue(e.contains("memory") && e.contains("-Xmx"), e);
        assertFalse(e.contains("Exception") || e.contains("\tat ") || e.contains("OutOfMemoryError"), e);
        assertEquals("", Files.readString(out, StandardCharsets.UTF_8));
        assertFalse(Files.exists(json));
    }

    /** {@code y = 2*x + 1} over 3000 rows with a column {@code c} of one value throughout. */
    private Path withConstantColumn() throws IOException {
        StringBuilder sb = new StringBuilder("x,c,y\n");
        for (int i = 0; i < 3000; i++) {
            double x = -2 + 4.0 * i / 2999;
            sb.append(String.format(Locale.ROOT, "%.6f,7.25,%.6f%n", x, 2 * x + 1));
        }
        Path f = dir.resolve("const.csv");
        Files.writeString(f, sb, StandardCharsets.UTF_8);
        return f;
    }

    /** A feature of identical values is a handled result; --search-rows and --train-rows are recorded. */
    @Test
    void aConstantColumnIsFittedAndTheRowOptionsReachTheSearch() throws IOException {
        Path json = dir.resolve("r.json");
        CliRun r = CliRun.fit(withConstantColumn(), "--search-rows", "800", "--train-rows", "100", "--json",
                json.toString(), "--quiet");
        assertEquals(0, r.code(), r::toString);
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        assertTrue(j.get("r2_train").asDouble() > 0.999, j.toString());
        JsonNode budget = j.get("settings").get("budget");
        assertEquals(800, budget.get("searchRows").asInt(), budget.toString());
        assertEquals(100, budget.get("trainRows").asInt(), budget.toString());
    }
}
