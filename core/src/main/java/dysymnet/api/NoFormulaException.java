package dysymnet.api;

/** A search ended without any formula that is finite on the training data (a budget too small, or data no formula fits). */
public final class NoFormulaException extends DysymnetException {
    private static final long serialVersionUID = 1L;

    public NoFormulaException(String message) {
        super(message);
    }
}
