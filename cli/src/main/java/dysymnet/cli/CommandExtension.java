package dysymnet.cli;

/**
 * A subcommand that another jar adds to the {@code dysymnet} command when it is on the class path. The program (the
 * app module's {@code dysymnet.app.Main}) finds the implementations through {@link java.util.ServiceLoader}, each
 * listed in its jar's {@code META-INF/services/dysymnet.cli.CommandExtension}, and adds their commands after fit,
 * predict, demo and help. The bench module's {@code bench} command is one: it stays out of the users' jar (with the
 * libraries only the benchmarks need) and the {@code ./dysymnet} launcher puts its jar on the class path.
 */
public interface CommandExtension {
    /** A new command object for picocli: an instance of a class annotated with {@code @Command}. */
    Object command();
}
