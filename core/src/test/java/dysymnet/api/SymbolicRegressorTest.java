package dysymnet.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.expr.Printer;
import dysymnet.net.Operator;
import dysymnet.search.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SymbolicRegressorTest {

    private static SymbolicRegressor.Builder quick() {
        return SymbolicRegressor.builder().layers(1, 2).widths(1, 2, 3)
                .operators(Operator.IDENTITY, Operator.SIN, Operator.COS, Operator.MUL).batchSize(4).maxSteps(2)
                .seed(5);
    }

    /** {@code n} rows of {@code d} features drawn uniformly from [-1, 1]. */
    static double[][] rows(int n, int d, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[n][d];
        for (double[] row : x) {
            for (int j = 0; j < d; j++) {
                row[j] = r.nextDouble(-1, 1);
            }
        }
        return x;
    }

    @Test
    void largeDataAreSearchedOnASampleAndScoredOnAllRows() {
        double[][] x = rows(5_000, 2, 3);
        double[] y = new double[x.length];
        SplittableRandom r = new SplittableRandom(4);
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.sin(x[i][0]) * x[i][1] + 0.3 + 0.01 * r.nextGaussian();
        }
        Model m = quick().searchRows(400).threads(2).build().fit(x, y, "a", "b");
        // the reported scores are those of the formula on every row
        double[] p = m.predict(x);
        assertEquals(dysymnet.data.Metrics.mse(p, y), m.trainMse(), 1e-12 * (1 + m.trainMse()));
        assertEquals(dysymnet.data.Metrics.r2(p, y), m.trainR2(), 1e-12);
        for (var c : m.pareto()) {
            double[] q = Evaluator.evaluate(c.expression(), List.of("a", "b"), new double[][] {column(x, 0),
                column(x, 1)});
            assertEquals(dysymnet.data.Metrics.mse(q, y), c.mse(), 1e-9 * (1 + c.mse()), Printer.infix(c.expression()));
        }
        assertTrue(m.pareto().stream().anyMatch(c -> c.expression().equals(m.expression())));
        // the sample is drawn from the seed: the same on any number of threads
        Model again = quick().searchRows(400).threads(1).build().fit(x, y, "a", "b");
        assertEquals(m.expression(), again.expression());
        assertEquals(400, m.settings().orElseThrow().budget().searchRows());
    }

    private static double[] column(double[][] x, int j) {
        double[] c = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            c[i] = x[i][j];
        }
        return c;
    }

    @Test
    void modelSurvivesTheJsonRoundTripExactly(@TempDir Path dir) throws Exception {
        double[][] x = rows(64, 2, 1);
        double[] y = new double[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.sin(x[i][0]) * x[i][1] + 0.3;
        }
        Model m = quick().build().fit(x, y, "a", "b");
        Path f = dir.resolve("model.json");
        m.save(f);
        assertTrue(Files.size(f) > 0);
        Model back = Model.load(f);
        double[][] fresh = rows(100, 2, 2);
        assertArrayEquals(m.predict(fresh), back.predict(fresh));
        assertEquals(m.expression(), back.expression());
        assertEquals(m.features(), back.features());
        assertEquals(m.seed(), back.seed());
        assertEquals(m.settings(), back.settings());
        assertEquals(m.pareto(), back.pareto());
        assertArrayEquals(m.meanRewards(), back.meanRewards());
        assertEquals(m.trainMse(), back.trainMse());
        assertEquals(List.of("a", "b"), back.features());
        assertEquals(m.provenance(), back.provenance());
        assertEquals(m.history(), back.history());
        // the infix text is there for people, and parses to the same function: of the model and of each Pareto entry
        JsonNode json = new ObjectMapper().readTree(m.toJson());
        double[][] columns = new double[2][fresh.length];
        for (int i = 0; i < fresh.length; i++) {
            columns[0][i] = fresh[i][0];
            columns[1][i] = fresh[i][1];
        }
        assertSameValues(m.predict(fresh), Parser.parse(json.get("expression").asText()), columns);
        assertEquals(m.pareto().size(), json.get("pareto").size());
        for (int k = 0; k < m.pareto().size(); k++) {
            assertSameValues(Evaluator.evaluate(m.pareto().get(k).expression(), m.features(), columns),
                    Parser.parse(json.get("pareto").get(k).get("expression").asText()), columns);
        }
    }

    /** The printed-and-parsed formula computes the same values (up to rounding, printing may reorder terms). */
    private static void assertSameValues(double[] expected, Expr parsed, double[][] columns) {
        double[] got = Evaluator.evaluate(parsed, List.of("a", "b"), columns);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], got[i], 1e-12 * Math.max(1.0, Math.abs(expected[i])),
                    Printer.infix(parsed) + " at row " + i);
        }
    }

    @Test
    void theModelRecordsItsSettingsVersionAndDataSoTheFitCanBeRerun() {
        double[][] x = rows(40, 1, 6);
        double[] y = new double[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = 2 * x[i][0] * x[i][0] + 1;
        }
        SymbolicRegressor reg = quick().seed(5).threads(1).elimination(false).maxComplexity(50).build();
        Model m = reg.fit(x, y);
        Settings s = m.settings().orElseThrow();
        assertEquals(reg.settings(), s);
        assertEquals(Version.get(), m.provenance().version());
        assertEquals(40, m.provenance().data().rows());
        assertEquals(List.of("x"), m.provenance().data().features());
        // the same settings on the same data give the same model
        Model again = SymbolicRegressor.builder().settings(Model.fromJson(m.toJson()).settings().orElseThrow())
                .build().fit(x, y);
        assertEquals(m.expression(), again.expression());
        assertEquals(m.provenance().data(), again.provenance().data());
        // other data, another fingerprint
        y[3] += 1e-9;
        assertNotEquals(m.provenance().data().sha256(),
                quick().seed(5).threads(1).build().fit(x, y).provenance().data().sha256());
    }

    @Test
    void aModelFileOfFormatVersionOneStillLoads() {
        String v1 = "{\"format\":\"dysymnet-model\",\"version\":1,\"expression\":\"x^2\","
                + "\"tree\":[\"POW\",\"x\",2.0],"
                + "\"target\":\"y\",\"features\":[\"x\"],\"complexity\":3,\"mse_train\":0.0,"
                + "\"r2_train\":1.0,\"seed\":4,\"elapsed_seconds\":1.5,\"networks_trained\":10,"
                + "\"stop_reason\":\"SOLVED\",\"settings\":{\"seed\":\"4\",\"layers\":\"1,2\"},"
                + "\"pareto\":[],\"mean_reward\":[0.5],\"best_reward\":[0.9]}";
        Model m = Model.fromJson(v1);
        assertEquals(4, m.seed());
        assertTrue(m.settings().isEmpty());
        assertArrayEquals(new double[] {9.0}, m.predict(new double[][] {{3.0}}));
        assertEquals("SOLVED", m.stopReason());
    }

    @Test
    void malformedModelJsonIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Model.fromJson("{"));
        assertThrows(IllegalArgumentException.class, () -> Model.fromJson("{\"format\":\"other\"}"));
        assertThrows(IllegalArgumentException.class,
                () -> Model.fromJson("{\"format\":\"dysymnet-model\",\"version\":99}"));
    }

    @Test
    void configurationErrorsSayWhatIsWrong() {
        IllegalArgumentException e1 = assertThrows(IllegalArgumentException.class,
                () -> SymbolicRegressor.builder().operators(List.of()).build());
        assertTrue(e1.getMessage().toLowerCase().contains("operator"), e1.getMessage());
        IllegalArgumentException e2 = assertThrows(IllegalArgumentException.class,
                () -> SymbolicRegressor.builder().widths(0, 1).build());
        assertTrue(e2.getMessage().toLowerCase().contains("width"), e2.getMessage());
        IllegalArgumentException e3 = assertThrows(IllegalArgumentException.class,
                () -> SymbolicRegressor.builder().threads(0).build());
        assertTrue(e3.getMessage().contains("threads"), e3.getMessage());
        SymbolicRegressor reg = quick().build();
        double[][] x = rows(10, 1, 3);
        double[] y = new double[10];
        y[4] = Double.NaN;
        IllegalArgumentException e4 = assertThrows(IllegalArgumentException.class, () -> reg.fit(x, y));
        assertTrue(e4.getMessage().contains("row 4"), e4.getMessage());
        IllegalArgumentException e5 = assertThrows(IllegalArgumentException.class,
                () -> reg.fit(x, new double[9]));
        assertTrue(e5.getMessage().contains("10") && e5.getMessage().contains("9"), e5.getMessage());
        IllegalArgumentException e6 = assertThrows(IllegalArgumentException.class,
                () -> reg.fit(x, new double[10], "a", "b"));
        assertTrue(e6.getMessage().contains("names"), e6.getMessage());
    }

    @Test
    void modelCarriesSettingsSeedAndHistory() {
        double[][] x = rows(32, 1, 4);
        double[] y = new double[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.cos(x[i][0]);
        }
        // never solved, so that the controller steps run (the GP's first run finds cos(x) before any)
        Model m = quick().seed(99).solveR2(1.1).build().fit(x, y);
        assertEquals(99, m.seed());
        assertEquals(99, m.settings().orElseThrow().seed());
        assertEquals(m.meanRewards().length, m.bestRewards().length);
        assertTrue(m.meanRewards().length >= 1);
        assertTrue(!m.pareto().isEmpty());
        assertEquals(List.of("x"), m.features());
    }
}
