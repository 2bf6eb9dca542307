package dysymnet.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Row samples: the requested size, distinct rows in their order, reproducible, every row equally likely. */
class DatasetSampleTest {
    private static Dataset rows(int n) {
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = 2.0 * i;
        }
        return new Dataset(List.of("x"), new double[][] {x}, y);
    }

    @Test
    void aSampleHasDistinctRowsInOrderAndIsReproducible() {
        Dataset d = rows(1000);
        Dataset s = d.sample(100, new SplittableRandom(7));
        assertEquals(100, s.rows());
        for (int i = 1; i < s.rows(); i++) {
            assertTrue(s.column(0)[i] > s.column(0)[i - 1]);
            assertEquals(2.0 * s.column(0)[i], s.y()[i]);
        }
        Dataset again = d.sample(100, new SplittableRandom(7));
        assertEquals(java.util.Arrays.toString(s.column(0)), java.util.Arrays.toString(again.column(0)));
        assertSame(d, d.sample(1000, new SplittableRandom(7)));
        assertSame(d, d.sample(5000, new SplittableRandom(7)));
    }

    /** Holding rows out draws them as a sample of that size would be drawn; the rest, in order, is the other part. */
    @Test
    void heldOutRowsAreTheSampleAndTheRestIsTheOtherPart() {
        Dataset d = rows(200);
        Dataset.Split split = d.holdOut(40, new SplittableRandom(5));
        Dataset sample = d.sample(40, new SplittableRandom(5));
        assertEquals(java.util.Arrays.toString(sample.column(0)), java.util.Arrays.toString(split.test().column(0)));
        assertEquals(160, split.train().rows());
        java.util.Set<Double> held = new java.util.HashSet<>();
        for (double v : split.test().column(0)) {
            held.add(v);
        }
        for (int i = 0; i < split.train().rows(); i++) {
            assertTrue(!held.contains(split.train().column(0)[i]));
            assertTrue(i == 0 || split.train().column(0)[i] > split.train().column(0)[i - 1]);
        }
        assertThrows(IllegalArgumentException.class, () -> d.holdOut(0, new SplittableRandom(5)));
        assertThrows(IllegalArgumentException.class, () -> d.holdOut(200, new SplittableRandom(5)));
    }

    @Test
    void everyRowIsEquallyLikely() {
        Dataset d = rows(50);
        int[] hits = new int[50];
        SplittableRandom r = new SplittableRandom(1);
        int draws = 4000;
        for (int k = 0; k < draws; k++) {
            for (double v : d.sample(10, r).column(0)) {
                hits[(int) v]++;
            }
        }
        // each row is in a sample with probability 1/5: 800 expected, sd about 25
        for (int h : hits) {
            assertTrue(h > 650 && h < 950, "" + h);
        }
    }
}
