package dysymnet.fit;

import dysymnet.expr.Expr;
import java.util.Objects;

/**
 * The outcome of refining the constants of an expression.
 *
 * @param expression  the expression with refined constants (the input itself when nothing better was found)
 * @param mse         its mean squared error on the data ({@code +Infinity} if not finite)
 * @param evaluations number of evaluations of the expression over the data that the fit used
 * @param improved    whether {@code expression} is strictly better than the input
 */
public record FitResult(Expr expression, double mse, int evaluations, boolean improved) {
    public FitResult {
        Objects.requireNonNull(expression, "expression");
    }
}
