package dysymnet.cli;

import dysymnet.api.Model;
import dysymnet.api.SymbolicRegressor;
import dysymnet.data.Dataset;
import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one fit for the command line: progress display, and Ctrl-C handling that stops the search and still lets
 * the caller print and save the best formula found so far.
 */
final class Fitting {
    private Fitting() {
    }

    /** The outcome: the model and whether the user interrupted the search. */
    record Outcome(Model model, boolean cancelled) {
    }

    /** The part of the command's work that must finish even after Ctrl-C (printing, saving). */
    interface Finisher {
        void finish(Outcome outcome);
    }

    static void run(SymbolicRegressor.Builder builder, Dataset train, String target, boolean quiet,
                    PrintWriter err, Finisher finisher) {
        Progress progress = new Progress(err, quiet, Progress.isTerminal(),
                builder.settings().budget().maxSteps());
        SymbolicRegressor reg = builder.listener(progress).build();
        CountDownLatch done = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread hook = new Thread(() -> {
            interrupted.set(true);
            reg.cancel();
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
            Model model;
            try {
                model = reg.fit(train, target);
            } finally {
                progress.close();
            }
            if (interrupted.get() && !quiet) {
                err.println("dysymnet: interrupted; reporting the best formula found so far");
                err.flush();
            }
            finisher.finish(new Outcome(model, interrupted.get()));
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
}
