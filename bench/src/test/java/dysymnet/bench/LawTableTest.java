package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.cli.Main;
import dysymnet.io.table.ReadOptions;
import dysymnet.io.table.Table;
import dysymnet.io.table.TableReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The synthetic table of a known law ({@link LawTable}) and the {@code bench-table} command that writes it. */
class LawTableTest {
    @TempDir
    Path tmp;

    private static byte[] bytes(LawTable t) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        t.write(b);
        return b.toByteArray();
    }

    private Table read(byte[] content) throws IOException {
        Path p = tmp.resolve("t.csv");
        Files.write(p, content);
        return TableReader.read(p, ReadOptions.defaults());
    }

    @Test
    void theSameSeedGivesTheSameBytesAndAnotherSeedOthers() throws IOException {
        byte[] a = bytes(new LawTable(500, 4, 0.05, 7));
        assertArrayEquals(a, bytes(new LawTable(500, 4, 0.05, 7)));
        assertFalse(Arrays.equals(a, bytes(new LawTable(500, 4, 0.05, 8))));
        // more rows of the same seed begin with the same rows
        byte[] longer = bytes(new LawTable(800, 4, 0.05, 7));
        assertArrayEquals(a, Arrays.copyOf(longer, a.length));
    }

    /** Header x1..xD,y; features in [-3, 3] with at most 6 decimals; y the law of the values as written. */
    @ParameterizedTest
    @CsvSource({"3, 0", "9, 0", "9, 0.05", "5, 2"})
    void theTableHoldsTheLawWithTheNoiseAsked(int features, double noise) throws IOException {
        int rows = 4000;
        Table t = read(bytes(new LawTable(rows, features, noise, 3)));
        List<String> names = new ArrayList<>();
        for (int j = 1; j <= features; j++) {
            names.add("x" + j);
        }
        names.add("y");
        assertEquals(names, t.names());
        assertEquals(rows, t.rowCount());
        double[][] c = t.columns();
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < features; j++) {
                double v = c[j][i];
                assertTrue(v >= -3 && v <= 3, "x" + (j + 1) + " = " + v);
                assertEquals(Math.rint(v * 1e6), v * 1e6, 1e-6, "6 decimals: " + v);
            }
            double r = c[features][i] - LawTable.law(c[0][i], c[1][i], c[2][i]);
            if (noise == 0) {
                assertEquals(0.0, r, 5.1e-7, "row " + i);
            }
            sum += r;
            sumSq += r * r;
        }
        double mean = sum / rows;
        double sd = Math.sqrt(sumSq / rows - mean * mean);
        // noise of the standard deviation asked, mean 0 (4000 rows: within 5% and 0.1 sd)
        assertEquals(noise, sd, 0.05 * noise + 1e-6);
        assertEquals(0.0, mean, 0.1 * noise + 1e-6);
    }

    @Test
    void fixedPointCellsAreExact() {
        byte[] b = new byte[32];
        for (long v : new long[] {0, 1, -1, 999_999, -1_000_000, 3_000_000, -2_999_999, 123_456_789}) {
            int end = LawTable.fixed(v, b, 0);
            String s = new String(b, 0, end, StandardCharsets.US_ASCII);
            assertEquals(new BigDecimal(v).movePointLeft(6).toPlainString(), s);
        }
    }

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        List<String> all = new ArrayList<>(List.of("bench-table"));
        all.addAll(Arrays.asList(args));
        return Main.run(all.toArray(new String[0]), new PrintWriter(out), new PrintWriter(err), new TableCommand());
    }

    @Test
    void theCommandWritesTheTablePlainOrGzipped() throws IOException {
        Path plain = tmp.resolve("m.csv");
        Path gz = tmp.resolve("m.csv.gz");
        assertEquals(0, run("--rows", "300", "--seed", "5", plain.toString()), err::toString);
        assertEquals(0, run("--rows", "300", "--seed", "5", gz.toString()), err::toString);
        assertArrayEquals(bytes(new LawTable(300, LawTable.DEFAULT_FEATURES, LawTable.DEFAULT_NOISE, 5)),
                Files.readAllBytes(plain));
        Table a = TableReader.read(plain, ReadOptions.defaults());
        Table b = TableReader.read(gz, ReadOptions.defaults());
        assertEquals(300, b.rowCount());
        assertEquals(10, b.names().size());
        for (int j = 0; j < 10; j++) {
            assertArrayEquals(a.columns()[j], b.columns()[j]);
        }
        assertTrue(err.toString().contains("300 rows x 10 columns"), err::toString);
    }

    @ParameterizedTest
    @CsvSource({"--rows, 0", "--features, 2", "--noise, -1", "--noise, NaN", "--rows, many"})
    void badOptionsAreOneLineAndExitTwo(String option, String value) {
        Path f = tmp.resolve("m.csv");
        assertEquals(Main.BAD_INPUT, run(option, value, f.toString()));
        String e = err.toString().strip();
        assertFalse(e.contains("\n"), e);
        assertTrue(e.contains(option), e);
        assertFalse(Files.exists(f));
    }

    @Test
    void aMissingDirectoryIsOneLineAndExitTwo() {
        Path f = tmp.resolve("no/such/m.csv");
        assertEquals(Main.BAD_INPUT, run("--rows", "10", f.toString()));
        assertTrue(err.toString().contains("does not exist"), err::toString);
        assertFalse(err.toString().strip().contains("\n"));
    }
}
