package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SuitesTest {
    private static final Path DATA = Fixtures.dataDir();

    private static List<Problem> load(String suite, Suites.Options o) {
        return Suites.load(suite, DATA, o);
    }

    private static List<String> names(List<Problem> ps) {
        return ps.stream().map(Problem::name).collect(Collectors.toList());
    }

    /** The truth reproduces the target of every row (to rounding). */
    private static void truthMatches(Problem p, Dataset d) {
        double[] t = Evaluator.evaluate(p.truth(), d);
        for (int i = 0; i < t.length; i++) {
            assertEquals(d.y()[i], t[i], 1e-9 * (1 + Math.abs(d.y()[i])), p.name() + " row " + i);
        }
    }

    private static void inBox(Problem p, Dataset d) {
        for (int j = 0; j < d.features(); j++) {
            for (double v : d.column(j)) {
                assertTrue(v >= p.low()[j] && v <= p.high()[j], p.name() + " " + d.names().get(j) + "=" + v);
            }
        }
    }

    @Test
    void standardProblemsSampleTrainAndTestFromTheRangeWithDifferentSeeds() {
        List<Problem> ps = load("standard", Suites.Options.defaults());
        assertEquals(List.of("Nguyen-1", "Nguyen-8c", "Keijzer-10"), names(ps));
        Problem k10 = ps.get(2);
        assertEquals("Keijzer", k10.group());
        assertEquals(List.of("x", "y"), k10.variables());
        assertEquals("x^y", k10.truthText());
        Dataset.Split s = k10.data().make(1);
        assertEquals(256, s.train().rows());
        assertEquals(256, s.test().rows());
        assertFalse(Arrays.equals(s.train().column(0), s.test().column(0)));
        inBox(k10, s.train());
        inBox(k10, s.test());
        truthMatches(k10, s.train());
        truthMatches(k10, s.test());
        // reproducible per seed, different across seeds and across problems
        assertArrayEquals(s.train().y(), k10.data().make(1).train().y());
        assertFalse(Arrays.equals(s.train().column(0), k10.data().make(2).train().column(0)));
        assertFalse(Arrays.equals(s.train().column(0), ps.get(0).data().make(1).train().column(0)));
    }

    @Test
    void feynmanSamplesEachVariableInItsRange() {
        List<Problem> ps = load("feynman", new Suites.Options(40, 30, 10_000, null));
        assertEquals(List.of("I.6.2a", "I.10.7", "I.26.2"), names(ps));
        Problem p = ps.get(1);
        assertEquals("Feynman", p.group());
        assertEquals(List.of("m_0", "v", "c"), p.variables());
        assertArrayEquals(new double[] {1, 1, 3}, p.low());
        assertArrayEquals(new double[] {5, 2, 10}, p.high());
        Dataset.Split s = p.data().make(3);
        assertEquals(40, s.train().rows());
        assertEquals(30, s.test().rows());
        inBox(p, s.train());
        truthMatches(p, s.train());
        truthMatches(p, s.test());
        // arcsin(n*sin(theta2)) is real everywhere on n in [0,1]: all rows are kept, values in [-pi/2, pi/2]
        Dataset.Split a = ps.get(2).data().make(1);
        assertTrue(Arrays.stream(a.train().y()).allMatch(v -> Math.abs(v) <= Math.PI / 2));
    }

    @Test
    void feynmanTrainingRowsAreCapped() {
        List<Problem> ps = load("feynman", new Suites.Options(500, 10, 25, null));
        assertEquals(25, ps.get(0).data().make(1).train().rows());
    }

    @Test
    void strogatzSplits75To25WithTheTruthOfTheExpressionsFile() {
        List<Problem> ps = load("strogatz", Suites.Options.defaults());
        assertEquals(List.of("lv1"), names(ps));
        Problem p = ps.get(0);
        assertEquals("Strogatz", p.group());
        assertEquals("3*x - 2*x*y - x**2", p.truthText());
        assertEquals(List.of("x", "y"), p.variables());
        Dataset.Split s = p.data().make(1);
        assertEquals(300, s.train().rows());
        assertEquals(100, s.test().rows());
        truthMatches(p, s.train());
        inBox(p, s.train());
        assertFalse(Arrays.equals(s.test().y(), p.data().make(2).test().y()));
        List<Problem> capped = load("strogatz", new Suites.Options(1, 1, 50, null));
        assertEquals(50, capped.get(0).data().make(1).train().rows());
        assertEquals(100, capped.get(0).data().make(1).test().rows());
    }

    @Test
    void blackboxReadsEveryGzippedTsvWithoutTruth() {
        List<Problem> ps = load("blackbox", Suites.Options.defaults());
        assertEquals(List.of("192_vineyard", "523_analcatdata_neavote"), names(ps));
        Problem p = ps.get(0);
        assertEquals("Black-box", p.group());
        assertNull(p.truth());
        Dataset.Split s = p.data().make(1);
        int n = s.train().rows() + s.test().rows();
        assertEquals(Math.round(n * 0.75), s.train().rows());
        assertEquals(List.of("lugs_1989", "lugs_1990"), s.train().names());
    }

    @Test
    void ballsTrainBeforeTwoSecondsAndTestAfter() {
        List<Problem> ps = load("balls", Suites.Options.defaults());
        assertEquals(List.of("Baseball", "Golf Ball"), names(ps));
        Problem p = ps.get(0);
        assertEquals("Balls", p.group());
        assertEquals(List.of("t"), p.variables());
        Dataset.Split s = p.data().make(1);
        assertEquals(30, s.train().rows());
        assertEquals(14, s.test().rows());
        assertTrue(Arrays.stream(s.train().column(0)).allMatch(t -> t <= 2.0));
        assertTrue(Arrays.stream(s.test().column(0)).allMatch(t -> t > 2.0));
        assertEquals(47.6989460979, s.train().y()[0], 1e-12);
        assertArrayEquals(s.test().y(), p.data().make(9).test().y());
    }

    @Test
    void missingFilesAndUnknownSuitesAreClearErrors() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Suites.load("standard", DATA.resolve("nowhere"), Suites.Options.defaults()));
        assertTrue(e.getMessage().contains("standard.csv") && e.getMessage().contains("--data"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> Suites.load("nosuch", DATA, Suites.Options.defaults()));
        assertThrows(IllegalArgumentException.class, () -> new Suites.Options(0, 1, 1, null));
    }
}
