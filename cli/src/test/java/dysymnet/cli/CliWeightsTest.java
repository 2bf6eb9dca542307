package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dysymnet.api.Model;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fit --weights COLUMN} end to end: the weights column is no feature, outliers of tiny weight do not bend the
 * fit, the report, the JSON and the model record the column, and predict reads a file that still holds it. The bad
 * weights are in {@link CliBadInputTest}.
 */
class CliWeightsTest {
    @TempDir
    static Path dir;

    static Path data;
    static Path json;
    static Path out;
    static CliRun weighted;
    static CliRun plain;

    /**
     * y = 2x + 1 on 40 rows of weight 1 or 2, and every fifth row an outlier (y + 40) of weight 1e-9; the weights are
     * the last column, so the default target is y.
     */
    @BeforeAll
    static void fitOnce() throws IOException {
        StringBuilder sb = new StringBuilder("x,y,w\n");
        for (int i = 0; i < 40; i++) {
            double x = -2 + 4.0 * i / 39;
            boolean outlier = i % 5 == 2;
            sb.append(String.format(Locale.ROOT, "%.6f,%.6f,%s%n", x, 2 * x + 1 + (outlier ? 40 : 0),
                    outlier ? "1e-9" : Integer.toString(1 + i % 2)));
        }
        data = dir.resolve("outliers.csv");
        Files.writeString(data, sb, StandardCharsets.UTF_8);
        json = dir.resolve("result.json");
        out = dir.resolve("results");
        weighted = CliRun.fit(data, "--weights", "w", "--json", json.toString(), "--out", out.toString(),
                "--quiet");
        plain = CliRun.fit(data, "--features", "x", "--quiet");
    }

    @Test
    void theWeightsColumnIsNoFeatureAndTheTargetIsTheColumnBeforeIt() throws IOException {
        assertEquals(0, weighted.code(), weighted::toString);
        Model m = Model.load(out.resolve("model.json"));
        assertEquals(List.of("x"), m.features());
        assertEquals("y", m.target());
        assertEquals("w", m.provenance().data().weights());
    }

    @Test
    void outliersOfTinyWeightDoNotBendTheFit() throws IOException {
        Model m = Model.load(out.resolve("model.json"));
        for (double x = -2; x <= 2; x += 0.25) {
            assertEquals(2 * x + 1, m.predict(new double[][] {{x}})[0], 1e-3, () -> m.formula() + "\n" + weighted);
        }
        assertTrue(m.trainR2() > 0.999999, () -> "weighted R^2 " + m.trainR2());
        // unweighted, the outliers pull the line up by about 40/5 = 8
        assertEquals(0, plain.code(), plain::toString);
        assertFalse(plain.out().lines().anyMatch(l -> l.trim().equals("y = 2*x + 1")), plain::toString);
    }

    @Test
    void reportAndJsonSayTheFitIsWeighted() throws IOException {
        assertTrue(weighted.out().contains("weighted by column 'w'"), weighted::toString);
        JsonNode report = new ObjectMapper().readTree(Files.readString(json, StandardCharsets.UTF_8));
        assertEquals("w", report.path("weights").asText());
        assertEquals("w", report.path("data").path("weights").asText());
        JsonNode model = new ObjectMapper().readTree(Files.readString(out.resolve("model.json"),
                StandardCharsets.UTF_8));
        assertEquals("w", model.path("data").path("weights").asText());
        assertEquals(List.of("x"), List.of(model.path("features").get(0).asText()));
        assertEquals(1, model.path("features").size());
        // an unweighted fit's files say nothing about weights
        CliRun noWeights = CliRun.fit(data, "--features", "x", "--format", "json", "--quiet");
        JsonNode r = new ObjectMapper().readTree(noWeights.out());
        assertTrue(r.path("weights").isNull(), noWeights::toString);
        assertTrue(r.path("data").path("weights").isMissingNode(), noWeights::toString);
    }

    @Test
    void predictReadsAFileThatStillHoldsTheWeights() throws IOException {
        Path predictions = dir.resolve("p.csv");
        CliRun p = CliRun.run("predict", "--model", out.resolve("model.json").toString(), data.toString(),
                "--output", predictions.toString());
        assertEquals(0, p.code(), p::toString);
        List<String> lines = Files.readAllLines(predictions, StandardCharsets.UTF_8);
        assertEquals("x,prediction", lines.get(0));
        assertEquals(41, lines.size());
    }

    @Test
    void weightsByIndexAndWithATestFraction() throws IOException {
        Path j = dir.resolve("fraction.json");
        CliRun r = CliRun.fit(data, "--weights", "3", "--target", "2", "--test-fraction", "0.25", "--json",
                j.toString(), "--quiet");
        assertEquals(0, r.code(), r::toString);
        JsonNode report = new ObjectMapper().readTree(Files.readString(j, StandardCharsets.UTF_8));
        assertEquals("w", report.path("weights").asText());
        // the held-out outliers weigh nothing in the weighted test error either
        assertTrue(report.path("r2_test").asDouble() > 0.999, report::toString);
    }

    @Test
    void predictComplexityBeyondTheFrontWritesNothing() {
        Path predictions = dir.resolve("none.csv");
        CliRun p = CliRun.run("predict", "--model", out.resolve("model.json").toString(), data.toString(),
                "--complexity", "0", "--output", predictions.toString());
        CliBadInputTest.assertOneLineError(p);
        assertTrue(p.err().contains("--complexity 0"), p::toString);
        assertFalse(Files.exists(predictions));
        assertEquals("", p.out());
    }

    @Test
    void equalWeightsGiveTheUnweightedFitAndAreStillRecorded() throws IOException {
        StringBuilder sb = new StringBuilder("x,y,w\n");
        for (int i = 0; i < 40; i++) {
            double x = -2 + 4.0 * i / 39;
            sb.append(String.format(Locale.ROOT, "%.6f,%.6f,2.5%n", x, Math.sin(x) + 0.3 * x * x));
        }
        Path f = dir.resolve("equal.csv");
        Files.writeString(f, sb, StandardCharsets.UTF_8);
        CliRun w = CliRun.fit(f, "--weights", "w", "--format", "json", "--quiet");
        CliRun p = CliRun.fit(f, "--features", "x", "--target", "y", "--format", "json", "--quiet");
        assertEquals(0, w.code(), w::toString);
        JsonNode jw = new ObjectMapper().readTree(w.out());
        JsonNode jp = new ObjectMapper().readTree(p.out());
        assertEquals(jp.path("pareto"), jw.path("pareto"));
        assertEquals(jp.path("mse_train"), jw.path("mse_train"));
        assertEquals("w", jw.path("weights").asText());
        assertEquals("w", jw.path("data").path("weights").asText());
        assertEquals(jp.path("data").path("sha256"), jw.path("data").path("sha256"));
    }
}
