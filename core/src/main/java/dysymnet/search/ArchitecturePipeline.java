package dysymnet.search;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.expr.ComplexityWeights;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.expr.TreeSize;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.Eliminator;
import dysymnet.fit.Polisher;
import dysymnet.net.Architecture;
import dysymnet.net.SymbolicNetwork;
import dysymnet.net.TrainedNetwork;
import dysymnet.net.Trainer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * What the search does with one sampled architecture, in order:
 * <ol>
 *   <li><b>train</b> a network of that architecture ({@link Trainer}: dense stage, sparse stage, pruning), on a
 *       random sample of the rows when there are more than {@link Budget#trainRows()} (and the stages up to
 *       polishing work on the same sample);</li>
 *   <li><b>read off</b> the pruned network as a formula and <b>simplify</b> it ({@link Simplifier});</li>
 *   <li><b>refine</b> its constants ({@link Refiner}: Levenberg-Marquardt or BFGS);</li>
 *   <li><b>eliminate</b>: backward elimination with refitting ({@link Eliminator}) from that formula and from the
 *       network's dense stage-1 state read off, when it is small, every formula on the way a candidate;</li>
 *   <li><b>polish</b> the constants of each formula to the simplest values the data allow ({@link Polisher});</li>
 *   <li><b>score</b> each distinct formula on all the training data ({@link Reward}) and pick the one that
 *       stands for the architecture by the search's selection rule.</li>
 * </ol>
 *
 * <p>Budget: every stage either asks the stop supplier as it goes (training, simplifying a large read-off,
 * refining, eliminating, polishing) or is small by a bound (simplifying a small read-off, scoring), so that a search
 * ends soon after its time limit or a cancellation whatever the architecture and the data's size. A network whose
 * formula would be too large ({@link #MAX_READ_OFF_NODES}, {@link #MAX_READ_OFF_WORK}) gives no formula, like a
 * network whose training diverged; so every formula scored costs at most {@link #MAX_READ_OFF_WORK} to evaluate.
 * Once stopped, the pipeline starts no refinement, elimination or polishing, but still scores the read-off of the
 * network as trained so far (simplified if small, {@link #FINISH_SIMPLIFIED_NODES}), so that a search that stops in
 * the middle of a long training (many rows) still gets a formula from it.
 *
 * <p>With sample weights ({@link Dataset#weights()}) every stage works on the weighted MSE: training, refinement,
 * elimination and polishing on the network's rows with their weights (a sample's weights renormalised to mean 1), the
 * score, the R^2 and the reward on all the search's rows with theirs.
 *
 * <p>Instances are immutable and shared by the search's worker threads.
 */
public final class ArchitecturePipeline {
    /**
     * Larger formulas (deep, wide networks read off as trees of thousands of nodes) keep the constants the network
     * learned: refining hundreds of constants costs more than training, and such formulas are never chosen.
     */
    public static final int MAX_REFINED_COMPLEXITY = 400;

    /** Larger formulas are not polished: too costly, and too large to be read anyway. */
    public static final int MAX_POLISHED_COMPLEXITY = 200;

    /**
     * Read-offs above this multiple of the selection's size cap are neither refined nor polished: the cap is hard,
     * and one removal path of the eliminator rarely shrinks a formula by more than that.
     */
    public static final int CAP_REFINED_FACTOR = 4;

    /**
     * Networks whose formula has more nodes than this give no formula. A network's read-off is built as a graph in
     * which each unit's formula is shared by the units that use it, cheap to build, but as a tree (what the
     * simplifier, the evaluator and the printers walk) it grows with the product of the layers' widths: tens of
     * millions of nodes for three layers of 300 units. Its size is counted on the graph before anything walks it
     * ({@link TreeSize}). The bound is 10 times the largest read-off measured in the default search space (17,522
     * nodes over the 100 networks of six Nguyen problems), and simplifies in a few seconds.
     */
    public static final int MAX_READ_OFF_NODES = 200_000;

    /**
     * Networks whose simplified formula's nodes times the data's rows exceed this (about 2.7 * 10^8, a third of a
     * second of evaluation at the measured 1.3 ns per node and row) give no formula either: on 200,000 rows the bound
     * is 1,342 nodes, on the benchmarks' 10,000 rows at most it is 26,843, on a few hundred rows
     * {@link #MAX_READ_OFF_NODES} is the smaller. It bounds the cost of scoring a formula, and of evaluating the
     * chosen one after the search.
     */
    public static final long MAX_READ_OFF_WORK = 1L << 28;

    /**
     * A read-off of at most this many nodes is simplified even once stopped (at most some tenths of a second,
     * measured); a larger one is simplified only until the stop, then scored as it is if not too large.
     */
    public static final int FINISH_SIMPLIFIED_NODES = 10_000;

    /**
     * How long the simplification of a read-off of at most {@link #FINISH_SIMPLIFIED_NODES} nodes may go on once
     * stopped: a read-off of 10,000 nodes took up to a second on two busy cores, while the rest of the pipeline after
     * a stop (scoring, bounded by {@link #MAX_READ_OFF_WORK}) takes a third of one.
     */
    public static final long FINISH_GRACE_NANOS = 200_000_000L;

    private final Dataset data;
    private final Settings settings;
    private final Scorer scorer;
    private final ConstantFitter fitter;
    private final Polisher polisher;
    private final Eliminator eliminator;
    /** Formulas above these sizes are not refined, not polished (the global bounds, or the size cap's). */
    private final int refinedLimit;
    private final int polishedLimit;
    /** Four times the size cap (in the selection's complexity). */
    private final long capped;
    private final ComplexityWeights weights;

    /** The pipeline of a search on {@code data} (its facts computed here). */
    public ArchitecturePipeline(Dataset data, Settings settings) {
        this(new Scorer(DataFacts.of(data), settings), settings);
    }

    /** The pipeline of a search whose formulas {@code scorer} scores, on the scorer's data. */
    public ArchitecturePipeline(Scorer scorer, Settings settings) {
        this.scorer = Objects.requireNonNull(scorer, "scorer");
        this.data = scorer.facts().data();
        this.settings = Objects.requireNonNull(settings, "settings");
        Refinement r = settings.refinement();
        this.fitter = r.refiner().fitter();
        this.polisher = r.polish() ? new Polisher() : null;
        this.eliminator = r.elimination() && fitter != null ? new Eliminator(fitter) : null;
        this.capped = (long) CAP_REFINED_FACTOR * settings.selection().maxComplexity();
        this.refinedLimit = (int) Math.min(MAX_REFINED_COMPLEXITY, capped);
        this.polishedLimit = (int) Math.min(MAX_POLISHED_COMPLEXITY, capped);
        this.weights = settings.selection().complexityWeights();
    }

    /**
     * Whether {@code e} is small enough for a stage bounded by {@code limit} (the smaller of the stage's node bound
     * and four times the size cap): with complexity weights, its nodes within the node bound and its complexity
     * within four times the cap.
     */
    private boolean within(Expr e, int limit, int nodeBound) {
        if (weights.isEmpty()) {
            return e.complexity() <= limit;
        }
        return e.complexity() <= nodeBound && weights.complexity(e) <= capped;
    }

    /**
     * What one architecture gave.
     *
     * @param representative the candidate that stands for the architecture: its reward is the controller's reward,
     *                       and it is the one the search's selection rule would choose among {@code candidates}
     * @param candidates     every distinct formula found for the architecture (the representative among them)
     * @param checkpoints    the network's training loss over var(y) at each checkpoint
     *                       ({@link TrainedNetwork#checkpointLosses()}, {@link Trainer#CHECKPOINTS} of them); NaN
     *                       where there is none. Read-only by convention.
     * @param gaveUp         whether the network was given up at a checkpoint: then there is no formula, and the
     *                       representative (never a candidate of the search: its MSE is infinite) carries the
     *                       reward of the loss it reached
     */
    public record Result(Candidate representative, List<Candidate> candidates, double[] checkpoints, boolean gaveUp) {
        public Result {
            Objects.requireNonNull(representative, "representative");
            candidates = List.copyOf(candidates);
            if (checkpoints.length != Trainer.CHECKPOINTS) {
                throw new IllegalArgumentException("one loss per checkpoint expected, got " + checkpoints.length);
            }
        }

        /** Equal candidates, checkpoint losses (by value) and outcome. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Result r && representative.equals(r.representative)
                    && candidates.equals(r.candidates) && Arrays.equals(checkpoints, r.checkpoints)
                    && gaveUp == r.gaveUp;
        }

        @Override
        public int hashCode() {
            return Objects.hash(representative, candidates, Arrays.hashCode(checkpoints), gaveUp);
        }

        @Override
        public String toString() {
            return "Result[representative=" + representative + ", candidates=" + candidates + ", checkpoints="
                    + Arrays.toString(checkpoints) + ", gaveUp=" + gaveUp + "]";
        }

        /** A result without checkpoint losses. */
        public Result(Candidate representative, List<Candidate> candidates) {
            this(representative, candidates, noCheckpoints(), false);
        }

        /** Whether the architecture gave no finite formula (its training diverged, or it failed); not given up. */
        public boolean failed() {
            return !gaveUp && !Double.isFinite(representative.mse());
        }
    }

    /**
     * Runs the pipeline on one architecture.
     *
     * @param rng  the source of the network's initial weights
     * @param step the controller step that sampled it (recorded in the candidates)
     * @param stop asked between stages and inside the long ones: once true, the pipeline ends early with what it
     *             has
     */
    public Result run(Architecture arch, RandomGenerator rng, int step, BooleanSupplier stop) {
        return run(arch, rng, step, stop, Trainer.keepAll());
    }

    /**
     * As {@link #run(Architecture, RandomGenerator, int, BooleanSupplier)}, with the network given up at checkpoint
     * {@code k} when its loss there over var(y) is above {@code giveUpAbove[k]} ({@link Trainer}).
     */
    public Result run(Architecture arch, RandomGenerator rng, int step, BooleanSupplier stop, double[] giveUpAbove) {
        Dataset rows = fittingRows(rng);
        TrainedNetwork t = Trainer.train(arch, rows, settings.training(), rng, stop, giveUpAbove);
        if (!t.ok()) {
            return failed(arch, step);
        }
        if (t.gaveUp()) {
            Candidate c = withoutFormula(arch, step, Reward.of(t.lastCheckpointLoss(), 1.0));
            return new Result(c, List.of(c), t.checkpointLosses(), true);
        }
        String name = arch.toString();
        Expr read = simplifiedReadOff(t.expression(), stop);
        if (read == null) {
            return failed(arch, step);
        }
        Expr expr = refine(read, rows, stop);
        List<Expr> formulas = new ArrayList<>();
        formulas.add(expr);
        if (eliminator != null && !stop.getAsBoolean()) {
            formulas.addAll(eliminator.path(expr, rows, stop));
            SymbolicNetwork dense = t.stage1Network();
            if (dense.parameterCount() <= eliminator.maxConstants() && !stop.getAsBoolean()) {
                Expr d = simplifiedReadOff(dense.toExpr(data.names()), stop);
                if (d != null && !stop.getAsBoolean()) {
                    d = refine(d, rows, stop);
                    formulas.add(d);
                    formulas.addAll(eliminator.path(d, rows, stop));
                }
            }
        }
        Map<Expr, Candidate> distinct = new LinkedHashMap<>();
        for (Expr f : formulas) {
            boolean stopped = stop.getAsBoolean();
            if (stopped && !distinct.isEmpty()) {
                break;
            }
            Expr p = polisher != null && !stopped && within(f, polishedLimit, MAX_POLISHED_COMPLEXITY)
                    ? polisher.polish(f, rows, stop) : f;
            if (!scorer.allows(p)) {
                continue;
            }
            if (!distinct.containsKey(p)) {
                distinct.put(p, scorer.score(p, Source.NETWORK, name, step));
            }
        }
        if (distinct.isEmpty()) {
            return failed(arch, step); // every formula broke a nesting constraint
        }
        List<Candidate> all = List.copyOf(distinct.values());
        Selection sel = settings.selection();
        Candidate representative = ParetoFront.of(all).choose(scorer.facts().variance(), sel);
        return new Result(representative == null ? all.get(0) : representative, all, t.checkpointLosses(), false);
    }

    /**
     * The rows a network trains on and its formulas are refined, eliminated and polished on: all of the data when
     * it has at most {@link Budget#trainRows()} rows (drawing nothing from {@code rng}), else a random sample of
     * that many drawn from {@code rng}, the network's own stream, before its initial weights. (A refinement's cost
     * grows with the rows times the square of the constants: on 10,000 rows the refinement of the read-offs took
     * three times as long as the training.)
     */
    Dataset fittingRows(RandomGenerator rng) {
        int n = settings.budget().trainRows();
        return n > 0 && data.rows() > n ? data.sample(n, rng) : data;
    }

    /**
     * A network's read-off, simplified; null when it is too large ({@link #MAX_READ_OFF_NODES} before
     * simplification, {@link #MAX_READ_OFF_WORK} after). A stop ends the simplification of a read-off larger than
     * {@link #FINISH_SIMPLIFIED_NODES} at once, of a smaller one {@link #FINISH_GRACE_NANOS} after it is first seen;
     * the read-off is then scored as far as it was simplified.
     */
    private Expr simplifiedReadOff(Expr raw, BooleanSupplier stop) {
        if (TreeSize.exceeds(raw, MAX_READ_OFF_NODES)) {
            return null;
        }
        Expr s = Simplifier.simplify(raw, TreeSize.atMost(raw, FINISH_SIMPLIFIED_NODES) ? withGrace(stop) : stop);
        if (s == null) {
            s = raw;
        }
        return (long) s.complexity() * data.rows() > MAX_READ_OFF_WORK ? null : s;
    }

    /** {@code stop}, but true only {@link #FINISH_GRACE_NANOS} after it is first seen true. */
    private static BooleanSupplier withGrace(BooleanSupplier stop) {
        // one pipeline run, one thread
        Long[] firstSeen = {null};
        return () -> {
            if (!stop.getAsBoolean()) {
                return false;
            }
            long now = System.nanoTime();
            if (firstSeen[0] == null) {
                firstSeen[0] = now;
            }
            return now - firstSeen[0] >= FINISH_GRACE_NANOS;
        };
    }

    /** The result of an architecture that gave no finite formula: worst reward, never chosen. */
    public static Result failed(Architecture arch, int step) {
        Candidate c = withoutFormula(arch, step, 0.0);
        return new Result(c, List.of(c));
    }

    /** Checkpoint losses of a result that has none: NaN at every checkpoint. */
    public static double[] noCheckpoints() {
        double[] c = new double[Trainer.CHECKPOINTS];
        Arrays.fill(c, Double.NaN);
        return c;
    }

    /** The representative of an architecture without a formula: never a candidate (infinite MSE), this reward. */
    private static Candidate withoutFormula(Architecture arch, int step, double reward) {
        return new Candidate(new Const(0.0), 1, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, reward,
                Source.NETWORK, arch.toString(), step);
    }

    /**
     * The formula with its constants refined (unchanged without a fitter, when it is too large, or once stopped;
     * the fitter itself leaves formulas with too many constants for the rows, see
     * {@link ConstantFitter#MAX_JACOBIAN_ENTRIES}).
     */
    private Expr refine(Expr expr, Dataset rows, BooleanSupplier stop) {
        if (fitter != null && within(expr, refinedLimit, MAX_REFINED_COMPLEXITY) && !stop.getAsBoolean()) {
            return Simplifier.simplify(fitter.fit(expr, rows, stop).expression());
        }
        return expr;
    }
}
