package dysymnet.expr;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SingularitiesTest {

    @Test
    void polesAndLogSingularitiesBetweenTheRowsAreFound() {
        // 50 random points of the box [-2, 2]^2
        SplittableRandom r = new SplittableRandom(9);
        double[][] x = new double[2][50];
        for (double[] c : x) {
            for (int i = 0; i < c.length; i++) {
                c[i] = r.nextDouble(-2, 2);
            }
        }
        Dataset d = new Dataset(List.of("x", "y"), x, x[0].clone());
        for (String singular : List.of("tan(3.06*x)", "tan(x)", "log(x)", "1/(x + 0.5)", "x^-2", "log(x*y + 1)")) {
            assertTrue(Singularities.inside(Parser.parse(singular), d), singular);
        }
        for (String regular : List.of("tan(0.5*x)", "log(x + 3)", "1/(x^2 + 1)", "(y + 5)^-1.5", "sin(x)/3",
                "x*y", "exp(-x^2)")) {
            assertFalse(Singularities.inside(Parser.parse(regular), d), regular);
        }
    }
}
