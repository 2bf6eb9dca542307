package dysymnet.app;

import dysymnet.cli.CommandExtension;
import java.util.Comparator;
import java.util.ServiceLoader;

/**
 * The entry point of the users' runnable jar and of the {@code ./dysymnet} launcher: the {@code dysymnet} command of
 * the cli module (fit, predict, demo) with the commands of the {@link CommandExtension}s on the class path. The users'
 * jar has none; the launcher adds the bench module's jar, which brings {@code bench}.
 */
public final class Main {
    private Main() {
    }

    /** The subcommands the extensions on the class path add to the cli module's command line, ordered by class name. */
    static Object[] subcommands() {
        return ServiceLoader.load(CommandExtension.class, Main.class.getClassLoader()).stream()
                .sorted(Comparator.comparing(p -> p.type().getName()))
                .map(p -> p.get().command())
                .toArray();
    }

    public static void main(String[] args) {
        dysymnet.cli.Main.runAndExit(args, subcommands());
    }
}
