package dysymnet.app;

import dysymnet.bench.BenchCommand;

/**
 * The entry point of the runnable jar and the {@code ./dysymnet} launcher: the {@code dysymnet} command of the cli
 * module (fit, predict, demo) with the bench command of the bench module.
 */
public final class Main {
    private Main() {
    }

    /** The subcommands this module adds to the cli module's command line, in the order the help lists them. */
    static Object[] subcommands() {
        return new Object[] {new BenchCommand()};
    }

    public static void main(String[] args) {
        dysymnet.cli.Main.runAndExit(args, subcommands());
    }
}
