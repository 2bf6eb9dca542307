package dysymnet.terms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.gp.Primitives;
import dysymnet.net.Operator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The term regression's least squares are weighted: outliers of tiny weight do not spoil an exact law. */
class WeightedTermsTest {

    @Test
    void outliersOfTinyWeightLeaveThePolynomialExact() {
        int n = 60;
        double[] x = new double[n];
        double[] y = new double[n];
        double[] w = new double[n];
        double[] clean = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = -2 + 4.0 * i / (n - 1);
            clean[i] = 1.5 * x[i] * x[i] - x[i] + 0.5;
            boolean outlier = i % 10 == 3;
            y[i] = clean[i] + (outlier ? 20 : 0);
            w[i] = outlier ? 1e-12 : 1;
        }
        List<Operator> ops = List.of(Operator.IDENTITY, Operator.ADD, Operator.MUL, Operator.SIN);
        Dataset weighted = new Dataset(List.of("x"), new double[][] {x}, y, w);
        Dataset plain = new Dataset(List.of("x"), new double[][] {x}, y);
        Dataset truth = new Dataset(List.of("x"), new double[][] {x}, clean);
        List<Expr> fromWeighted = new TermRegression(weighted, Primitives.of(ops, weighted.names()),
                TermSettings.defaults()).run(List.of(), () -> false);
        List<Expr> fromPlain = new TermRegression(plain, Primitives.of(ops, plain.names()), TermSettings.defaults())
                .run(List.of(), () -> false);
        assertTrue(fromWeighted.stream().anyMatch(e -> exactOn(e, truth)), fromWeighted::toString);
        assertTrue(fromPlain.stream().noneMatch(e -> exactOn(e, truth)), fromPlain::toString);
    }

    @Test
    void rootWeightsScaleRows() {
        Dataset d = new Dataset(List.of("x"), new double[][] {{1, 2}}, new double[] {1, 2}, new double[] {1, 3});
        double[] root = SubsetSelection.rootWeights(d);
        assertEquals(Math.sqrt(0.5), root[0], 1e-15);
        assertEquals(Math.sqrt(1.5), root[1], 1e-15);
        double[] v = {2, 4};
        assertEquals(v, SubsetSelection.scaled(v, null));
        assertEquals(4 * Math.sqrt(1.5), SubsetSelection.scaled(v, root)[1], 1e-15);
    }

    private static boolean exactOn(Expr e, Dataset truth) {
        double mse = Metrics.mse(Evaluator.evaluate(e, truth), truth);
        return mse <= 1e-12 * Metrics.variance(truth);
    }
}
