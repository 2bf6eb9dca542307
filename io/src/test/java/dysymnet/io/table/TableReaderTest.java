package dysymnet.io.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableReaderTest {
    @TempDir
    Path dir;

    private static final String SIMPLE = "a,b,y\n1,2,3\n2,3,5\n3,5,8\n4,7,11\n5,11,16\n";

    private Path file(String name, String content) {
        return bytes(name, content.getBytes(StandardCharsets.UTF_8));
    }

    private Path bytes(String name, byte[] content) {
        try {
            Path p = dir.resolve(name);
            Files.write(p, content);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] gzip(String content) {
        try {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (OutputStream out = new GZIPOutputStream(b)) {
                out.write(content.getBytes(StandardCharsets.UTF_8));
            }
            return b.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Table read(Path p) {
        return TableReader.read(p, ReadOptions.defaults());
    }

    /** Reads and selects with defaults, expecting failure; checks the message is one line and names the file. */
    private static String error(Path p, ReadOptions options) {
        InputException e = assertThrows(InputException.class,
                () -> TableReader.select(TableReader.read(p, options), null, null));
        String m = e.getMessage();
        assertFalse(m.contains("\n") || m.contains("\r"), m);
        assertTrue(m.startsWith(p.toString() + ": "), m);
        return m.substring(p.toString().length() + 2);
    }

    private static String error(Path p) {
        return error(p, ReadOptions.defaults());
    }

    // --- errors -------------------------------------------------------------------------------------------

    @Test
    void missingFile() {
        assertEquals("file not found", error(dir.resolve("nope.csv")));
    }

    @Test
    void directory() {
        assertEquals("is a directory, not a file", error(dir));
    }

    @Test
    void emptyFile() {
        assertEquals("file is empty", error(file("e.csv", "")));
    }

    @Test
    void onlyBlankAndCommentLines() {
        assertEquals("no data (only blank or comment lines)", error(file("c.csv", "# just a comment\n\n  \n")));
    }

    @Test
    void headerOnly() {
        assertEquals("only a header row, no data", error(file("h.csv", "mass,velocity,y\n")));
    }

    @Test
    void nonNumericCellNamesRowAndColumn() {
        Path p = file("n.csv", "t,mass,y\n1,2,3\n2,abc,5\n3,4,5\n4,4,6\n5,5,5\n");
        assertEquals("row 3, column 'mass' (2): 'abc' is not a number", error(p));
    }

    @Test
    void rowNumbersCountCommentsAndBlankLines() {
        Path p = file("n.csv", "# made by hand\nt,mass,y\n\n1,2,3\n# note\n2,3,5\n3,x,5\n4,4,6\n5,5,5\n");
        assertEquals("row 7, column 'mass' (2): 'x' is not a number", error(p));
    }

    @Test
    void decimalCommaGetsAHint() {
        Path p = file("d.csv", "a;y\n1,5;2\n2,5;3\n3,5;4\n4,5;5\n5,5;6\n");
        String m = error(p);
        assertTrue(m.startsWith("row 2, column 'a' (1): '1,5' is not a number"), m);
        assertTrue(m.contains("decimal comma"), m);
    }

    @Test
    void decimalCommasAreNamedAtTheirCellNotAtTheHeader() {
        String expected = "row 2, column 'x' (1): '1,5' is not a number: it uses a decimal comma, and a decimal "
                + "point is expected (1.5)";
        String rows = "1,5;2,3\n2,5;3,25\n3,5;4,1\n4,5;5,3\n5,5;6,3\n";
        assertEquals(expected, error(file("semicolon.csv", "x;y\n" + rows)));
        assertEquals(expected, error(file("tab.tsv", "x\ty\n" + rows.replace(';', '\t'))));
        assertEquals(expected, error(file("spaces.txt", "x y\n" + rows.replace(';', ' '))));
        assertEquals(expected, error(file("quoted.csv", "x,y\n" + rows.replaceAll("([0-9,]+);([0-9,]+)", "\"$1\",\"$2\""))));
        // without a header: the first row is data, and the semicolon, not the comma, is the delimiter
        Path noHeader = file("nohead.csv", rows);
        assertEquals(Delimiter.SEMICOLON, read(noHeader).delimiter());
        assertEquals("row 1, column 'col1' (1): '1,5' is not a number: it uses a decimal comma, and a decimal point "
                + "is expected (1.5)", error(noHeader));
    }

    @Test
    void aQuotedCellWithALineBreakIsNamedAsSuch() {
        assertEquals("row 1, column 2: a quoted cell holds a line break (it continues on line 2), which a table cell "
                + "cannot have; remove the line break",
                error(file("h.csv", "\"x\",\"height\n(m)\"\n1,2\n2,3\n3,5\n4,4\n5,6\n")));
        // past the lines the format is detected from, too
        StringBuilder sb = new StringBuilder("x,y\n");
        for (int i = 0; i < 80; i++) {
            sb.append(i).append(',').append(i % 7).append('\n');
        }
        sb.append("81,\"3\n\"\n82,4\n");
        assertEquals("row 82, column 2: a quoted cell holds a line break (it continues on line 83), which a table "
                + "cell cannot have; remove the line break", error(file("late.csv", sb.toString())));
        assertEquals("row 2, column 1: text after the closing double quote of a quoted cell",
                error(file("after.csv", "x,y\n\"1\"2,3\n2,3\n3,5\n4,4\n5,6\n")));
    }

    @Test
    void severalTrailingEmptyColumnsAreDelimitersClosingTheLines() {
        Table t = read(file("two.csv", SIMPLE.replace("\n", ",,\n")));
        assertSimple(t, Delimiter.COMMA);
        // a header written without them
        Table h = read(file("header.csv", "a;b;y\n1;2;3;;\n2;3;5;;\n3;5;8;;\n4;7;11;;\n5;11;16;;\n"));
        assertSimple(h, Delimiter.SEMICOLON);
        // a row below that fills one of them is named with what was ignored
        StringBuilder sb = new StringBuilder("a,b,y\n");
        for (int i = 0; i < 60; i++) {
            sb.append(i).append(',').append(i + 1).append(',').append(2 * i).append(",,\n");
        }
        sb.append("1,2,3,4,\n");
        assertEquals("row 62 has 4 cells, expected 3 (the first rows end with 2 empty cells, which are ignored)",
                error(file("filled.csv", sb.toString())));
        // a column that is empty in every row but named in the header is a column with empty cells
        assertEquals("row 2, column 'z' (3): empty cell (use --drop-missing to skip such rows)",
                error(file("z.csv", "x,y,z\n1,2,\n2,3,\n3,5,\n4,4,\n5,6,\n"), ReadOptions.defaults()));
    }

    @Test
    void emptyCell() {
        Path p = file("e.csv", "a,b,y\n1,2,3\n2,3,\n3,5,8\n4,7,11\n5,11,16\n");
        assertEquals("row 3, column 'y' (3): empty cell (use --drop-missing to skip such rows)", error(p));
    }

    @Test
    void nanCell() {
        Path p = file("n.csv", "t,b,y\n1,2,3\n2,3,5\n3,5,8\n4,7,11\n5,11,16\n6,1,2\n7,2,3\nNaN,3,4\n");
        assertEquals("row 9, column 't' (1): NaN (use --drop-missing to skip such rows)", error(p));
    }

    @Test
    void naAndInfinityCells() {
        assertEquals("row 3, column 'b' (2): missing value 'NA' (use --drop-missing to skip such rows)",
                error(file("na.csv", "a,b,y\n1,2,3\n2,NA,5\n3,5,8\n4,7,11\n5,11,16\n")));
        assertEquals("row 4, column 'a' (1): '-inf' is not a finite number (use --drop-missing to skip such rows)",
                error(file("inf.csv", "a,b,y\n1,2,3\n2,3,5\n-inf,5,8\n4,7,11\n5,11,16\n")));
        assertEquals("row 2, column 'a' (1): '1e999' is not a finite number (use --drop-missing to skip such rows)",
                error(file("big.csv", "a,b,y\n1e999,2,3\n2,3,5\n3,5,8\n4,7,11\n5,11,16\n")));
    }

    @Test
    void earliestProblemIsReported() {
        Path p = file("e.csv", "a,b,y\n1,2,3\n2,3,5\n3,,8\n4,x,11\nNaN,11,16\n");
        assertEquals("row 4, column 'b' (2): empty cell (use --drop-missing to skip such rows)", error(p));
    }

    @Test
    void constantTarget() {
        Path p = file("c.csv", "a,y\n1,3.2\n2,3.2\n3,3.2\n4,3.2\n5,3.2\n");
        assertEquals("target 'y' is constant (all values 3.2): nothing to fit", error(p));
    }

    @Test
    void tooFewRows() {
        assertEquals("needs at least 5 rows, found 3", error(file("f.csv", "a,y\n1,2\n2,3\n3,5\n")));
    }

    @Test
    void tooFewRowsAfterDropping() {
        Path p = file("f.csv", "a,y\n1,2\n2,\n3,5\n,1\n5,6\n6,7\n");
        assertEquals("needs at least 5 rows, found 4 after dropping 2 with missing values",
                error(p, ReadOptions.defaults().withDropMissing(true)));
    }

    @Test
    void unknownTarget() {
        Table t = read(file("u.csv", SIMPLE));
        InputException e = assertThrows(InputException.class, () -> TableReader.select(t, "mass", null));
        assertEquals(t.source() + ": unknown target column 'mass' (columns: a, b, y)", e.getMessage());
        e = assertThrows(InputException.class, () -> TableReader.select(t, "7", null));
        assertEquals(t.source() + ": target column 7 is out of range (the table has 3 columns)", e.getMessage());
        e = assertThrows(InputException.class, () -> TableReader.select(t, "y", List.of("a", "zz")));
        assertEquals(t.source() + ": unknown feature column 'zz' (columns: a, b, y)", e.getMessage());
    }

    @Test
    void targetAmongFeaturesAndRepeatedFeature() {
        Table t = read(file("u.csv", SIMPLE));
        InputException e = assertThrows(InputException.class, () -> TableReader.select(t, "y", List.of("a", "y")));
        assertEquals(t.source() + ": column 'y' is both the target and a feature", e.getMessage());
        e = assertThrows(InputException.class, () -> TableReader.select(t, "y", List.of("a", "1")));
        assertEquals(t.source() + ": feature column 'a' is listed twice", e.getMessage());
    }

    @Test
    void wrongCellCount() {
        Path p = file("w.csv", "a,b,c,y\n1,2,3,4\n1,2,3,4\n1,2,3,4\n1,2,3,4\n1,2,3,4\n1,2,3,4\n1,2,3,4\n1,2,3,4"
                + "\n1,2,3,4\n1,2,3,4\n1,2,3\n1,2,3,4\n");
        assertEquals("row 12 has 3 cells, expected 4", error(p));
    }

    @Test
    void wrongCellCountAfterTheSample() {
        StringBuilder b = new StringBuilder("a\tb\ty\n");
        for (int i = 0; i < 120; i++) {
            b.append(i).append('\t').append(i * 2).append('\t').append(i * i).append('\n');
        }
        b.append("1\t2\t3\t4\n");
        assertEquals("row 122 has 4 cells, expected 3", error(file("w.tsv", b.toString())));
    }

    @Test
    void binaryGarbage() {
        byte[] junk = new byte[300];
        for (int i = 0; i < junk.length; i++) {
            junk[i] = (byte) (i * 37 + 11);
        }
        junk[0] = 'A';
        String m = error(bytes("junk.csv", junk));
        assertTrue(m.startsWith("not a text table (binary data: byte 0x"), m);
        assertTrue(m.contains("at offset"), m);
    }

    @Test
    void nulBytesInAGzipFile() {
        byte[] z = gzip("a,y\n1,2\0\0\0\n");
        assertEquals("not a text table (binary data: byte 0x00 at offset 7 of the decompressed data)",
                error(bytes("z.gz", z)));
    }

    @Test
    void zipArchive() {
        byte[] zip = {'P', 'K', 3, 4, 20, 0, 0, 0};
        assertTrue(error(bytes("book.xlsx", zip)).startsWith("not a text table (a ZIP archive"));
    }

    @Test
    void corruptGzip() {
        byte[] z = gzip(SIMPLE.repeat(50));
        assertEquals("not valid gzip data (corrupt or truncated)", error(bytes("t.csv.gz", Arrays.copyOf(z, z.length / 2))));
        byte[] header = {0x1f, (byte) 0x8b, 1, 2, 3};
        assertEquals("not valid gzip data", error(bytes("h.gz", header)));
        byte[] junk = {0x05, 0x00, 0x7f, 0x13, 0x00};
        assertEquals("not valid gzip data", error(bytes("j.gz", junk)));
    }

    @Test
    void unbalancedQuotes() {
        Path p = file("q.csv", "a,b,y\n1,2,3\n2,\"3,5\n3,5,8\n4,7,11\n5,11,16\n");
        assertEquals("row 3, column 2: unbalanced double quotes (the quote that opens the cell is never closed)",
                error(p));
    }

    @Test
    void singleColumn() {
        String m = error(file("one.csv", "y\n1\n2\n3\n4\n5\n"));
        assertTrue(m.startsWith("cannot find the delimiter"), m);
    }

    @Test
    void onlyTheTargetSelected() {
        Table t = read(file("two.csv", SIMPLE));
        InputException e = assertThrows(InputException.class, () -> TableReader.select(t, "y", List.of()));
        assertEquals(t.source() + ": no feature columns: the table has only the target column 'y'", e.getMessage());
    }

    // --- format detection ---------------------------------------------------------------------------------

    private static void assertSimple(Table t, Delimiter d) {
        assertEquals(d, t.delimiter());
        assertTrue(t.hadHeader());
        assertEquals(List.of("a", "b", "y"), t.names());
        assertEquals(5, t.rowCount());
        assertArrayEquals(new double[] {3, 5, 8, 11, 16}, t.columns()[2]);
        assertArrayEquals(new double[] {1, 2, 3, 4, 5}, t.columns()[0]);
    }

    @Test
    void delimiters() {
        assertSimple(read(file("c.csv", SIMPLE)), Delimiter.COMMA);
        assertSimple(read(file("t.tsv", SIMPLE.replace(',', '\t'))), Delimiter.TAB);
        assertSimple(read(file("s.csv", SIMPLE.replace(',', ';'))), Delimiter.SEMICOLON);
        assertSimple(read(file("p.txt", SIMPLE.replace(',', '|'))), Delimiter.PIPE);
        assertSimple(read(file("w.dat", SIMPLE.replace(",", "   "))), Delimiter.WHITESPACE);
        assertSimple(read(file("w2.dat", "  a b\ty\n" + SIMPLE.lines().skip(1)
                .map(l -> "  " + l.replace(",", " \t  ") + "  \n").reduce("", String::concat))), Delimiter.WHITESPACE);
        assertSimple(read(file("cs.csv", SIMPLE.replace(",", ", "))), Delimiter.COMMA);
        assertSimple(read(file("trailing.csv", SIMPLE.replace("\n", ",\n"))), Delimiter.COMMA);
        assertSimple(read(file("crlf.csv", SIMPLE.replace("\n", "\r\n"))), Delimiter.COMMA);
    }

    @Test
    void delimiterOverride() {
        Table t = TableReader.read(file("x.txt", "a;b,y\n1;2,3\n4;5,6\n"),
                ReadOptions.defaults().withDelimiter(Delimiter.COMMA));
        assertEquals(List.of("a;b", "y"), t.names());
    }

    @Test
    void tabSeparatedNamesWithSpaces() {
        Table t = read(file("t.tsv", "time (s)\tmass kg\ty\n1\t2\t3\n2\t3\t5\n"));
        assertEquals(Delimiter.TAB, t.delimiter());
        assertEquals(List.of("time (s)", "mass kg", "y"), t.names());
    }

    @Test
    void quotedCells() {
        Table t = read(file("q.csv", "\"time, s\",\"m\",y\n\"1\",2,3\n2,3,5\n"));
        assertEquals(List.of("time, s", "m", "y"), t.names());
        assertArrayEquals(new double[] {1, 2}, t.columns()[0]);
    }

    @Test
    void noHeader() {
        Table t = read(file("n.csv", "1,2,3\n2,3,5\n3,5,8\n4,7,11\n5,11,16\n"));
        assertFalse(t.hadHeader());
        assertEquals(List.of("col1", "col2", "col3"), t.names());
        assertEquals(5, t.rowCount());
        assertEquals(1, t.line(0));
    }

    @Test
    void headerRuleNeedsANumberBelow() {
        // a text column does not make the first row a header on its own
        Path p = file("n.csv", "red,2,3\nblue,3,5\n");
        assertFalse(read(p).hadHeader());
        assertTrue(read(file("h.csv", "name,x,y\nblue,3,5\n")).hadHeader());
        assertTrue(read(file("h2.csv", "a,b,y\n,3,5\n")).hadHeader());
        Table forced = TableReader.read(p, ReadOptions.defaults().withHeader(true));
        assertEquals(List.of("red", "2", "3"), forced.names());
        Table noHeader = TableReader.read(file("h3.csv", SIMPLE), ReadOptions.defaults().withHeader(false));
        assertEquals(6, noHeader.rowCount());
    }

    @Test
    void numberFormats() {
        Path p = file("f.csv", "a,y\n1e-3,+2\n-.5,1.\n1.0D+03,-2E2\n  7  ,  8  \n0,0\n");
        Table t = read(p);
        assertArrayEquals(new double[] {1e-3, -0.5, 1000, 7, 0}, t.columns()[0]);
        assertArrayEquals(new double[] {2, 1, -200, 8, 0}, t.columns()[1]);
    }

    @Test
    void garbageLookingLikeJavaNumbersIsRejected() {
        for (String bad : new String[] {"0x10", "1f", "1d", "Infinityx", "1e", ".", "-", "1..2", "1e5.5"}) {
            Path p = file("g.csv", "a,y\n1,2\n" + bad + ",3\n3,4\n4,5\n5,7\n");
            assertEquals("row 3, column 'a' (1): '" + bad + "' is not a number", error(p), bad);
        }
    }

    @Test
    void gzipByExtensionAndByContent() {
        assertSimple(read(bytes("d.csv.gz", gzip(SIMPLE))), Delimiter.COMMA);
        Table t = read(bytes("no_extension", gzip(SIMPLE.replace(',', '\t'))));
        assertSimple(t, Delimiter.TAB);
        assertTrue(t.gzipped());
        // a .gz name on plain text is forgiven
        assertSimple(read(file("plain.gz", SIMPLE)), Delimiter.COMMA);
    }

    @Test
    void byteOrderMark() {
        Table t = read(file("bom.csv", "\uFEFF" + SIMPLE));
        assertSimple(t, Delimiter.COMMA);
        assertEquals("a", t.names().get(0));
    }

    @Test
    void latin1HeaderIsReadAsText() {
        byte[] b = "temp \u00b0C,y\n1,2\n2,3\n".getBytes(StandardCharsets.ISO_8859_1);
        Table t = read(bytes("l.csv", b));
        assertEquals(List.of("temp \u00b0C", "y"), t.names());
    }

    @Test
    void commentsAndBlankLines() {
        Table t = read(file("c.csv", "# generated\n#a,b\n\na,b,y\n  # indented comment\n1,2,3\n\n2,3,5\n3,5,8\n"
                + "4,7,11\n5,11,16\n\n"));
        assertSimple(t, Delimiter.COMMA);
        assertEquals(6, t.line(0));
        assertEquals(8, t.line(1));
    }

    // --- selection ------------------------------------------------------------------------------------------

    @Test
    void defaultTargetIsLastColumnOrTarget() {
        Selection s = TableReader.select(read(file("s.csv", SIMPLE)), null, null);
        assertEquals("y", s.targetName());
        assertEquals(List.of("a", "b"), s.featureNames());
        assertArrayEquals(new double[] {3, 5, 8, 11, 16}, s.y());
        assertArrayEquals(new double[] {2, 3, 5, 7, 11}, s.x()[1]);
        assertEquals(0, s.droppedRows());

        Selection t = TableReader.select(read(file("t.csv", SIMPLE.replace("b,y", "Target,z"))), null, null);
        assertEquals("Target", t.targetName());
        assertEquals(List.of("a", "z"), t.featureNames());
        assertArrayEquals(new double[] {2, 3, 5, 7, 11}, t.y());
    }

    @Test
    void targetAndFeaturesByNameOrIndex() {
        Table t = read(file("s.csv", SIMPLE));
        Selection s = TableReader.select(t, "2", List.of("3"));
        assertEquals("b", s.targetName());
        assertEquals(List.of("y"), s.featureNames());
        Selection u = TableReader.select(t, "A", null);
        assertEquals("a", u.targetName());
        assertEquals(List.of("b", "y"), u.featureNames());
    }

    @Test
    void unusedBadColumnIsIgnored() {
        Path p = file("s.csv", "id,a,y\nball,1,2\ncube,2,3\n,3,5\nx,4,4\ncone,5,1\n");
        Table t = read(p);
        assertTrue(t.hadHeader());
        Selection s = TableReader.select(t, "y", List.of("a"));
        assertEquals(5, s.rowCount());
        assertEquals("row 2, column 'id' (1): 'ball' is not a number", error(p));
    }

    @Test
    void dropMissing() {
        Path p = file("m.csv", "a,b,y\n1,2,3\n2,,5\n3,5,NaN\n4,7,11\n5,11,16\n6,inf,1\n7,1,1\n8,1,2\n");
        Table t = TableReader.read(p, ReadOptions.defaults().withDropMissing(true));
        Selection s = TableReader.select(t, null, null);
        assertEquals(3, s.droppedRows());
        assertArrayEquals(new double[] {1, 4, 5, 7, 8}, s.x()[0]);
        assertArrayEquals(new double[] {3, 11, 16, 1, 2}, s.y());
        // only the used columns count
        Selection onlyA = TableReader.select(t, "y", List.of("a"));
        assertEquals(1, onlyA.droppedRows());
        // non-numeric text is not "missing" and still fails
        Path q = file("q.csv", "a,y\n1,2\n2,\n3,x\n4,5\n5,6\n6,7\n7,8\n");
        assertEquals("row 4, column 'y' (2): 'x' is not a number", error(q, ReadOptions.defaults().withDropMissing(true)));
    }

    @Test
    void sanitisedNames() {
        Path p = file("n.csv", "time (s),2x,sin,pi,x,x,mass (kg),y\n1,2,3,4,5,6,7,8\n2,3,4,5,6,7,8,9\n"
                + "3,4,5,6,7,8,9,1\n4,5,6,7,8,9,1,2\n5,6,7,8,9,1,2,3\n");
        Selection s = TableReader.select(read(p), "y", null);
        assertEquals(List.of("time_s", "_2x", "sin_", "pi_", "x", "x_2", "mass_kg"), s.featureNames());
        assertEquals("time (s)", s.original("time_s"));
        assertEquals("2x", s.original("_2x"));
        assertEquals("y", s.original("y"));
        assertEquals(8, s.originalNames().size());
        // selection by sanitised name works too
        assertEquals("time_s", TableReader.select(read(p), "time_s", null).targetName());
        assertEquals(List.of("x", "x_2"), s.toDataset().names().subList(4, 6));
    }

    // --- real files -----------------------------------------------------------------------------------------

    private Path resource(String name) throws IOException {
        Path p = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream("/" + name)) {
            Files.copy(in, p);
        }
        return p;
    }

    @Test
    void tennisBallWithoutHeader() throws IOException {
        Table t = read(resource("Tennis_Ball_train.csv"));
        assertFalse(t.hadHeader());
        assertEquals(Delimiter.COMMA, t.delimiter());
        assertEquals(30, t.rowCount());
        Selection s = TableReader.select(t, null, null);
        assertEquals("col2", s.targetName());
        assertEquals(List.of("col1"), s.featureNames());
        assertEquals(0.0666666666667, s.x()[0][1], 0);
        assertEquals(47.7499431473, s.y()[0], 0);
    }

    @Test
    void pmlbGzippedTsv() throws IOException {
        Table t = read(resource("228_elusage.tsv.gz"));
        assertTrue(t.gzipped());
        assertTrue(t.hadHeader());
        assertEquals(Delimiter.TAB, t.delimiter());
        assertEquals(55, t.rowCount());
        Selection s = TableReader.select(t, null, null);
        assertEquals("target", s.targetName());
        assertEquals(List.of("average_temperature", "month"), s.featureNames());
        assertEquals(24.827999114990234, s.y()[0], 0);
        assertEquals(73.0, s.x()[0][0], 0);
    }
}
