package dysymnet.choice;

import dysymnet.search.Candidate;

/** A formula a blow-up probe does not ask ({@link Probe#unless}): what it does far away is no reason against it. */
interface Exemption {
    /** The exemption's name (its ablation's). */
    String name();

    /** Whether {@code c} is exempt. */
    boolean exempts(ChoiceState state, Candidate c);
}
