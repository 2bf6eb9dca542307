package dysymnet.cli;

import dysymnet.expr.Printer;
import dysymnet.search.Candidate;
import dysymnet.search.SearchListener;
import dysymnet.search.StepEvent;
import java.io.PrintWriter;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Shows the search's progress: a progress bar on a terminal, a plain line every few seconds otherwise, nothing when
 * quiet.
 */
final class Progress implements SearchListener, AutoCloseable {
    private static final long LINE_INTERVAL_NANOS = 5_000_000_000L;

    private final PrintWriter err;
    private final boolean quiet;
    private final boolean terminal;
    /** The steps at most, or 0 when the time limit ends the search (the bar then counts seconds). */
    private final int maxSteps;
    /** The time limit in whole seconds (at least 1), for the bar of a search without a step count. */
    private final long seconds;
    private ProgressBar bar;
    private long lastLine = System.nanoTime();

    /**
     * @param stepCap   the search's steps at most ({@link dysymnet.search.Budget#stepCap()}; Integer.MAX_VALUE
     *                  when the time limit ends it)
     * @param timeLimit the search's time limit, null for none
     */
    Progress(PrintWriter err, boolean quiet, boolean terminal, int stepCap, java.time.Duration timeLimit) {
        this.err = err;
        this.quiet = quiet;
        this.terminal = terminal;
        boolean timed = stepCap == Integer.MAX_VALUE && timeLimit != null;
        this.maxSteps = timed ? 0 : stepCap;
        this.seconds = timed ? Math.max(1, (long) Math.ceil(timeLimit.toMillis() / 1e3)) : 0;
    }

    /** True when standard error is an interactive terminal. */
    static boolean isTerminal() {
        return System.console() != null && System.getenv("TERM") != null && !"dumb".equals(System.getenv("TERM"));
    }

    /** Formulas longer than this are cut in the progress line. */
    static final int MAX_SHOWN = 60;

    static String best(StepEvent e) {
        Candidate c = e.best();
        if (c == null) {
            return "best: none yet";
        }
        String s = String.format(Locale.ROOT, "best R2 %.6f, size %d", c.r2(), c.complexity());
        Candidate l = e.leading();
        if (l != null) {
            String f = Printer.infix(l.expression());
            if (f.length() > MAX_SHOWN) {
                f = f.substring(0, MAX_SHOWN - 3) + "...";
            }
            s += String.format(Locale.ROOT, "; now: %s (size %d, R2 %.6f)", f, l.complexity(), l.r2());
        }
        return s;
    }

    @Override
    public void onStep(StepEvent e) {
        if (quiet) {
            return;
        }
        if (terminal) {
            if (bar == null) {
                bar = new ProgressBarBuilder().setTaskName("searching").setInitialMax(maxSteps > 0 ? maxSteps : seconds)
                        .setUnit(maxSteps > 0 ? "" : " s", 1)
                        .setStyle(ProgressBarStyle.ASCII).setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(System.err))
                        .setUpdateIntervalMillis(250).build();
            }
            bar.stepTo(maxSteps > 0 ? e.step() + 1L : Math.min(seconds, e.elapsed().toMillis() / 1000));
            bar.setExtraMessage(best(e));
            return;
        }
        long now = System.nanoTime();
        if (now - lastLine >= LINE_INTERVAL_NANOS || e.step() == 0) {
            lastLine = now;
            err.printf(Locale.ROOT, "step %d%s, %d networks, %.1f s, %s%n", e.step() + 1,
                    maxSteps > 0 ? "/" + maxSteps : "", e.networksTrained(), e.elapsed().toMillis() / 1e3, best(e));
            err.flush();
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
