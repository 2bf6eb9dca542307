package dysymnet.choice;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.search.Candidate;
import dysymnet.search.Selection;
import dysymnet.units.Units;
import java.util.List;
import java.util.concurrent.ExecutorService;

/**
 * The final choice: the policy of the data's kind ({@link Policy#of}) run rule by rule on a search's candidates,
 * the rules the selection switches off ({@link Selection#rulesOff}) left out. It changes nothing in the search: only
 * which of its formulas is reported, and why ({@link Outcome#explanation}).
 *
 * <p>With sample weights every error here is the weighted MSE, the noise level is the weighted estimate of
 * {@link dysymnet.data.NoiseLevel}, {@code n} is the effective number of rows {@link Dataset#effectiveRows()}, and
 * the constant of last resort is the weighted mean. The blow-up probes look at where the data lie and are not
 * weighted.
 */
public final class FinalChoice {
    private final HeldOut heldOut;
    private final Units units;
    private final boolean polishes;

    /** The choice, with the rows held out from the search judged by its last rule (null: none held out). */
    public FinalChoice(HeldOut heldOut) {
        this(heldOut, null, false);
    }

    /**
     * The choice, with the rows held out from the search judged by its last rule (null: none held out), and the
     * data's units (null: none given), which its rule {@code units} checks; {@code polishes}: whether the reported
     * formula's constants are polished after the choice ({@link Finishing}), so that its first rule compares the
     * front as it would be reported ({@link PolishedFront}).
     */
    public FinalChoice(HeldOut heldOut, Units units, boolean polishes) {
        this.heldOut = heldOut;
        this.units = units;
        this.polishes = polishes;
    }

    /** The data's units this choice checks, null when none were given. */
    public Units units() {
        return units;
    }

    /** The choice of a search from which no rows were held out. */
    public static FinalChoice plain() {
        return new FinalChoice(null);
    }

    /**
     * The choice among {@code candidates} on the data of {@code facts} (the search's: the variance, the noise level
     * and the local differences are not computed again), with the validations' refits in parallel on
     * {@code threads} (null: on the calling thread), gathered in a fixed order: the choice does not depend on the
     * threads. Only the calling thread waits on the pool's tasks, so it may be any fixed-size pool that runs
     * nothing else meanwhile.
     */
    public Outcome choose(List<Candidate> candidates, DataFacts facts, Selection selection, ExecutorService threads) {
        ChoiceState state = new ChoiceState(candidates, facts, selection, threads, heldOut, units, polishes);
        for (Rule rule : Policy.of(facts.data()).rules()) {
            if (state.on(rule.name()) && rule.apply(state)) {
                state.ran(rule.name());
            }
        }
        if (state.chosen() == null && !state.front().isEmpty()) {
            // a policy with its pickers switched off: the most accurate
            state.choose(state.front().mostAccurate(), "", "the most accurate: no rule chose");
        }
        return state.outcome();
    }

    /** The chosen candidate of the plain choice on {@code data}, or null when none is finite. */
    public static Candidate choose(List<Candidate> candidates, Dataset data, Selection selection) {
        return choice(candidates, data, selection).chosen();
    }

    /** The plain choice on {@code data}, on the calling thread. */
    public static Outcome choice(List<Candidate> candidates, Dataset data, Selection selection) {
        return plain().choose(candidates, DataFacts.of(data), selection, null);
    }
}
