package dysymnet.choice;

import dysymnet.search.Candidate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One feature, when the data show noise: formulas that leave the band of the data's own trend just beyond the data
 * ({@link TrendBand}: its degree, confidence and probes are its constants) are taken out while others are left;
 * exact fits are exempt. A formula that fits the noise with wiggles or turns away just after the data goes where
 * the data's own trend cannot. When every formula leaves the band, the pool stays and a note says so.
 */
final class TrendBandGuard implements Rule {
    static final String NAME = "trend-band";
    /** The note when every formula leaves the data's trend just beyond them. */
    static final String OFF_TREND = "every formula leaves the trend of the data just beyond them: the law is "
            + "uncertain beyond the data";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean apply(ChoiceState s) {
        if (!s.selection().extrapolationGuard() || s.data().features() != 1 || !(s.facts().noiseVariance() > 0)) {
            return false;
        }
        TrendBand band = TrendBand.of(s.data());
        if (band == null) {
            return false;
        }
        List<Candidate> inside = new ArrayList<>();
        Set<Candidate> outside = new HashSet<>();
        for (Candidate c : s.pool()) {
            if (s.facts().exact(c.mse()) || !band.leaves(c.expression())) {
                inside.add(c);
            } else {
                outside.add(c);
            }
        }
        if (!inside.isEmpty()) {
            for (Candidate c : s.front().candidates()) {
                if (outside.contains(c)) {
                    s.passOver(c, NAME, band.why(c.expression()));
                }
            }
            s.narrow(inside);
        } else if (!s.pool().isEmpty()) {
            s.note(OFF_TREND);
        }
        return true;
    }
}
