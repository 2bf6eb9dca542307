package dysymnet.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;

/**
 * The stage-time account of one run ({@link StageClock}): the wall time of each stage, and how much of the run's wall
 * time could not use the threads it was given. Recorded by every search ({@link SearchResult#timings()}), completed
 * with the finishing refit by {@code api.SymbolicRegressor} and written into {@code model.json}; it describes the run
 * and changes nothing in it.
 *
 * <p>Two measures of what kept threads idle:
 * <ul>
 *   <li><b>serial</b> ({@link #serialSeconds()}): wall time during which at most one unit of work was there to do
 *       (the search's own thread computing alone, or one task on the pool and none waiting). This is Amdahl's serial
 *       part, and it reads the same on one thread as on many: on one thread a step's networks waiting in the
 *       pool's queue are work for other threads, the term regression on the search's thread is not;</li>
 *   <li><b>underused</b> ({@link #underusedSeconds()}): wall time during which fewer threads were busy than given,
 *       the serial part and the tail of each parallel phase where its last tasks run alone. Zero on one
 *       thread.</li>
 * </ul>
 * {@link #busyThreadSeconds()} is the integral of the busy threads over the run: divided by {@code threads * seconds}
 * it is the run's use of its threads.
 *
 * @param threads           the threads the search was given
 * @param seconds           wall time of the run (the search, its final choice and the finishing refit when recorded)
 * @param serialSeconds     wall time with at most one unit of work to do
 * @param underusedSeconds  wall time with fewer threads busy than given
 * @param busyThreadSeconds the busy threads integrated over the run's wall time
 * @param stages            the stages, in the order they ran
 * @param oversubscribedSeconds wall time with more threads busy than given (the pool's running tasks and the search's
 *                          own thread computing beside them): the thread budget overrun, 0 where the search keeps to
 *                          its threads
 */
public record Timings(int threads, double seconds, double serialSeconds, double underusedSeconds,
                      double busyThreadSeconds, List<Stage> stages, double oversubscribedSeconds) {

    /** A stage's name: the quick runs and the first runs of the sources, before the first step, have step -1. */
    public static final int BEFORE_STEPS = -1;
    /** The final choice among the candidates ({@link dysymnet.choice.FinalChoice}, cross-validation included). */
    public static final String CHOICE = "choice";
    /** The finishing refit and snap of the chosen formula ({@link Finishing}). */
    public static final String FINISHING = "finishing";

    /**
     * One stage of a run.
     *
     * @param name              the source's name ({@link Source#name()}: {@code linear}, {@code network},
     *                          {@code gp}, {@code terms}), {@value #CHOICE} or {@value #FINISHING}
     * @param step              the controller step it belongs to, or {@link #BEFORE_STEPS} (a source's first run,
     *                          the choice, the finishing)
     * @param seconds           its wall time
     * @param serialSeconds     the part of it with at most one unit of work to do
     * @param busyThreadSeconds the busy threads integrated over it
     * @param selfSeconds       the part of it in which the search's own thread computed (did not wait for a task)
     * @param taskSeconds       the run time of each task of the pool in it, in the order the tasks were handed over
     *                          (what {@link #replayedSeconds} replays; empty where not recorded, as in a model file,
     *                          which keeps the rest: two stages are equal when all but this are)
     */
    public record Stage(String name, int step, double seconds, double serialSeconds, double busyThreadSeconds,
                        double selfSeconds, List<Double> taskSeconds) {
        public Stage {
            Objects.requireNonNull(name, "name");
            taskSeconds = List.copyOf(taskSeconds);
        }

        /** Equal in every figure a model file keeps: all but the tasks' record ({@link #taskSeconds}). */
        @Override
        public boolean equals(Object o) {
            return o instanceof Stage s && name.equals(s.name) && step == s.step
                    && Double.compare(seconds, s.seconds) == 0 && Double.compare(serialSeconds, s.serialSeconds) == 0
                    && Double.compare(busyThreadSeconds, s.busyThreadSeconds) == 0
                    && Double.compare(selfSeconds, s.selfSeconds) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, step, seconds, serialSeconds, busyThreadSeconds, selfSeconds);
        }

        /** A stage without its tasks' record (its own thread counted busy throughout). */
        public Stage(String name, int step, double seconds, double serialSeconds, double busyThreadSeconds) {
            this(name, step, seconds, serialSeconds, busyThreadSeconds, seconds, List.of());
        }

        /**
         * This stage's wall time had it run its tasks on {@code lanes} threads of the pool instead of the
         * {@code threads} it had: each task's recorded run time handed to the lane that frees up first, in the order
         * the tasks were handed over (the pool's queue), beside the search's own thread computing for
         * {@link #selfSeconds}; the time the stage took beyond the longer of the two (hand-overs, waits) kept as it
         * was. Only the scheduling is replayed, not a core's speed with more cores busy.
         */
        public double replayedSeconds(int threads, int lanes) {
            return beyondWorkSeconds(threads) + Math.max(selfSeconds, makespan(taskSeconds, lanes));
        }

        /**
         * The time this stage took on {@code threads} beyond the longer of its tasks' schedule and its own thread's
         * work: hand-overs and waits, which a replay keeps as they were.
         */
        double beyondWorkSeconds(int threads) {
            return Math.max(0, seconds - Math.max(selfSeconds, makespan(taskSeconds, threads)));
        }
    }

    public Timings {
        stages = List.copyOf(stages);
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
    }

    /** Timings without the overrun measured (a model file's). */
    public Timings(int threads, double seconds, double serialSeconds, double underusedSeconds,
                   double busyThreadSeconds, List<Stage> stages) {
        this(threads, seconds, serialSeconds, underusedSeconds, busyThreadSeconds, stages, 0);
    }

    /**
     * The wall time of tasks run in the order given on {@code lanes} threads, each taking the next task as it frees
     * up (list scheduling, as a fixed thread pool does).
     */
    public static double makespan(List<Double> tasks, int lanes) {
        if (lanes < 1) {
            throw new IllegalArgumentException("lanes must be at least 1, got " + lanes);
        }
        PriorityQueue<Double> free = new PriorityQueue<>();
        for (int i = 0; i < Math.min(lanes, tasks.size()); i++) {
            free.add(0.0);
        }
        double end = 0;
        for (double t : tasks) {
            double start = free.poll();
            end = Math.max(end, start + t);
            free.add(start + t);
        }
        return end;
    }

    /**
     * The run's wall time had each stage run its tasks on {@code lanes} threads ({@link Stage#replayedSeconds}); the
     * time outside the stages as it was. On the run's own thread count it is the run's wall time.
     */
    public double replayedSeconds(int lanes) {
        double out = seconds;
        for (Stage s : stages) {
            out += s.replayedSeconds(threads, lanes) - s.seconds;
        }
        return out;
    }

    /**
     * As {@link #replayedSeconds}, but with the tasks of every step's stage {@code overlapped} (the networks) handed
     * to the {@code lanes} threads as one queue, as if every step's trainings were handed over together; the other
     * stages replayed one after another as they ran. This is the most that steps overlapping each other (pipelined
     * steps) could give: real ones overlap at most the next step, whose architectures need the controller updated
     * with the steps before. With infinitely many lanes it is bounded by the longest single task: a training is
     * one task on one thread.
     */
    public double overlappedSeconds(int lanes, String overlapped) {
        double out = seconds;
        List<Double> queue = new ArrayList<>();
        double self = 0;
        for (Stage s : stages) {
            if (s.name.equals(overlapped) && s.step != BEFORE_STEPS) {
                out += s.beyondWorkSeconds(threads) - s.seconds;
                queue.addAll(s.taskSeconds);
                self += s.selfSeconds;
            } else {
                out += s.replayedSeconds(threads, lanes) - s.seconds;
            }
        }
        return out + Math.max(self, makespan(queue, lanes));
    }

    /** The share of the run's wall time with at most one unit of work to do (0 for a run of no time). */
    public double serialShare() {
        return seconds > 0 ? serialSeconds / seconds : 0;
    }

    /** The share of the run's wall time with fewer threads busy than given. */
    public double underusedShare() {
        return seconds > 0 ? underusedSeconds / seconds : 0;
    }

    /** The mean number of busy threads over the run. */
    public double meanBusyThreads() {
        return seconds > 0 ? busyThreadSeconds / seconds : 0;
    }

    /**
     * These timings with one more stage run on the calling thread alone for {@code stageSeconds} (the finishing
     * refit, after the search): serial, and underused unless one thread was given.
     */
    public Timings withSerialStage(String name, double stageSeconds) {
        List<Stage> all = new ArrayList<>(stages);
        all.add(new Stage(name, BEFORE_STEPS, stageSeconds, stageSeconds, stageSeconds));
        return new Timings(threads, seconds + stageSeconds, serialSeconds + stageSeconds,
                underusedSeconds + (threads > 1 ? stageSeconds : 0), busyThreadSeconds + stageSeconds, all,
                oversubscribedSeconds);
    }

    /**
     * The stages summed by kind, in the order the kinds first ran: the first runs before the steps
     * ({@code "gp (first)"}), the steps' runs ({@code "network (steps)"}), the choice and the finishing; each as a
     * stage of step {@link #BEFORE_STEPS} whose name is the kind.
     */
    public List<Stage> byKind() {
        List<Stage> kinds = new ArrayList<>();
        for (Stage s : stages) {
            String kind = s.name.equals(CHOICE) || s.name.equals(FINISHING) ? s.name
                    : s.name + (s.step == BEFORE_STEPS ? " (first)" : " (steps)");
            kinds.add(new Stage(kind, s.step, s.seconds, s.serialSeconds, s.busyThreadSeconds));
        }
        return sumByName(kinds);
    }

    /**
     * The stages of the same name summed (their seconds, serial seconds and busy thread-seconds), in the order the
     * names first come, each as a stage of step {@link #BEFORE_STEPS}: {@link #byKind} of one run, or the kinds of
     * several runs added up.
     */
    public static List<Stage> sumByName(List<Stage> stages) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (Stage s : stages) {
            double[] v = sums.computeIfAbsent(s.name, k -> new double[3]);
            v[0] += s.seconds;
            v[1] += s.serialSeconds;
            v[2] += s.busyThreadSeconds;
        }
        List<Stage> out = new ArrayList<>();
        sums.forEach((k, v) -> out.add(new Stage(k, BEFORE_STEPS, v[0], v[1], v[2])));
        return out;
    }

    /**
     * A short table of the stages by kind ({@link #byKind}) with their wall time, share of the run, serial time and
     * mean busy threads, then the run's totals: what {@code fit --timings} prints.
     */
    public String table() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-18s %9s %7s %9s %6s%n", "stage", "seconds", "share", "serial s",
                "busy"));
        double accounted = 0;
        double accountedSerial = 0;
        double accountedBusy = 0;
        for (Stage s : byKind()) {
            if (s.seconds < 0.0005) {
                continue; // a source with nothing to do there (the networks before the first step)
            }
            row(b, s.name, s.seconds, s.serialSeconds, s.busyThreadSeconds);
            accounted += s.seconds;
            accountedSerial += s.serialSeconds;
            accountedBusy += s.busyThreadSeconds;
        }
        double other = seconds - accounted;
        if (other > 0.0005) {
            row(b, "other", other, Math.max(0, serialSeconds - accountedSerial),
                    Math.max(0, busyThreadSeconds - accountedBusy));
        }
        row(b, "total", seconds, serialSeconds, busyThreadSeconds);
        b.append(String.format(Locale.ROOT, "threads %d: serial %.1f%% of the run, fewer than %d busy %.1f%%, "
                        + "%.2f busy on average%n", threads, 100 * serialShare(), threads, 100 * underusedShare(),
                meanBusyThreads()));
        return b.toString();
    }

    private void row(StringBuilder b, String name, double s, double serial, double busy) {
        b.append(String.format(Locale.ROOT, "%-18s %9.3f %6.1f%% %9.3f %6.2f%n", name, s,
                seconds > 0 ? 100 * s / seconds : 0, serial, s > 0 ? busy / s : 0));
    }
}
