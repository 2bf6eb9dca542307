package dysymnet.api;

/**
 * The base of dysymnet's own exceptions: a problem that the library or the command line reports to its user in
 * words (bad input, an output file that cannot be written, a search without a usable formula), not a bug. Catching
 * it catches all of them; each subtype keeps its own meaning, and the command line maps each to its own exit code.
 *
 * <ul>
 *   <li>{@link NoFormulaException}: a search found no formula finite on the training data (core);</li>
 *   <li>{@code dysymnet.io.table.InputException}: an input table that cannot be read as asked (io module);</li>
 *   <li>{@code dysymnet.cli.UserError}: a bad option or input of the command line (cli module);</li>
 *   <li>{@code dysymnet.cli.OutputError}: an output file that cannot be written after the work (cli module).</li>
 * </ul>
 *
 * Arguments that break a method's contract stay {@link IllegalArgumentException}s (a formula that does not parse is
 * a {@link dysymnet.expr.ParseException}, one of them), and a file the library cannot read or write an
 * {@link java.io.UncheckedIOException}.
 */
public abstract class DysymnetException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** An exception with this message and a stack trace. */
    protected DysymnetException(String message) {
        super(message);
    }

    /**
     * An exception with this message and cause, with or without suppression and stack trace (the user-facing
     * one-line errors of the command line have neither).
     */
    protected DysymnetException(String message, Throwable cause, boolean enableSuppression,
                                boolean writableStackTrace) {
        super(message, cause, enableSuppression, writableStackTrace);
    }
}
