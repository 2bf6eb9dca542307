package dysymnet.search;

import java.util.ArrayList;
import java.util.List;

/**
 * The earned allocation of a search's steps ({@link Budget.Allocation#EARNED}): which of the sources that run in
 * steps (the networks, the genetic programming, the term regression) run in the next step, so that each gets the
 * share of the work that it has earned.
 *
 * <p><b>Earning.</b> Each run of a source is recorded with its work and its gain, what the candidates found during
 * the run added to the Pareto front ({@link FrontGain}); the runs before the first step, which build the front from
 * nothing, earn nothing (a fair start: what a source adds to a front the others have built is what counts). A source's rate is its recent gain per unit of recent work,
 * both sums over its own runs in which each earlier run weighs {@value #MEMORY} times the next one, so that the last
 * few runs count most and a source that has stopped adding loses its share within a few runs. Shares are the rates
 * normalised, each raised to a floor of {@value #FLOOR} (every source keeps exploring: a front that stalls for one
 * source may move for it later, seeded by the others), the rest divided in proportion to the rates; equal when no
 * source has gained.
 *
 * <p><b>Turns.</b> A source's turn comes when its work so far is at most its share of all the work so far: a step
 * runs every source whose turn it is, in the search's order, and at least the one furthest behind. The first step
 * runs every source (a fair start: each has then been measured once). A network step costs many runs of the GP, so
 * where the networks have earned little most steps are runs of the GP and the term regression alone.
 *
 * <p><b>Work.</b> With a time limit, work is the wall time of the run (what a user pays for). Without one, it is
 * the work the source counted ({@link CandidateSource#work()}), the same on any number of threads, so a step budget
 * gives the same result everywhere. The seconds of each source are recorded either way ({@link SourceAccount}).
 */
final class SourceShares {
    /** The least share of the work a source keeps. */
    static final double FLOOR = 0.1;
    /** The weight of a source's earlier runs against its latest one in its recent gain and work. */
    static final double MEMORY = 0.7;

    private final List<Source> ids;
    private final boolean clock;
    private final double[] work;
    private final double[] seconds;
    private final double[] gain;
    private final double[] recentGain;
    private final double[] recentWork;
    private final int[] runs;
    /** Whether the source's latest run counted any work (a term regression with nothing new to fit counts none). */
    private final boolean[] worked;

    /**
     * @param ids   the sources that run in steps, in the search's order
     * @param clock whether work is wall time (a time-limited search) rather than the sources' counted work
     */
    SourceShares(List<Source> ids, boolean clock) {
        this.ids = List.copyOf(ids);
        this.clock = clock;
        int n = ids.size();
        work = new double[n];
        seconds = new double[n];
        gain = new double[n];
        recentGain = new double[n];
        recentWork = new double[n];
        runs = new int[n];
        worked = new boolean[n];
    }

    /**
     * Records one run of source {@code i}.
     *
     * @param counted   the work it counted ({@link CandidateSource#work()})
     * @param secs      its wall time
     * @param runGain   what its candidates added to the front ({@link FrontGain})
     * @param earns     whether the gain counts towards the source's share: not for a source's run before the first
     *                  step, which builds the front from nothing (the quick GP's first formulas gain more than
     *                  anything after them), so that shares are earned by what a source adds to a front the others
     *                  have built
     */
    void record(int i, double counted, double secs, double runGain, boolean earns) {
        double w = Math.max(0, clock ? secs : counted);
        work[i] += w;
        seconds[i] += Math.max(0, secs);
        gain[i] += runGain;
        recentGain[i] = MEMORY * recentGain[i] + (earns ? runGain : 0);
        recentWork[i] = MEMORY * recentWork[i] + w;
        runs[i]++;
        worked[i] = counted > 0;
    }

    /** Each source's share of the work now, in order; they sum to 1. */
    double[] shares() {
        int n = ids.size();
        double[] rate = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            rate[i] = recentWork[i] > 0 ? Math.max(0, recentGain[i]) / recentWork[i] : 0;
            sum += rate[i];
        }
        double floor = Math.min(FLOOR, 1.0 / n);
        double[] share = new double[n];
        for (int i = 0; i < n; i++) {
            share[i] = sum > 0 && Double.isFinite(sum) ? floor + (1 - n * floor) * rate[i] / sum : 1.0 / n;
        }
        return share;
    }

    /**
     * Which sources run in the next step: those at or behind their share of the work, and at least the one
     * furthest behind among those whose latest run did some work, so that every step has work in it (a term
     * regression with nothing new costs next to nothing and is always behind); every source when none did.
     */
    boolean[] turns() {
        int n = ids.size();
        double[] share = shares();
        double total = 0;
        for (double w : work) {
            total += w;
        }
        boolean[] turn = new boolean[n];
        int furthest = -1;
        double most = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double behind = share[i] * total - work[i];
            turn[i] = runs[i] == 0 || behind >= 0;
            if (worked[i] && behind > most) {
                most = behind;
                furthest = i;
            }
        }
        if (furthest >= 0) {
            turn[furthest] = true;
        } else {
            java.util.Arrays.fill(turn, true);
        }
        return turn;
    }

    /** The account of the allocation so far, one entry per source in order. */
    List<SourceAccount> accounts() {
        double[] share = shares();
        List<SourceAccount> out = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            out.add(new SourceAccount(ids.get(i).name(), runs[i], seconds[i], clock ? seconds[i] : work[i], gain[i],
                    share[i]));
        }
        return out;
    }
}
