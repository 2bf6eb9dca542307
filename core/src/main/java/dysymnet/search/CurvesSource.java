package dysymnet.search;

import dysymnet.data.Dataset;
import dysymnet.expr.BinaryFunction;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.UnaryFunction;
import dysymnet.gp.Primitives;
import dysymnet.terms.Curves;
import dysymnet.terms.TermSettings;
import dysymnet.units.PiGroups;
import dysymnet.units.PowerMerge;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * With units, the target over the factor of Buckingham's reduction ({@link PiGroups}) as a curve of one dimensionless
 * group at a time ({@link Curves}): a law of one group, {@code y = factor * f(pi)}, is a one-variable problem whose
 * forms can be searched exhaustively, constants inside the functions included, where the GP's random variation
 * rarely completes them. Runs once, before the first step and only when no source has solved the search by then,
 * on each group of a reduction of at most {@value #MAX_GROUPS} groups; each curve is written back in the inputs
 * ({@link PiGroups#written}). Its candidates seed no other source ({@link #seedsOthers()}).
 */
final class CurvesSource implements CandidateSource {
    /** Reductions of more groups than this are left out: a law of many groups is rarely a curve of one of them. */
    static final int MAX_GROUPS = 3;

    private final PiGroups pi;
    private final Dataset reduced;
    private final List<UnaryFunction> functions;
    private final boolean divides;
    private final Set<String> positive;

    private CurvesSource(PiGroups pi, Dataset reduced, List<UnaryFunction> functions, boolean divides,
                         Set<String> positive) {
        this.pi = pi;
        this.reduced = reduced;
        this.functions = functions;
        this.divides = divides;
        this.positive = positive;
    }

    /**
     * The curves of the search's dimensionless groups, or null when there are none to fit: switched off
     * ({@link TermSettings#curves()}), no units or no target unit, no group or more than {@value #MAX_GROUPS}, a row
     * on which the reduction is not finite, or a library without one-argument functions or that does not add and
     * multiply (a library that does not divide gets no reciprocal and no negative power).
     *
     * @param primitives the search's library over its inputs
     */
    static CurvesSource onGroups(SearchContext context, Primitives primitives) {
        TermSettings settings = context.settings().terms();
        Dataset data = context.data();
        PiGroups pi = settings.enabled() && settings.curves() ? PiGroups.of(data.names(), context.units()) : null;
        if (pi == null || pi.groups().size() > MAX_GROUPS) {
            return null;
        }
        Dataset reduced = weighted(pi.reduced(data), pi, data);
        List<BinaryFunction> binaries = primitives.binaries();
        if (reduced == null || primitives.functions().isEmpty() || !binaries.contains(BinaryOp.MUL)
                || !binaries.contains(BinaryOp.ADD) && !binaries.contains(BinaryOp.SUB)) {
            return null;
        }
        return new CurvesSource(pi, reduced, primitives.functions(), binaries.contains(BinaryOp.DIV),
                PowerMerge.positive(data));
    }

    /**
     * The reduced problem with each row weighted by its factor squared (times its own weight): a curve fitted to
     * {@code y/factor} by least squares weighs every row alike, so that the rows of a small factor, whose quotient
     * carries the noise of y many times over, would decide it; weighted, its sum of squares is that of
     * {@code y - factor*f(pi)}, the error the search scores. Null when {@code reduced} is, or a factor is 0.
     */
    static Dataset weighted(Dataset reduced, PiGroups pi, Dataset data) {
        if (reduced == null) {
            return null;
        }
        double[] f = Evaluator.evaluate(pi.factor(), data);
        double[] own = data.weights();
        double[] w = new double[f.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = f[i] * f[i] * (own == null ? 1 : own[i]);
            if (!(w[i] > 0) || !Double.isFinite(w[i])) {
                return null;
            }
        }
        return new Dataset(reduced.names(), reduced.columns(), reduced.y(), w);
    }

    @Override
    public Source id() {
        return Source.CURVES_GROUPS;
    }

    @Override
    public boolean seedsOthers() {
        return false;
    }

    @Override
    public boolean supplementary() {
        return true;
    }

    @Override
    public boolean stepped() {
        return false;
    }

    @Override
    public void begin(SearchContext context) {
        Candidates candidates = context.candidates();
        for (int g = 0; g < pi.groups().size(); g++) {
            if (context.stop().getAsBoolean() || candidates.solved()) {
                return;
            }
            List<Expr> written = new ArrayList<>();
            for (Expr e : Curves.of(reduced, PiGroups.groupName(g), functions, divides, context.stop())) {
                written.add(pi.written(e, positive));
            }
            candidates.absorb(written, Source.CURVES_GROUPS, 0);
        }
    }

    @Override
    public boolean step(int step, SearchContext context) {
        return true;
    }
}
