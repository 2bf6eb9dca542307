package dysymnet.search;

import dysymnet.data.Dataset;
import dysymnet.data.Seeds;
import dysymnet.expr.Expr;
import dysymnet.gp.GeneticProgramming;
import dysymnet.gp.GpSettings;
import dysymnet.gp.Primitives;
import dysymnet.units.PiGroups;
import dysymnet.units.PowerMerge;
import dysymnet.units.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The genetic programming ({@link GpSettings}): a short run from random small formulas before the first step, so
 * that easy laws come back at once, and after every step a short run seeded with the best formulas so far, the front
 * and the step's networks' formulas ({@link Candidates#seeds()}), going on from the previous run's population. Its
 * formulas are candidates like the networks' (the controller's rewards stay the networks' own).
 *
 * <p>With units, a second instance ({@link #onGroups}) runs the same GP on the dimensionless reduction of the data
 * (Buckingham's Pi theorem, {@link PiGroups}): the groups as its inputs, the target over the factor as its target, a
 * function of two groups where the data have eight inputs; each of its formulas is written back in the inputs and
 * multiplied by the factor ({@link PiGroups#written}) before it joins the candidates. It starts from its own random
 * formulas and population only (the candidates are formulas of the inputs, not of the groups), after the other
 * sources and not once the data are solved ({@link #supplementary()}).
 */
final class GpSource implements CandidateSource {
    /**
     * Streams of the runs: this one for the quick first run, the next ones down for the run after each step (far
     * from the networks' streams 0, 1, 2, ... and the controller's).
     */
    private static final long GP_STREAM = -(1L << 32);
    /** The same for the GP on the dimensionless groups. */
    private static final long GROUPS_STREAM = -(1L << 33);

    private final Source id;
    private final GeneticProgramming gp;
    private final GpSettings settings;
    private final long seed;
    private final long stream;
    /** Whether the runs start from the search's candidates ({@link Candidates#seeds()}). */
    private final boolean seeded;
    /** A formula of this GP's data as a candidate of the search's. */
    private final UnaryOperator<Expr> back;
    /** The last run's population: each run goes on from the previous one's, with the new seeds. */
    private List<Expr> population = List.of();
    /** The counted work so far ({@link #work()}). */
    private double work;
    /** The rows a formula's evaluation costs, its fits included ({@link #SECONDS_PER_UNIT}). */
    private final double rows;

    /**
     * Nominal seconds per formula evaluated per row: its fitness on at most
     * {@value GeneticProgramming#MAX_FITNESS_ROWS} rows and, on average, a tenth of a row of constant fits per row
     * of at most {@value GeneticProgramming#MAX_FIT_ROWS} (fitted to the GP's wall time on four black-box tables of
     * 39 to 10,000 rows, 2-core development machine).
     */
    static final double SECONDS_PER_UNIT = 3e-7;

    /** The GP on the search's data. */
    GpSource(SearchContext context, Primitives primitives) {
        this(context, Source.GP, context.data(), primitives, context.units(), GP_STREAM, true, e -> e);
    }

    private GpSource(SearchContext context, Source id, Dataset data, Primitives primitives, Units units,
                     long stream, boolean seeded, UnaryOperator<Expr> back) {
        this.id = id;
        this.settings = context.settings().gp();
        this.seed = context.settings().seed();
        this.stream = stream;
        this.seeded = seeded;
        this.back = back;
        this.gp = new GeneticProgramming(data, primitives, settings, units);
        int n = data.rows();
        this.rows = Math.min(n, GeneticProgramming.MAX_FITNESS_ROWS) + 0.1 * Math.min(n, GeneticProgramming.MAX_FIT_ROWS);
    }

    /**
     * The GP on the dimensionless reduction of the search's data ({@link Source#GP_GROUPS}), or null when there is
     * none: switched off ({@link GpSettings#onGroups()}), no units or no target unit, no group ({@link PiGroups#of}),
     * or a row on which the reduction is not finite.
     * Its groups are dimensionless: it runs without units.
     */
    static GpSource onGroups(SearchContext context) {
        Dataset data = context.data();
        PiGroups pi = context.settings().gp().onGroups() ? PiGroups.of(data.names(), context.units()) : null;
        Dataset reduced = pi == null ? null : pi.reduced(data);
        if (reduced == null) {
            return null;
        }
        Set<String> positive = PowerMerge.positive(data);
        Primitives onGroups = Primitives.of(context.settings().space(), reduced.names());
        return new GpSource(context, Source.GP_GROUPS, reduced, onGroups, null, GROUPS_STREAM, false,
                e -> pi.written(e, positive));
    }

    @Override
    public Source id() {
        return id;
    }

    /** The GP on the groups only adds what the others miss ({@link CandidateSource#supplementary()}). */
    @Override
    public boolean supplementary() {
        return id == Source.GP_GROUPS;
    }

    /** The GP's work: the distinct formulas it evaluated times the rows they cost ({@link #SECONDS_PER_UNIT}). */
    @Override
    public double work() {
        return work;
    }

    @Override
    public void begin(SearchContext context) {
        if (settings.quickGenerations() > 0 && !context.stop().getAsBoolean()) {
            run(List.of(), settings.quickGenerations(), stream, 0, context);
        }
    }

    @Override
    public boolean step(int step, SearchContext context) {
        if (settings.generations() > 0 && !context.stop().getAsBoolean()) {
            run(seeded ? context.candidates().seeds() : List.of(), settings.generations(), stream - 1 - step, step,
                    context);
        }
        return true;
    }

    private void run(List<Expr> seeds, int generations, long runStream, int step, SearchContext context) {
        GeneticProgramming.Result g = gp.run(seeds, population, generations, Seeds.stream(seed, runStream),
                context.pool(), context.settings().threads(), context.stop());
        List<Expr> formulas = new ArrayList<>();
        for (Expr f : g.formulas()) {
            formulas.add(back.apply(f));
        }
        context.candidates().absorb(formulas, id, step);
        population = g.population();
        work += SECONDS_PER_UNIT * g.evaluations() * rows;
    }
}
