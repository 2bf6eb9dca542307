package dysymnet.io.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link TableReader#select(Table, String, List, String)}: a column of sample weights. */
class WeightsColumnTest {
    private static Table table(String csv, boolean dropMissing) {
        return TableReader.read(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), "t.csv",
                ReadOptions.defaults().withDropMissing(dropMissing));
    }

    private static final String CSV = "a,y,w\n1,2,1\n2,4,2\n3,6,3\n4,8,1\n5,10,2\n6,12,3\n";

    @Test
    void theWeightsAreNoFeatureAndTheDefaultTargetIsTheColumnBeforeThem() {
        Selection s = TableReader.select(table(CSV, false), null, null, "w");
        assertEquals(List.of("a"), s.featureNames());
        assertEquals("y", s.targetName());
        assertEquals("w", s.weightsName());
        assertArrayEquals(new double[] {1, 2, 3, 1, 2, 3}, s.weights());
        Dataset d = s.toDataset();
        assertEquals("w", d.weightsName());
        assertEquals(1.0, d.weights()[1], 1e-15);
        // by index, and with a target named explicitly
        Selection byIndex = TableReader.select(table("w,a,y\n" + "1,1,2\n2,2,4\n1,3,6\n2,4,8\n1,5,10\n", false),
                "y", null, "1");
        assertEquals(List.of("a"), byIndex.featureNames());
        assertEquals("w", byIndex.weightsName());
        // without weights nothing changes
        Selection plain = TableReader.select(table(CSV, false), null, null);
        assertNull(plain.weights());
        assertEquals("w", plain.targetName());
    }

    @Test
    void dropMissingDropsRowsWithoutAWeight() {
        Selection s = TableReader.select(table("a,y,w\n1,2,1\n2,4,\n3,6,3\n4,8,1\n5,10,2\n6,12,NaN\n7,14,2\n",
                true), "y", null, "w");
        assertEquals(2, s.droppedRows());
        assertArrayEquals(new double[] {1, 3, 1, 2, 2}, s.weights());
        assertArrayEquals(new double[] {2, 6, 8, 10, 14}, s.y());
    }

    @Test
    void badWeightsNameTheirRowAndColumn() {
        InputException zero = assertThrows(InputException.class,
                () -> TableReader.select(table(CSV.replace("3,6,3", "3,6,0"), false), "y", null, "w"));
        assertTrue(zero.getMessage().contains("t.csv") && zero.getMessage().contains("row 4")
                && zero.getMessage().contains("'w' (3)") && zero.getMessage().contains("zero"), zero.getMessage());
        InputException negative = assertThrows(InputException.class,
                () -> TableReader.select(table(CSV.replace("5,10,2", "5,10,-2"), true), "y", null, "w"));
        assertTrue(negative.getMessage().contains("row 6") && negative.getMessage().contains("-2")
                && negative.getMessage().contains("negative"), negative.getMessage());
        InputException unknown = assertThrows(InputException.class,
                () -> TableReader.select(table(CSV, false), "y", null, "weight"));
        assertTrue(unknown.getMessage().contains("unknown weights column 'weight'"), unknown.getMessage());
        assertThrows(InputException.class, () -> TableReader.select(table(CSV, false), "w", null, "w"));
        assertThrows(InputException.class, () -> TableReader.select(table(CSV, false), "y", List.of("a", "w"), "w"));
    }
}
