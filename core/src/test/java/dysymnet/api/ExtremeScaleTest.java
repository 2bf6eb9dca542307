package dysymnet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.data.Scaling;
import dysymnet.expr.Const;
import dysymnet.net.Operator;
import java.time.Duration;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** Data of extreme magnitude gives formulas in the data's own units, never 0 or Infinity passed off as a law. */
class ExtremeScaleTest {

    private static SymbolicRegressor.Builder small() {
        return SymbolicRegressor.builder().operators(Operator.IDENTITY, Operator.SQUARE).layers(1).widths(1, 2)
                .batchSize(4).maxSteps(3).threads(1).seed(1);
    }

    /** 40 rows of x in [lo, 2 lo] and y = f(x). */
    private static Dataset data(double lo, DoubleUnaryOperator f) {
        double[] x = new double[40];
        double[] y = new double[40];
        for (int i = 0; i < x.length; i++) {
            x[i] = lo * (1 + i / 39.0);
            y[i] = f.applyAsDouble(x[i]);
        }
        return new Dataset(List.of("x"), new double[][] {x}, y);
    }

    private static void assertFitsInItsOwnUnits(Dataset d) {
        Model m = small().build().fit(d, "y");
        double[] pred = m.predict(d);
        for (double p : pred) {
            assertTrue(Double.isFinite(p), () -> "prediction " + p + " of " + m);
        }
        double r2 = Metrics.r2(pred, d.y());
        assertTrue(r2 > 0.999, () -> "R^2 " + r2 + " of " + m);
        assertEquals(r2, m.trainR2(), 1e-12);
        assertTrue(!(m.expression() instanceof Const), () -> "a constant for a varying target: " + m);
        // in the data's units an error can be beyond double range (the MSE of a 1e306 target): R^2 stays meaningful
        for (var c : m.pareto()) {
            assertTrue(Double.isFinite(c.r2()) && c.mse() >= 0, () -> "front entry " + c);
        }
    }

    @Test
    void aTinyTargetIsFittedNotReportedAsZero() {
        assertFitsInItsOwnUnits(data(1.0, x -> 1e-300 * (x * x + 1)));
    }

    @Test
    void aHugeTargetIsFittedNotReportedAsInfinity() {
        assertFitsInItsOwnUnits(data(1.0, x -> 1e306 * (x * x + 1)));
    }

    @Test
    void hugeInputsAreFittedInTheirOwnUnits() {
        assertFitsInItsOwnUnits(data(1e150, x -> 3 * (x * 1e-150) * (x * 1e-150)));
    }

    @Test
    void dataOfOrdinarySizeIsNotScaled() {
        assertTrue(Scaling.of(data(1.0, x -> 1e-30 * x)).isIdentity());
        assertTrue(Scaling.of(data(1e15, x -> 1e20 * x)).isIdentity());
        Scaling s = Scaling.of(data(1e150, x -> 1e-300 * x));
        assertEquals(Math.getExponent(2e-150), s.targetExponent());
        assertEquals(Math.getExponent(2e150), s.featureExponents()[0]);
    }

    @Test
    void aSearchThatFindsNoFormulaSaysSoInsteadOfReturningOne() {
        Dataset d = data(1.0, x -> x * x);
        NoFormulaException e = assertThrows(NoFormulaException.class,
                () -> small().timeLimit(Duration.ofNanos(1)).build().fit(d, "y"));
        assertTrue(e.getMessage().contains("no formula"), e.getMessage());
    }
}
