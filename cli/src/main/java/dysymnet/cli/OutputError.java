package dysymnet.cli;

import dysymnet.api.DysymnetException;

/**
 * An output file could not be written after the work was done (the checks before the search passed, but the file
 * system refused later): reported as one line on stderr with exit code {@link Main#OUTPUT_FAILED}.
 */
public final class OutputError extends DysymnetException {
    private static final long serialVersionUID = 1L;

    public OutputError(String message) {
        super(message, null, false, false);
    }
}
