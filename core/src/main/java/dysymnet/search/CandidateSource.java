package dysymnet.search;

/**
 * A source of candidate formulas in a search: the networks the controller samples ({@link NetworkSource}), the
 * genetic programming ({@link GpSource}), the term regression ({@link TermsSource}), straight lines
 * ({@link LinearSource}). The search ({@link Search})
 * calls every source it was given, in the order given, once before the first step ({@link #begin}) and then once
 * per step ({@link #step}); a source adds its formulas to the shared {@link Candidates}, which scores them and keeps
 * the best, and reads from there what it starts from ({@link Candidates#seeds()}, {@link Candidates#solved()}).
 *
 * <p>Reproducibility: a source draws only from its own random streams ({@code data.Seeds}, derived from the
 * search's seed), and whatever it computes in parallel it gathers in a fixed order, so that a search with a given
 * seed and step budget gives the same result on any number of threads. It asks {@link SearchContext#stop()} as it
 * goes, so that a time limit or a cancellation ends it soon.
 *
 * <p>To add a source: implement this interface (with a {@link Source} constant of its own for its candidates) and
 * register it in {@link Search#sources}.
 */
public interface CandidateSource extends AutoCloseable {
    /** The source its candidates record. */
    Source id();

    /**
     * Whether this source's candidates are among the formulas the others start from ({@link Candidates#seeds()});
     * false for a source that should add candidates without changing what the others do.
     */
    default boolean seedsOthers() {
        return true;
    }

    /**
     * Whether the search runs this source in its steps ({@link #step}); false for a source that runs once, before
     * them. The sources that run in steps share the search's work ({@link SourceShares}).
     */
    default boolean stepped() {
        return true;
    }

    /**
     * Whether this source only adds what the others miss (the sources of the units' dimensionless groups): the
     * search runs it after the others ({@link Search#sources}) and skips its runs, before the steps and in them, once
     * a formula solves the data ({@link Candidates#solved()}), so that a law the others find takes no longer for it.
     */
    default boolean supplementary() {
        return false;
    }

    /**
     * The work this source has done so far, counted rather than timed, in nominal seconds (a count times a cost per
     * unit measured on one machine): the same on any number of threads, so that a search without a time limit
     * divides its steps among the sources reproducibly ({@link SourceShares}). 0 for a source that does not count.
     */
    default double work() {
        return 0;
    }

    /** Runs before the first step (a quick first phase: a search it solves ends there). */
    default void begin(SearchContext context) {
    }

    /**
     * Runs in step {@code step} (0-based) after the sources before it.
     *
     * @return false when the step was stopped (time limit, cancellation) before it was complete: the search then
     *         ends without the rest of the step
     * @throws InterruptedException when the search's thread was interrupted: the search ends as cancelled
     */
    boolean step(int step, SearchContext context) throws InterruptedException;

    /** Releases what the source holds (threads of a trainer, a cluster session). */
    @Override
    default void close() {
    }
}
