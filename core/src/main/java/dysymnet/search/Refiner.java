package dysymnet.search;

/** Which constant refinement the search applies to each read-off formula. */
public enum Refiner {
    /** Levenberg-Marquardt (Hipparchus): the default, natural for a least-squares objective. */
    LM,
    /** BFGS (DDogleg), as in the paper. */
    BFGS,
    /** No refinement: the constants read off the network are kept (the paper's ablation). */
    NONE
}
