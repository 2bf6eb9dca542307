package dysymnet.search;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.units.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;

/**
 * What the formula sources of one search share: its data and their facts, its settings, the candidates so far, the
 * stop (time limit or cancellation), the worker threads, and the tally of the networks trained that the search
 * reports.
 */
public final class SearchContext {
    private final DataFacts facts;
    private final Settings settings;
    private final Candidates candidates;
    private final BooleanSupplier stop;
    private final long deadline;
    private final ExecutorService pool;
    private final Tally tally = new Tally();
    private final Units units;

    SearchContext(DataFacts facts, Settings settings, Candidates candidates, BooleanSupplier stop, long deadline,
                  ExecutorService pool, Units units) {
        this.units = units;
        this.facts = Objects.requireNonNull(facts, "facts");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.candidates = Objects.requireNonNull(candidates, "candidates");
        this.stop = Objects.requireNonNull(stop, "stop");
        this.deadline = deadline;
        this.pool = Objects.requireNonNull(pool, "pool");
    }

    /** The units of the data (null: none given), which the GP's variation keeps to. */
    public Units units() {
        return units;
    }

    /** The data searched. */
    public Dataset data() {
        return facts.data();
    }

    /** The facts of the data, computed once for the whole search. */
    public DataFacts facts() {
        return facts;
    }

    public Settings settings() {
        return settings;
    }

    public Candidates candidates() {
        return candidates;
    }

    /** True once the search must stop (its time limit passed, or it was cancelled). */
    public BooleanSupplier stop() {
        return stop;
    }

    /** The time limit as a {@link System#nanoTime()} value (Long.MAX_VALUE for none). */
    public long deadline() {
        return deadline;
    }

    /** The search's worker threads ({@link Settings#threads()} of them). */
    public ExecutorService pool() {
        return pool;
    }

    /** The networks' counts and rewards, step by step. */
    public Tally tally() {
        return tally;
    }

    /** The counts the search reports of its networks, and the controller's rewards per completed step. */
    public static final class Tally {
        /** At most this many error messages of failed architectures are kept (all are counted). */
        static final int MAX_ERRORS_KEPT = 5;

        long trained;
        long failed;
        long gaveUp;
        final List<String> errors = new ArrayList<>();
        final List<Double> meanRewards = new ArrayList<>();
        final List<Double> bestRewards = new ArrayList<>();

        /** Records one trained architecture's outcome. */
        void trained(boolean failedArchitecture, boolean given) {
            trained++;
            if (failedArchitecture) {
                failed++;
            }
            if (given) {
                gaveUp++;
            }
        }

        /** Records an architecture whose pipeline threw: a bug, counted and reported. */
        void error(String message) {
            if (errors.size() < MAX_ERRORS_KEPT) {
                errors.add(message);
            }
        }

        /** Records a completed step's mean and best reward. */
        void rewards(double mean, double best) {
            meanRewards.add(mean);
            bestRewards.add(best);
        }

        public long trained() {
            return trained;
        }
    }
}
