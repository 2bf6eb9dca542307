package dysymnet.choice;

import dysymnet.data.Dataset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A policy of the final choice: its rules in the order they run, one per line of a policy file
 * ({@link OneVariable}, {@link Table}); adding, removing or reordering a rule is one line there.
 *
 * @param kind  the kind of data, in words
 * @param rules the rules, in the order they run
 */
public record Policy(String kind, List<Rule> rules) {
    public Policy {
        rules = List.copyOf(rules);
    }

    /** The policy for {@code data}: one variable, or a table of several features. */
    public static Policy of(Dataset data) {
        return data.features() == 1 ? OneVariable.POLICY : Table.POLICY;
    }

    /** The names of the rules and of their parts, in the order they run. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        for (Rule r : rules) {
            names.add(r.name());
            names.addAll(r.parts());
        }
        return names;
    }

    /**
     * The names of every rule and part of every policy (one variable first, then the table's that are not among
     * them), for the bench's {@code --ablation} and the settings' check.
     */
    public static List<String> allNames() {
        Set<String> all = new LinkedHashSet<>(OneVariable.POLICY.names());
        all.addAll(Table.POLICY.names());
        return List.copyOf(all);
    }
}
