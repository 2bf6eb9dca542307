package dysymnet.search;

/** Receives progress events of a search; called on the thread that runs the search. */
@FunctionalInterface
public interface SearchListener {
    void onStep(StepEvent event);

    /** A listener that ignores everything. */
    SearchListener NONE = e -> { };
}
