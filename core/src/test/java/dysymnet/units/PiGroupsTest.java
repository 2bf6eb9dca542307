package dysymnet.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.expr.Simplifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PiGroupsTest {

    private static Units units(Map<String, Dimension> columns, Dimension target) {
        return new Units(columns, target, false);
    }

    private static Map<String, Dimension> columns(Object... nameAndDimension) {
        Map<String, Dimension> out = new LinkedHashMap<>();
        for (int i = 0; i < nameAndDimension.length; i += 2) {
            out.put((String) nameAndDimension[i], (Dimension) nameAndDimension[i + 1]);
        }
        return out;
    }

    private static final Dimension KG = Dimension.of(0, 0, 1, 0, 0);
    private static final Dimension M = Dimension.of(1, 0, 0, 0, 0);
    private static final Dimension SPEED = Dimension.of(1, -1, 0, 0, 0);
    private static final Dimension ENERGY = Dimension.of(2, -2, 1, 0, 0);

    /** Each group is dimensionless and the factor has the target's unit; the groups number inputs less the rank. */
    @Test
    void theFactorHasTheTargetsUnitAndTheGroupsNone() {
        Map<String, Dimension> cols = columns("m", KG, "v", SPEED, "c", SPEED, "h", M, "r", M);
        PiGroups pi = PiGroups.of(List.of("m", "v", "c", "h", "r"), units(cols, ENERGY));
        Units u = units(cols, ENERGY);
        assertEquals(ENERGY, DimensionCheck.check(pi.factor(), u).dimension());
        assertEquals(2, pi.groups().size(), "rank 3 of 5 inputs: " + pi.groups());
        for (Expr g : pi.groups()) {
            assertTrue(DimensionCheck.check(g, units(cols, null)).dimension().isDimensionless(), g + " is not dimensionless");
        }
        assertEquals(Simplifier.simplify(Parser.parse("m*v^2")), Simplifier.simplify(pi.factor()));
        assertEquals(Simplifier.simplify(Parser.parse("c/v")), Simplifier.simplify(pi.groups().get(0)));
        assertEquals(Simplifier.simplify(Parser.parse("r/h")), Simplifier.simplify(pi.groups().get(1)));
    }

    @Test
    void noReductionWithoutATargetUnitOrWhenNoProductHasIt() {
        Map<String, Dimension> cols = columns("m", KG, "h", M);
        assertNull(PiGroups.of(List.of("m", "h"), units(cols, null)), "no target unit");
        assertNull(PiGroups.of(List.of("m", "h"), units(cols, ENERGY)), "no product of kg and m is a joule");
        assertNull(PiGroups.of(List.of("a", "b"), units(columns("a", Dimension.ONE, "b", Dimension.ONE),
                Dimension.ONE)), "dimensionless inputs: the groups are the inputs");
    }

    /**
     * The reduced data hold each group's values and the target over the factor; a formula of the groups written back
     * is the factor times it, in the inputs, with the same values on every row.
     */
    @Test
    void aFitOfTheReducedDataWrittenBackPredictsTheTarget() {
        Map<String, Dimension> cols = columns("m", KG, "v", SPEED, "c", SPEED, "h", M, "r", M);
        List<String> names = List.of("m", "v", "c", "h", "r");
        PiGroups pi = PiGroups.of(names, units(cols, ENERGY));
        Random rng = new Random(7);
        int n = 50;
        double[][] x = new double[5][n];
        for (double[] column : x) {
            for (int i = 0; i < n; i++) {
                column[i] = 1 + 4 * rng.nextDouble();
            }
        }
        Expr law = Parser.parse("m*v^2*exp(-c/v)*(1 + r/h)");
        Dataset data = new Dataset(names, x, Evaluator.evaluate(law, names, x));
        Dataset reduced = pi.reduced(data);
        assertEquals(List.of("pi1", "pi2"), reduced.names());
        for (int i = 0; i < n; i++) {
            assertEquals(x[2][i] / x[1][i], reduced.column(0)[i], 1e-12);
            assertEquals(x[4][i] / x[3][i], reduced.column(1)[i], 1e-12);
            assertEquals(data.y()[i] / (x[0][i] * x[1][i] * x[1][i]), reduced.y()[i], 1e-12);
        }
        Expr back = pi.written(Parser.parse("exp(-pi1)*(1 + pi2)"), PowerMerge.positive(data));
        assertTrue(back.variables().stream().noneMatch(v -> v.startsWith("pi")), back.toString());
        double[] p = Evaluator.evaluate(back, data);
        for (int i = 0; i < n; i++) {
            assertEquals(data.y()[i], p[i], 1e-9 * Math.abs(data.y()[i]), back.toString());
        }
    }

    @Test
    void noReducedDataWhereTheFactorIsZeroOnARow() {
        Map<String, Dimension> cols = columns("m", KG, "v", SPEED, "c", SPEED);
        PiGroups pi = PiGroups.of(List.of("m", "v", "c"), units(cols, ENERGY));
        Dataset data = new Dataset(List.of("m", "v", "c"), new double[][] {{1, 0}, {1, 2}, {3, 4}},
                new double[] {1, 2});
        assertNull(pi.reduced(data), "m = 0 on the second row: the quotient is not finite");
    }
}
