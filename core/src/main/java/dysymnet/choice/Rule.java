package dysymnet.choice;

import java.util.List;

/**
 * One rule of the final choice: it narrows the formulas still in the running, or picks the reported one among them,
 * and says why of every formula it passes over ({@link ChoiceState#passOver}). A policy is an ordered list of rules
 * ({@link Policy}); each rule checks its own conditions (its switch in {@link dysymnet.search.Selection}, the data)
 * and does nothing where they do not hold.
 */
public interface Rule {
    /**
     * The rule's name: in the policy's list, the explanation of a choice and the bench's {@code --ablation no-NAME}.
     */
    String name();

    /** Applies the rule to the state of a choice; whether it ran (its conditions held). */
    boolean apply(ChoiceState state);

    /** The names of the rule's parts that can be switched off by themselves, in the order they run (default none). */
    default List<String> parts() {
        return List.of();
    }
}
