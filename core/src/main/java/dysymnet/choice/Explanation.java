package dysymnet.choice;

import dysymnet.search.Candidate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Why the final choice reported its formula: the members of the fronts it looked at, by complexity, each with the
 * rule that passed it over and that rule's numbers, and for the reported one the rules it passed and the rule that
 * chose it.
 *
 * @param members the members, by increasing complexity
 */
public record Explanation(List<Member> members) {
    public Explanation {
        members = List.copyOf(members);
    }

    /** No explanation (a result made by hand). */
    public static final Explanation NONE = new Explanation(List.of());

    /** A rule's reason for passing a formula over. */
    record Verdict(String rule, String why) {
    }

    /**
     * One member.
     *
     * @param candidate the formula and its scores
     * @param reported  whether it is the reported formula
     * @param rule      the rule that passed it over, or for the reported one the rule that chose it ("" for none)
     * @param why       that rule's numbers, in words
     * @param passed    for the reported one, the rules it passed, in the order they ran; empty for the others
     */
    public record Member(Candidate candidate, boolean reported, String rule, String why, List<String> passed) {
        public Member {
            passed = List.copyOf(passed);
        }
    }

    /** The explanation with each member's candidate mapped (into the data's units, the finished formula). */
    public Explanation map(UnaryOperator<Candidate> f) {
        List<Member> out = new ArrayList<>();
        for (Member m : members) {
            out.add(new Member(f.apply(m.candidate()), m.reported(), m.rule(), m.why(), m.passed()));
        }
        return new Explanation(out);
    }

    /**
     * The explanation as lines of text for a person: per member its complexity, training MSE and formula (as
     * {@code formula} prints it), then the verdict.
     */
    public String text(Function<Candidate, String> formula) {
        StringBuilder b = new StringBuilder();
        for (Member m : members) {
            Candidate c = m.candidate();
            b.append(String.format(Locale.ROOT, "%s %3d  %-10s  %s%n", m.reported() ? "*" : " ", c.complexity(),
                    number(c.mse()), formula.apply(c)));
            if (m.reported()) {
                b.append("        reported: chosen by ").append(m.rule()).append(" (").append(m.why())
                        .append("); passed ").append(String.join(", ", m.passed())).append(System.lineSeparator());
            } else {
                b.append("        ").append(m.rule().isEmpty() ? "" : m.rule() + ": ").append(m.why())
                        .append(System.lineSeparator());
            }
        }
        return b.toString();
    }

    /** A number for an explanation: four significant digits. */
    static String number(double v) {
        if (v == 0 || !Double.isFinite(v)) {
            return v == 0 ? "0" : Double.toString(v);
        }
        double a = Math.abs(v);
        return a >= 1e-3 && a < 1e6 ? String.format(Locale.ROOT, "%.4g", v).replaceAll("(\\.\\d*?)0+$", "$1")
                .replaceAll("\\.$", "") : String.format(Locale.ROOT, "%.3e", v);
    }
}
