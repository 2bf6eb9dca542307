package dysymnet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.expr.Var;
import dysymnet.search.Source;
import dysymnet.search.Timings;
import dysymnet.search.Candidate;
import dysymnet.units.Dimension;
import dysymnet.units.UnitText;
import dysymnet.units.Units;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** model.json has no NaN or infinity (JSON has none): they are written as null and read back as NaN. */
class ModelJsonTest {
    private static Model withNonFiniteNumbers() {
        Expr e = new Binary(BinaryOp.ADD, new Var("x"), new Const(Double.NaN));
        Candidate c = new Candidate(e, e.complexity(), Double.POSITIVE_INFINITY, Double.NaN, Double.NaN,
                Source.NETWORK, "1x1", 0);
        SearchHistory h = new SearchHistory(List.of(c), new double[] {Double.NaN, 0.5},
                new double[] {Double.NEGATIVE_INFINITY, 0.75}, 1.5, 2, 1, 1, "CANCELLED");
        return new Model(e, List.of("x"), "y", Double.POSITIVE_INFINITY, Double.NaN, h,
                new Provenance(null, 3, "test", null));
    }

    @Test
    void nonFiniteNumbersAreWrittenAsNullAndReadAsNaN() throws Exception {
        Model m = withNonFiniteNumbers();
        String json = m.toJson();
        // no number written as a string (the formula text says "NaN" as the parser reads it)
        assertFalse(json.contains("\"NaN\"") || json.contains("Infinity\""), json);
        JsonNode root = new ObjectMapper().readTree(json);
        assertTrue(root.get("mse_train").isNull(), json);
        assertTrue(root.get("r2_train").isNull(), json);
        assertTrue(root.get("tree").get(2).isNull(), json);
        assertTrue(root.get("pareto").get(0).get("mse_train").isNull(), json);
        assertTrue(root.get("mean_reward").get(0).isNull(), json);
        assertTrue(root.get("best_reward").get(0).isNull(), json);
        assertEquals(0.75, root.get("best_reward").get(1).asDouble());

        Model back = Model.fromJson(json);
        assertTrue(Double.isNaN(back.trainMse()));
        assertTrue(Double.isNaN(back.trainR2()));
        assertEquals(m.expression(), back.expression());
        assertTrue(Double.isNaN(back.pareto().get(0).mse()));
        assertTrue(Double.isNaN(back.meanRewards()[0]));
        assertEquals(0.5, back.meanRewards()[1]);
        assertEquals(1.5, back.elapsedSeconds());
        assertEquals(1, back.networksGivenUp());
        // a file written before networks were given up reads as none given up
        ObjectNode older = (ObjectNode) root;
        older.remove("networks_given_up");
        assertEquals(0, Model.fromJson(older.toString()).networksGivenUp());
    }

    @Test
    void theStringsOfEarlierFilesStillRead() throws Exception {
        ObjectNode root = (ObjectNode) new ObjectMapper().readTree(withNonFiniteNumbers().toJson());
        root.put("mse_train", "Infinity");
        root.set("tree", new ObjectMapper().readTree("[\"MUL\", \"x\", \"-Infinity\"]"));
        Model back = Model.fromJson(root.toString());
        assertEquals(Double.POSITIVE_INFINITY, back.trainMse());
        assertEquals(new Binary(BinaryOp.MUL, new Var("x"), new Const(Double.NEGATIVE_INFINITY)), back.expression());
    }

    /** The pareto rows' sources are typed; files that recorded the source as the "architecture" read the same. */
    @Test
    void sourcesAreWrittenAndOldArchitectureLabelsRead() throws Exception {
        Expr e = new Binary(BinaryOp.ADD, new Var("x"), new Const(1));
        List<Candidate> front = List.of(
                new Candidate(e, 3, 0.5, 0.5, 0.5, Source.NETWORK, "[sin, id]", 1),
                new Candidate(e, 3, 0.5, 0.5, 0.5, Source.GP, null, 2),
                new Candidate(e, 3, 0.5, 0.5, 0.5, Source.TERMS, null, 0),
                new Candidate(e, 3, 0.5, 0.5, 0.5, Source.MEAN, null, 0));
        Model m = new Model(e, List.of("x"), "y", 0.5, 0.5,
                new SearchHistory(front, new double[0], new double[0], 1, 2, 0, 0, "MAX_STEPS"),
                new Provenance(null, 3, "test", null));
        ObjectNode root = (ObjectNode) new ObjectMapper().readTree(m.toJson());
        JsonNode rows = root.get("pareto");
        assertEquals("network", rows.get(0).get("source").asText());
        assertEquals("[sin, id]", rows.get(0).get("architecture").asText());
        assertEquals("gp", rows.get(1).get("source").asText());
        assertFalse(rows.get(1).has("architecture"));
        assertEquals(front, Model.fromJson(m.toJson()).pareto());
        // an older file: no "source", the source's name in "architecture"
        String[] labels = {"[sin, id]", "gp", "terms", "mean"};
        for (int i = 0; i < labels.length; i++) {
            ObjectNode row = (ObjectNode) rows.get(i);
            row.remove("source");
            row.put("architecture", labels[i]);
        }
        assertEquals(front, Model.fromJson(root.toString()).pareto());
    }

    /** The final choice's notes travel through model.json; a file without them reads as none. */
    @Test
    void notesAreWrittenAndOlderFilesHaveNone() throws Exception {
        Expr e = new Binary(BinaryOp.ADD, new Var("x"), new Const(1));
        Candidate c = new Candidate(e, 3, 0.5, 0.5, 0.5, Source.GP, null, 0);
        Model m = new Model(e, List.of("x"), "y", 0.5, 0.5,
                new SearchHistory(List.of(c), new double[0], new double[0], 1, 2, 0, 0, "MAX_STEPS",
                        List.of("the law is uncertain")),
                new Provenance(null, 3, "test", null));
        Model back = Model.fromJson(m.toJson());
        assertEquals(List.of("the law is uncertain"), back.notes());
        ObjectNode root = (ObjectNode) new ObjectMapper().readTree(m.toJson());
        root.remove("notes");
        assertEquals(List.of(), Model.fromJson(root.toString()).notes());
    }

    /** The units and the formula's unit check travel through model.json; a file without them has none. */
    @Test
    void unitsAreWrittenWithTheUnitCheckAndOlderFilesHaveNone() throws Exception {
        Expr e = Parser.parse("4.9*t^2 + x");
        Expr wrong = Parser.parse("x + t");
        Candidate c = new Candidate(e, e.complexity(), 0.5, 0.5, 0.5, Source.GP, null, 0);
        Candidate w = new Candidate(wrong, wrong.complexity(), 0.1, 0.9, 0.9, Source.GP, null, 0);
        Map<String, Dimension> cols = new LinkedHashMap<>();
        cols.put("x", UnitText.parse("m"));
        cols.put("t", UnitText.parse("s"));
        Units units = new Units(cols, UnitText.parse("m"), false);
        SearchHistory h = new SearchHistory(List.of(c, w), new double[0], new double[0], 1, 2, 0, 0, "MAX_STEPS");
        Model m = new Model(e, List.of("x", "t"), "y", 0.5, 0.5, h, new Provenance(null, 3, "test", null), units);
        JsonNode root = new ObjectMapper().readTree(m.toJson());
        assertEquals("s", root.path("units").path("columns").path("t").asText());
        assertEquals("m", root.path("units").path("target").asText());
        assertTrue(root.path("unit_check").path("consistent").asBoolean());
        assertEquals("m", root.path("unit_check").path("dimension").asText());
        assertEquals("m/s^2", root.path("unit_check").path("constants").get(0).asText());
        assertEquals("consistent (m)", root.path("pareto").get(0).path("units").asText());
        assertEquals("not consistent: adds s to m", root.path("pareto").get(1).path("units").asText());
        Model back = Model.fromJson(m.toJson());
        assertEquals(units, back.units());
        assertEquals(m.unitCheck(), back.unitCheck());
        assertNull(m.withUnits(null).unitCheck());
        assertFalse(new ObjectMapper().readTree(m.withUnits(null).toJson()).has("units"));
        assertNull(Model.fromJson(m.withUnits(null).toJson()).units());
    }

    /** The stage-time account travels through model.json exactly; a file without it reads as none. */
    @Test
    void timingsAreWrittenAndOlderFilesHaveNone() throws Exception {
        Expr e = new Binary(BinaryOp.ADD, new Var("x"), new Const(1));
        Candidate c = new Candidate(e, 3, 0.5, 0.5, 0.5, Source.GP, null, 0);
        Timings t = new Timings(4, 2.5, 0.25, 0.75, 8.125, List.of(
                new Timings.Stage("gp", Timings.BEFORE_STEPS, 0.5, 0.125, 1.5),
                new Timings.Stage("network", 0, 1.75, 0.0625, 6.5)))
                .withSerialStage(Timings.FINISHING, 0.125);
        Model m = new Model(e, List.of("x"), "y", 0.5, 0.5,
                new SearchHistory(List.of(c), new double[0], new double[0], 1, 2, 0, 0, "MAX_STEPS", List.of(), t),
                new Provenance(null, 3, "test", null));
        Model back = Model.fromJson(m.toJson());
        assertEquals(t, back.history().timings());
        assertEquals(m.history(), back.history());
        ObjectNode root = (ObjectNode) new ObjectMapper().readTree(m.toJson());
        assertEquals(0.375 / 2.625, root.get("timings").get("serial_share").asDouble(), 1e-15);
        root.remove("timings");
        assertNull(Model.fromJson(root.toString()).history().timings());
    }
}
