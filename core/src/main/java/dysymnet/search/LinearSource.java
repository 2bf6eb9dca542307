package dysymnet.search;

import dysymnet.terms.LinearModels;

/**
 * Straight lines in the raw inputs ({@link LinearModels}: the forward-selection path up to ordinary least squares on
 * every input), once, before every other source, so that a table has them within any budget (they cost
 * milliseconds). On with the term regression ({@link dysymnet.terms.TermSettings#enabled()}), whose simplest family
 * they are, when the operator library adds. Its candidates seed no other source ({@link #seedsOthers()}): they add lines to choose from without
 * changing the rest of the search.
 */
final class LinearSource implements CandidateSource {
    @Override
    public Source id() {
        return Source.LINEAR;
    }

    @Override
    public boolean seedsOthers() {
        return false;
    }

    @Override
    public boolean stepped() {
        return false;
    }

    @Override
    public void begin(SearchContext context) {
        context.candidates().absorb(LinearModels.fit(context.data(), context.stop(), context.pool()), Source.LINEAR, 0);
    }

    @Override
    public boolean step(int step, SearchContext context) {
        return true;
    }
}
