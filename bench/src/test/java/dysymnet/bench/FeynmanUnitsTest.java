package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.units.DimensionCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench --suite feynman --units}: the shipped units table gives every law its units. */
class FeynmanUnitsTest {
    private static Suites.Options options(String units) {
        return new Suites.Options(20, 20, 10_000, null, units);
    }

    @Test
    void everyLawGetsUnitsAndEveryTruthIsDimensionallyConsistent() {
        Path root = BundledData.root();
        List<Problem> laws = Suites.load("feynman", root, options("dimensionless"));
        assertEquals(100, laws.size());
        List<String> inconsistent = new ArrayList<>();
        for (Problem p : laws) {
            assertNotNull(p.units(), p.name());
            assertNotNull(p.units().target(), p.name());
            assertEquals(p.variables(), List.copyOf(p.units().columns().keySet()), p.name());
            assertTrue(p.units().dimensionlessConstants());
            DimensionCheck.Result r = DimensionCheck.check(p.truth(), p.units());
            if (!r.consistent()) {
                inconsistent.add(p.name() + ": " + r.problem());
            }
        }
        // the laws are physics: with pure numbers as constants, each is in its output's unit (AI Feynman's table had
        // the mobility of I.43.16 upside down; data/README.md says so)
        assertEquals(List.of(), inconsistent);
        for (Problem p : Suites.load("feynman", root, options(null))) {
            assertNull(p.units(), p.name());
        }
        assertFalse(Suites.load("feynman", root, options("free")).get(0).units().dimensionlessConstants());
        assertTrue(options("free").describe("feynman").endsWith(",units=free"));
        assertFalse(options(null).describe("feynman").contains("units"));
    }

    @Test
    void aUnitsTableWithoutALawsVariableIsAnErrorNamingIt(@TempDir Path tmp) throws IOException {
        Path root = BundledData.root().resolve("data").resolve("feynman");
        Path dir = Files.createDirectories(tmp.resolve("feynman"));
        Files.copy(root.resolve("FeynmanEquations.csv"), dir.resolve("FeynmanEquations.csv"));
        List<String> lines = new ArrayList<>(Files.readAllLines(root.resolve("units.csv"), StandardCharsets.UTF_8));
        lines.removeIf(l -> l.startsWith("theta,"));
        Files.write(dir.resolve("units.csv"), lines, StandardCharsets.UTF_8);
        List<Problem> laws = Suites.feynman(dir.resolve("FeynmanEquations.csv"), 20, 20, 10_000);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Suites.withUnits(laws, dir.resolve("units.csv"), false));
        assertTrue(e.getMessage().contains("no unit for theta of I.6.2a"), e.getMessage());
    }
}
