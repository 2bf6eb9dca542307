package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.QRDecomposition;
import org.junit.jupiter.api.Test;

/** The final choice's two guards: the noise level and formulas that blow up just outside the data. */
class ModelChoiceTest {
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
        return new Candidate(e, e.complexity(), mse, Metrics.r2(p, d.y()), 0, "test", 0);
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

    @Test
    void theSimplestFormulaWithinTheNoiseIsChosenNotTheOverfit() {
        int simple = 0;
        int simpleWithout = 0;
        for (long seed = 1; seed <= 20; seed++) {
            Dataset d = data("40 - 4.9*x^2", 0, 2, 31, 0.04, seed);
            List<Candidate> cs = new ArrayList<>();
            cs.add(candidate("40", d));
            cs.add(candidate("40 - 4.9*x^2", d));
            // the exact law plus twelve wiggles fitted to the noise by least squares: fits it better, by chance
            cs.add(candidate(overfit("40 - 4.9*x^2", d, 12), d));
            Expr truth = Parser.parse("40 - 4.9*x^2");
            Selection on = Selection.builder().forwardValidation(false).build();
            Selection off = Selection.builder().noiseAware(false).forwardValidation(false).build();
            if (ModelChoice.choose(cs, d, on).expression().equals(truth)) {
                simple++;
            }
            if (ModelChoice.choose(cs, d, off).expression().equals(truth)) {
                simpleWithout++;
            }
        }
        // 31 points tell the noise level only roughly: the law is chosen in most draws, not all (15 of 20 when
        // this was written), and without the noise level in fewer (7: where the over-fit's training MSE is not a
        // factor 1.5 below the law's)
        assertTrue(simple >= 12, simple + " of 20 with the noise level");
        assertTrue(simple >= simpleWithout + 5, simple + " with, " + simpleWithout + " without the noise level");
    }

    @Test
    void aFormulaThatBlowsUpIsPassedOverWhileAnotherIsLeft() {
        Dataset d = data("x^2 + 0.01/(x - 1.3)", -1, 1, 30, 0, 1);
        Candidate pole = candidate("x^2 + 0.01/(x - 1.3)", d);
        Candidate law = candidate("x^2 - 0.006", d);
        Selection guard = Selection.builder().noiseAware(false).forwardValidation(false).build();
        assertEquals(law.expression(), ModelChoice.choose(List.of(pole, law), d, guard).expression());
        Selection noGuard = Selection.builder().noiseAware(false).extrapolationGuard(false).forwardValidation(false)
                .build();
        assertEquals(pole.expression(), ModelChoice.choose(List.of(pole, law), d, noGuard).expression());
        // when every formula blows up, the best of them is still reported
        assertEquals(pole.expression(), ModelChoice.choose(List.of(pole), d, guard).expression());
    }

    @Test
    void forwardValidationPrefersTheLawToFormulasThatOnlyInterpolate() {
        int law = 0;
        int lawWithout = 0;
        for (long seed = 1; seed <= 20; seed++) {
            Dataset d = data("40 - 4.9*x^2", 0, 2, 31, 0.04, seed);
            List<Candidate> cs = new ArrayList<>();
            cs.add(candidate("40", d));
            cs.add(candidate("40 - 4.9*x^2", d));
            cs.add(candidate(overfit("40 - 4.9*x^2", d, 12), d));
            Expr truth = Parser.parse("40 - 4.9*x^2");
            Selection only = Selection.builder().noiseAware(false).extrapolationGuard(false).build();
            Selection none = only.toBuilder().forwardValidation(false).build();
            if (ModelChoice.choose(cs, d, only).expression().equals(truth)) {
                law++;
            }
            if (ModelChoice.choose(cs, d, none).expression().equals(truth)) {
                lawWithout++;
            }
        }
        assertTrue(law >= 16, law + " of 20 with forward validation");
        assertTrue(law >= lawWithout + 5, law + " with, " + lawWithout + " without forward validation");
    }

    @Test
    void forwardValidationLeavesExactLawsAlone() {
        // noise-free: the law predicts the last rows from the first exactly, an approximation does not
        Dataset d = data("sin(x) + x^2", -1, 1, 20, 0, 1);
        Candidate law = candidate("sin(x) + x^2", d);
        Candidate approx = candidate("x + x^2 - 0.1620*x^3", d);
        assertEquals(law.expression(), ModelChoice.choose(List.of(approx, law), d, Selection.defaults())
                .expression());
    }
}
