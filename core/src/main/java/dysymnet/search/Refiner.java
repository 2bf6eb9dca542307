package dysymnet.search;

import dysymnet.fit.BfgsFitter;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.LevenbergMarquardtFitter;

/**
 * Which constant refinement the search applies to each read-off formula, and the search's finishing steps to the
 * chosen one ({@link Finishing}).
 */
public enum Refiner {
    /** Levenberg-Marquardt (Hipparchus): the default, natural for a least-squares objective. */
    LM,
    /** BFGS (DDogleg), as in the paper. */
    BFGS,
    /** No refinement: the constants read off the network are kept (the paper's ablation). */
    NONE;

    /** A fitter of this refinement; null for {@link #NONE}. */
    public ConstantFitter fitter() {
        return switch (this) {
            case LM -> new LevenbergMarquardtFitter();
            case BFGS -> new BfgsFitter();
            case NONE -> null;
        };
    }
}
