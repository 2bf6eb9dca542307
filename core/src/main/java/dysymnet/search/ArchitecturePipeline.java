package dysymnet.search;

import dysymnet.data.Dataset;
import dysymnet.expr.Const;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.fit.BfgsFitter;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.Eliminator;
import dysymnet.fit.LevenbergMarquardtFitter;
import dysymnet.data.Metrics;
import dysymnet.fit.Polisher;
import dysymnet.net.Architecture;
import dysymnet.net.SymbolicNetwork;
import dysymnet.net.TrainedNetwork;
import dysymnet.net.Trainer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * What the search does with one sampled architecture, in order:
 * <ol>
 *   <li><b>train</b> a network of that architecture ({@link Trainer}: dense stage, sparse stage, pruning);</li>
 *   <li><b>read off</b> the pruned network as a formula and <b>simplify</b> it ({@link Simplifier});</li>
 *   <li><b>refine</b> its constants ({@link Refiner}: Levenberg-Marquardt or BFGS);</li>
 *   <li><b>eliminate</b>: backward elimination with refitting ({@link Eliminator}) from that formula and from the
 *       network's dense stage-1 state read off, when it is small, every formula on the way a candidate;</li>
 *   <li><b>polish</b> the constants of each formula to the simplest values the data allow ({@link Polisher});</li>
 *   <li><b>score</b> each distinct formula on the training data ({@link Reward}) and pick the one that stands for
 *       the architecture by the search's selection rule.</li>
 * </ol>
 * Instances are immutable and shared by the search's worker threads.
 */
public final class ArchitecturePipeline {
    /**
     * Larger formulas (deep, wide networks read off as trees of thousands of nodes) keep the constants the network
     * learned: refining hundreds of constants costs more than training, and such formulas are never chosen.
     */
    public static final int MAX_REFINED_COMPLEXITY = 400;

    /** Larger formulas are not polished: too costly, and too large to be read anyway. */
    public static final int MAX_POLISHED_COMPLEXITY = 200;

    private final Dataset data;
    private final Settings settings;
    private final ConstantFitter fitter;
    private final Polisher polisher;
    private final Eliminator eliminator;
    private final double variance;

    public ArchitecturePipeline(Dataset data, Settings settings) {
        this.data = Objects.requireNonNull(data, "data");
        this.settings = Objects.requireNonNull(settings, "settings");
        Refinement r = settings.refinement();
        this.fitter = fitter(r.refiner());
        this.polisher = r.polish() ? new Polisher() : null;
        this.eliminator = r.elimination() && fitter != null ? new Eliminator(fitter) : null;
        this.variance = Metrics.variance(data.y());
    }

    /**
     * What one architecture gave.
     *
     * @param representative the candidate that stands for the architecture: its reward is the controller's reward,
     *                       and it is the one the search's selection rule would choose among {@code candidates}
     * @param candidates     every distinct formula found for the architecture (the representative among them)
     */
    public record Result(Candidate representative, List<Candidate> candidates) {
        public Result {
            Objects.requireNonNull(representative, "representative");
            candidates = List.copyOf(candidates);
        }

        /** Whether the architecture gave no finite formula (its training diverged, or it failed). */
        public boolean failed() {
            return !Double.isFinite(representative.mse());
        }
    }

    /**
     * Runs the pipeline on one architecture.
     *
     * @param rng  the source of the network's initial weights
     * @param step the controller step that sampled it (recorded in the candidates)
     * @param stop checked between stages and inside the long ones: once true, the pipeline ends early with what it
     *             has
     */
    public Result run(Architecture arch, RandomGenerator rng, int step, BooleanSupplier stop) {
        TrainedNetwork t = Trainer.train(arch, data, settings.training(), rng, stop);
        if (!t.ok()) {
            return failed(arch, step);
        }
        String name = arch.toString();
        Expr expr = refine(Simplifier.simplify(t.expression()));
        List<Expr> formulas = new ArrayList<>();
        formulas.add(expr);
        if (eliminator != null && !stop.getAsBoolean()) {
            formulas.addAll(eliminator.path(expr, data, stop));
            SymbolicNetwork dense = t.stage1Network();
            if (dense.parameterCount() <= eliminator.maxConstants() && !stop.getAsBoolean()) {
                Expr d = refine(Simplifier.simplify(dense.toExpr(data.names())));
                formulas.add(d);
                formulas.addAll(eliminator.path(d, data, stop));
            }
        }
        Map<Expr, Candidate> distinct = new LinkedHashMap<>();
        for (Expr f : formulas) {
            Expr p = polisher != null && f.complexity() <= MAX_POLISHED_COMPLEXITY ? polisher.polish(f, data) : f;
            distinct.putIfAbsent(p, score(p, name, step));
        }
        List<Candidate> all = List.copyOf(distinct.values());
        Selection sel = settings.selection();
        Candidate representative = ParetoFront.of(all).choose(variance, sel);
        return new Result(representative == null ? all.get(0) : representative, all);
    }

    /** The result of an architecture that gave no finite formula: worst reward, never chosen. */
    public static Result failed(Architecture arch, int step) {
        Candidate c = new Candidate(new Const(0.0), 1, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0,
                arch.toString(), step);
        return new Result(c, List.of(c));
    }

    /** The formula with its constants refined (unchanged without a fitter or when it is too large). */
    private Expr refine(Expr expr) {
        if (fitter != null && expr.complexity() <= MAX_REFINED_COMPLEXITY) {
            return Simplifier.simplify(fitter.fit(expr, data).expression());
        }
        return expr;
    }

    /** Scores a finished formula on the training data. */
    Candidate score(Expr expr, String arch, int step) {
        double[] pred = Evaluator.evaluate(expr, data);
        double mse = Metrics.mse(pred, data.y());
        if (!Double.isFinite(mse)) {
            return new Candidate(expr, expr.complexity(), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0,
                    arch, step);
        }
        return new Candidate(expr, expr.complexity(), mse, Metrics.r2(pred, data.y()), Reward.of(mse, variance), arch,
                step);
    }

    private static ConstantFitter fitter(Refiner refiner) {
        return switch (refiner) {
            case LM -> new LevenbergMarquardtFitter();
            case BFGS -> new BfgsFitter();
            case NONE -> null;
        };
    }
}
