package dysymnet.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ExprMapTest {

    @Test
    void mapVariablesReplacesEveryVariableAndKeepsTheRest() {
        Expr e = Parser.parse("sin(x*y) + 2.5/x - y^3");
        Expr mapped = e.mapVariables(v -> v.name().equals("x") ? Parser.parse("(z + 1)") : v);
        assertEquals(Parser.parse("sin((z + 1)*y) + 2.5/(z + 1) - y^3"), mapped);
    }

    @Test
    void aFormulaWithoutVariablesComesBackAsItIs() {
        Expr c = new Const(4.0);
        assertSame(c, c.mapVariables(v -> new Const(0.0)));
    }
}
