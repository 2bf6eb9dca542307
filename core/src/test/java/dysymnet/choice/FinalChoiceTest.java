package dysymnet.choice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.search.Candidate;
import dysymnet.search.Source;
import dysymnet.search.Selection;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import java.util.List;
import java.util.SplittableRandom;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.QRDecomposition;
import org.junit.jupiter.api.Test;

/** The final choice's two guards: the noise level and formulas that blow up just outside the data. */
class FinalChoiceTest {
    private static Dataset data(String law, double lo, double hi, int n, double sd, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = lo + (hi - lo) * i / (n - 1);
        }
        double[] f = Evaluator.evaluate(Parser.parse(law), List.of("x"), new double[][] {x});
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = f[i] + sd * r.nextGaussian();
        }
        return new Dataset(List.of("x"), new double[][] {x}, y);
    }

    private static Candidate candidate(String formula, Dataset d) {
        Expr e = Parser.parse(formula);
        double[] p = Evaluator.evaluate(e, d);
        double mse = Metrics.mse(p, d.y());
        return new Candidate(e, e.complexity(), mse, Metrics.r2(p, d.y()), 0, Source.GP, null, 0);
    }

    @Test
    void anExactLawIsChosenEvenWithAPoleOutsideTheData() {
        // the pole at x = 1 lies within half the data's range below it: the guard would pass over a fitted formula
        Dataset d = data("3/(x - 1)", 2, 5, 40, 0, 3);
        Candidate law = candidate("3/(x - 1)", d);
        Candidate approx = candidate("4.5 - 1.6*x + 0.15*x^2", d);
        assertTrue(Extrapolation.of(d).blowsUp(law.expression()), "the probe sees the pole");
        assertEquals(law, FinalChoice.choose(List.of(approx, law), d, Selection.defaults()));
        // the same formula fitted to noisy data is guarded against
        Dataset noisy = data("3/(x - 1)", 2, 5, 40, 0.01, 3);
        Candidate fitted = candidate("3/(x - 1)", noisy);
        Candidate smooth = candidate("4.5 - 1.6*x + 0.15*x^2", noisy);
        assertEquals(smooth, FinalChoice.choose(List.of(fitted, smooth), noisy, Selection.defaults()));
    }

    @Test
    void theSizeCapIsHardAndFallsBackToTheMean() {
        Dataset d = data("x^3 + x", -1, 1, 30, 0, 2);
        Candidate big = candidate("x^3 + x", d);
        Candidate small = candidate("1.6*x", d);
        Selection capped = Selection.builder().maxComplexity(4).build();
        Outcome c = FinalChoice.choice(List.of(big, small), d, capped);
        assertEquals(small, c.chosen());
        assertTrue(c.front().candidates().stream().allMatch(m -> m.complexity() <= 4), "the front keeps to the cap");
        // nothing within the cap: the target's mean, never a formula above it
        Candidate mean = FinalChoice.choice(List.of(big), d, Selection.builder().maxComplexity(2).build()).chosen();
        assertEquals(1, mean.complexity());
        assertEquals(Metrics.mean(d.y()), Evaluator.evaluate(mean.expression(), d)[0], 1e-12);
        assertEquals(Source.MEAN, mean.source());
        assertNull(mean.architecture());
    }

    @Test
    void extrapolationProbeFindsPolesAndOverflowButNotLaws() {
        Dataset sym = data("x", -1, 1, 30, 0, 1);
        Extrapolation probe = Extrapolation.of(sym);
        for (String law : List.of("x^6", "exp(x)", "x^3 + x^2 + x", "sin(x)*cos(x)", "3.5", "log(x + 1.6)",
                "x^8 - x")) {
            assertFalse(probe.blowsUp(Parser.parse(law)), law);
        }
        // poles 0.2 and 0.4 beyond the data, overflow
        for (String bad : List.of("tan(x + 0.37)", "1/(x - 1.4)", "exp(exp(3*x))", "x^40")) {
            assertTrue(probe.blowsUp(Parser.parse(bad)), bad);
        }
        // a positive feature is not probed across zero: log and sqrt of time are fine
        Extrapolation positive = Extrapolation.of(data("x", 1, 3, 30, 0, 1));
        assertFalse(positive.blowsUp(Parser.parse("log(x)")));
        assertFalse(positive.blowsUp(Parser.parse("1/x")));
    }

    /** {@code law} plus {@code k} sines least-squares fitted to the residuals. */
    private static String overfit(String law, Dataset d, int k) {
        double[] f = Evaluator.evaluate(Parser.parse(law), d);
        int n = d.rows();
        double[][] a = new double[n][k];
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = d.y()[i] - f[i];
            for (int j = 0; j < k; j++) {
                a[i][j] = Math.sin((j + 3) * d.column(0)[i]);
            }
        }
        double[] c = new QRDecomposition(new Array2DRowRealMatrix(a, false)).getSolver()
                .solve(new ArrayRealVector(r, false)).toArray();
        StringBuilder sb = new StringBuilder(law);
        for (int j = 0; j < k; j++) {
            sb.append(" + ").append(c[j]).append("*sin(").append(j + 3).append("*x)");
        }
        return sb.toString();
    }

    private static final String FALL = "40 - 4.9*x^2";

    /**
     * Over 20 noisy falls (31 points, the constant, the law, and the law plus twelve wiggles least-squares fitted to
     * the noise, which fits it better by chance), how often each selection chooses the law.
     */
    private static int[] lawChosen(Selection a, Selection b) {
        int[] n = new int[2];
        Expr truth = Parser.parse(FALL);
        for (long seed = 1; seed <= 20; seed++) {
            Dataset d = data(FALL, 0, 2, 31, 0.04, seed);
            List<Candidate> cs = List.of(candidate("40", d), candidate(FALL, d), candidate(overfit(FALL, d, 12), d));
            n[0] += FinalChoice.choose(cs, d, a).expression().equals(truth) ? 1 : 0;
            n[1] += FinalChoice.choose(cs, d, b).expression().equals(truth) ? 1 : 0;
        }
        return n;
    }

    @Test
    void theSimplestFormulaWithinTheNoiseIsChosenNotTheOverfit() {
        // the extrapolation guards off in both: the trend band (TrendBand) passes over the wiggles by itself
        int[] n = lawChosen(Selection.builder().validation(false).extrapolationGuard(false).build(),
                Selection.builder().noiseAware(false).validation(false).extrapolationGuard(false).build());
        // 31 points tell the noise level only roughly: the law is chosen in most draws, not all (15 of 20 when
        // this was written), and without the noise level in fewer (7: where the over-fit's training MSE is not a
        // factor 1.5 below the law's)
        assertTrue(n[0] >= 12, n[0] + " of 20 with the noise level");
        assertTrue(n[0] >= n[1] + 5, n[0] + " with, " + n[1] + " without the noise level");
    }

    @Test
    void aFormulaThatBlowsUpIsPassedOverWhileAnotherIsLeft() {
        // slightly noisy data: an exact fit would be the law, exempt from the guard (next test)
        Dataset d = data("x^2 + 0.01/(x - 1.3)", -1, 1, 30, 1e-4, 1);
        Candidate pole = candidate("x^2 + 0.01/(x - 1.3)", d);
        Candidate law = candidate("x^2 - 0.006", d);
        Selection guard = Selection.builder().noiseAware(false).validation(false).build();
        assertEquals(law.expression(), FinalChoice.choose(List.of(pole, law), d, guard).expression());
        Selection noGuard = Selection.builder().noiseAware(false).extrapolationGuard(false).validation(false)
                .build();
        assertEquals(pole.expression(), FinalChoice.choose(List.of(pole, law), d, noGuard).expression());
        // when every formula blows up, the best of them is still reported
        assertEquals(pole.expression(), FinalChoice.choose(List.of(pole), d, guard).expression());
    }

    @Test
    void validationPrefersTheLawToFormulasThatOnlyInterpolate() {
        Selection only = Selection.builder().noiseAware(false).extrapolationGuard(false).build();
        int[] n = lawChosen(only, only.toBuilder().validation(false).build());
        assertTrue(n[0] >= 16, n[0] + " of 20 with forward validation");
        assertTrue(n[0] >= n[1] + 5, n[0] + " with, " + n[1] + " without forward validation");
    }

    @Test
    void validationLeavesExactLawsAlone() {
        // noise-free: the law predicts the last rows from the first exactly, an approximation does not
        Dataset d = data("sin(x) + x^2", -1, 1, 20, 0, 1);
        Candidate law = candidate("sin(x) + x^2", d);
        Candidate approx = candidate("x + x^2 - 0.1620*x^3", d);
        assertEquals(law.expression(), FinalChoice.choose(List.of(approx, law), d, Selection.defaults())
                .expression());
    }
}
