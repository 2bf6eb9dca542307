package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dysymnet.api.Model;
import dysymnet.api.Provenance;
import dysymnet.api.SearchHistory;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;
import dysymnet.search.Candidate;
import dysymnet.search.Source;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text report shows a formula of any size in bounded space; the JSON report has it whole. */
class ReportsTest {
    /** A formula of about 8,700 characters: 0.123456*sin(1*x) + 0.123456*sin(2*x) + ... */
    private static Expr huge() {
        Expr e = new Const(0.5);
        for (int k = 1; k <= 400; k++) {
            e = new Binary(BinaryOp.ADD, e, new Binary(BinaryOp.MUL, new Const(0.123456),
                    new Unary(UnaryOp.SIN, new Binary(BinaryOp.MUL, new Const(k), new Var("x")))));
        }
        return e;
    }

    private static FitReport report(Expr e) {
        double[] x = {0, 1, 2, 3, 4, 5};
        double[] y = {1, 2, 3, 4, 5, 7};
        Candidate c = new Candidate(e, e.complexity(), 1.0, 0.5, 0.5, Source.TERMS, null, 0);
        Model m = new Model(e, List.of("x"), "y", 1.0, 0.5,
                new SearchHistory(List.of(c), new double[] {0.5}, new double[] {0.5}, 1.0, 1, 0, 0, "MAX_STEPS"),
                new Provenance(null, 0, "", null));
        return new FitReport(m, new double[][] {x}, y, null, null, List.of("x"), "y", false);
    }

    @Test
    void aLongFormulaIsCutInTheTextReportAndWholeInTheJson() throws IOException {
        Expr e = huge();
        FitReport r = report(e);
        String full = r.model().formula(6);
        assertTrue(full.length() > 5_000, "the formula is long: " + full.length());
        StringWriter text = new StringWriter();
        Reports.text(r, 6, new PrintWriter(text, true), Reports.fullFormulaHint(Path.of("r.json"), null));
        String note = " ... (" + full.length() + " characters; the full formula is in r.json)";
        String formulaLine = "  y = " + full.substring(0, Reports.MAX_FORMULA_CHARS) + note;
        assertTrue(text.toString().lines().anyMatch(formulaLine::equals), text.toString().substring(0, 200));
        // the Pareto table's row of the same formula is cut the same way
        assertTrue(text.toString().lines().anyMatch(l -> l.startsWith("*") && l.endsWith(note)));
        assertTrue(text.toString().lines().allMatch(l -> l.length() < Reports.MAX_FORMULA_CHARS + 200));

        JsonNode json = new ObjectMapper().readTree(Reports.json(r, 6));
        assertEquals(e, Parser.parse(json.get("expression").asText()));
        assertEquals(e, Parser.parse(json.get("pareto").get(0).get("expression").asText()));
    }

    @Test
    void theJsonsPlainSympyDropsAnAbsoluteValueThatKeepsOneSignOnTheTrainingRows() throws IOException {
        // the training rows x = 0..5: x^3 + x^2 + x + 1 is positive on each, x - 7 negative
        FitReport r = report(Parser.parse("log(x^3 + x^2 + x + 1) + sqrt(x - 7)"));
        JsonNode json = new ObjectMapper().readTree(Reports.json(r, 6));
        assertEquals("log(x**3 + x**2 + x + 1) + sqrt(-(x - 7))", json.get("sympy").asText());
        assertEquals(json.get("sympy").asText(), json.get("pareto").get(0).get("sympy").asText());
        // the protected form keeps predict's semantics everywhere
        assertEquals("log(Max(Abs(x**3 + x**2 + x + 1), 1e-300)) + sqrt(Abs(x - 7))",
                json.get("sympy_protected").asText());
    }

    @Test
    void theConstantsAreShownWithTheirErrorsInTheTextAndTheJson() throws IOException {
        FitReport r = report(Parser.parse("1.05*x + 0.8"));
        StringWriter text = new StringWriter();
        Reports.text(r, 6, new PrintWriter(text, true), "anywhere");
        String line = text.toString().lines().filter(l -> l.contains("± standard error")).findFirst().orElseThrow();
        // y = {1, 2, 3, 4, 5, 7} against 1.05x + 0.8: residual sd sqrt(0.9775 / 4), slope error s / sqrt(17.5)
        assertEquals("  constants (left to right, ± standard error): 1.05 ± 0.12, 0.80 ± 0.36; residual sd 0.494 (4 "
                + "degrees of freedom)", line);
        JsonNode json = new ObjectMapper().readTree(Reports.json(r, 6));
        assertEquals(2, json.get("constants").size());
        assertEquals(1.05, json.get("constants").get(0).get("value").asDouble());
        assertTrue(json.get("constants").get(0).get("std_error").asDouble() > 0);
        assertEquals(4, json.get("residual_dof").asInt());
        assertTrue(json.get("residual_sd").asDouble() > 0);
    }

    @Test
    void aValueIsRoundedWhereItsErrorsSecondDigitIs() {
        assertEquals("47.783 ± 0.021", Reports.withError(47.78312, 0.0213, 6));
        assertEquals("0.42652 ± 0.00031", Reports.withError(0.4265166, 0.000311, 6));
        assertEquals("12300 ± 1200", Reports.withError(12345.6, 1234.5, 6));
        assertEquals("2 (exact)", Reports.withError(2.0, 0.0, 6));
        assertEquals("1.5 (undetermined)", Reports.withError(1.5, Double.POSITIVE_INFINITY, 6));
        assertEquals("1.5", Reports.withError(1.5, Double.NaN, 6));
    }

    @Test
    void aShortFormulaIsShownWhole() {
        assertEquals("x + 1", Reports.capped("x + 1", "anywhere"));
        String limit = "x".repeat(Reports.MAX_FORMULA_CHARS);
        assertEquals(limit, Reports.capped(limit, "anywhere"));
        assertEquals("use --json FILE or --out DIR for the full formula", Reports.fullFormulaHint(null, null));
        assertEquals("the full formula is in " + Path.of("o", "model.json"),
                Reports.fullFormulaHint(null, Path.of("o")));
    }
}
