package dysymnet.choice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.search.Candidate;
import dysymnet.search.Selection;
import dysymnet.search.Source;
import dysymnet.units.Dimension;
import dysymnet.units.UnitText;
import dysymnet.units.Units;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The final choice's rule {@code units}: a dimensionally consistent formula is reported whenever there is one. */
class UnitsRuleTest {
    /** x in metres, t in seconds; the target is x + t, which no consistent formula writes exactly. */
    private static Dataset data() {
        SplittableRandom r = new SplittableRandom(5);
        int n = 40;
        double[] x = new double[n];
        double[] t = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 1 + 4 * r.nextDouble();
            t[i] = 1 + 4 * r.nextDouble();
            y[i] = x[i] + t[i];
        }
        return new Dataset(List.of("x", "t"), new double[][] {x, t}, y);
    }

    private static Candidate candidate(String formula, Dataset d) {
        Expr e = Parser.parse(formula);
        double[] p = Evaluator.evaluate(e, d);
        return new Candidate(e, e.complexity(), Metrics.mse(p, d.y()), Metrics.r2(p, d.y()), 0, Source.GP, null, 0);
    }

    private static Units units(String target, boolean pure) {
        Map<String, Dimension> cols = new LinkedHashMap<>();
        cols.put("x", UnitText.parse("m"));
        cols.put("t", UnitText.parse("s"));
        return new Units(cols, UnitText.parse(target), pure);
    }

    private static Outcome choose(List<Candidate> cands, Dataset d, Units units, Selection selection) {
        return new FinalChoice(null, units, false).choose(cands, DataFacts.of(d), selection, null);
    }

    @Test
    void anInconsistentFormulaGivesWayToAConsistentOne() {
        Dataset d = data();
        Candidate wrong = candidate("x + t", d);
        Candidate law = candidate("x + 1.2*t + 0.3", d);
        List<Candidate> both = List.of(wrong, law);
        assertEquals(wrong, choose(both, d, null, Selection.defaults()).chosen(), "without units: the exact fit");
        Outcome o = choose(both, d, units("m", false), Selection.defaults());
        assertEquals(law, o.chosen());
        Explanation.Member passed = o.explanation().members().stream()
                .filter(m -> m.candidate().equals(wrong)).findFirst().orElseThrow();
        assertEquals(UnitsRule.NAME, passed.rule());
        assertEquals("adds s to m", passed.why());
        assertFalse(o.notes().contains(UnitsRule.NONE_CONSISTENT));
        // switched off by name, as bench --ablation no-units does
        assertTrue(Policy.allNames().contains(UnitsRule.NAME));
        Selection off = Selection.builder().rulesOff(List.of(UnitsRule.NAME)).build();
        assertEquals(wrong, choose(both, d, units("m", false), off).chosen());
    }

    @Test
    void whenNoFormulaIsConsistentNothingIsTakenOutAndANoteSaysSo() {
        Dataset d = data();
        Candidate wrong = candidate("x + t", d);
        Candidate law = candidate("x + 1.2*t + 0.3", d);
        // with pure constants the 1.2 cannot turn seconds into metres: both are inconsistent
        Outcome o = choose(List.of(wrong, law), d, units("m", true), Selection.defaults());
        assertEquals(wrong, o.chosen());
        assertTrue(o.notes().contains(UnitsRule.NONE_CONSISTENT), o.notes().toString());
        // a target in kilograms: nothing in metres and seconds is consistent either
        assertTrue(choose(List.of(wrong, law), d, units("kg", false), Selection.defaults()).notes()
                .contains(UnitsRule.NONE_CONSISTENT));
    }
}
