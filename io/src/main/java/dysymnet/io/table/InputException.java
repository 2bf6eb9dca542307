package dysymnet.io.table;

import dysymnet.api.DysymnetException;

/**
 * A problem with the user's input or output files, described in one user-facing line (no stack trace needed).
 *
 * <p>The message always names the file first, e.g. {@code data.csv: row 17, column 'mass' (3): 'abc' is not a
 * number}, and never contains a line break. The command prints it to stderr and exits with code 2.
 */
public class InputException extends DysymnetException {
    private static final long serialVersionUID = 1L;

    /** @param message one line; line breaks are replaced by spaces so that the promise of one line holds */
    public InputException(String message) {
        super(oneLine(message), null, false, false);
    }

    /** Joins {@code file: problem}; a null file is shown as {@code input}. */
    public static InputException of(Object file, String problem) {
        return new InputException((file == null ? "input" : file.toString()) + ": " + problem);
    }

    static String oneLine(String s) {
        return s == null ? "unknown error" : s.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
    }
}
