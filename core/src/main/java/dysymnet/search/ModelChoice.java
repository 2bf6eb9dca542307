package dysymnet.search;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.data.LocalDifferences;
import dysymnet.data.Metrics;
import dysymnet.data.NoiseLevel;
import dysymnet.data.Parallel;
import dysymnet.expr.Const;
import dysymnet.expr.Constants;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.FitResult;
import dysymnet.fit.LevenbergMarquardtFitter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;

/**
 * The search's final choice among all its candidates, by the {@link Selection} settings: the Pareto front's rule
 * ({@link ParetoFront#choose}), with six guards against formulas that fit the noise.
 *
 * <ul>
 *   <li><b>Noise level</b> ({@link Selection#noiseAware()}): with {@code s2} the noise variance estimated from the
 *       data ({@link NoiseLevel}) and {@code n} rows, any candidate whose training MSE is at most
 *       {@code s2 * (1 + 2 * sqrt(2 / n))} (two standard deviations of the MSE of pure noise) fits as well as the
 *       data can tell, and the simplest such is chosen; a candidate whose training MSE is below
 *       {@code s2 * (1 - 2 * sqrt(2 / n))} has fitted the noise itself and is not chosen while a formula within the
 *       noise is left.</li>
 *   <li><b>Extrapolation</b> ({@link Selection#extrapolationGuard()}): front members that blow up just outside the
 *       data, or with several features between its rows or under a change of the inputs far below any
 *       measurement's precision ({@link Extrapolation}), are taken out and the front recomputed, until its members
 *       do not (or none is left: then the guard is dropped).</li>
 *   <li><b>Trend band</b> ({@link Selection#extrapolationGuard()}, one feature, when the noise level is
 *       estimated): formulas that leave the 95% simultaneous band of the data's least-squares cubic over the same
 *       extension ({@link TrendBand}) are taken out while others are left; exact fits are exempt. A formula that
 *       fits the noise with wiggles or turns away just after the data goes where the data's own trend cannot.</li>
 *   <li><b>Cross-validation</b> ({@link Selection#validation()}, several features, when no formula fits exactly):
 *       the formula the other rules chose stays chosen unless it predicts held-out rows significantly worse than
 *       another front member; then the simplest member that is not; and the best straight line in the inputs is
 *       chosen instead unless the choice predicts clearly better ({@link CrossValidation}). On a measured table,
 *       training error rewards formulas bent to its rows.</li>
 *   <li><b>Forward validation</b> ({@link Selection#validation()}, one feature): each front member's
 *       constants are refitted on the first half and the first three quarters of the rows in the feature's order
 *       and scored on the rest; the simplest member within the factor of the best mean forward error (or the noise
 *       level) is chosen.</li>
 *   <li><b>Noise shown by a fit</b> ({@link Selection#noiseAware()}, several features, where {@link NoiseLevel}
 *       has no estimate from the data alone): when the residual of the candidate of the lowest error looks like
 *       noise ({@link NoiseLevel#ofResidual}, a lack-of-fit test over local linear fits), a formula whose residual
 *       also does is the law on these data as far as the noise lets one tell, and the blow-up guard exempts it as
 *       it exempts exact fits; and of the front members within the factor of the best, the one of the lowest
 *       {@code n ln(mse) + complexity * ln(n) / 2} is chosen ({@link #informationChoice}) rather than the simplest,
 *       and then cross-validated as above.
 *       On noise-free data the residual of a fit that is not exact is smooth and fails the test: nothing
 *       changes.</li>
 * </ul>
 *
 * <p>None changes the search itself: only which of its formulas is reported (measured in docs/benchmarks,
 * "Choosing formulas that extrapolate" and "The trend band"). When the guards leave nothing that is not suspect,
 * the choice is still made and says so ({@link Choice#notes()}: every formula below the noise, or every formula off
 * the trend).
 *
 * <p>With sample weights every error here is the weighted MSE (the forward refits and errors too), the noise level
 * is the weighted estimate of {@link NoiseLevel} (the noise's weighted MSE), {@code n} is the effective number of
 * rows {@link Dataset#effectiveRows()}, and the constant of last resort is the weighted mean. The blow-up guard
 * ({@link Extrapolation}) looks at where the data lie and is not weighted.
 */
public final class ModelChoice {
    private ModelChoice() {
    }

    /**
     * The error a noise of variance {@code s2} explains on {@code n} rows ({@code 0} when no noise is seen), and with
     * {@code -1} for {@code sign} the error below which a formula has fitted the noise itself: two standard
     * deviations of the MSE of pure noise above or below its variance.
     */
    static double noiseBound(double s2, double n, int sign) {
        return s2 > 0 ? s2 * (1 + sign * 2 * Math.sqrt(2.0 / n)) : 0;
    }

    /**
     * The choice: the chosen candidate (null when none is finite) and the front it was chosen from, that of the
     * candidates the blow-up guard left (all finite ones without it), which holds the chosen one.
     */
    public record Choice(Candidate chosen, ParetoFront front, List<String> notes) {
        public Choice {
            notes = List.copyOf(notes);
        }

        Choice(Candidate chosen, ParetoFront front) {
            this(chosen, front, List.of());
        }
    }

    /** The note when every formula fits the data's noise itself. */
    static final String BELOW_NOISE = "every formula fits below the estimated noise of the data: the law is uncertain "
            + "beyond the data";
    /** The note when every formula leaves the data's trend just beyond them. */
    static final String OFF_TREND = "every formula leaves the trend of the data just beyond them: the law is "
            + "uncertain beyond the data";

    /** The chosen candidate, or null when none is finite. */
    public static Candidate choose(List<Candidate> candidates, Dataset data, Selection selection) {
        return choice(candidates, DataFacts.of(data), selection).chosen();
    }

    /** The chosen candidate and the front it was chosen from. */
    public static Choice choice(List<Candidate> candidates, Dataset data, Selection selection) {
        return choice(candidates, DataFacts.of(data), selection);
    }

    /**
     * The chosen candidate and the front it was chosen from, on the data of {@code facts} (the search's facts: the
     * variance, the noise level and the local differences are not computed again).
     */
    public static Choice choice(List<Candidate> candidates, DataFacts facts, Selection selection) {
        return choice(candidates, facts, selection, null);
    }

    /**
     * {@link #choice(List, DataFacts, Selection)} with the validations' refits in parallel on {@code threads}
     * (null: on the calling thread), gathered in a fixed order: the choice does not depend on the threads. Only the
     * calling thread waits on the pool's tasks, so it may be any fixed-size pool that runs nothing else meanwhile.
     */
    public static Choice choice(List<Candidate> candidates, DataFacts facts, Selection selection,
                                ExecutorService threads) {
        Dataset data = facts.data();
        // the size cap is hard: formulas above it are never offered; the data's mean when nothing is that small
        List<Candidate> capped = new ArrayList<>();
        for (Candidate c : candidates) {
            if (c.complexity() <= selection.maxComplexity()) {
                capped.add(c);
            }
        }
        if (capped.isEmpty() && !candidates.isEmpty()) {
            capped.add(mean(facts));
        }
        candidates = capped;
        List<Candidate> pool = new ArrayList<>(candidates);
        List<String> notes = new ArrayList<>();
        // several features: the noise the best fit's residual shows (NoiseLevel.ofResidual), and which formulas'
        // residuals look like that noise
        NoiseTest noise = selection.noiseAware() && data.features() > 1 ? NoiseTest.of(candidates, facts) : null;
        if (selection.extrapolationGuard()) {
            double exact = DataFacts.EXACT_NMSE * facts.variance();
            Extrapolation probe = Extrapolation.of(data);
            Map<Expr, Boolean> blowsUp = new HashMap<>();
            while (true) {
                ParetoFront front = ParetoFront.of(pool);
                if (front.isEmpty()) {
                    // every formula blows up: report the best of them rather than none
                    pool = new ArrayList<>(candidates);
                    break;
                }
                List<Candidate> bad = new ArrayList<>();
                for (Candidate c : front.candidates()) {
                    // an exact fit (up to round-off) is the law on these data, whatever it does far away: a law may
                    // have a pole outside the data (1/(x - 1) on x in [2, 5]); the guard is against fitted noise
                    // so is, on noisy data with several features, a formula whose residual is the noise
                    // (V*pr/(gamma - 1.0007) on gamma in [2, 5]; the probe reaches gamma = 1)
                    // between the rows, with several features, no residual excuses a pole or a wild oscillation,
                    // nor a formula that turns the seventh digit of its inputs into its output (a lookup table)
                    if (c.mse() > exact && blowsUp.computeIfAbsent(c.expression(),
                            e -> probe.blowsUpBetweenRows(e) || probe.illConditioned(e)
                                    || !(noise != null && noise.noiseLike(c))
                                    && probe.blowsUp(e))) {
                        bad.add(c);
                    }
                }
                if (bad.isEmpty()) {
                    break;
                }
                pool.removeAll(bad);
            }
        }
        if (selection.extrapolationGuard() && data.features() == 1 && facts.noiseVariance() > 0) {
            // noisy data of one feature: formulas that leave the band of the data's own trend just beyond the data
            // are taken out while others are left
            TrendBand band = TrendBand.of(data);
            if (band != null) {
                List<Candidate> inside = new ArrayList<>();
                for (Candidate c : pool) {
                    if (facts.exact(c.mse()) || !band.leaves(c.expression())) {
                        inside.add(c);
                    }
                }
                if (!inside.isEmpty()) {
                    pool = inside;
                } else if (!pool.isEmpty()) {
                    notes.add(OFF_TREND);
                }
            }
        }
        double s2 = selection.noiseAware() ? facts.noiseVariance() : 0;
        // with weights, the noise's weighted MSE varies as that of the effective number of rows
        double level = noiseBound(s2, data.effectiveRows(), 1);
        if (level > 0) {
            // a training error far below the noise is the noise fitted: such formulas are not chosen while others
            // are left
            double floor = noiseBound(s2, data.effectiveRows(), -1);
            List<Candidate> honest = new ArrayList<>();
            boolean fits = false;
            for (Candidate c : pool) {
                if (c.mse() >= floor) {
                    honest.add(c);
                    fits |= c.mse() <= level;
                }
            }
            // only when a formula within the noise is left: never trade an over-fit for a poor fit
            if (fits) {
                pool = honest;
            } else if (honest.isEmpty() && !pool.isEmpty()) {
                notes.add(BELOW_NOISE);
            }
        }
        ParetoFront front = ParetoFront.of(pool);
        if (selection.validation() && data.features() == 1 && data.rows() >= FORWARD_MIN_ROWS) {
            Candidate c = forwardChoice(front, data, selection, level, threads);
            if (c != null) {
                return new Choice(c, front, notes);
            }
        }
        Candidate incumbent = null;
        if (noise != null && noise.shown()) {
            incumbent = informationChoice(front, data, selection, level);
        }
        if (incumbent == null) {
            incumbent = front.choose(facts.variance(), selection, level);
        }
        if (selection.validation() && data.features() > 1 && !front.isEmpty()
                && !facts.exact(front.mostAccurate().mse())) {
            List<Candidate> lines = new ArrayList<>();
            for (Candidate c : pool) {
                if (c.source().equals(Source.LINEAR)) {
                    lines.add(c);
                }
            }
            Candidate c = CrossValidation.choose(front, lines, data, selection, incumbent, threads);
            if (c != null) {
                return new Choice(c, front, notes);
            }
        }
        return new Choice(incumbent, front, notes);
    }

    /**
     * The noise a fit's residual shows, with several features: the lowest-error candidate's residual is tested
     * ({@link NoiseLevel#ofResidual}); when it looks like noise, every other formula's residual can be asked the same
     * ({@link #noiseLike}, cached).
     */
    private static final class NoiseTest {
        private final Dataset data;
        private final LocalDifferences local;
        private final double variance;
        private final Map<Expr, Boolean> cache = new HashMap<>();

        private NoiseTest(Dataset data, LocalDifferences local, double variance) {
            this.data = data;
            this.local = local;
            this.variance = variance;
        }

        static NoiseTest of(List<Candidate> candidates, DataFacts facts) {
            Dataset data = facts.data();
            Candidate best = null;
            for (Candidate c : candidates) {
                if (Double.isFinite(c.mse()) && (best == null || c.mse() < best.mse())) {
                    best = c;
                }
            }
            if (best == null || facts.exact(best.mse())) {
                return new NoiseTest(data, null, 0);
            }
            LocalDifferences local = facts.localDifferences();
            double v = NoiseLevel.ofResidual(local, Evaluator.residual(best.expression(), data), data);
            return new NoiseTest(data, local, v);
        }

        /** Whether the best fit's residual shows noise. */
        boolean shown() {
            return variance > 0;
        }

        /** Whether noise is shown and {@code c}'s residual looks like it. */
        boolean noiseLike(Candidate c) {
            if (!shown()) {
                return false;
            }
            return cache.computeIfAbsent(c.expression(),
                    e -> NoiseLevel.ofResidual(local, Evaluator.residual(e, data), data) > 0);
        }
    }

    /**
     * Nodes' cost in the information criterion of {@link #informationChoice}, in units of {@code ln n}: half of BIC's
     * cost of a parameter (a node is a choice of structure, not a free constant).
     */
    static final double NODE_PENALTY = 0.5;

    /**
     * With several features and noise shown: of the front members the selection's factor admits (within the factor
     * of the lowest error, or within the noise level), the one of the lowest {@code n ln(mse) + complexity *
     * NODE_PENALTY * ln n} ({@code n} the effective number of rows). Why not the simplest, as without noise: on
     * noisy data a law and a simpler approximation may both fit within the noise (at noise 0.01,
     * {@code m0/(1 - 0.55*v^2/c^2)} reaches 1.023 times the MSE of {@code m0/sqrt(1 - v^2/c^2)} on 1,000 rows), and
     * yet the data tell them apart: a 2.3% higher residual sum of squares is 23 in {@code n ln(mse)}, many times the
     * spread of the difference between two fits of the same rows. A formula that fits the noise itself gains about
     * 1 per extra constant, below a node's cost. Null when no member is finite.
     */
    static Candidate informationChoice(ParetoFront front, Dataset data, Selection selection, double level) {
        List<Candidate> members = new ArrayList<>();
        double best = Double.POSITIVE_INFINITY;
        for (Candidate c : front.candidates()) {
            if (c.complexity() <= selection.maxComplexity() && Double.isFinite(c.mse())) {
                members.add(c);
                best = Math.min(best, c.mse());
            }
        }
        if (members.isEmpty() || !(best > 0)) {
            return null;
        }
        double n = data.effectiveRows();
        double limit = Math.max(selection.factor() * best, level);
        Candidate chosen = null;
        double score = Double.POSITIVE_INFINITY;
        for (Candidate c : members) {
            if (c.mse() > limit) {
                continue;
            }
            double s = n * Math.log(c.mse()) + c.complexity() * NODE_PENALTY * Math.log(n);
            if (s < score) {
                score = s;
                chosen = c;
            }
        }
        return chosen;
    }

    /** The constant formula of the target's mean, the candidate of last resort under a size cap. */
    static Candidate mean(DataFacts facts) {
        double m = Metrics.mean(facts.data());
        double var = facts.variance();
        return new Candidate(new Const(m), 1, var, 0.0, Reward.of(var, var), Source.MEAN, null, 0);
    }

    /** Fewer rows are not split for forward validation. */
    static final int FORWARD_MIN_ROWS = 16;
    /**
     * The shares of the rows, by the feature's order, that the constants are refitted on, the rest validating: the
     * forward error is the mean over these splits, short and long horizons.
     */
    static final double[] FORWARD_FIT_SHARES = {0.5, 0.75};
    /**
     * At most this many rows (evenly spaced in the feature's order) are used, and the refits are short (they start
     * from the fitted constants): so the choice costs at most 80 fits of 60 evaluations on 500 rows, a few tenths of
     * a second for the largest formulas, after the search's time limit.
     */
    static final int FORWARD_MAX_ROWS = 500;
    static final int FORWARD_FIT_ITERATIONS = 30;
    static final int FORWARD_FIT_EVALUATIONS = 60;
    /**
     * Fits from starts other than the formula's own constants in each forward refit: the formula's constants come
     * from all the rows, late ones included, and a refit that starts there stays in their basin, so that a formula
     * fitting the noise of the late rows would validate on them as well as it was fitted to them (measured: the
     * forward error of such a formula equalled its training error on those rows).
     */
    static final int FORWARD_FRESH_STARTS = 8;
    /** The seed of the starts' perturbations: fixed, so the choice is a function of the candidates and the rows. */
    private static final long FORWARD_STARTS_SEED = 0x5eed_f0d1L;

    /**
     * The formula refitted on {@code early}: of the fits from its own constants and from
     * {@link #FORWARD_FRESH_STARTS} perturbations of them (each constant times {@code exp(0.5 z)} plus
     * {@code 0.1 z'}, z and z' standard normal), the one of the lowest error on those rows. Only the early rows
     * decide, as when the formula is used beyond its data.
     */
    static Expr forwardRefit(ConstantFitter fitter, Expr e, Dataset early) {
        FitResult best = fitter.fit(e, early);
        double[] c0 = Constants.values(e);
        if (c0.length == 0) {
            return best.expression();
        }
        SplittableRandom rng = new SplittableRandom(FORWARD_STARTS_SEED);
        for (int k = 0; k < FORWARD_FRESH_STARTS; k++) {
            double[] c = new double[c0.length];
            for (int j = 0; j < c.length; j++) {
                c[j] = c0[j] * Math.exp(0.5 * gaussian(rng)) + 0.1 * gaussian(rng);
            }
            FitResult f = fitter.fit(Constants.substitute(e, c), early);
            if (f.mse() < best.mse()) {
                best = f;
            }
        }
        return best.expression();
    }

    /** A standard normal draw (Box-Muller), from {@code rng} alone. */
    private static double gaussian(SplittableRandom rng) {
        double u = 1 - rng.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.nextDouble());
    }

    /** At most this many front members (the simplest) are validated. */
    static final int FORWARD_MAX_CANDIDATES = 40;

    /**
     * Forward validation for one feature: the constants of each front member (the simplest
     * {@link #FORWARD_MAX_CANDIDATES} within the complexity cap) are refitted on the first rows in the feature's
     * order, for each share of {@link #FORWARD_FIT_SHARES}, and the formula is scored on the rest, as it will be used
     * beyond the data; the simplest member whose mean forward error is within the selection's factor of the best (or
     * within the noise level) is chosen. Null when nothing could be validated.
     */
    private static Candidate forwardChoice(ParetoFront front, Dataset data, Selection selection, double level,
                                           ExecutorService pool) {
        int n = data.rows();
        int[] order = data.orderBy(0);
        int m = Math.min(n, FORWARD_MAX_ROWS);
        int[] rows = new int[m];
        for (int k = 0; k < m; k++) {
            rows[k] = order[(int) ((long) k * n / m)];
        }
        ConstantFitter fitter = new LevenbergMarquardtFitter(FORWARD_FIT_ITERATIONS, FORWARD_FIT_EVALUATIONS);
        List<Candidate> members = new ArrayList<>();
        for (Candidate c : front.candidates()) {
            if (c.complexity() <= selection.maxComplexity()) {
                members.add(c);
            }
        }
        int count = Math.min(members.size(), FORWARD_MAX_CANDIDATES);
        // each member's refit on each split a task (pure: its starts come from a fixed seed), summed in a fixed order
        List<Callable<Double>> tasks = new ArrayList<>();
        for (double share : FORWARD_FIT_SHARES) {
            int cut = (int) Math.round(m * share);
            Dataset early = data.select(Arrays.copyOfRange(rows, 0, cut));
            Dataset late = data.select(Arrays.copyOfRange(rows, cut, m));
            for (int i = 0; i < count; i++) {
                Expr e = members.get(i).expression();
                tasks.add(() -> Metrics.mse(Evaluator.evaluate(forwardRefit(fitter, e, early), late), late));
            }
        }
        List<Double> errors = Parallel.map(tasks, pool);
        double[] forward = new double[count];
        for (int s = 0; s < FORWARD_FIT_SHARES.length; s++) {
            for (int i = 0; i < count; i++) {
                double e = errors.get(s * count + i);
                forward[i] += Double.isFinite(e) ? e / FORWARD_FIT_SHARES.length : Double.POSITIVE_INFINITY;
            }
        }
        double best = Double.POSITIVE_INFINITY;
        for (double f : forward) {
            best = Math.min(best, f);
        }
        if (count == 0 || !Double.isFinite(best)) {
            return null;
        }
        double limit = Math.max(selection.factor() * best, level);
        for (int i = 0; i < count; i++) {
            if (forward[i] <= limit) {
                return members.get(i);
            }
        }
        return null;
    }
}
