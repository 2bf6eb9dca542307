package dysymnet.choice;

import dysymnet.expr.Expr;
import dysymnet.search.Candidate;
import dysymnet.search.ParetoFront;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The blow-up guard: front members that one of its probes flags ({@link Probe}, each with its exemptions) are taken
 * out and the front recomputed, until its members pass (or none is left: then the guard stands down and every
 * formula within the size cap is back). The probe points are drawn once per choice ({@link Extrapolation}).
 */
final class BlowUpGuard implements Rule {
    static final String NAME = "blow-up";
    static final Probe BEYOND_DATA = new BeyondData();
    static final Probe BETWEEN_ROWS = new BetweenRows();
    static final Probe ILL_CONDITIONED = new IllConditioned();
    static final Probe OVERFLOW_CLAMP = new Clamped();
    static final Exemption EXACT_FIT = new ExactFit();
    static final Exemption NOISE_LIKE_RESIDUAL = new NoiseLikeResidual();

    private final List<Probe.Guarded> probes;

    BlowUpGuard(Probe.Guarded... probes) {
        this.probes = List.of(probes);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> parts() {
        List<String> names = new ArrayList<>();
        for (Probe.Guarded g : probes) {
            names.add(g.probe().name());
        }
        for (Probe.Guarded g : probes) {
            for (Exemption x : g.exemptions()) {
                if (!names.contains(x.name())) {
                    names.add(x.name());
                }
            }
        }
        return names;
    }

    @Override
    public boolean apply(ChoiceState s) {
        if (!s.selection().extrapolationGuard()) {
            return false;
        }
        Extrapolation points = Extrapolation.of(s.data());
        Map<String, Map<Expr, Boolean>> seen = new HashMap<>();
        List<Candidate> pool = new ArrayList<>(s.pool());
        while (true) {
            ParetoFront front = ParetoFront.of(pool);
            if (front.isEmpty()) {
                // every formula blows up: report the best of them rather than none
                pool = new ArrayList<>(s.candidates());
                for (Probe.Guarded g : probes) {
                    s.forget(g.probe().name());
                }
                break;
            }
            s.show(front);
            List<Candidate> bad = new ArrayList<>();
            for (Candidate c : front.candidates()) {
                Probe hit = flag(s, points, seen, c);
                if (hit != null) {
                    s.passOver(c, hit.name(), hit.why(points, c.expression()));
                    bad.add(c);
                }
            }
            if (bad.isEmpty()) {
                break;
            }
            pool.removeAll(bad);
        }
        s.narrow(pool);
        return true;
    }

    /** The first probe (in order, not switched off) that flags {@code c} and that no exemption of it excuses. */
    private Probe flag(ChoiceState s, Extrapolation points, Map<String, Map<Expr, Boolean>> seen, Candidate c) {
        for (Probe.Guarded g : probes) {
            Probe p = g.probe();
            if (!s.on(p.name()) || exempt(s, g, c)) {
                continue;
            }
            if (seen.computeIfAbsent(p.name(), k -> new HashMap<>())
                    .computeIfAbsent(c.expression(), e -> p.blowsUp(points, e))) {
                return p;
            }
        }
        return null;
    }

    private static boolean exempt(ChoiceState s, Probe.Guarded g, Candidate c) {
        for (Exemption x : g.exemptions()) {
            if (s.on(x.name()) && x.exempts(s, c)) {
                return true;
            }
        }
        return false;
    }
}
