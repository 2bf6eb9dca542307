package dysymnet.bench;

import dysymnet.api.SymbolicRegressor;
import dysymnet.choice.Policy;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The ablations of a run: none (the full method), one, or several switched off together, such as the paper's arms
 * inside the networks-only mode ({@code networks-only,no-pg}). Kept in the order of {@link Ablation}'s
 * declarations (the modes networks-only and no-networks first), whatever the order given: no two ablations of a
 * list touch the same part ({@link #of(String)} refuses those that do), so the order changes nothing, and one run has
 * one label.
 *
 * <p>Besides the parts of {@link Ablation}, any rule of the final choice is switched off by {@code no-NAME}, its
 * name in the policies ({@link Policy#allNames()}: the list is the policies', not a second one), for measuring
 * one rule's worth in a paired run; those come last in a label, in the policies' order.
 *
 * @param parts    the ablations of {@link Ablation}, at least one unless rules are switched off;
 *                 {@link Ablation#NONE} only alone
 * @param rulesOff the rules of the final choice switched off, by name, in the policies' order
 */
public record Ablations(List<Ablation> parts, List<String> rulesOff) {
    /** The prefix of a rule's ablation: {@code no-} and the rule's name. */
    public static final String RULE_PREFIX = "no-";
    /** The separator of the label in results.csv; the command line takes it or a comma. */
    public static final String SEPARATOR = "+";

    /** The full method. */
    public static final Ablations NONE = new Ablations(List.of(Ablation.NONE));

    public Ablations {
        List<String> rules = new ArrayList<>();
        for (String name : Policy.allNames()) {
            if (rulesOff.contains(name)) {
                rules.add(name);
            }
        }
        if (rules.size() != Set.copyOf(rulesOff).size()) {
            throw new IllegalArgumentException("--ablation: unknown rule among " + rulesOff + "; valid: "
                    + String.join(", ", Policy.allNames()));
        }
        rulesOff = List.copyOf(rules);
        if (parts.isEmpty() && rulesOff.isEmpty()) {
            throw new IllegalArgumentException("--ablation: no ablation given (none is the full method)");
        }
        parts = parts.isEmpty() ? List.of() : List.copyOf(EnumSet.copyOf(parts));
        if ((parts.size() > 1 || !rulesOff.isEmpty()) && parts.contains(Ablation.NONE)) {
            throw new IllegalArgumentException("--ablation: none is the full method, it goes alone");
        }
        check(parts);
    }

    /** Ablations of parts alone, no rule of the final choice switched off. */
    public Ablations(List<Ablation> parts) {
        this(parts, List.of());
    }

    /** Every name {@code --ablation} takes: the parts', then {@code no-NAME} for each rule of the final choice. */
    public static String names() {
        return Ablation.labels() + ", " + Policy.allNames().stream().map(n -> RULE_PREFIX + n)
                .collect(Collectors.joining(", "));
    }

    /** The ablations given, checked ({@link #of(String)}). */
    public static Ablations of(Ablation... parts) {
        return new Ablations(List.of(parts));
    }

    /**
     * Reads a list such as {@code networks-only,no-pg} (or a label of results.csv, {@code networks-only+no-pg}).
     *
     * @throws IllegalArgumentException in one line, starting with {@code --ablation}, for an unknown name (listing
     *                                  the valid ones), an empty item, a name given twice, {@code none} with others,
     *                                  two ablations that switch off the same part, one that acts on a part another
     *                                  switches off ({@code no-pg} without the networks, {@code no-interactions}
     *                                  without the term regression), and a list that leaves no source of formulas
     *                                  (no networks, no GP and no term regression)
     */
    public static Ablations of(String text) {
        List<Ablation> given = new ArrayList<>();
        List<String> rules = new ArrayList<>();
        for (String item : text.split("[,+]", -1)) {
            String name = item.trim();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("--ablation '" + text + "': an empty name; give a comma-separated "
                        + "list of " + names());
            }
            String rule = name.startsWith(RULE_PREFIX) ? name.substring(RULE_PREFIX.length()) : "";
            if (Policy.allNames().contains(rule)) {
                if (rules.contains(rule)) {
                    throw new IllegalArgumentException("--ablation '" + text + "': " + name + " given twice");
                }
                rules.add(rule);
                continue;
            }
            Ablation a;
            try {
                a = Ablation.of(name);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--ablation: unknown '" + name + "'; valid: " + names());
            }
            if (given.contains(a)) {
                throw new IllegalArgumentException("--ablation '" + text + "': " + name + " given twice");
            }
            given.add(a);
        }
        if ((given.size() > 1 || !rules.isEmpty()) && given.contains(Ablation.NONE)) {
            throw new IllegalArgumentException("--ablation '" + text + "': none is the full method, it goes alone");
        }
        return new Ablations(given, rules);
    }

    private static void check(List<Ablation> parts) {
        for (int i = 0; i < parts.size(); i++) {
            Ablation a = parts.get(i);
            for (int j = 0; j < parts.size(); j++) {
                Ablation b = parts.get(j);
                if (i == j) {
                    continue;
                }
                for (Ablation.Part p : a.needs()) {
                    if (b.removes().contains(p)) {
                        throw new IllegalArgumentException("--ablation: " + a.label() + " acts on " + p.words()
                                + ", which " + b.label() + " switches off");
                    }
                }
                if (i < j) {
                    for (Ablation.Part p : a.removes()) {
                        if (b.removes().contains(p)) {
                            throw new IllegalArgumentException("--ablation: " + a.label() + " and " + b.label()
                                    + " both switch off " + p.words());
                        }
                    }
                }
            }
        }
        Set<Ablation.Part> off = EnumSet.noneOf(Ablation.Part.class);
        parts.forEach(a -> off.addAll(a.removes()));
        if (off.containsAll(Set.of(Ablation.Part.NETWORKS, Ablation.Part.GP, Ablation.Part.TERMS))) {
            throw new IllegalArgumentException("--ablation: " + label(parts, ", ") + " leave no source of formulas "
                    + "(no networks, no GP, no term regression)");
        }
    }

    /** The label of results.csv: the names joined by {@value #SEPARATOR}, e.g. {@code networks-only+no-pg}. */
    public String label() {
        List<String> names = new ArrayList<>();
        parts.forEach(a -> names.add(a.label()));
        rulesOff.forEach(r -> names.add(RULE_PREFIX + r));
        return String.join(SEPARATOR, names);
    }

    private static String label(List<Ablation> parts, String separator) {
        return parts.stream().map(Ablation::label).collect(Collectors.joining(separator));
    }

    /** Whether this is the full method. */
    public boolean isNone() {
        return parts.equals(List.of(Ablation.NONE)) && rulesOff.isEmpty();
    }

    /** Applies every ablation to a regressor builder, in order ({@link Ablation#apply}). */
    public void apply(SymbolicRegressor.Builder b) {
        for (Ablation a : parts) {
            a.apply(b);
        }
        if (!rulesOff.isEmpty()) {
            b.selection(b.settings().selection().toBuilder().rulesOff(rulesOff).build());
        }
    }

    @Override
    public String toString() {
        return label();
    }
}
