package dysymnet.cli;

import dysymnet.api.NoFormulaException;
import dysymnet.io.table.InputException;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/** The {@code dysymnet} command line: entry point and error handling. */
@Command(name = "dysymnet", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Symbolic regression with neural-guided dynamic symbolic networks (DySymNet).",
            "Finds closed-form formulas that explain a column of a table of measurements."},
        subcommands = {FitCommand.class, PredictCommand.class, DemoCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "Start with 'dysymnet demo', then 'dysymnet fit YOUR_FILE.csv'.",
            "Exit codes: 0 success, 1 internal error, 2 bad input or options,",
            "3 no usable formula found, 4 an output file could not be written,",
            "130 (Ctrl-C) or 143 (SIGTERM) interrupted, output written."})
public final class Main implements Callable<Integer> {
    /** Exit code for success. */
    public static final int OK = 0;
    /** Exit code for an internal error (a bug: please report it with the message). */
    public static final int INTERNAL_ERROR = 1;
    /** Exit code for bad input or options, found before any search ran (nothing is written). */
    public static final int BAD_INPUT = 2;
    /** Exit code when the search ran but found no formula with finite values (nothing is written). */
    public static final int NO_FORMULA = 3;
    /**
     * Exit code when an output file ({@code --json}, {@code --out}, {@code --output}) could not be written after the
     * work was done (disk full, directory removed, name too long): the outputs written before it stay.
     */
    public static final int OUTPUT_FAILED = 4;
    /** Exit code after Ctrl-C (SIGINT, 128 + 2): the search was stopped and its outputs were written. */
    public static final int INTERRUPTED_SIGINT = 130;
    /** Exit code after SIGTERM (128 + 15): the search was stopped and its outputs were written. */
    public static final int INTERRUPTED_SIGTERM = 143;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** Without a command: a short usage on stderr, and the bad-options exit code. */
    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        err.println("Usage: dysymnet COMMAND [OPTIONS]   (commands: "
                + String.join(", ", spec.commandLine().getSubcommands().keySet()) + ")");
        err.println("Start with 'dysymnet demo', then 'dysymnet fit YOUR_FILE.csv'; 'dysymnet --help' for more.");
        err.flush();
        return BAD_INPUT;
    }

    /** Version from the build. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"dysymnet " + version(), "Java " + System.getProperty("java.version")};
        }
    }

    static String version() {
        return dysymnet.api.Version.get();
    }

    /** The {@code dysymnet} command with fit, predict and demo (the program in the app module adds bench). */
    public static void main(String[] args) {
        runAndExit(args);
    }

    /**
     * Runs the command line with the process's standard streams and exits the JVM with its exit code: the body of
     * the program's entry point, which passes the subcommands of the modules that depend on this one. Ctrl-C and
     * SIGTERM stop a running search, which then ends as if it had run out of time (its outputs are written), and
     * the exit code is {@link #INTERRUPTED_SIGINT} or {@link #INTERRUPTED_SIGTERM}; outside a search they end the
     * program at once with that code.
     *
     * @param subcommands further subcommands (picocli command objects), listed after fit, predict, demo and help
     */
    public static void runAndExit(String[] args, Object... subcommands) {
        System.setProperty("java.awt.headless", "true");
        Interrupts.install();
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = run(args, out, err, subcommands);
        out.flush();
        err.flush();
        System.exit(Interrupts.exitCode(code));
    }

    /**
     * Runs the command line in-process with the given streams and returns the exit code.
     *
     * @param subcommands further subcommands (picocli command objects), listed after fit, predict, demo and help
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err, Object... subcommands) {
        if (System.getProperty("java.awt.headless") == null) {
            // plots are drawn off-screen; without this an in-process caller with a DISPLAY would start a toolkit
            System.setProperty("java.awt.headless", "true");
        }
        CommandLine cl = commandLine(subcommands);
        cl.setOut(out);
        cl.setErr(err);
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            // the data (with what the command makes of them) do not fit in the memory the JVM may use
            err.println("dysymnet: " + outOfMemory());
            err.flush();
            return BAD_INPUT;
        } catch (RuntimeException | Error e) {
            // picocli hands only Exceptions to the handler; an Error (out of memory, stack overflow) lands here
            err.println("dysymnet: internal error: " + oneLine(String.valueOf(e)));
            err.flush();
            return INTERNAL_ERROR;
        }
    }

    /**
     * The configured command line: fit, predict, demo and help, then the given subcommands, with the error handling
     * of every subcommand (one line on stderr and the exit codes of the constants above).
     *
     * @param subcommands further subcommands (picocli command objects)
     */
    public static CommandLine commandLine(Object... subcommands) {
        CommandLine cl = new CommandLine(new Main());
        for (Object sub : subcommands) {
            cl.addSubcommand(sub);
        }
        cl.setParameterExceptionHandler(Main::badParameters);
        cl.setExecutionExceptionHandler((ex, line, parseResult) -> failure(ex, line));
        return cl;
    }

    private static int badParameters(ParameterException ex, String[] args) {
        CommandLine line = ex.getCommandLine();
        PrintWriter err = line.getErr();
        String cmd = line.getCommandSpec().qualifiedName();
        String message = oneLine(ex.getMessage());
        if (ex instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            // the first unknown word, and what it was probably meant to be
            String first = u.getUnmatched().get(0);
            boolean option = first.startsWith("-");
            message = (option ? "unknown option '" : "unknown command or extra argument '") + first + "'";
            List<String> guesses = u.getSuggestions();
            if (!guesses.isEmpty()) {
                message += "; did you mean " + guesses.stream().limit(3).map(g -> "'" + g + "'")
                        .collect(Collectors.joining(" or ")) + "?";
            }
        }
        err.println(cmd + ": " + message + " (see '" + cmd + " --help')");
        err.flush();
        return BAD_INPUT;
    }

    /**
     * The one line and exit code of a command's exception, by its type: the project's own
     * ({@link dysymnet.api.DysymnetException}: no formula, an output that cannot be written, bad input), an argument
     * the library refused (bad input too), an I/O failure, anything else an internal error.
     */
    private static int failure(Exception ex, CommandLine line) {
        PrintWriter err = line.getErr();
        if (ex instanceof NoFormulaException) {
            err.println("dysymnet: no usable formula: " + oneLine(ex.getMessage()));
            err.flush();
            return NO_FORMULA;
        }
        if (ex instanceof OutputError) {
            err.println("dysymnet: " + oneLine(ex.getMessage()));
            err.flush();
            return OUTPUT_FAILED;
        }
        if (ex instanceof UserError || ex instanceof InputException || ex instanceof IllegalArgumentException) {
            err.println("dysymnet: " + oneLine(ex.getMessage()));
            err.flush();
            return BAD_INPUT;
        }
        if (ex instanceof UncheckedIOException || ex instanceof IOException) {
            err.println("dysymnet: " + oneLine(ex.getMessage()));
            err.flush();
            return INTERNAL_ERROR;
        }
        err.println("dysymnet: internal error: " + oneLine(String.valueOf(ex))
                + " (set DYSYMNET_DEBUG=1 for details)");
        if (System.getenv("DYSYMNET_DEBUG") != null) {
            ex.printStackTrace(err);
        }
        err.flush();
        return INTERNAL_ERROR;
    }

    /** The one line for running out of memory, with the JVM's limit and what to do. */
    static String outOfMemory() {
        return "out of memory: the data need more than the " + (Runtime.getRuntime().maxMemory() >> 20)
                + " MB this Java VM may use (give it more with -Xmx, e.g. DYSYMNET_JAVA_OPTS=-Xmx8g for ./dysymnet or "
                + "java -Xmx8g -jar ..., or use fewer rows)";
    }

    static String oneLine(String s) {
        if (s == null) {
            return "unknown problem";
        }
        return s.replace("\r", " ").replace("\n", " ").trim();
    }
}
