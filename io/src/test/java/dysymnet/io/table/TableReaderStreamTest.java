package dysymnet.io.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** Reading a table from a stream (a bundled resource) rather than a file. */
class TableReaderStreamTest {
    private static InputStream text(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsLikeAFileAndNamesTheStreamInMessages() {
        Table t = TableReader.read(text("# comment\nt,h\n0,1\n1,2\n2,5\n3,10\n4,17\n"), "/data/drop.csv",
                ReadOptions.defaults());
        assertNull(t.source());
        assertEquals(List.of("t", "h"), t.names());
        assertEquals(Delimiter.COMMA, t.delimiter());
        assertArrayEquals(new double[] {0, 1, 2, 3, 4}, t.columns()[0]);
        assertEquals(3, t.line(0));
        Selection s = TableReader.select(t, "h", List.of("t"));
        assertArrayEquals(new double[] {1, 2, 5, 10, 17}, s.y());

        InputException e = assertThrows(InputException.class, () -> TableReader.select(t, "mass", null));
        assertEquals("/data/drop.csv: unknown target column 'mass' (columns: t, h)", e.getMessage());
        Table bad = TableReader.read(text("t,h\n0,1\n1,x\n"), "bundled.csv", ReadOptions.defaults());
        e = assertThrows(InputException.class, () -> TableReader.select(bad, null, null));
        assertEquals("bundled.csv: row 3, column 'h' (2): 'x' is not a number", e.getMessage());
    }

    @Test
    void gzipAndEmptyStreams() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(b)) {
            out.write("a\tb\n1\t2\n".getBytes(StandardCharsets.UTF_8));
        }
        Table t = TableReader.read(new ByteArrayInputStream(b.toByteArray()), "x.tsv.gz", ReadOptions.defaults());
        assertTrue(t.gzipped());
        assertEquals(List.of("a", "b"), t.names());
        InputException e = assertThrows(InputException.class,
                () -> TableReader.read(text(""), "empty.csv", ReadOptions.defaults()));
        assertEquals("empty.csv: file is empty", e.getMessage());
    }
}
