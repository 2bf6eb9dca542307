package dysymnet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.search.Candidate;
import dysymnet.search.Reward;
import dysymnet.search.Settings;
import dysymnet.search.Source;
import dysymnet.search.Timings;
import dysymnet.units.Dimension;
import dysymnet.units.DimensionCheck;
import dysymnet.units.UnitText;
import dysymnet.units.Units;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Units through the library: the builder takes them, the fit checks them, the model reports its unit check. */
class UnitsFitTest {
    /** A thrown ball's height, h = v*t - 4.9*t^2, on 30 rows. */
    private static double[][] x = new double[30][2];
    private static double[] y = new double[30];

    static {
        for (int i = 0; i < 30; i++) {
            x[i][0] = 0.1 + 0.07 * i;
            x[i][1] = 3 + (i * 7 % 11);
            y[i] = x[i][1] * x[i][0] - 4.9 * x[i][0] * x[i][0];
        }
    }

    private static SymbolicRegressor.Builder quick() {
        return SymbolicRegressor.builder().batchSize(2).maxSteps(1).layers(1).widths(1, 2).threads(1).seed(3);
    }

    @Test
    void theModelOfAFitWithUnitsIsConsistentAndNamesItsConstantsUnits() {
        Map<String, String> units = new TreeMap<>(Map.of("t", "s", "v", "m/s"));
        Model m = quick().units(units, "m").build().fit(x, y, "t", "v");
        DimensionCheck.Result check = m.unitCheck();
        assertTrue(check.consistent(), check::summary);
        assertEquals(UnitText.parse("m/s"), m.units().of("v"));
        assertEquals(constants(m), check.constants().size());
        // the same fit without units: no check
        assertNull(quick().build().fit(x, y, "t", "v").unitCheck());
    }

    /**
     * With units the GP also searches the inputs' dimensionless groups: {@code m*v^2/cosh(c/v)} is {@code 1/cosh(pi1)}
     * there, a formula of three nodes, written back in the inputs. GP alone (no networks, no term regression), one
     * step, on three seeds: exact each time, with a candidate of the GP on the groups on the front.
     */
    @Test
    void withUnitsTheGpAlsoSearchesTheDimensionlessGroups() {
        double[][] rows = threeInputs(60);
        double[] target = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            target[i] = rows[i][0] * rows[i][1] * rows[i][1] / Math.cosh(rows[i][2] / rows[i][1]);
        }
        Map<String, String> units = new TreeMap<>(Map.of("m", "kg", "v", "m/s", "c", "m/s"));
        int fromGroups = 0;
        for (long seed = 1; seed <= 3; seed++) {
            Model m = SymbolicRegressor.builder().batchSize(0).termRegression(false).maxSteps(1).threads(1)
                    .seed(seed).units(units, "J").build().fit(rows, target, "m", "v", "c");
            assertTrue(m.trainR2() > 1 - 1e-12, m.expression() + ": R^2 " + m.trainR2());
            if (m.history().pareto().stream().anyMatch(c -> c.source().equals(Source.GP_GROUPS))) {
                fromGroups++;
            }
        }
        assertTrue(fromGroups >= 2, "a candidate of the GP on the groups on " + fromGroups + " of 3 fronts");
    }

    @Test
    void withUnitsALawOfOneGroupIsFoundAsACurveOfIt() {
        // Planck's mean energy of an oscillator, E/(exp(E/(2*kb*T)) - 1): one group, its constant inside the exp;
        // neither networks nor GP, so the term regression and the curves are what could find it
        double[][] rows = threeInputs(80);
        double[] target = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            target[i] = rows[i][0] / (Math.exp(rows[i][0] / (2 * rows[i][1] * rows[i][2])) - 1);
        }
        Map<String, String> units = new TreeMap<>(Map.of("E", "J", "kb", "J/K", "T", "K"));
        for (long seed = 1; seed <= 2; seed++) {
            Model m = SymbolicRegressor.builder().batchSize(0).geneticProgramming(false).maxSteps(1).threads(1)
                    .seed(seed).units(units, "J").build().fit(rows, target, "E", "kb", "T");
            assertTrue(m.trainR2() > 1 - 1e-12, m.expression() + ": R^2 " + m.trainR2());
            assertTrue(m.history().pareto().stream().anyMatch(c -> c.source().equals(Source.CURVES_GROUPS)),
                    "a curve of the group on the front");
        }
    }

    /**
     * The sources of the groups only add what the others miss: a law the GP or the term regression solves before the
     * first step (a kinetic energy, m*v^2/2, whose only group is a constant) leaves no candidate of theirs, so that
     * with units it takes no longer than without. Broken if they ran first, or ran on once it was solved.
     */
    @Test
    void aLawTheOtherSourcesSolveIsNotSearchedOnTheGroups() {
        double[][] rows = threeInputs(60);
        double[] target = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            target[i] = rows[i][0] * rows[i][1] * rows[i][1] / (2 * rows[i][2]);
        }
        // m*v^2/(2*k) with k dimensionless: one group, k itself
        Map<String, String> units = new TreeMap<>(Map.of("m", "kg", "v", "m/s", "k", "1"));
        for (long seed = 1; seed <= 2; seed++) {
            Model m = SymbolicRegressor.builder().batchSize(0).maxSteps(1).threads(1).seed(seed)
                    .units(units, "J").build().fit(rows, target, "m", "v", "k");
            assertTrue(m.trainR2() > 1 - 1e-12, m.expression() + ": R^2 " + m.trainR2());
            List<String> ran = m.history().timings().stages().stream().map(Timings.Stage::name).toList();
            assertTrue(ran.contains(Source.GP.name()), "the GP ran: " + ran);
            assertTrue(!ran.contains(Source.GP_GROUPS.name()) && !ran.contains(Source.CURVES_GROUPS.name()),
                    "the groups' sources ran after the law was solved: " + ran);
        }
    }

    /** {@code n} rows of three positive inputs in a scrambled order, on a grid (1-4, 1-3, 0.5-4.5). */
    private static double[][] threeInputs(int n) {
        double[][] rows = new double[n][3];
        for (int i = 0; i < n; i++) {
            rows[i][0] = 1 + (i * 7 % 13) / 4.0;
            rows[i][1] = 1 + (i * 5 % 11) / 5.0;
            rows[i][2] = 0.5 + (i * 3 % 17) / 4.0;
        }
        return rows;
    }

    private static int constants(Model m) {
        return dysymnet.expr.Constants.count(m.expression());
    }

    @Test
    void theSnapDoesNotDropAConstantThatCarriesTheUnit() {
        // y = t*v exactly, but the target is said to be in seconds: t*v (a length) is inconsistent, 1.0001*t*v is
        // (its constant in s/m); the snap would round the 1.0001 away
        int n = 1000;
        double[][] cols = new double[2][n];
        double[] target = new double[n];
        for (int i = 0; i < n; i++) {
            cols[0][i] = 0.5 + 2.0 * i / n;
            cols[1][i] = 1 + (i * 7 % 13);
            target[i] = cols[0][i] * cols[1][i];
        }
        Dataset d = new Dataset(List.of("t", "v"), cols, target);
        List<Candidate> found = new ArrayList<>();
        for (String f : List.of("t*v", "1.0001*t*v")) {
            Expr e = Parser.parse(f);
            double[] p = Evaluator.evaluate(e, d);
            double mse = Metrics.mse(p, d.y());
            found.add(new Candidate(e, e.complexity(), mse, Metrics.r2(p, d.y()), Reward.of(mse, Metrics.variance(
                    d.y())), Source.GP, null, 0));
        }
        Settings settings = quick().settings();
        Map<String, Dimension> u = new LinkedHashMap<>();
        u.put("t", UnitText.parse("s"));
        u.put("v", UnitText.parse("m/s"));
        Model m = new FitPipeline(settings, null, null, new Units(u, UnitText.parse("s"), false)).replay(d, "y", found);
        assertTrue(m.unitCheck().consistent(), m.formula() + ": " + m.unitCheck().summary());
        assertEquals(List.of(UnitText.parse("s/m")), m.unitCheck().constants());
        // without units the exact formula is reported
        assertEquals(Parser.parse("t*v"), new FitPipeline(settings, null, null).replay(d, "y", found).expression());
    }

    @Test
    void unitsMustCoverEveryFeatureAndReadAsUnits() {
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> quick().units(Map.of("t", "fortnight"), null));
        assertTrue(bad.getMessage().startsWith("unit of t: unknown unit 'fortnight'"), bad.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> quick().units(Map.of("t", "s"), "m").build().fit(x, y, "t", "v"));
        assertTrue(missing.getMessage().startsWith("no unit for the feature 'v'"), missing.getMessage());
        IllegalArgumentException extra = assertThrows(IllegalArgumentException.class,
                () -> quick().units(Map.of("t", "s", "v", "m/s", "q", "C"), "m").build().fit(x, y, "t", "v"));
        assertTrue(extra.getMessage().startsWith("a unit for 'q', which is not a feature"), extra.getMessage());
        // --dimensionless-constants as a builder switch overrides the units' own mode
        assertTrue(quick().units(Map.of("t", "s", "v", "m/s"), "m").dimensionlessConstants(true).build().units()
                .dimensionlessConstants());
    }
}
