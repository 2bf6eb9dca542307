package dysymnet.cli;

import java.lang.reflect.Proxy;
import java.util.function.IntConsumer;

/**
 * Ctrl-C (SIGINT) and SIGTERM for the command-line program: a signal during a search stops the search, and the
 * command then finishes normally (prints and writes everything) before the program exits with 128 + the signal's
 * number; a signal at any other time ends the program at once with that code, and so does a second signal.
 *
 * <p>Why not a shutdown hook: once the JVM has begun to shut down, code that registers a shutdown hook of its own
 * fails (ImageIO does, the first time it writes an image through its file cache), {@link System#exit} blocks, and
 * the exit status is fixed by the signal. Handling the signal instead lets the command end as if the search had run
 * out of time. The handlers are installed through {@code sun.misc.Signal}, looked up reflectively so that a JVM
 * without it (or run with {@code -Xrs}) simply keeps its default behaviour; a signal the parent process set to be
 * ignored (as a non-interactive shell does with SIGINT for {@code cmd &}) stays ignored. {@link Fitting} falls back
 * to a shutdown hook when the handlers are not installed, which is also the case when the command line runs
 * in-process ({@link Main#run}).
 */
final class Interrupts {
    private static volatile boolean installed;
    /** The number of the first signal received, 0 before any. */
    private static volatile int signal;
    private static volatile String signalName = "";
    /** What a signal does while a command has work it must finish (a search's cancel), or null. */
    private static Runnable onSignal;

    private Interrupts() {
    }

    /** Installs the handlers of SIGINT and SIGTERM (once); false when the JVM does not allow it. */
    static synchronized boolean install() {
        if (!installed) {
            boolean term = handle("TERM", n -> received("SIGTERM", n));
            boolean intr = handle("INT", n -> received("SIGINT", n));
            installed = term || intr;
        }
        return installed;
    }

    /** Whether the signal handlers are installed (only in the command-line program, not in-process runs). */
    static boolean installed() {
        return installed;
    }

    /** The number of the first signal received (2 for SIGINT, 15 for SIGTERM), 0 when none was. */
    static int signal() {
        return signal;
    }

    /** The name of the first signal received ({@code SIGINT}, {@code SIGTERM}), or "". */
    static String signalName() {
        return signalName;
    }

    /**
     * The program's exit code: the command's own code, except that a command that succeeded after a signal exits
     * with 128 + the signal's number. A command that failed keeps its failure's code (its outputs are not all
     * written).
     */
    static int exitCode(int commandCode) {
        int s = signal;
        return s != 0 && commandCode == Main.OK ? 128 + s : commandCode;
    }

    /**
     * Sets what a signal does until {@link #clear}: {@code cancel} is run (on the signal's thread) instead of ending
     * the program, which then exits when the command returns.
     */
    static synchronized void onSignal(Runnable cancel) {
        onSignal = cancel;
    }

    /** Signals end the program at once again. */
    static synchronized void clear() {
        onSignal = null;
    }

    private static void received(String name, int number) {
        Runnable cancel;
        synchronized (Interrupts.class) {
            if (signal != 0) {
                // a second signal: the user does not want to wait for the outputs
                System.err.println("dysymnet: " + name + " again; quitting without writing the rest");
                System.err.flush();
                Runtime.getRuntime().halt(128 + number);
            }
            signal = number;
            signalName = name;
            cancel = onSignal;
        }
        if (cancel == null) {
            System.exit(128 + number);
        }
        cancel.run();
    }

    /** Installs {@code action} as the handler of the named signal through sun.misc.Signal; false if not possible. */
    private static boolean handle(String name, IntConsumer action) {
        try {
            Class<?> signalType = Class.forName("sun.misc.Signal");
            Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
            Object sig = signalType.getConstructor(String.class).newInstance(name);
            int number = (Integer) signalType.getMethod("getNumber").invoke(sig);
            Object handler = Proxy.newProxyInstance(Interrupts.class.getClassLoader(), new Class<?>[] {handlerType},
                    (proxy, method, args) -> {
                        switch (method.getName()) {
                            case "handle":
                                action.accept(number);
                                return null;
                            case "equals":
                                return proxy == args[0];
                            case "hashCode":
                                return System.identityHashCode(proxy);
                            default:
                                return "dysymnet SIG" + name + " handler";
                        }
                    });
            Object previous = signalType.getMethod("handle", signalType, handlerType).invoke(null, sig, handler);
            // an ignored signal stays ignored (the JVM does not install the handler then)
            return previous != handlerType.getField("SIG_IGN").get(null);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return false;
        }
    }
}
