package dysymnet.cli;

import dysymnet.api.Model;
import dysymnet.api.SymbolicRegressor;
import dysymnet.data.Dataset;
import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one fit for the command line: progress display, and Ctrl-C / SIGTERM handling that stops the search and
 * still lets the caller print and write everything it would have, reporting the best formula found so far.
 *
 * <p>In the program, the signal handlers of {@link Interrupts} cancel the search and the command ends normally.
 * Where they are not installed (the command line run in-process), a shutdown hook cancels the search and waits up
 * to a minute for the caller to finish; the JVM then exits with the status the signal decides.
 */
final class Fitting {
    private Fitting() {
    }

    /** The outcome: the model and whether the search was interrupted by a signal. */
    record Outcome(Model model, boolean cancelled) {
    }

    /** The part of the command's work that must finish even after Ctrl-C (printing, saving). */
    interface Finisher {
        void finish(Outcome outcome);
    }

    static void run(SymbolicRegressor.Builder builder, Dataset train, String target, boolean quiet,
                    PrintWriter err, Finisher finisher) {
        Progress progress = new Progress(err, quiet, Progress.isTerminal(),
                builder.settings().budget().stepCap(), builder.settings().budget().timeLimit());
        SymbolicRegressor reg = builder.listener(progress).build();
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicBoolean searching = new AtomicBoolean(true);
        Runnable cancel = () -> {
            boolean writing;
            synchronized (searching) {
                interrupted.set(true);
                writing = !searching.get();
            }
            reg.cancel();
            if (writing && !quiet) {
                // the search is over: the outputs are being written, and will be
                String name = Interrupts.signalName();
                err.println("dysymnet: " + (name.isEmpty() ? "interrupted" : name) + " while writing the outputs;"
                        + " finishing them (a second signal quits at once)");
                err.flush();
            }
        };
        if (Interrupts.installed()) {
            Interrupts.onSignal(cancel);
            try {
                finish(reg, train, target, quiet, err, progress, interrupted, searching, finisher);
            } finally {
                Interrupts.clear();
            }
            return;
        }
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            cancel.run();
            try {
                // give the main thread time to print and save what it has
                done.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "dysymnet-interrupt");
        boolean hooked = false;
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            hooked = true;
        } catch (IllegalStateException | SecurityException e) {
            // shutting down already, or not allowed: run without Ctrl-C handling
        }
        try {
            finish(reg, train, target, quiet, err, progress, interrupted, searching, finisher);
        } finally {
            done.countDown();
            if (hooked) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // the JVM is shutting down because of Ctrl-C: the hook is running and now returns
                }
            }
        }
    }

    private static void finish(SymbolicRegressor reg, Dataset train, String target, boolean quiet, PrintWriter err,
                               Progress progress, AtomicBoolean interrupted, AtomicBoolean searching,
                               Finisher finisher) {
        Model model;
        boolean cancelled;
        try {
            model = reg.fit(train, target);
        } finally {
            progress.close();
            synchronized (searching) {
                searching.set(false);
                cancelled = interrupted.get();
            }
        }
        if (cancelled && !quiet) {
            String name = Interrupts.signalName();
            err.println("dysymnet: interrupted" + (name.isEmpty() ? "" : " (" + name + ")")
                    + "; reporting the best formula found so far");
            err.flush();
        }
        finisher.finish(new Outcome(model, cancelled));
    }
}
