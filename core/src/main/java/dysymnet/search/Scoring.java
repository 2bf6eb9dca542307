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
import dysymnet.fit.Metrics;
import dysymnet.fit.Polisher;
import dysymnet.net.Architecture;
import dysymnet.net.SymbolicNetwork;
import dysymnet.net.TrainedNetwork;
import dysymnet.net.Trainer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * Turns one sampled architecture into scored candidates: train, prune, read off, simplify, refine, polish, score;
 * then, with elimination on, the {@link Eliminator} paths from that formula and from the dense stage-1 network.
 */
final class Scoring {
    private final Dataset data;
    private final SearchConfig config;
    private final ConstantFitter fitter;
    private final Polisher polisher;
    private final Eliminator eliminator;
    private final double variance;

    Scoring(Dataset data, SearchConfig config) {
        this.data = data;
        this.config = config;
        this.fitter = fitter(config.refiner());
        this.polisher = config.polish() ? new Polisher() : null;
        this.eliminator = config.elimination() && fitter != null ? new Eliminator(fitter) : null;
        this.variance = Metrics.variance(data.y());
    }

    /**
     * What one architecture gave.
     *
     * @param representative the candidate that stands for the architecture: its reward is the controller's reward,
     *                       and it is the one the search's selection rule would choose among {@code candidates}
     * @param candidates     every distinct formula found for the architecture (the representative among them)
     */
    record Scored(Candidate representative, List<Candidate> candidates) {
    }

    static ConstantFitter fitter(Refiner refiner) {
        switch (refiner) {
            case LM:
                return new LevenbergMarquardtFitter();
            case BFGS:
                return new BfgsFitter();
            case NONE:
                return null;
            default:
                throw new AssertionError(refiner);
        }
    }

    /** A candidate for an architecture whose training failed: worst reward, never chosen. */
    static Candidate failed(Architecture a, int step) {
        return new Candidate(new Const(0.0), 1, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0,
                a.toString(), step);
    }

    Scored score(Architecture arch, RandomGenerator rng, int step, BooleanSupplier stop) {
        TrainedNetwork t;
        try {
            t = Trainer.train(arch, data, config.training(), rng, stop);
        } catch (ArithmeticException | IllegalStateException e) {
            return single(failed(arch, step));
        }
        if (!t.ok()) {
            return single(failed(arch, step));
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
            distinct.putIfAbsent(p, candidate(p, name, step));
        }
        List<Candidate> all = List.copyOf(distinct.values());
        Candidate representative = ParetoFront.of(all).choose(variance, config.selectionFactor(),
                ParetoFront.DEFAULT_FLOOR, config.maxComplexity());
        return new Scored(representative == null ? all.get(0) : representative, all);
    }

    /** The formula with its constants refined (unchanged without a fitter or when it is too large). */
    private Expr refine(Expr expr) {
        if (fitter != null && expr.complexity() <= MAX_REFINED_COMPLEXITY) {
            return Simplifier.simplify(fitter.fit(expr, data).expression());
        }
        return expr;
    }

    static Scored single(Candidate c) {
        return new Scored(c, List.of(c));
    }

    /**
     * Larger formulas (deep, wide networks read off as trees of thousands of nodes) keep the constants the network
     * learned: refining hundreds of constants costs more than training, and such formulas are never chosen.
     */
    static final int MAX_REFINED_COMPLEXITY = 400;

    /** Larger formulas are not polished: too costly, and too large to be read anyway. */
    static final int MAX_POLISHED_COMPLEXITY = 200;

    /**
     * The controller's reward: {@code 1 / (1 + NRMSE)}. The paper's {@code 1 / (1 + MSE)} depends on the scale of
     * the target: for a target in the thousands every reward is about 0 and the controller learns nothing, for a
     * target of size 1e-3 every reward is about 1. The normalised error (as in DSR) fixes both.
     */
    double reward(double mse) {
        if (!Double.isFinite(mse)) {
            return 0.0;
        }
        double nrmse = variance > 0 ? Math.sqrt(mse / variance) : (mse == 0 ? 0.0 : Double.POSITIVE_INFINITY);
        return 1.0 / (1.0 + nrmse);
    }

    /** Scores a finished formula on the training data. */
    Candidate candidate(Expr expr, String arch, int step) {
        double[] pred = Evaluator.evaluate(expr, data);
        double mse = Metrics.mse(pred, data.y());
        if (!Double.isFinite(mse)) {
            return new Candidate(expr, expr.complexity(), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0,
                    arch, step);
        }
        return new Candidate(expr, expr.complexity(), mse, Metrics.r2(pred, data.y()), reward(mse), arch, step);
    }
}
