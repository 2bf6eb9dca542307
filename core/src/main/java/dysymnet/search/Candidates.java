package dysymnet.search;

import dysymnet.expr.Constants;
import dysymnet.expr.Expr;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The search's candidates so far, shared by its formula sources: each distinct formula once (the first to find it
 * keeps it, in the order found), the best by training error, whether it solves the search, and the formulas the
 * symbolic sources start from ({@link #seeds()}). Formulas are scored here ({@link Scorer}) unless the source
 * scored them itself (the network pipeline, whose scores are its controller's rewards).
 *
 * <p>Used by one thread at a time: the search runs its sources one after another.
 */
public final class Candidates {
    private final Scorer scorer;
    private final Budget budget;
    private final int maxComplexity;
    private final int rows;
    private final Map<Expr, Candidate> distinct = new LinkedHashMap<>();
    private final Set<Source> notSeeding = new HashSet<>();
    private List<Expr> stepFormulas = List.of();
    private Candidate best;
    private final FrontGain gain;
    /** Volatile: the term regression's parallel families ask it through their stop ({@link TermsSource}). */
    private volatile boolean solved;

    /**
     * @param maxComplexity the size cap of the reported formula ({@link Selection#maxComplexity()}): a formula above
     *                      it cannot be reported, so it does not end the search
     */
    public Candidates(Scorer scorer, Budget budget, int maxComplexity) {
        this.scorer = scorer;
        this.budget = budget;
        this.maxComplexity = maxComplexity;
        this.rows = scorer.facts().data().rows();
        this.gain = new FrontGain(maxComplexity, scorer.facts().variance(), scorer.facts().noiseVariance());
    }

    /** What the candidates have added to the front so far ({@link FrontGain}). */
    FrontGain gain() {
        return gain;
    }

    /** The scorer every source's formulas are scored by. */
    public Scorer scorer() {
        return scorer;
    }

    /**
     * Leaves the candidates of {@code source} out of {@link #seeds()}, so that it adds candidates without changing
     * what the other sources do ({@link CandidateSource#seedsOthers()}).
     */
    void excludeFromSeeds(Source source) {
        notSeeding.add(source);
    }

    /**
     * Scores formulas of a source and adds each new one that keeps the nesting constraints and is finite.
     */
    public void absorb(List<Expr> formulas, Source source, int step) {
        for (Expr e : formulas) {
            if (distinct.containsKey(e) || !scorer.allows(e)) {
                continue;
            }
            add(scorer.score(e, source, null, step));
        }
    }

    /** Adds a scored candidate when it is finite and its formula is new; it may become the best. */
    public void add(Candidate c) {
        if (!Double.isFinite(c.mse())) {
            return;
        }
        if (distinct.putIfAbsent(c.expression(), c) == null) {
            gain.add(c.complexity(), c.mse());
        }
        if (best == null || c.mse() < best.mse()) {
            best = c;
        }
        if (!solved && c.complexity() <= maxComplexity && Constants.count(c.expression()) < rows
                && budget.solvedBy(c.mse(), c.r2(), scorer.facts().variance())) {
            solved = true;
        }
    }

    /** The candidate of the lowest training error so far (the first found among equals); null before any. */
    public Candidate best() {
        return best;
    }

    /**
     * Whether a candidate so far ends the search ({@link Budget#solvedBy}): one that could be reported (within the
     * size cap) and has fewer constants than the data have rows. A network of 274 nodes that passes through the 35
     * rows of a table has interpolated them, not found their law: the search goes on.
     */
    public boolean solved() {
        return solved;
    }

    /** Every candidate so far, in the order found. */
    public List<Candidate> all() {
        return new ArrayList<>(distinct.values());
    }

    /**
     * Sets the formulas of the current step that the symbolic sources start from besides the best and the front:
     * the networks' of the step, in sampling order.
     */
    public void stepFormulas(List<Expr> formulas) {
        stepFormulas = List.copyOf(formulas);
    }

    /**
     * The formulas the symbolic stages start from: the best, the front, then this step's formulas
     * ({@link #stepFormulas}); the candidates of sources excluded from seeding left out of the best and the front.
     */
    public List<Expr> seeds() {
        List<Candidate> searched = new ArrayList<>();
        Candidate b = null;
        for (Candidate c : distinct.values()) {
            if (!notSeeding.contains(c.source())) {
                searched.add(c);
                if (b == null || c.mse() < b.mse()) {
                    b = c;
                }
            }
        }
        List<Expr> seeds = new ArrayList<>();
        if (b != null) {
            seeds.add(b.expression());
        }
        for (Candidate c : ParetoFront.of(searched).candidates()) {
            seeds.add(c.expression());
        }
        seeds.addAll(stepFormulas);
        return seeds;
    }
}
