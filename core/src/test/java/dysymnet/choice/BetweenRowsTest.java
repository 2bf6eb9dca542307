package dysymnet.choice;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.search.Candidate;
import dysymnet.search.Source;
import dysymnet.search.Selection;
import dysymnet.search.Settings;
import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import java.util.List;
import java.util.SplittableRandom;
import dysymnet.testing.Tables;
import org.junit.jupiter.api.Test;

/**
 * Several features: the blow-up guard between the rows, and what ends a search on a small table. Formulas that fit
 * a few rows with a pole or a wild oscillation between them are passed over; laws are not.
 */
class BetweenRowsTest {
    private static final List<String> NAMES = Tables.NAMES;

    private static Dataset table(String law, int n, long seed) {
        return Tables.threeFeatures(law, n, seed);
    }

    @Test
    void lawsStayBetweenTheirRows() {
        for (String law : List.of("a*b + c", "exp(a)*b", "a/b + 3*c", "a^3 - b^2 + c", "sin(a)*cos(b)", "log(b)*a",
                "sqrt(a*b) - c", "2.5", "a + b + c", "exp(3*a*b)", "1/(a*b + 0.1)")) {
            for (long seed = 1; seed <= 5; seed++) {
                // each law on its own rows
                Extrapolation probe = Extrapolation.of(table(law, 40, seed));
                assertFalse(probe.blowsUpBetweenRows(Parser.parse(law)), law);
            }
        }
    }

    @Test
    void polesAndOscillationsBetweenTheRowsAreSeen() {
        Dataset d = table("a*b + c", 40, 2);
        Extrapolation probe = Extrapolation.of(d);
        // tan of a large argument passes through poles between any two rows; 1/(a - 1) has its pole inside the data
        for (String bad : List.of("a*b + 0.2*tan(40*a - b*c)", "a*b + 0.5/(a - 1)", "a*b*exp(5*sin(60*a))")) {
            assertTrue(probe.blowsUpBetweenRows(Parser.parse(bad)), bad);
        }
        // one feature: the grid over the range is the outer guard's business, not this one
        Dataset one = new Dataset(List.of("a"), new double[][] {d.column(0)}, d.y());
        assertFalse(Extrapolation.of(one).blowsUpBetweenRows(Parser.parse("tan(40*a)")));
    }

    @Test
    void theChoicePassesOverAFormulaWithAPoleBetweenTheRows() {
        Dataset d = table("a*b + c", 40, 3);
        double[] y = d.y().clone();
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < y.length; i++) {
            y[i] += 0.3 * r.nextGaussian();
        }
        Dataset noisy = new Dataset(NAMES, d.columns(), y);
        Candidate law = candidate("a*b + c", noisy);
        Candidate pole = candidate("a*b + c + 0.5/(a - 1)", noisy);
        // however well the pole's term fits (here: as well as the law), it is not chosen
        Candidate withPole = new Candidate(pole.expression(), pole.complexity(), law.mse() * 0.5, pole.r2(), 0,
                Source.GP, null, 0);
        assertTrue(FinalChoice.choose(List.of(law, withPole), noisy, Selection.defaults()) == law);
    }

    @Test
    void lawsAreWellConditionedOnTheirRows() {
        for (String law : List.of("a*b + c", "exp(a)*b", "a/b + 3*c", "a^3 - b^2 + c", "sin(a)*cos(b)", "log(b)*a",
                "sqrt(a*b) - c", "2.5", "a + b + c", "exp(3*a*b)", "1/(a*b + 0.1)", "tan(a/2 + b/4)")) {
            for (long seed = 1; seed <= 5; seed++) {
                Extrapolation probe = Extrapolation.of(table(law, 40, seed));
                assertFalse(probe.illConditioned(Parser.parse(law)), law);
            }
        }
        // an input far from zero (a calendar year) with a yearly cycle: the nudge is a share of the input's spread,
        // not of its value, so the cycle is not taken for a lookup table
        SplittableRandom r = new SplittableRandom(7);
        int n = 60;
        double[][] x = new double[2][n];
        for (int i = 0; i < n; i++) {
            x[0][i] = r.nextDouble(1990, 2020);
            x[1][i] = r.nextDouble();
        }
        List<String> names = List.of("t", "u");
        Expr season = Parser.parse("sin(6.2832*t) + 0.3*u");
        Dataset years = new Dataset(names, x, Evaluator.evaluate(season, names, x));
        assertFalse(Extrapolation.of(years).illConditioned(season));
    }

    @Test
    void lookupTablesAreIllConditioned() {
        // k: an integer-valued column 1..40, as counts and years are
        SplittableRandom r = new SplittableRandom(5);
        int n = 80;
        double[][] x = new double[2][n];
        for (int i = 0; i < n; i++) {
            x[0][i] = r.nextDouble(0, 2);
            x[1][i] = 1 + r.nextInt(40);
        }
        List<String> names = List.of("a", "k");
        Dataset d = new Dataset(names, x, Evaluator.evaluate(Parser.parse("a + 0.1*k"), names, x));
        Extrapolation probe = Extrapolation.of(d);
        // a periodic function of a huge argument: its value on each row is set by the input's last digits
        for (String table : List.of("a + 0.1*k + tan(cosh(k) + 0.7)", "a + 0.1*k + sin(1e8*a)",
                "a + 0.1*k + 0.3*sin(cosh(k))")) {
            assertTrue(probe.illConditioned(Parser.parse(table)), table);
        }
        // the same oscillation too small to matter, and a pole on one row of 80, are not this guard's business
        assertFalse(probe.illConditioned(Parser.parse("a + 0.1*k + 1e-6*sin(1e8*a)")));
        double a0 = x[0][17];
        assertFalse(probe.illConditioned(Parser.parse("a + 0.1*k + 0.01*log(a - " + a0 + ")")));
        // the choice on training error passes over a bounded lookup table (which stays within the band between the
        // rows), however much better it fits
        Expr bounded = Parser.parse("a + 0.1*k + 0.3*sin(cosh(k))");
        assertFalse(probe.blowsUpBetweenRows(bounded));
        Candidate lookup = new Candidate(bounded, bounded.complexity(), 0.01, 0.99, 0, Source.GP, null, 0);
        Candidate law = new Candidate(Parser.parse("a + 0.1*k"), 5, 0.05, 0.97, 0, Source.GP, null, 0);
        Selection onTraining = Selection.builder().validation(false).build();
        assertTrue(FinalChoice.choose(List.of(law, lookup), d, onTraining) == law);
        assertTrue(FinalChoice.choose(List.of(law, lookup), d, Selection.builder().validation(false)
                .extrapolationGuard(false).build()) == lookup, "without the guard the lookup table is chosen");
    }

    private static Candidate candidate(String formula, Dataset d) {
        Expr e = Parser.parse(formula);
        double[] p = Evaluator.evaluate(e, d);
        double mse = dysymnet.data.Metrics.mse(p, d.y());
        return new Candidate(e, e.complexity(), mse, dysymnet.data.Metrics.r2(p, d.y()), 0, Source.GP, null, 0);
    }
}
