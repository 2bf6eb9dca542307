package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark data that ship with the bench module ({@link BundledData}): every suite loads from them, complete, in
 * the tests' class-path directory and from a jar, so that {@code bench} needs no data folder beside the clone.
 */
class BundledDataTest {

    /** The suites and how many problems each has in the repository's data/ folder (data/README.md). */
    private static final Map<String, Integer> PROBLEMS = Map.of("standard", 70, "feynman", 100, "strogatz", 14,
            "blackbox", 30, "balls", 11);

    private static final Suites.Options SMALL = new Suites.Options(50, 50, 10_000, null);

    @Test
    void everySuiteLoadsCompleteFromTheBundledData() {
        Path root = BundledData.root();
        assertTrue(Files.isRegularFile(root.resolve("README.md")), root.toString());
        for (Map.Entry<String, Integer> suite : PROBLEMS.entrySet()) {
            List<Problem> ps = Suites.load(suite.getKey(), root, SMALL);
            assertEquals(suite.getValue(), ps.size(), suite.getKey());
        }
        // the truths of the data files reproduce their targets: the bundled copies are the published data
        for (Problem p : Suites.load("strogatz", root, SMALL)) {
            Dataset train = p.data().make(1).train();
            double[] t = Evaluator.evaluate(p.truth(), train);
            for (int i = 0; i < t.length; i++) {
                assertEquals(train.y()[i], t[i], 1e-9 * (1 + Math.abs(train.y()[i])), p.name() + " row " + i);
            }
        }
        // every standard and Feynman truth parses (or the load fails) and is real on its domain (or sampling fails)
        for (Problem p : Suites.load("standard", root, SMALL)) {
            assertEquals(256, p.data().make(1).train().rows(), p.name());
        }
        for (Problem p : Suites.load("feynman", root, SMALL)) {
            assertEquals(50, p.data().make(1).test().rows(), p.name());
        }
        References refs = References.load(root.resolve("data").resolve("reference"));
        assertEquals("DySymNet", refs.table1Methods().get(0));
        assertTrue(refs.table1().containsKey("Nguyen"), refs.table1().keySet().toString());
        assertEquals(12, refs.balls().size(), refs.balls().keySet().toString()); // 11 balls and the average
        assertTrue(refs.srbench().size() > 10);
    }

    @Test
    void theDataAreReadFromTheBenchJarAsFromADirectory(@TempDir Path tmp) throws IOException {
        Path dir = BundledData.root();
        Path jar = tmp.resolve("dysymnet-bench.jar");
        String prefix = BundledData.RESOURCE.substring(1) + "/";
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out);
             Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new ZipEntry(prefix + dir.relativize(f).toString().replace('\\', '/')));
                zip.write(Files.readAllBytes(f));
                zip.closeEntry();
            }
        }
        URL readme = new URL("jar:" + jar.toUri() + "!" + BundledData.RESOURCE + "/README.md");
        Path inJar = BundledData.locate(readme);
        assertNotEquals("file", inJar.toUri().getScheme(), inJar.toUri().toString());
        assertEquals(inJar, BundledData.locate(readme)); // the second look finds the open file system
        for (String suite : PROBLEMS.keySet()) {
            List<Problem> fromDir = Suites.load(suite, dir, SMALL);
            List<Problem> fromJar = Suites.load(suite, inJar, SMALL);
            assertEquals(fromDir.stream().map(Problem::name).toList(), fromJar.stream().map(Problem::name).toList());
            // the first and last problem's data, the same numbers (the black-box files are read here, from the jar)
            for (int k : new int[] {0, fromDir.size() - 1}) {
                Dataset.Split a = fromDir.get(k).data().make(2);
                Dataset.Split b = fromJar.get(k).data().make(2);
                assertArrayEquals(a.train().y(), b.train().y(), suite + " " + fromDir.get(k).name());
                assertArrayEquals(a.test().column(0), b.test().column(0), suite + " " + fromDir.get(k).name());
            }
        }
        assertEquals(References.load(dir.resolve("data").resolve("reference")),
                References.load(inJar.resolve("data").resolve("reference")));
    }

    @Test
    void missingBundledDataSayWhatToDo() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> BundledData.locate(null));
        assertTrue(e.getMessage().contains("--data"), e.getMessage());
    }
}
