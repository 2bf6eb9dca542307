package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --max-complexity} and {@code --select} end to end: what the JSON report says was chosen. */
class CliSelectionTest {
    @TempDir
    static Path dir;
    static Path data;

    /** 40 rows of a curve no small formula fits exactly, so that the front has several members. */
    @BeforeAll
    static void data() throws IOException {
        StringBuilder sb = new StringBuilder("x,y\n");
        for (int i = 0; i < 40; i++) {
            double x = -2 + 4.0 * i / 39;
            sb.append(String.format(Locale.ROOT, "%.6f,%.6f%n", x, Math.sin(2 * x) * Math.exp(0.3 * x) + 0.2 * x));
        }
        data = dir.resolve("curve.csv");
        Files.writeString(data, sb, StandardCharsets.UTF_8);
    }

    private static JsonNode fit(String... extra) throws IOException {
        String[] args = new String[extra.length + 4];
        System.arraycopy(extra, 0, args, 0, extra.length);
        args[extra.length] = "--format";
        args[extra.length + 1] = "json";
        args[extra.length + 2] = "--quiet";
        args[extra.length + 3] = "--seed=3";
        CliRun r = CliRun.fit(data, args);
        assertEquals(0, r.code(), r::toString);
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void maxComplexityCapsTheChosenFormulaAndEveryReportedOne() throws IOException {
        JsonNode j = fit("--max-complexity", "5");
        assertTrue(j.path("complexity").asInt() <= 5, j::toString);
        assertEquals(5, j.path("settings").path("selection").path("maxComplexity").asInt());
    }

    @Test
    void accurateChoosesTheLowestErrorAndALooseSimplestWithinTheSmallest() throws IOException {
        JsonNode accurate = fit("--select", "accurate");
        double lowest = Double.POSITIVE_INFINITY;
        for (JsonNode p : accurate.path("pareto")) {
            lowest = Math.min(lowest, p.path("mse_train").asDouble());
        }
        assertTrue(accurate.path("pareto").size() > 1, accurate::toString);
        assertEquals(lowest, accurate.path("mse_train").asDouble(), 1e-12 * lowest, accurate::toString);
        JsonNode loose = fit("--select", "simplest-within=1e9");
        int smallest = Integer.MAX_VALUE;
        for (JsonNode p : loose.path("pareto")) {
            smallest = Math.min(smallest, p.path("complexity").asInt());
        }
        assertEquals(smallest, loose.path("complexity").asInt(), loose::toString);
    }

    /**
     * The JSON report's choice section lists the members the final choice looked at, the reported one once, every
     * other with the rule that passed it over and its numbers; {@code --explain} prints the same after the report.
     */
    @Test
    void theChoiceSectionAndExplainGiveTheReasonOfEveryFormulaPassedOver() throws IOException {
        JsonNode j = fit();
        JsonNode choice = j.path("choice");
        assertTrue(choice.size() >= 2, j::toString);
        int reported = 0;
        for (JsonNode m : choice) {
            if (m.path("reported").asBoolean()) {
                reported++;
                assertEquals(j.path("expression").asText(), m.path("expression").asText());
                assertTrue(m.path("passed").size() >= 2, m::toString);
            } else {
                assertTrue(!m.path("rule").asText().isEmpty() && !m.path("why").asText().isEmpty(), m::toString);
            }
        }
        assertEquals(1, reported, choice::toString);
        CliRun text = CliRun.fit(data, "--explain", "--quiet", "--seed=3");
        assertEquals(0, text.code(), text::toString);
        String out = text.out();
        assertTrue(out.contains("Why this formula") && out.contains("reported: chosen by"), out);
        assertTrue(out.indexOf("Why this formula") > out.indexOf("Pareto front"), out);
    }
}
