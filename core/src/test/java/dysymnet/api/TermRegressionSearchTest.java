package dysymnet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.expr.Simplifier;
import dysymnet.gp.GpSettings;
import dysymnet.net.Operator;
import dysymnet.search.Source;
import dysymnet.search.Budget;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The term-regression stage inside the whole search. */
class TermRegressionSearchTest {

    /**
     * The term regression's least-squares fit over powers of x finds the law whatever the quick GP before it added to
     * its basis, but that GP is random and could in principle find the law first (or leave the stage a basis that
     * misses it): so over 6 draws, each of other data and another search seed, at least 5 must end solved by the term
     * regression before any network is trained (measured: 10 of 10 for seeds 0-9).
     */
    @Test
    void aPolynomialLawEndsTheSearchBeforeAnyNetworkIsTrained() {
        Expr law = Simplifier.simplify(Parser.parse("x^6 + x^5 + x^4 + x^3 + x^2 + x"));
        int byTerms = 0;
        List<String> misses = new ArrayList<>();
        for (long seed = 0; seed < 6; seed++) {
            double[][] x = SymbolicRegressorTest.rows(20, 1, seed);
            double[] y = new double[x.length];
            for (int i = 0; i < y.length; i++) {
                double v = x[i][0];
                y[i] = v * v * v * v * v * v + v * v * v * v * v + v * v * v * v + v * v * v + v * v + v;
            }
            Model m = SymbolicRegressor.builder().seed(seed).threads(1).build().fit(x, y);
            boolean fromTerms = m.pareto().stream().anyMatch(c -> c.expression().equals(m.expression())
                    && c.source().equals(Source.TERMS));
            if (m.stopReason().equals("SOLVED") && m.networksTrained() == 0 && law.equals(m.expression())
                    && fromTerms) {
                byTerms++;
            } else {
                misses.add("seed " + seed + ": " + m.stopReason() + " after " + m.networksTrained()
                        + " networks, " + m.expression() + (fromTerms ? "" : " not") + " from the term regression");
            }
        }
        assertTrue(byTerms >= 5, byTerms + " of 6 draws solved by the term regression alone; " + misses);
    }

    @Test
    void theSameSeedGivesTheSameFormulaOnOneAndOnTwoThreads() {
        double[][] x = SymbolicRegressorTest.rows(40, 2, 4);
        double[] y = new double[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.sin(x[i][0] * x[i][1] + 0.5) + x[i][0];
        }
        // never solved early: the term regression runs before the first step and after each, on the networks' terms
        SymbolicRegressor.Builder b = SymbolicRegressor.builder().layers(1, 2).widths(1, 2)
                .operators(Operator.IDENTITY, Operator.SIN, Operator.EXP, Operator.MUL, Operator.ADD)
                .batchSize(3).maxSteps(2).solveR2(1.1).seed(5)
                .gp(GpSettings.builder().population(100).generations(2).quickGenerations(2).build());
        Model one = b.threads(1).build().fit(x, y);
        Model two = b.threads(2).build().fit(x, y);
        assertEquals(one.expression(), two.expression());
        assertEquals(one.pareto(), two.pareto());
    }

    @Test
    void onlyAnExactFitSolvesTheSearchNotAnR2OfOneInDoublePrecision() {
        Budget b = Budget.defaults();
        // a curve fit whose R^2 rounds to 1 (normalised MSE 1e-17) is not a law
        assertFalse(b.solvedBy(1e-17, 1.0, 1.0));
        assertTrue(b.solvedBy(1e-30, 1.0, 1.0));
        assertTrue(b.solvedBy(1e-26, 1.0, 1e4), "relative to the target's variance");
        assertFalse(b.solvedBy(1e-30, 0.999, 1.0));
        Budget lenient = b.toBuilder().solveR2(0.99).build();
        assertTrue(lenient.solvedBy(0.005, 0.995, 1.0), "a threshold below 1 is the R^2 alone");
    }
}
