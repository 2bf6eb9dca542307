package dysymnet.io.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reader on large and extreme tables: rows stored across blocks, a file too large for memory said at once,
 * columns of all-identical values, and magnitudes up to 1e300.
 */
class TableReaderLargeTest {
    @TempDir
    Path dir;

    static LongStream seeds() {
        return Gen.seeds(12);
    }

    /**
     * Tables whose rows span several storage blocks (1024 rows, then twice as many each), with comment lines between
     * rows: every value and every row's line as written, and a bad cell far down reported with its own line.
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void rowsAcrossBlocksKeepTheirValuesAndLines(long seed) throws IOException {
        SplittableRandom g = Gen.rng(seed);
        int width = 2 + g.nextInt(4);
        int rows = 3000 + g.nextInt(6000);
        double[][] want = new double[width][rows];
        int[] lines = new int[rows];
        StringBuilder sb = new StringBuilder();
        int line = 0;
        for (int j = 0; j < width; j++) {
            sb.append(j == 0 ? "" : ",").append("c").append(j);
        }
        sb.append('\n');
        line++;
        for (int i = 0; i < rows; i++) {
            if (g.nextInt(50) == 0) {
                sb.append("# a comment\n");
                line++;
            }
            for (int j = 0; j < width; j++) {
                want[j][i] = (g.nextInt(2_000_001) - 1_000_000) / 1000.0;
                sb.append(j == 0 ? "" : ",").append(want[j][i]);
            }
            sb.append('\n');
            lines[i] = ++line;
        }
        Path p = dir.resolve("t" + seed + ".csv");
        Files.writeString(p, sb, StandardCharsets.UTF_8);
        Gen.check(seed, width + " columns x " + rows + " rows", () -> {
            Table t = TableReader.read(p, ReadOptions.defaults());
            assertEquals(rows, t.rowCount());
            for (int j = 0; j < width; j++) {
                assertArrayEquals(want[j], t.columns()[j], "column " + j);
            }
            for (int i = 0; i < rows; i++) {
                assertEquals(lines[i], t.line(i), "row " + i);
            }
            // a bad cell in the last row: its line, whatever block it is in
            Path bad = dir.resolve("bad" + seed + ".csv");
            Files.writeString(bad, sb.substring(0, sb.length() - 1) + "x\n", StandardCharsets.UTF_8);
            InputException e = assertThrows(InputException.class,
                    () -> TableReader.select(TableReader.read(bad, ReadOptions.defaults()), null, null));
            assertTrue(e.getMessage().contains("row " + lines[rows - 1] + ","), e.getMessage());
        });
    }

    /** Many blocks of every size, the last one full or not, wide tables in shorter blocks: the columns as added. */
    @ParameterizedTest
    @MethodSource("seeds")
    void columnsAssembleFromBlocksOfAnySize(long seed) {
        SplittableRandom g = Gen.rng(seed);
        int width = 1 + g.nextInt(40);
        int first = 1 + g.nextInt(8);
        int cells = 1 + g.nextInt(200);
        int rows = g.nextInt(600);
        Gen.check(seed, width + " columns x " + rows + " rows, first block " + first + ", at most " + cells
                + " cells a block", () -> {
            ColumnBuilder b = new ColumnBuilder(width, first, cells);
            double[][] want = new double[width][rows];
            int[] lines = new int[rows];
            for (int i = 0; i < rows; i++) {
                String[] row = new String[width];
                for (int j = 0; j < width; j++) {
                    want[j][i] = g.nextInt(1000) / 8.0;
                    row[j] = Double.toString(want[j][i]);
                }
                lines[i] = 3 * i + 2;
                b.add(List.of(row), lines[i]);
            }
            assertEquals(rows, b.rows());
            assertArrayEquals(lines, b.lines());
            double[][] got = b.columns();
            for (int j = 0; j < width; j++) {
                assertArrayEquals(want[j], got[j], "column " + j);
            }
        });
    }

    @Test
    void aFileWhoseNumbersCannotFitIsRefusedBeforeReading() {
        // 4 GB of 20-byte lines of 10 cells: 200 million rows, 16 GB as numbers
        String m = TableReader.memoryProblem(4_000_000_000L, 20, 10, 1L << 30);
        assertTrue(m.contains("200000000 rows of 10 columns"), m);
        assertTrue(m.contains("15259 MB"), m);
        assertTrue(m.contains("1024 MB"), m);
        assertTrue(m.contains("-Xmx"), m);
        assertFalse(m.contains("\n"));
        // what fits, or cannot be told, is read
        assertNull(TableReader.memoryProblem(4_000_000_000L, 20, 10, 17L << 30));
        assertNull(TableReader.memoryProblem(100_000_000L, 20, 10, 1L << 30));
        assertNull(TableReader.memoryProblem(4_000_000_000L, 0, 10, 1L << 30));
        assertNull(TableReader.memoryProblem(4_000_000_000L, 20, 10, Long.MAX_VALUE));
    }

    @Test
    void theLongestLineCountsUtf8BytesAndALineBreak() {
        assertEquals(5, TableReader.longestLine(List.of("1,2", "")));
        assertEquals(2 + 2 + 3 + 1, TableReader.longestLine(List.of("é€a", "b")));
    }

    private Path table(String name, double[] x, double[] z, double[] y) throws IOException {
        StringBuilder sb = new StringBuilder("x,z,y\n");
        for (int i = 0; i < y.length; i++) {
            sb.append(String.format(Locale.ROOT, "%s,%s,%s%n", x[i], z[i], y[i]));
        }
        Path p = dir.resolve(name);
        Files.writeString(p, sb, StandardCharsets.UTF_8);
        return p;
    }

    private static double[][] columns(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] c = new double[3][n];
        for (int i = 0; i < n; i++) {
            c[0][i] = r.nextDouble(-3, 3);
            c[1][i] = r.nextDouble(-3, 3);
            c[2][i] = c[0][i] * c[1][i] + 1;
        }
        return c;
    }

    @Test
    void aFeatureOfIdenticalValuesIsKept() throws IOException {
        double[][] c = columns(3000, 1);
        java.util.Arrays.fill(c[1], 2.5);
        Selection s = TableReader.select(TableReader.read(table("const.csv", c[0], c[1], c[2]),
                ReadOptions.defaults()), null, null);
        assertEquals(List.of("x", "z"), s.featureNames());
        assertTrue(java.util.Arrays.stream(s.x()[1]).allMatch(v -> v == 2.5));
    }

    @Test
    void oneValueFarBeyondTheRestOfItsColumnIsReportedWithItsRowAndColumn() throws IOException {
        double[][] c = columns(3000, 2);
        for (int col = 0; col < 3; col++) {
            double[][] d = {c[0].clone(), c[1].clone(), c[2].clone()};
            d[col][1234] = col == 1 ? -1e300 : 1e300;
            Path p = table("big" + col + ".csv", d[0], d[1], d[2]);
            InputException e = assertThrows(InputException.class,
                    () -> TableReader.select(TableReader.read(p, ReadOptions.defaults()), null, null));
            String name = List.of("x", "z", "y").get(col);
            assertTrue(e.getMessage().startsWith(p + ": row 1236, column '" + name + "' (" + (col + 1) + "): "),
                    e.getMessage());
            assertTrue(e.getMessage().contains("E300"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            // a column not used is not checked
            if (col == 1) {
                Selection s = TableReader.select(TableReader.read(p, ReadOptions.defaults()), "y", List.of("x"));
                assertEquals(3000, s.rowCount());
            }
        }
    }

    @Test
    void hugeMagnitudesThroughoutAColumnOrWithinItsSpreadAreRead() throws IOException {
        double[][] c = columns(2000, 3);
        double[] x = c[0].clone();
        double[] y = c[2].clone();
        for (int i = 0; i < y.length; i++) {
            x[i] *= 1e300;
            y[i] *= -1e-300;
        }
        // a value 1e100 beyond the others is within what one search can hold
        double[] z = c[1].clone();
        z[7] = 1e100;
        Selection s = TableReader.select(TableReader.read(table("huge.csv", x, z, y), ReadOptions.defaults()),
                null, null);
        assertArrayEquals(x, s.x()[0]);
        assertArrayEquals(z, s.x()[1]);
        assertArrayEquals(y, s.y());
    }
}
