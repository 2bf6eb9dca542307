package dysymnet.api;

/** The search ended without any formula that computes finite values on the training data. */
public class NoFormulaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NoFormulaException(String message) {
        super(message);
    }
}
