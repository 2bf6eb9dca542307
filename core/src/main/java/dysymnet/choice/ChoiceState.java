package dysymnet.choice;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.search.Candidate;
import dysymnet.search.ParetoFront;
import dysymnet.search.Selection;
import dysymnet.units.Units;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;

/**
 * One final choice as its rules run: the formulas still in the running (the pool) and its Pareto front, the formula
 * chosen so far, the notes, and the reason of every formula passed over. Rules read and narrow it; nothing else does.
 */
public final class ChoiceState {
    private final DataFacts facts;
    private final Selection selection;
    private final ExecutorService threads;
    private final HeldOut heldOut;
    private final Units units;
    private final boolean polishes;
    private List<Candidate> all;
    private final Set<Candidate> polished = new HashSet<>();
    private Set<Candidate> admissible;
    private List<Candidate> candidates;
    private List<Candidate> pool;
    private ParetoFront front;
    private Candidate chosen;
    private String chooserRule = "";
    private String chooserWhy = "";
    private final List<String> notes = new ArrayList<>();
    private final List<Candidate> joined = new ArrayList<>();
    private final Set<Candidate> shown = new LinkedHashSet<>();
    private final Map<Candidate, Explanation.Verdict> verdicts = new LinkedHashMap<>();
    private final List<String> ran = new ArrayList<>();
    private double level = Double.NaN;
    private NoiseTest noise;
    private boolean noiseTested;

    ChoiceState(List<Candidate> all, DataFacts facts, Selection selection, ExecutorService threads,
                HeldOut heldOut) {
        this(all, facts, selection, threads, heldOut, null, false);
    }

    /**
     * @param polishes whether the reported formula's constants are polished after the choice ({@link Finishing}):
     *                 then the front is compared as it would be reported ({@link PolishedFront})
     */
    ChoiceState(List<Candidate> all, DataFacts facts, Selection selection, ExecutorService threads,
                HeldOut heldOut, Units units, boolean polishes) {
        this.units = units;
        this.polishes = polishes;
        this.all = List.copyOf(all);
        this.facts = facts;
        this.selection = selection;
        this.threads = threads;
        this.heldOut = heldOut;
        this.candidates = this.all;
        this.pool = new ArrayList<>(this.all);
    }

    public DataFacts facts() {
        return facts;
    }

    public Dataset data() {
        return facts.data();
    }

    public Selection selection() {
        return selection;
    }

    /** Whether the rule or part {@code name} is on: not switched off by the selection ({@link Selection#rulesOff}). */
    boolean on(String name) {
        return !selection.rulesOff().contains(name);
    }

    /** The pool the validations' refits run on (null: the calling thread). */
    ExecutorService threads() {
        return threads;
    }

    /** The rows held out from the search, null when none were. */
    HeldOut heldOut() {
        return heldOut;
    }

    /** The units of the data, null when none were given. */
    Units units() {
        return units;
    }

    /**
     * Whether {@code c} may still be reported by a rule that looks beyond the pool (the held-out rows' line): every
     * candidate, unless a rule took the others out for good ({@link #excludeOthers}).
     */
    boolean admissible(Candidate c) {
        return admissible == null || admissible.contains(c);
    }

    /** Makes the candidates within the size cap as they are now the only ones any later rule may report. */
    void excludeOthers() {
        admissible = new HashSet<>(candidates);
    }

    /** Every candidate of the search, before any rule (the front members polished, once they are). */
    List<Candidate> all() {
        return all;
    }

    /** Whether the reported formula's constants will be polished ({@link PolishedFront} runs). */
    boolean polishes() {
        return polishes;
    }

    /**
     * Replaces each key of {@code byPolished} by its value, its polished form, wherever it is: the first rule's
     * step, before any narrowing.
     */
    void polish(Map<Candidate, Candidate> byPolished) {
        if (byPolished.isEmpty()) {
            return;
        }
        all = all.stream().map(c -> byPolished.getOrDefault(c, c)).toList();
        candidates = all;
        pool = new ArrayList<>(all);
        front = null;
        polished.addAll(byPolished.values());
    }

    /** The candidates within the size cap: those the guards fall back to when they leave nothing. */
    List<Candidate> candidates() {
        return candidates;
    }

    /** Sets the candidates within the size cap (the size cap alone), the pool with them. */
    void cap(List<Candidate> capped) {
        candidates = List.copyOf(capped);
        pool = new ArrayList<>(candidates);
        front = null;
    }

    /** The formulas still in the running. */
    List<Candidate> pool() {
        return pool;
    }

    /** Narrows the pool to {@code kept}. */
    void narrow(List<Candidate> kept) {
        pool = new ArrayList<>(kept);
        front = null;
    }

    /** The Pareto front of the pool. */
    ParetoFront front() {
        if (front == null) {
            front = ParetoFront.of(pool);
        }
        return front;
    }

    /** The chosen formula so far, null before a rule chose. */
    Candidate chosen() {
        return chosen;
    }

    /** Chooses {@code c} by the rule {@code rule}, for the reason {@code why}. */
    void choose(Candidate c, String rule, String why) {
        chosen = c;
        chooserRule = rule;
        chooserWhy = why;
        show(c);
    }

    /** The formula chosen so far kept by {@code rule}, for the reason {@code why}. */
    void keep(String rule, String why) {
        chooserWhy += "; kept by " + rule + ": " + why;
    }

    /** Adds a note on the choice's trust, one sentence. */
    void note(String note) {
        notes.add(note);
    }

    /** A formula that joins the reported front (the held-out rows' line). */
    void join(Candidate c) {
        joined.add(c);
        show(c);
    }

    /** Shows {@code c} among the members the explanation lists. */
    void show(Candidate c) {
        if (c != null) {
            shown.add(c);
        }
    }

    /** Shows every member of {@code front}. */
    void show(ParetoFront front) {
        shown.addAll(front.candidates());
    }

    /** {@code c} passed over by {@code rule}, with the numbers that decided it; a later rule's reason replaces it. */
    void passOver(Candidate c, String rule, String why) {
        show(c);
        verdicts.put(c, new Explanation.Verdict(rule, why));
    }

    /** Whether {@code c} has been passed over by a rule. */
    boolean passedOver(Candidate c) {
        return verdicts.containsKey(c);
    }

    /** Forgets the reasons given by {@code rule} (a guard that stood down). */
    void forget(String rule) {
        verdicts.values().removeIf(v -> v.rule().equals(rule));
    }

    void ran(String rule) {
        ran.add(rule);
    }

    /**
     * The error a noise of variance {@code s2} explains on {@code n} rows ({@code 0} when no noise is seen), and with
     * {@code -1} for {@code sign} the error below which a formula has fitted the noise itself: two standard
     * deviations of the MSE of pure noise above or below its variance.
     */
    static double noiseBound(double s2, double n, int sign) {
        return s2 > 0 ? s2 * (1 + sign * 2 * Math.sqrt(2.0 / n)) : 0;
    }

    /** The noise variance the choice uses: the data's estimate when the selection is noise-aware, else 0. */
    double noiseVariance() {
        return selection.noiseAware() ? facts.noiseVariance() : 0;
    }

    /**
     * The training error within which a formula fits as well as the data's noise lets one tell (0 when no noise
     * is seen): {@link #noiseBound} above the noise variance, on the effective number of rows.
     */
    double level() {
        if (Double.isNaN(level)) {
            level = noiseBound(noiseVariance(), data().effectiveRows(), 1);
        }
        return level;
    }

    /**
     * The noise the residual of the best fit shows, with several features and a noise-aware selection (null
     * otherwise), from the candidates within the size cap; computed once.
     */
    NoiseTest noise() {
        if (!noiseTested) {
            noiseTested = true;
            noise = selection.noiseAware() && data().features() > 1 ? NoiseTest.of(candidates, facts) : null;
        }
        return noise;
    }

    /** The choice as the rules left it. */
    Outcome outcome() {
        List<Explanation.Member> members = new ArrayList<>();
        List<Candidate> listed = new ArrayList<>(shown);
        listed.sort(Comparator.comparingInt(Candidate::complexity).thenComparingDouble(Candidate::mse));
        for (Candidate c : listed) {
            if (c.equals(chosen)) {
                members.add(new Explanation.Member(c, true, chooserRule, chooserWhy, ran));
            } else {
                Explanation.Verdict v = verdicts.get(c);
                members.add(new Explanation.Member(c, false, v == null ? "" : v.rule(),
                        v == null ? "not compared by any rule" : v.why(), List.of()));
            }
        }
        return new Outcome(chosen, front(), joined, notes, new Explanation(members),
                chosen != null && polished.contains(chosen));
    }

    /** Rows, for the rules' messages. */
    int rows() {
        return data().rows();
    }
}
