package dysymnet.fit;

import dysymnet.data.Dataset;
import dysymnet.expr.Expr;
import java.util.Locale;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Refines the refinable constants (see {@link dysymnet.expr.Constants}) of an expression to minimise its mean
 * squared error on a data set.
 *
 * <p>Contract of every implementation: the result is never worse than the input (if the optimiser ends worse or
 * not finite, the input is returned with {@code improved == false}); an expression without refinable constants is
 * returned as it is with its MSE; non-finite values during the search never throw. Levenberg-Marquardt and BFGS
 * leave a formula as it is when its Jacobian would have more than {@link #MAX_JACOBIAN_ENTRIES} entries (rows times
 * constants), and end early with the best point so far once a stop supplier says so.
 */
public interface ConstantFitter {

    /**
     * Bound on rows times refinable constants of a fit (4M entries, 32 MB per copy of the Jacobian; the fitters
     * hold several): a larger fit returns its input unchanged. Its cost per iteration grows with rows times
     * constants squared (Levenberg-Marquardt's QR decomposition), which on 200,000 rows and 100 constants is
     * minutes per formula. The bound leaves every formula the search refines (at most
     * {@code ArchitecturePipeline.MAX_REFINED_COMPLEXITY} nodes) to the fitter on up to 10,000 rows, and formulas
     * of up to 20 constants on 200,000 rows.
     */
    long MAX_JACOBIAN_ENTRIES = 1L << 22;

    /** Refines the constants of {@code e} on {@code d}. */
    FitResult fit(Expr e, Dataset d);

    /**
     * As {@link #fit(Expr, Dataset)}, but the fit ends early, with the best point so far, once {@code stop} says so
     * (asked before every evaluation of the formula over the data). By default {@code stop} is not asked.
     */
    default FitResult fit(Expr e, Dataset d, BooleanSupplier stop) {
        return fit(e, d);
    }

    /** Levenberg-Marquardt with default settings (the default fitter). */
    /**
     * A cheaper fitter of the same kind, bounded to {@code iterations} iterations, for ranking many trial formulas
     * before the best of them is fitted fully (the {@link Eliminator}'s screening); this fitter itself when it has
     * no such bound (the default).
     *
     * @param iterations at least 1
     */
    default ConstantFitter quick(int iterations) {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1, got " + iterations);
        }
        return this;
    }

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
