package dysymnet.search;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.ComplexityWeights;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.NestingConstraints;
import java.util.Objects;

/**
 * How every formula of a search is scored, whatever its source: its complexity as the selection counts it, whether
 * it keeps the nesting constraints, and its error, R^2 and reward on all the search's rows. The network pipeline
 * scores its read-offs with it, and {@link Candidates} the other sources' formulas.
 *
 * <p>Immutable, shared by the search's threads.
 */
public final class Scorer {
    private final DataFacts facts;
    private final ComplexityWeights weights;
    private final NestingConstraints nesting;

    public Scorer(DataFacts facts, Settings settings) {
        this.facts = Objects.requireNonNull(facts, "facts");
        this.weights = settings.selection().complexityWeights();
        this.nesting = settings.space().forbiddenNesting();
    }

    /** The facts of the data the formulas are scored on. */
    public DataFacts facts() {
        return facts;
    }

    /** The complexity of {@code e} as the selection counts it (its nodes, unless weighted). */
    public int complexity(Expr e) {
        return weights.complexity(e);
    }

    /** Whether {@code e} keeps the search space's nesting constraints (a formula that does not is no candidate). */
    public boolean allows(Expr e) {
        return nesting.allows(e);
    }

    /**
     * Scores a finished formula on the training data, its sign-definite absolute values written as their arguments
     * first ({@link Continuation}). Not interrupted: every formula of a source costs a bounded time to evaluate
     * ({@link ArchitecturePipeline#MAX_READ_OFF_WORK}).
     *
     * @param architecture the network's architecture for a network's formula, else null
     */
    public Candidate score(Expr formula, Source source, String architecture, int step) {
        Dataset data = facts.data();
        Expr expr = Continuation.onRows(formula, data);
        double[] pred = Evaluator.evaluate(expr, data);
        double mse = Metrics.mse(pred, data);
        if (!Double.isFinite(mse)) {
            return new Candidate(expr, complexity(expr), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0,
                    source, architecture, step);
        }
        return new Candidate(expr, complexity(expr), mse, Metrics.r2(pred, data), Reward.of(mse, facts.variance()),
                source, architecture, step);
    }
}
