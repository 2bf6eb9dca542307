package dysymnet.choice;

import java.util.List;

/**
 * The final choice on a table of several features: the formulas that blow up between the rows, beyond them or
 * under a nudge of the inputs are passed over, the one of the lowest information criterion (noise shown) or the
 * simplest within the factor is the incumbent, cross-validation may overrule it, and the rows held out from the
 * search judge it against the straight line.
 */
final class Table {
    static final Policy POLICY = new Policy("table", List.of(
            new PolishedFront(),
            new SizeCap(),
            new UnitsRule(),
            new BlowUpGuard(BlowUpGuard.BETWEEN_ROWS.unless(BlowUpGuard.EXACT_FIT),
                    BlowUpGuard.ILL_CONDITIONED.unless(BlowUpGuard.EXACT_FIT),
                    BlowUpGuard.BEYOND_DATA.unless(BlowUpGuard.EXACT_FIT, BlowUpGuard.NOISE_LIKE_RESIDUAL),
                    BlowUpGuard.OVERFLOW_CLAMP.unless(BlowUpGuard.EXACT_FIT)),
            new NoiseFloor(),
            new InformationCriterion(),
            new ParetoFactor(),
            new CrossValidation(),
            new HeldOutLine()));

    private Table() {
    }
}
