package dysymnet.search;

import dysymnet.gp.Primitives;
import dysymnet.terms.TermRegression;
import java.util.function.BooleanSupplier;

/**
 * The term regression ({@link dysymnet.terms.TermSettings}): sums of simple terms and ratios of polynomials fitted
 * by least squares, once before the first step (after the quick GP, which ends at once when it finds a law, so the
 * laws it finds come as fast as without this source; the first, cold run costs a few tenths of a second) and after
 * every step with the terms of the best formulas so far. Each family's formulas are candidates as they come, and a
 * run ends once they solve the search (its costlier families are then not needed). Its own candidates seed no other
 * source ({@link #seedsOthers()}), so that it adds candidates without changing the rest of the search.
 */
final class TermsSource implements CandidateSource {
    private final TermRegression terms;

    TermsSource(SearchContext context, Primitives primitives) {
        this.terms = new TermRegression(context.facts(), primitives, context.settings().terms());
    }

    @Override
    public Source id() {
        return Source.TERMS;
    }

    @Override
    public boolean seedsOthers() {
        return false;
    }

    @Override
    public void begin(SearchContext context) {
        if (!context.stop().getAsBoolean() && !context.candidates().solved()) {
            run(0, context);
        }
    }

    @Override
    public boolean step(int step, SearchContext context) {
        if (!context.stop().getAsBoolean()) {
            run(step, context);
        }
        return true;
    }

    private void run(int step, SearchContext context) {
        Candidates candidates = context.candidates();
        BooleanSupplier stop = context.stop();
        terms.run(candidates.seeds(), () -> stop.getAsBoolean() || candidates.solved(),
                batch -> candidates.absorb(batch, Source.TERMS, step), context.pool());
    }
}
