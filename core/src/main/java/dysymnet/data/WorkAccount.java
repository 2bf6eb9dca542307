package dysymnet.data;

/**
 * An executor that keeps an account of the work there is to do (a search's pool, whose stage clock integrates the
 * time with at most one unit of work as serial, {@code search.StageClock}). A stage that shares pieces of work between
 * the calling thread and tasks of the pool (the GP's evaluations and fits) reports here the pieces waiting to be
 * taken: any thread could do them, so the account counts them as work for other threads, and the calling thread
 * doing them is not serial time. The account changes nothing in the work.
 */
public interface WorkAccount {
    /** The pieces of shared work waiting to be taken changed by {@code delta}. */
    void waiting(int delta);
}
