package dysymnet.choice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.search.Candidate;
import dysymnet.search.Source;
import dysymnet.search.Selection;
import dysymnet.search.ParetoFront;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The final choice on noisy data with several features, where the best fit's residual shows the noise: a formula
 * whose residual is the noise is exempt from the blow-up guard, and a law is preferred to a simpler approximation
 * that the data tell apart from it; on noise-free data the choice is the simplest within the factor, as before.
 */
class FinalChoiceNoiseTest {
    private static final int DRAWS = 5;
    private static final List<String> VARS = List.of("m", "v", "c");

    /** {@code m/sqrt(1 - v^2/c^2)} on m in [1, 5], v in [1, 2], c in [3, 10], noise sd {@code level * RMS}. */
    private static Dataset relativistic(long seed, int n, double level) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[3][n];
        double[] f = new double[n];
        double ms = 0;
        for (int i = 0; i < n; i++) {
            x[0][i] = r.nextDouble(1, 5);
            x[1][i] = r.nextDouble(1, 2);
            x[2][i] = r.nextDouble(3, 10);
            f[i] = x[0][i] / Math.sqrt(1 - x[1][i] * x[1][i] / (x[2][i] * x[2][i]));
            ms += f[i] * f[i] / n;
        }
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = f[i] + level * Math.sqrt(ms) * r.nextGaussian();
        }
        return new Dataset(VARS, x, y);
    }

    private static Candidate candidate(String formula, Dataset d) {
        Expr e = Parser.parse(formula);
        double[] p = Evaluator.evaluate(e, d);
        return new Candidate(e, e.complexity(), Metrics.mse(p, d.y()), Metrics.r2(p, d.y()), 0, Source.GP, null, 0);
    }

    /** {@code m*(a + b*(v/c)^2)} with a and b fitted by least squares: 11 nodes to the law's 12. */
    private static Candidate quadratic(Dataset d) {
        double s11 = 0;
        double s12 = 0;
        double s22 = 0;
        double b1 = 0;
        double b2 = 0;
        for (int i = 0; i < d.rows(); i++) {
            double m = d.column(0)[i];
            double t = d.column(1)[i] / d.column(2)[i];
            double q = m * t * t;
            s11 += m * m;
            s12 += m * q;
            s22 += q * q;
            b1 += m * d.y()[i];
            b2 += q * d.y()[i];
        }
        double det = s11 * s22 - s12 * s12;
        double a = (b1 * s22 - b2 * s12) / det;
        double b = (s11 * b2 - s12 * b1) / det;
        return candidate("m*(" + a + " + " + b + "*(v/c)^2)", d);
    }

    @Test
    void onNoisyDataTheLawIsPreferredToASimplerApproximationWithinTheFactor() {
        for (long s = 1; s <= DRAWS; s++) {
            Dataset d = relativistic(s, 600, 0.01);
            Candidate law = candidate("m/sqrt(1 - v^2/c^2)", d);
            Candidate approx = quadratic(d);
            assertTrue(approx.complexity() < law.complexity());
            assertTrue(approx.mse() < ParetoFront.DEFAULT_FACTOR * law.mse(), "draw " + s + ": within the factor");
            assertEquals(law, FinalChoice.choose(List.of(approx, law), d, Selection.defaults()), "draw " + s);
            // the switch-off of the noise level keeps its meaning (without the validation, which would see the law)
            Selection blind = Selection.defaults().toBuilder().noiseAware(false).validation(false).build();
            assertEquals(approx, FinalChoice.choose(List.of(approx, law), d, blind), "draw " + s);
        }
    }

    @Test
    void onNoiseFreeDataTheChoiceIsTheSimplestWithinTheFactorAsBefore() {
        for (long s = 1; s <= DRAWS; s++) {
            Dataset d = relativistic(s, 600, 0);
            // neither is exact: two approximations of different size
            List<Candidate> all = List.of(quadratic(d), candidate("m/sqrt(1 - 0.98*v^2/c^2)", d),
                    candidate("m*exp(0.55*(v/c)^2)", d));
            // (without the blow-up guard, which the probe's v > c would trip for some of them)
            Selection selection = Selection.defaults().toBuilder().extrapolationGuard(false).build();
            Candidate before = ParetoFront.of(all).choose(Metrics.variance(d), selection);
            assertEquals(before, FinalChoice.choose(all, d, selection), "draw " + s);
        }
    }

    @Test
    void aFormulaWhoseResidualIsTheNoiseIsNotPassedOverForARunawayOutsideTheData() {
        int kept = 0;
        for (long s = 1; s <= DRAWS; s++) {
            SplittableRandom r = new SplittableRandom(100 + s);
            int n = 600;
            double[][] x = new double[3][n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[0][i] = r.nextDouble(0.5, 1);
                x[1][i] = r.nextDouble(1, 5);
                x[2][i] = r.nextDouble(1, 5);
                y[i] = x[1][i] * x[2][i] * Math.pow(x[0][i], 40);
            }
            double rms = Math.sqrt(Metrics.mse(new double[n], y));
            for (int i = 0; i < n; i++) {
                y[i] += 0.01 * rms * r.nextGaussian();
            }
            Dataset d = new Dataset(List.of("g", "p", "w"), x, y);
            Candidate law = candidate("p*w*g^40", d);
            // a tame approximation, far worse, that stays within bounds where the probe reaches (g up to 1.25)
            Candidate smooth = candidate("p*w*(0.8*g - 0.4)", d);
            assertTrue(Extrapolation.of(d).blowsUp(law.expression()), "the probe sees the runaway");
            if (FinalChoice.choose(List.of(smooth, law), d, Selection.defaults()).equals(law)) {
                kept++;
            }
            // with the noise level off, as before: the runaway is passed over
            Selection blind = Selection.defaults().toBuilder().noiseAware(false).validation(false).build();
            assertEquals(smooth, FinalChoice.choose(List.of(smooth, law), d, blind), "draw " + s);
        }
        assertEquals(DRAWS, kept);
    }
}
