package dysymnet.search;

import dysymnet.data.Seeds;
import dysymnet.expr.Expr;
import dysymnet.gp.GeneticProgramming;
import dysymnet.gp.GpSettings;
import dysymnet.gp.Primitives;
import java.util.List;

/**
 * The genetic programming ({@link GpSettings}): a short run from random small formulas before the first step, so
 * that easy laws come back at once, and after every step a short run seeded with the best formulas so far, the front
 * and the step's networks' formulas ({@link Candidates#seeds()}), going on from the previous run's population. Its
 * formulas are candidates like the networks' (the controller's rewards stay the networks' own).
 */
final class GpSource implements CandidateSource {
    /**
     * Streams of the runs: this one for the quick first run, the next ones down for the run after each step (far
     * from the networks' streams 0, 1, 2, ... and the controller's).
     */
    private static final long GP_STREAM = -(1L << 32);

    private final GeneticProgramming gp;
    private final GpSettings settings;
    private final long seed;
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

    GpSource(SearchContext context, Primitives primitives) {
        this.settings = context.settings().gp();
        this.seed = context.settings().seed();
        this.gp = new GeneticProgramming(context.data(), primitives, settings, context.units());
        int n = context.data().rows();
        this.rows = Math.min(n, GeneticProgramming.MAX_FITNESS_ROWS) + 0.1 * Math.min(n, GeneticProgramming.MAX_FIT_ROWS);
    }

    @Override
    public Source id() {
        return Source.GP;
    }

    /** The GP's work: the distinct formulas it evaluated times the rows they cost ({@link #SECONDS_PER_UNIT}). */
    @Override
    public double work() {
        return work;
    }

    @Override
    public void begin(SearchContext context) {
        if (settings.quickGenerations() > 0 && !context.stop().getAsBoolean()) {
            run(List.of(), settings.quickGenerations(), GP_STREAM, 0, context);
        }
    }

    @Override
    public boolean step(int step, SearchContext context) {
        if (settings.generations() > 0 && !context.stop().getAsBoolean()) {
            run(context.candidates().seeds(), settings.generations(), GP_STREAM - 1 - step, step, context);
        }
        return true;
    }

    private void run(List<Expr> seeds, int generations, long stream, int step, SearchContext context) {
        GeneticProgramming.Result g = gp.run(seeds, population, generations, Seeds.stream(seed, stream),
                context.pool(), context.settings().threads(), context.stop());
        context.candidates().absorb(g.formulas(), Source.GP, step);
        population = g.population();
        work += SECONDS_PER_UNIT * g.evaluations() * rows;
    }
}
