package dysymnet.search;

import dysymnet.data.Dataset;
import dysymnet.expr.Const;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.fit.BfgsFitter;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.FitResult;
import dysymnet.fit.LevenbergMarquardtFitter;
import dysymnet.fit.Metrics;
import dysymnet.fit.Polisher;
import dysymnet.net.Architecture;
import dysymnet.net.TrainConfig;
import dysymnet.net.TrainedNetwork;
import dysymnet.net.Trainer;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/** Turns one sampled architecture into a scored candidate: train, prune, read off, simplify, refine, score. */
final class Scoring {
    private final Dataset data;
    private final TrainConfig training;
    private final ConstantFitter fitter;
    private final Polisher polisher;
    private final double variance;

    Scoring(Dataset data, TrainConfig training, ConstantFitter fitter, boolean polish) {
        this.data = data;
        this.training = training;
        this.fitter = fitter;
        this.polisher = polish ? new Polisher() : null;
        this.variance = Metrics.variance(data.y());
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

    Candidate score(Architecture arch, RandomGenerator rng, int step, BooleanSupplier stop) {
        TrainedNetwork t;
        try {
            t = Trainer.train(arch, data, training, rng, stop);
        } catch (ArithmeticException | IllegalStateException e) {
            return failed(arch, step);
        }
        if (!t.ok()) {
            return failed(arch, step);
        }
        Expr expr = Simplifier.simplify(t.expression());
        if (fitter != null && expr.complexity() <= MAX_REFINED_COMPLEXITY) {
            FitResult f = fitter.fit(expr, data);
            expr = Simplifier.simplify(f.expression());
        }
        if (polisher != null && expr.complexity() <= MAX_POLISHED_COMPLEXITY) {
            expr = polisher.polish(expr, data);
        }
        return candidate(expr, arch.toString(), step);
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
