package dysymnet.fit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dysymnet.data.Dataset;
import dysymnet.expr.Parser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A fit of some of a formula's constants, from given values: the others keep theirs (the polisher's refit snap). */
class FitProblemTest {
    private static Dataset data() {
        int n = 50;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 0.1 * i;
            y[i] = 2 * x[i] + 3;
        }
        return new Dataset(List.of("x"), new double[][] {x}, y);
    }

    @Test
    void theConstantsNotFittedKeepTheirStartingValues() {
        // a*x + b with a held at 2.5: b is fitted to the best offset for that slope
        FitProblem p = new FitProblem(Parser.parse("1*x + 1"), data(), () -> false, new double[] {2.5, 0},
                new boolean[] {false, true});
        new LevenbergMarquardtFitter().optimize(p);
        double[] best = p.best();
        assertEquals(2.5, best[0]);
        // least squares for b at a = 2.5: mean(y - 2.5x) = 3 - 0.5 * mean(x)
        assertEquals(3 - 0.5 * 2.45, best[1], 1e-9);
        // all free from the same start: the law
        FitProblem all = new FitProblem(Parser.parse("1*x + 1"), data(), () -> false, new double[] {2.5, 0}, null);
        new LevenbergMarquardtFitter().optimize(all);
        assertArrayEquals(new double[] {2, 3}, all.best(), 1e-9);
    }

    @Test
    void aStartOfTheWrongLengthIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new FitProblem(Parser.parse("1*x + 1"), data(),
                () -> false, new double[] {1}, null));
    }
}
