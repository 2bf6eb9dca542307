package dysymnet.cli;

import dysymnet.api.DysymnetException;

/** A problem with the user's input or options: reported as one line on stderr with exit code 2. */
public final class UserError extends DysymnetException {
    private static final long serialVersionUID = 1L;

    public UserError(String message) {
        super(message, null, false, false);
    }
}
