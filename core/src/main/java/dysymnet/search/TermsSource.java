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
    /** The counted work so far ({@link #work()}). */
    private double work;

    /**
     * Nominal seconds per formula the term regression offers, its share of the run's least-squares paths and refits
     * included (paths on at most 1,000 rows: about 0.02 s on the first run and 0.002 s later on four black-box tables
     * of 39 to 10,000 rows, 2-core development machine).
     */
    static final double SECONDS_PER_FORMULA = 0.01;

    TermsSource(SearchContext context, Primitives primitives) {
        this.terms = new TermRegression(context.facts(), primitives, context.settings().terms(), context.units());
    }

    @Override
    public Source id() {
        return Source.TERMS;
    }

    @Override
    public boolean seedsOthers() {
        return false;
    }

    /**
     * The term regression's work: the formulas it offered ({@link #SECONDS_PER_FORMULA}); a run whose seeds bring no
     * new term offers nothing and costs next to nothing.
     */
    @Override
    public double work() {
        return work;
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
                batch -> {
                    work += SECONDS_PER_FORMULA * batch.size();
                    candidates.absorb(batch, Source.TERMS, step);
                }, context.pool());
    }
}
