package dysymnet.search;

/** Why a search ended. */
public enum StopReason {
    /** A candidate reached the solve threshold on the training data. */
    SOLVED,
    /** The step budget was used up. */
    MAX_STEPS,
    /** The time budget was used up. */
    TIME_LIMIT,
    /** The search was cancelled. */
    CANCELLED
}
