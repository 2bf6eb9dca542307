package dysymnet.io.table;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Fuzzing the table reader: whatever the bytes, reading and selecting either succeed or throw an
 * {@link InputException} whose message is one line naming the file, never another exception.
 *
 * <p>Inputs are random bytes, random streams of the tokens tables are made of (numbers in many spellings, decimal
 * commas, missing-value words, quotes, delimiters, line breaks, comments, a byte-order mark), and well-formed tables
 * with a few random edits, each plain or gzip-compressed, read with random options. {@code mvn verify} checks the
 * first {@value #QUICK_CASES} seeds of {@link Gen}'s fixed sequence (about a second); the bench module's
 * {@code fuzz} profile runs the long run, {@code -Dfuzz.cases=N} seeds (docs/architecture.md, "Fuzz tests").
 * A failure names its seed; {@code -Dgen.seed=SEED} reruns that case alone.
 */
class TableReaderFuzzTest {
    static final int QUICK_CASES = 2000;

    @Test
    void anyInputReadsOrFailsWithOneLine() {
        Gen.seeds(Integer.getInteger("fuzz.cases", QUICK_CASES)).forEach(TableReaderFuzzTest::check);
    }

    private static final String[] TOKENS = {
        "1", "-2.5", "3e-4", ".5", "5.", "+7", "1.0D+03", "1e999", "-1e-320", "0", "00012", "1,5", "-0,25",
        "12345678901234567890",
        "x", "y", "target", "time (s)", "mass kg", "é", "µm", "abc", "1x", "e5", "--1", "1e", "0x1F",
        "NaN", "nan", "NA", "N/A", "null", "None", "inf", "-Infinity", "",
        "\"", "\"\"", "\"1\"", "\"1,2\"", "\"a\"\"b\"", "\" 3 \"", "\"x\"y",
        ",", ",", ",", ";", "\t", "|", " ", "   ", ",,", ";;",
        "\n", "\n", "\n", "\r\n", "\r", "\n\n", "#", "# comment\n", "\uFEFF", "\u00A0", "\u2028", "\\",
    };

    /** Runs the property for one seed. */
    static void check(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        byte[] bytes = input(rng);
        String name = rng.nextInt(4) == 0 ? "fuzz.csv.gz" : "fuzz.csv";
        ReadOptions options = ReadOptions.defaults().withDropMissing(rng.nextBoolean());
        if (rng.nextInt(4) == 0) {
            options = options.withHeader(rng.nextBoolean());
        }
        if (rng.nextInt(4) == 0) {
            Delimiter[] all = Delimiter.values();
            options = options.withDelimiter(all[rng.nextInt(all.length)]);
        }
        ReadOptions opts = options;
        Gen.check(seed, describe(bytes, name, opts), () -> {
            Table t;
            try {
                t = TableReader.read(new ByteArrayInputStream(bytes), name, opts);
            } catch (InputException e) {
                assertOneLine(e, name);
                return;
            }
            assertTrue(t.columnCount() >= 1 && t.rowCount() >= 1, "a table has cells");
            try {
                Selection s = TableReader.select(t, null, null);
                assertTrue(s.y().length >= TableReader.MIN_ROWS);
            } catch (InputException e) {
                assertOneLine(e, name);
            }
            try {
                TableReader.select(t, "1", List.of(Integer.toString(t.columnCount())));
            } catch (InputException e) {
                assertOneLine(e, name);
            }
        });
    }

    private static void assertOneLine(InputException e, String name) {
        String m = e.getMessage();
        assertTrue(m.startsWith(name + ": ") && m.length() > name.length() + 2, m);
        assertFalse(m.contains("\n") || m.contains("\r"), m);
    }

    private static byte[] input(SplittableRandom rng) {
        int kind = rng.nextInt(3);
        byte[] b;
        if (kind == 0) {
            b = new byte[rng.nextInt(0, 600)];
            rng.nextBytes(b);
        } else if (kind == 1) {
            StringBuilder sb = new StringBuilder();
            int n = rng.nextInt(0, 300);
            for (int i = 0; i < n; i++) {
                sb.append(TOKENS[rng.nextInt(TOKENS.length)]);
            }
            b = sb.toString().getBytes(rng.nextInt(5) == 0 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        } else {
            b = editedTable(rng).getBytes(StandardCharsets.UTF_8);
        }
        return rng.nextInt(5) == 0 ? gzip(b, rng) : b;
    }

    /** A well-formed table, then a few random edits: tokens inserted, characters deleted, lines repeated. */
    private static String editedTable(SplittableRandom rng) {
        String[] delimiters = {",", ";", "\t", "|", " "};
        String d = delimiters[rng.nextInt(delimiters.length)];
        int cols = rng.nextInt(1, 5);
        int rows = rng.nextInt(0, 70);
        StringBuilder sb = new StringBuilder();
        if (rng.nextBoolean()) {
            List<String> names = new ArrayList<>();
            for (int j = 0; j < cols; j++) {
                names.add(rng.nextBoolean() ? "c" + j : "\"col " + j + "\"");
            }
            sb.append(String.join(d, names)).append('\n');
        }
        for (int i = 0; i < rows; i++) {
            List<String> cells = new ArrayList<>();
            for (int j = 0; j < cols; j++) {
                cells.add(String.format(Locale.ROOT, "%.4g", rng.nextDouble(-100, 100)));
            }
            sb.append(String.join(d, cells)).append('\n');
        }
        int edits = rng.nextInt(0, 4);
        for (int k = 0; k < edits && sb.length() > 0; k++) {
            int at = rng.nextInt(sb.length());
            switch (rng.nextInt(3)) {
                case 0:
                    sb.insert(at, TOKENS[rng.nextInt(TOKENS.length)]);
                    break;
                case 1:
                    sb.delete(at, Math.min(sb.length(), at + rng.nextInt(1, 4)));
                    break;
                default:
                    int start = sb.lastIndexOf("\n", at) + 1;
                    int end = sb.indexOf("\n", at);
                    if (end > start) {
                        sb.insert(start, sb.substring(start, end + 1));
                    }
            }
        }
        return sb.toString();
    }

    private static byte[] gzip(byte[] b, SplittableRandom rng) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (OutputStream z = new GZIPOutputStream(out)) {
                z.write(b);
            }
            byte[] g = out.toByteArray();
            // sometimes cut short, as a download that stopped
            return rng.nextInt(4) == 0 ? java.util.Arrays.copyOf(g, rng.nextInt(g.length + 1)) : g;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String describe(byte[] bytes, String name, ReadOptions options) {
        String text = new String(bytes, 0, Math.min(bytes.length, 300), StandardCharsets.ISO_8859_1)
                .replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
        return name + " " + options + " (" + bytes.length + " bytes): " + text;
    }
}
