package dysymnet.choice;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.search.Candidate;
import dysymnet.search.Source;
import dysymnet.search.Selection;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.fit.LevenbergMarquardtFitter;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The final choice on tables of several features: held-out rows, not training error, decide. */
class CrossValidationTest {
    private static final List<String> NAMES = List.of("a", "b", "c");

    private static Dataset table(String law, int n, double sd, long seed) {
        return NoisyTables.of(law, NAMES, n, sd, seed);
    }

    /** {@code shape}'s constants fitted to the data (from those written), as a candidate. */
    private static Candidate fitted(String shape, Dataset d) {
        Expr e = new LevenbergMarquardtFitter(200, 400).fit(Parser.parse(shape), d).expression();
        double[] p = Evaluator.evaluate(e, d);
        double mse = Metrics.mse(p, d.y());
        return new Candidate(e, e.complexity(), mse, Metrics.r2(p, d.y()), 0, Source.GP, null, 0);
    }

    private static double testMse(Candidate c, String law, long seed) {
        Dataset test = table(law, 2000, 0, seed + 1000);
        return Metrics.mse(Evaluator.evaluate(c.expression(), test), test.y());
    }

    /**
     * A formula that bends its many constants to 35 noisy rows fits them better than the straight line, and
     * predicts new rows worse: held out, the rows tell, and the line is chosen (training error alone would not).
     */
    @Test
    void aStraightLineBeatsAFormulaBentToFewRows() {
        String law = "1 + 2*a - b";
        int lineChosen = 0;
        int lineBetterOnNewRows = 0;
        int draws = 10;
        for (long seed = 1; seed <= draws; seed++) {
            Dataset d = table(law, 35, 0.5, seed);
            Candidate line = fitted("1 + 1*a + 1*b + 1*c", d);
            // the full quadratic in the three inputs and five cubic terms: 15 constants for 35 rows
            Candidate bent = fitted("1 + 1*a + 1*b + 1*c + 1*a^2 + 1*b^2 + 1*c^2 + 1*a*b + 1*a*c + 1*b*c + 1*a^3"
                    + " + 1*b^3 + 1*c^3 + 1*a^2*b + 1*a*b*c", d);
            assertTrue(bent.mse() < line.mse(), "the bent formula fits the rows better");
            List<Candidate> both = new ArrayList<>(List.of(line, bent));
            // the blow-up guard left out, which could pass over the cubic for its own reason
            Candidate chosen = FinalChoice.choose(both, d, Selection.builder().extrapolationGuard(false).build());
            if (chosen == line) {
                lineChosen++;
            }
            if (testMse(line, law, seed) < testMse(bent, law, seed)) {
                lineBetterOnNewRows++;
            }
            Candidate byTraining = FinalChoice.choose(both, d,
                    Selection.builder().factor(1.0).validation(false).noiseAware(false)
                            .extrapolationGuard(false).build());
            assertEquals(bent, byTraining, "training error alone keeps the bent formula");
        }
        assertTrue(lineBetterOnNewRows >= draws - 1, "the line predicts new rows better: " + lineBetterOnNewRows);
        assertTrue(lineChosen >= draws - 1, "the line chosen in " + lineChosen + " of " + draws);
    }

    /**
     * The paired rule: a term worth 4% of the noise variance on 1,000 rows (about 3.3 standard errors of the paired
     * differences of the held-out errors, where the spread of either error alone, 4.5%, is larger than the gain) is
     * seen, so the law is kept over the simpler formula that misses it.
     */
    @Test
    void aSmallButRealGainIsKept() {
        String law = "a + b + 0.7*c^2";
        int lawChosen = 0;
        int draws = 10;
        for (long seed = 1; seed <= draws; seed++) {
            Dataset d = table(law, 1000, 1.0, seed);
            Candidate simpler = fitted("1*a + 1*b + 1*c", d);
            Candidate full = fitted("1*a + 1*b + 1*c^2", d);
            Candidate chosen = FinalChoice.choose(new ArrayList<>(List.of(simpler, full)), d, Selection.defaults());
            if (chosen == full) {
                lawChosen++;
            }
        }
        assertTrue(lawChosen >= draws - 1, "the law chosen in " + lawChosen + " of " + draws);
    }

    @Test
    void thePairedRuleItself() {
        double[] base = new double[100];
        double[] same = new double[100];
        double[] worse = new double[100];
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 100; i++) {
            base[i] = r.nextDouble();
            same[i] = base[i] + 0.01 * r.nextGaussian();
            worse[i] = base[i] + 0.5 + 0.01 * r.nextGaussian();
        }
        assertTrue(CrossValidation.notWorse(same, base, 1.0));
        assertTrue(CrossValidation.notWorse(base, worse, 1.0), "better is not worse");
        assertFalse(CrossValidation.notWorse(worse, base, 1.0));
        double[] infinite = base.clone();
        infinite[7] = Double.POSITIVE_INFINITY;
        assertFalse(CrossValidation.notWorse(infinite, base, 1.0), "a prediction that is not finite is worse");
    }

    @Test
    void exactFitsAndOneFeatureAreLeftToTheOtherRules() {
        // an exact law is chosen by training error as before (no validation needed, none done)
        Dataset d = table("a*b + c", 200, 0, 9);
        Candidate law = fitted("a*b + 1*c", d);
        Candidate line = fitted("1 + 1*a + 1*b + 1*c", d);
        assertEquals(law, FinalChoice.choose(new ArrayList<>(List.of(line, law)), d, Selection.defaults()));
    }

    private static Candidate line(String shape, Dataset d) {
        Candidate c = fitted(shape, d);
        return new Candidate(c.expression(), c.complexity(), c.mse(), c.r2(), 0, Source.LINEAR, null, 0);
    }

    /**
     * The straight line is the null model of a table: a formula that fits the rows a little better and cannot show
     * on held-out rows that it predicts better is not reported in its place; a formula that clearly does is.
     */
    @Test
    void theLineStaysUnlessAFormulaIsClearlyBetter() {
        int lineKept = 0;
        int lawKept = 0;
        int draws = 10;
        for (long seed = 1; seed <= draws; seed++) {
            Dataset flat = table("2 + a - 0.5*b + 0.3*c", 80, 0.5, seed);
            Candidate l = line("1 + 1*a + 1*b + 1*c", flat);
            Candidate wiggle = fitted("1 + 1*a + 1*b + 1*c + 0.1*sin(3*a*b)", flat);
            assertTrue(wiggle.mse() <= l.mse() * (1 + 1e-9));
            if (FinalChoice.choose(new ArrayList<>(List.of(l, wiggle)), flat, Selection.defaults()) == l) {
                lineKept++;
            }
            Dataset curved = table("a*b + c", 80, 0.5, seed);
            Candidate l2 = line("1 + 1*a + 1*b + 1*c", curved);
            Candidate law = fitted("1*a*b + 1*c", curved);
            if (FinalChoice.choose(new ArrayList<>(List.of(l2, law)), curved, Selection.defaults()) == law) {
                lawKept++;
            }
        }
        assertTrue(lineKept >= draws - 1, "the line kept in " + lineKept + " of " + draws);
        assertTrue(lawKept >= draws - 1, "the law kept in " + lawKept + " of " + draws);
    }

    /**
     * A noise-free law of seven inputs whose target spans more than five orders of magnitude: a formula that misses
     * part of it but predicts held-out rows several times better than the line (half its loss or less) is never
     * replaced by the line, although a few rows of large targets carry most of either's loss and the paired t of
     * the squared errors stays below its threshold in half the draws (there the line was reported before).
     */
    @Test
    void aLawIsNotTradedForALineWhenAFewRowsCarryTheLoss() {
        List<String> names = List.of("a", "b", "c", "d", "e", "f", "g");
        String law = "((a + 0.3)*(b + 0.3)/((c + 0.3)*(d + 0.3)))^2*(1 + (e + 0.3)*(f + 0.3)/(g + 0.3))";
        int severalTimesBetter = 0;
        int tBelowThreshold = 0;
        for (long seed = 1; seed <= 12; seed++) {
            Dataset d = NoisyTables.of(law, names, 500, 0, seed);
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            for (double v : d.y()) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            assertTrue(hi / lo > 1e5, "the target spans five orders of magnitude: " + lo + " .. " + hi);
            Candidate l = line("1 + 1*a + 1*b + 1*c + 1*d + 1*e + 1*f + 1*g", d);
            // the law's first factor alone: it misses the second
            Candidate partial = fitted("2*((a + 0.3)*(b + 0.3)/((c + 0.3)*(d + 0.3)))^2", d);
            List<Candidate> members = new ArrayList<>(List.of(l, partial));
            CrossValidation.Validated v = CrossValidation.validate(dysymnet.search.ParetoFront.of(members),
                    List.of(l), d, Selection.defaults(), partial, null);
            double[] lineLoss = v.loss()[v.members().indexOf(l)];
            double[] partialLoss = v.loss()[v.members().indexOf(partial)];
            if (mean(partialLoss) > CrossValidation.LINE_LOSS_FRACTION * mean(lineLoss)) {
                continue; // held out, not several times better than the line: the paired t decides as before
            }
            severalTimesBetter++;
            if (CrossValidation.pairedT(lineLoss, partialLoss) <= CrossValidation.LINE_STANDARD_ERRORS) {
                tBelowThreshold++;
            }
            Candidate chosen = FinalChoice.choose(members, d, Selection.defaults());
            assertTrue(chosen == partial, "seed " + seed + ": the line (training R^2 " + l.r2() + ") reported over "
                    + "a formula of training R^2 " + partial.r2());
        }
        assertTrue(severalTimesBetter >= 6, "several times better in " + severalTimesBetter + " of 12");
        assertTrue(tBelowThreshold >= 3, "the heavy tail defeats the paired t in " + tBelowThreshold);
    }

    /**
     * A large table spends the held-out budget on more rows, not on repeats: a law a little better than the line
     * (held-out loss about 0.97 of the line's under noise) is told from it on a 6,000-row table, where the same law
     * on 500 rows (the rows all tables were cut to before) often is not.
     */
    @Test
    void aLargeTableTellsALawALittleBetterThanTheLineFromIt() {
        List<String> names = List.of("a", "b", "c");
        String law = "a + b + c + 0.3*a*b";
        int keptLarge = 0;
        int keptSmall = 0;
        int seeds = 20;
        for (long seed = 1; seed <= seeds; seed++) {
            for (int n : new int[] {500, 6000}) {
                Dataset d = NoisyTables.of(law, names, n, 0.6, seed);
                Candidate l = line("1 + 1*a + 1*b + 1*c", d);
                Candidate f = fitted("1*a + 1*b + 1*c + 0.1*a*b", d);
                if (FinalChoice.choose(new ArrayList<>(List.of(l, f)), d, Selection.defaults()) == f) {
                    if (n == 500) {
                        keptSmall++;
                    } else {
                        keptLarge++;
                    }
                }
            }
        }
        assertEquals(CrossValidation.ROW_BUDGET, CrossValidation.plan(6000)[0]);
        assertTrue(keptLarge >= 16, "the law kept on " + keptLarge + " of " + seeds + " large tables");
        assertTrue(keptLarge >= keptSmall + 5, "large tables " + keptLarge + ", 500 rows " + keptSmall);
    }

    /** Small tables keep every row and three fold assignments; larger ones trade assignments for rows. */
    @Test
    void thePlanKeepsTheCostAndSpendsItOnRows() {
        assertArrayEquals(new int[] {40, 3}, CrossValidation.plan(40));
        assertArrayEquals(new int[] {500, 3}, CrossValidation.plan(500));
        assertArrayEquals(new int[] {700, 2}, CrossValidation.plan(700));
        assertArrayEquals(new int[] {1500, 1}, CrossValidation.plan(1500));
        assertArrayEquals(new int[] {1500, 1}, CrossValidation.plan(1_000_000));
        for (int n : new int[] {10, 333, 501, 900, 1499, 20000}) {
            int[] p = CrossValidation.plan(n);
            assertTrue(p[0] * p[1] <= CrossValidation.ROW_BUDGET, n + " rows: " + p[0] + " x " + p[1]);
        }
    }

    /**
     * The sign test beside the loss ratio: a formula whose mean loss is far lower only because the line fails on a
     * few rows, while it is worse on most rows, is not several times better; one lower on most rows is.
     */
    @Test
    void severalTimesBetterNeedsMostRows() {
        int n = 200;
        double[] line = new double[n];
        double[] fewRows = new double[n];
        double[] mostRows = new double[n];
        for (int i = 0; i < n; i++) {
            line[i] = i < 4 ? 1000 : 1;
            fewRows[i] = 1.5; // beats the line's 1000 on four rows, loses on the other 196
            mostRows[i] = i % 10 == 0 ? 2 : 0.1;
        }
        assertTrue(mean(fewRows) < CrossValidation.LINE_LOSS_FRACTION * mean(line));
        assertFalse(CrossValidation.severalTimesBetter(fewRows, line, CrossValidation.SIGN_TEST_LEVEL));
        assertTrue(CrossValidation.severalTimesBetter(mostRows, line, CrossValidation.SIGN_TEST_LEVEL));
        assertFalse(CrossValidation.severalTimesBetter(line, mostRows, CrossValidation.SIGN_TEST_LEVEL));
        assertEquals(1.0, CrossValidation.signTest(line, line), 0.0, "no row differs");
        // the sign test alone: 15 rows of 20 lower is p = 0.021, 14 of 20 is p = 0.058
        double[] a = new double[20];
        double[] b = new double[20];
        for (int i = 0; i < 20; i++) {
            b[i] = 1;
            a[i] = i < 15 ? 0 : 2;
        }
        assertEquals(0.0207, CrossValidation.signTest(a, b), 1e-4);
        a[14] = 2;
        assertEquals(0.0577, CrossValidation.signTest(a, b), 1e-4);
    }

    /** The rule itself, on held-out losses made up for it: members by complexity, the line the third. */
    @Test
    void theRuleOnHeldOutLosses() {
        List<Candidate> members = members(k -> k == 2);
        int n = 400;
        SplittableRandom r = new SplittableRandom(11);
        double[] base = uniform(r, n);
        // losses: member 0 clearly worst, 1 and 3 best and tied, the line (2) a little worse than them (its mean
        // excess exact: row noise of mean 0 and sd 0.05 gives a standard error of 0.0025)
        double[] u = centred(r, n);
        double[] v = centred(r, n);
        double[][] near = new double[4][n];
        double[][] far = new double[4][n];
        for (int i = 0; i < n; i++) {
            for (double[][] loss : new double[][][] {near, far}) {
                loss[0][i] = base[i] + 1;
                loss[1][i] = base[i];
                loss[3][i] = base[i] + 0.05 * v[i];
            }
            near[2][i] = base[i] + 0.003 + 0.05 * u[i]; // 1.2 standard errors worse
            far[2][i] = base[i] + 0.02 + 0.05 * u[i]; // 8 standard errors worse
        }
        // the line within two standard errors of the choice replaces it, whoever the incumbent was
        assertEquals(2, CrossValidation.decide(near, members, 1));
        assertEquals(2, CrossValidation.decide(near, members, 0));
        // a line clearly worse does not; the incumbent stays when not worse than the best, else the simplest that
        // is not (member 1 before member 3)
        assertEquals(3, CrossValidation.decide(far, members, 3));
        assertEquals(1, CrossValidation.decide(far, members, 0));
        assertEquals(1, CrossValidation.decide(far, members, -1));
    }

    /**
     * Of the lines, the one on every input (the most complex) unless a sparser one predicts clearly better: members
     * by complexity, a sparse line (1), the full line (2), a formula (3) the incumbent.
     */
    @Test
    void theFullLineUnlessASparserOneIsClearlyBetter() {
        List<Candidate> members = members(k -> k == 1 || k == 2);
        int n = 400;
        SplittableRandom r = new SplittableRandom(12);
        double[] base = uniform(r, n);
        double[] u = centred(r, n);
        double[] v = centred(r, n);
        double[][] near = new double[4][n];
        double[][] far = new double[4][n];
        for (int i = 0; i < n; i++) {
            for (double[][] loss : new double[][][] {near, far}) {
                loss[0][i] = base[i] + 1; // the mean, say
                loss[1][i] = base[i]; // the sparse line, the best
                loss[3][i] = base[i] + 0.003 + 0.05 * v[i]; // the formula, 1.2 standard errors worse than it
            }
            near[2][i] = base[i] + 0.003 + 0.05 * u[i]; // the full line 1.2 standard errors worse than the sparse
            far[2][i] = base[i] + 0.02 + 0.05 * u[i]; // 8 standard errors worse
        }
        assertEquals(2, CrossValidation.decide(near, members, 3));
        assertEquals(1, CrossValidation.decide(far, members, 3));
    }

    /** Four members by increasing complexity, those {@code line} says straight lines, the others GP formulas. */
    private static List<Candidate> members(java.util.function.IntPredicate line) {
        List<Candidate> members = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            members.add(new Candidate(Parser.parse("a + " + k), 3 + 4 * k, 1, 0.5, 0,
                    line.test(k) ? Source.LINEAR : Source.GP, null, 0));
        }
        return members;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    /** n draws uniform in [0, 2): the rows' common part of the losses. */
    private static double[] uniform(SplittableRandom r, int n) {
        double[] base = new double[n];
        for (int i = 0; i < n; i++) {
            base[i] = r.nextDouble() * 2;
        }
        return base;
    }

    /** n standard normal draws shifted to mean 0 and scaled to standard deviation 1. */
    private static double[] centred(SplittableRandom r, int n) {
        double[] z = new double[n];
        double mean = 0;
        for (int i = 0; i < n; i++) {
            z[i] = r.nextGaussian();
            mean += z[i] / n;
        }
        double ss = 0;
        for (int i = 0; i < n; i++) {
            z[i] -= mean;
            ss += z[i] * z[i];
        }
        double sd = Math.sqrt(ss / (n - 1));
        for (int i = 0; i < n; i++) {
            z[i] /= sd;
        }
        return z;
    }
}
