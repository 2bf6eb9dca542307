package dysymnet.fit;

import dysymnet.data.Dataset;
import dysymnet.expr.Expr;
import java.util.Locale;
import java.util.Objects;

/**
 * Refines the refinable constants (see {@link dysymnet.expr.Constants}) of an expression to minimise its mean
 * squared error on a data set.
 *
 * <p>Contract of every implementation: the result is never worse than the input (if the optimiser ends worse or
 * not finite, the input is returned with {@code improved == false}); an expression without refinable constants is
 * returned as it is with its MSE; non-finite values during the search never throw.
 */
public interface ConstantFitter {

    /** Refines the constants of {@code e} on {@code d}. */
    FitResult fit(Expr e, Dataset d);

    /** Levenberg-Marquardt with default settings (the default fitter). */
    static ConstantFitter levenbergMarquardt() {
        return new LevenbergMarquardtFitter();
    }

    /** BFGS with default settings (the paper's choice). */
    static ConstantFitter bfgs() {
        return new BfgsFitter();
    }

    /** No refinement: returns the expression with its MSE (for ablations). */
    static ConstantFitter none() {
        return (e, d) -> {
            FitProblem p = new FitProblem(e, d);
            return new FitResult(e, p.initialMse(), 1, false);
        };
    }

    /**
     * The fitter called {@code name}: {@code lm} (or {@code levenberg-marquardt}), {@code bfgs}, or {@code none}
     * (case-insensitive).
     *
     * @throws IllegalArgumentException for any other name
     */
    static ConstantFitter byName(String name) {
        Objects.requireNonNull(name, "name");
        switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "lm":
            case "levenberg-marquardt":
            case "levenbergmarquardt":
                return levenbergMarquardt();
            case "bfgs":
                return bfgs();
            case "none":
                return none();
            default:
                throw new IllegalArgumentException(
                        "unknown constant fitter '" + name + "': expected lm, bfgs or none");
        }
    }
}
