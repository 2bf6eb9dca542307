package dysymnet.choice;

import dysymnet.expr.Expr;
import java.util.List;

/**
 * A blow-up probe of the {@link BlowUpGuard}: whether a formula does what a law of the data does not, at points
 * {@link Extrapolation} draws once per choice.
 */
interface Probe {
    /** The probe's name (its ablation's). */
    String name();

    /** Whether {@code e} blows up at the probe's points. */
    boolean blowsUp(Extrapolation points, Expr e);

    /** Why {@code e} blows up, with the numbers (called only where it does). */
    String why(Extrapolation points, Expr e);

    /** The probe, not asked of a formula that one of {@code exemptions} exempts. */
    default Guarded unless(Exemption... exemptions) {
        return new Guarded(this, List.of(exemptions));
    }

    /**
     * A probe with its exemptions.
     *
     * @param probe      the probe
     * @param exemptions the exemptions, asked in order before the probe
     */
    record Guarded(Probe probe, List<Exemption> exemptions) {
        public Guarded {
            exemptions = List.copyOf(exemptions);
        }
    }
}
