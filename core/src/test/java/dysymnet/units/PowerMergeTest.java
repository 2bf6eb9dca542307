package dysymnet.units;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.expr.Simplifier;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PowerMergeTest {

    private static Expr merged(String e, Set<String> positive) {
        return Simplifier.simplify(PowerMerge.merged(Parser.parse(e), positive));
    }

    private static Expr parsed(String e) {
        return Simplifier.simplify(Parser.parse(e));
    }

    /** A group written out times its factor reads as one power product of the positive inputs. */
    @Test
    void powersOfPositiveInputsAreMergedAcrossAProduct() {
        Set<String> positive = Set.of("a", "b", "x", "y");
        assertEquals(parsed("2*cos(d)*sqrt(a*b) + a + b"), merged("2*a*cos(d)*sqrt(b/a) + a + b", positive));
        assertEquals(parsed("y^2/x"), merged("x*(y/x)^2", positive));
        assertEquals(parsed("3*y/x"), merged("3*x*y/x^2", positive));
        // whole powers stay outside the root: the input keeps its sign where it is negative, beyond the rows
        assertEquals(parsed("a*sqrt(b*x)"), merged("a*x*sqrt(b/x)", positive));
        assertEquals(parsed("x*sqrt(x)/y"), merged("x^2/(y*sqrt(x))", positive));
        // a power inside another function is left there; a variable not positive on the rows is not merged
        assertEquals(parsed("a*sin(b/a)"), merged("a*sin(b/a)", positive));
        assertEquals(parsed("z*sqrt(y/z)"), merged("z*sqrt(y/z)", positive));
    }

    /** Merging changes nothing on rows where the merged inputs are positive. */
    @Test
    void theMergedFormulaTakesTheSameValuesOnTheRows() {
        double[][] x = {{0.5, 1, 2, 3}, {4, 0.25, 1.5, 2}, {-1, 2, -3, 4}};
        Dataset rows = new Dataset(List.of("a", "b", "c"), x, new double[] {0, 0, 0, 0});
        Set<String> positive = PowerMerge.positive(rows);
        assertEquals(Set.of("a", "b"), positive);
        Expr e = Parser.parse("a*c*sqrt(b/a)*b^1.5/(a^2*b)");
        double[] before = Evaluator.evaluate(e, rows);
        double[] after = Evaluator.evaluate(PowerMerge.merged(e, positive), rows);
        for (int i = 0; i < before.length; i++) {
            assertEquals(before[i], after[i], 1e-12 * Math.abs(before[i]));
        }
    }
}
