package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.api.Model;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo with a tiny budget: the law found and the comparison with physics models A, B and C. */
class DemoCommandTest {
    @Test
    void demoPrintsTheComparisonTable(@TempDir Path dir) {
        Path out = dir.resolve("demo-out");
        CliRun r = CliRun.run("demo", "--max-steps", "1", "--batch-size", "2", "--time-limit", "5", "--threads", "1",
                "--quiet", "--out", out.toString());
        assertEquals(0, r.code(), r::toString);
        assertEquals("", r.err(), "--quiet");
        String o = r.out();
        assertTrue(o.contains("h = "), o);
        assertTrue(o.contains("dysymnet (this run)"), o);
        for (String m : new String[] {"Model A", "Model B", "Model C"}) {
            assertTrue(o.lines().anyMatch(l -> l.startsWith(m + ":")), m + " row missing:\n" + o);
        }
        // the saved model is the law printed above (cut to its beginning if long), over the time t
        Model m = Model.load(out.resolve("model.json"));
        assertEquals(List.of("t"), m.features());
        String shown = Reports.capped(m.formula(5), Reports.fullFormulaHint(null, out));
        assertTrue(o.contains("h = " + shown), () -> shown + " not in\n" + o);
        assertTrue(Files.isRegularFile(out.resolve("fit.png")));
    }

    @Test
    void bundledDataReadsAsTimeAndHeight() {
        double[][] d = DemoCommand.load();
        assertEquals(2, d.length);
        assertEquals(46, d[0].length);
        assertEquals(46, d[1].length);
        assertEquals(0.0, d[0][0]);
        assertEquals(47.7499431473, d[1][0]);
        assertEquals(3.03666666667, d[0][45]);
        assertEquals(13.0596911086, d[1][45]);
    }

    @Test
    void badDemoOptionIsOneLine() {
        CliBadInputTest.assertOneLineError(CliRun.run("demo", "--time-limit", "-1"));
        CliBadInputTest.assertOneLineError(CliRun.run("demo", "--max-steps", "x"));
    }
}
