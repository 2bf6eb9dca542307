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
import dysymnet.net.Architecture;
import dysymnet.net.TrainConfig;
import dysymnet.net.TrainedNetwork;
import dysymnet.net.Trainer;
import java.util.random.RandomGenerator;

/** Turns one sampled architecture into a scored candidate: train, prune, read off, simplify, refine, score. */
final class Scoring {
    private final Dataset data;
    private final TrainConfig training;
    private final ConstantFitter fitter;

    Scoring(Dataset data, TrainConfig training, ConstantFitter fitter) {
        this.data = data;
        this.training = training;
        this.fitter = fitter;
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

    Candidate score(Architecture arch, RandomGenerator rng, int step) {
        TrainedNetwork t;
        try {
            t = Trainer.train(arch, data, training, rng);
        } catch (ArithmeticException | IllegalStateException e) {
            return failed(arch, step);
        }
        if (!t.ok()) {
            return failed(arch, step);
        }
        Expr expr = Simplifier.simplify(t.expression());
        if (fitter != null) {
            FitResult f = fitter.fit(expr, data);
            expr = Simplifier.simplify(f.expression());
        }
        return candidate(expr, arch.toString(), step);
    }

    /** Scores a finished formula on the training data. */
    Candidate candidate(Expr expr, String arch, int step) {
        double[] pred = Evaluator.evaluate(expr, data);
        double mse = Metrics.mse(pred, data.y());
        if (!Double.isFinite(mse)) {
            return new Candidate(expr, expr.complexity(), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0,
                    arch, step);
        }
        return new Candidate(expr, expr.complexity(), mse, Metrics.r2(pred, data.y()), Metrics.reward(mse), arch,
                step);
    }
}
