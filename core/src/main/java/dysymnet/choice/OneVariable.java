package dysymnet.choice;

import java.util.List;

/**
 * The final choice on data of one feature (a noisy series, a measured curve): the formulas that blow up beyond the
 * data or leave its trend band are passed over, and of the rest the one that predicts the later rows from the
 * earlier ones is reported.
 */
final class OneVariable {
    static final Policy POLICY = new Policy("one variable", List.of(
            new PolishedFront(),
            new SizeCap(),
            new UnitsRule(),
            new BlowUpGuard(BlowUpGuard.BEYOND_DATA.unless(BlowUpGuard.EXACT_FIT),
                    BlowUpGuard.OVERFLOW_CLAMP.unless(BlowUpGuard.EXACT_FIT)),
            new TrendBandGuard(),
            new NoiseFloor(),
            new ForwardValidation(),
            new ParetoFactor()));

    private OneVariable() {
    }
}
