package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.expr.Simplifier;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ContinuationTest {
    /** Rows with x in [lo, hi] and c in [1, 5]. */
    private static Dataset rows(double lo, double hi, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int n = 64;
        double[] x = new double[n];
        double[] c = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = rng.nextDouble(lo, hi);
            c[i] = rng.nextDouble(1, 5);
        }
        return new Dataset(List.of("x", "c"), new double[][] {x, c}, y);
    }

    private static Expr s(String text) {
        return Simplifier.simplify(Parser.parse(text));
    }

    @Test
    void signDefiniteFoldsBecomeTheirArguments() {
        Dataset positive = rows(0.5, 3, 1);
        assertEquals(s("0.159*x/(c*c)"), Continuation.onRows(s("0.159*x/(c*sqrt(c)^2)"), positive));
        assertEquals(s("x + c"), Continuation.onRows(s("sqrt((x + c)^2)"), positive));
        assertEquals(s("2*x*c"), Continuation.onRows(s("2*abs(x*c)"), positive));
        Dataset negative = rows(-3, -0.5, 2);
        assertEquals(s("-(x - c)"), Continuation.onRows(s("abs(x - c)"), negative));
        // nested: the inner fold first, then the outer one
        assertEquals(s("x + c^2"), Continuation.onRows(s("abs(x + sqrt(c)^2*c)"), positive));
    }

    @Test
    void valuesOnTheRowsAreKept() {
        Dataset positive = rows(0.5, 3, 3);
        for (String f : List.of("0.159*x/(c*sqrt(c)^2)", "sqrt((x - 0.1)^2) + sin(abs(c))", "exp(-sqrt(x)^2)")) {
            Expr before = s(f);
            Expr after = Continuation.onRows(before, positive);
            double[] a = Evaluator.evaluate(before, positive);
            double[] b = Evaluator.evaluate(after, positive);
            for (int i = 0; i < a.length; i++) {
                assertEquals(a[i], b[i], 1e-12 * Math.max(1, Math.abs(a[i])), f + " at row " + i);
            }
        }
    }

    @Test
    void foldsThatChangeSignOnTheRowsStay() {
        Dataset mixed = rows(-2, 2, 4);
        Expr e = s("abs(x)*c + sqrt(x)^2");
        assertSame(e, Continuation.onRows(e, mixed));
        Expr plain = s("x*c + sin(x)");
        assertSame(plain, Continuation.onRows(plain, mixed));
    }
}
