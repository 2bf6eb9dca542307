package dysymnet.controller;

import dysymnet.expr.NestingConstraints;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import java.util.List;

/**
 * The search space's nesting constraints as the samplers apply them: every unit of a layer takes a linear map of all
 * the units of the layer before, so a unit may contain any unit of an earlier layer. An operator is allowed in a
 * layer when none of the functions forbidden inside it is the function of a unit of an earlier layer; the units of
 * one layer never feed each other. So no sampled architecture can be read off as a formula that breaks a rule.
 */
final class NestingMask {
    /** Per operator of the library: the bit of its function among the constraints' names (0 when not named). */
    private final long[] bit;
    /** Per operator of the library: the names forbidden inside it, as a mask. */
    private final long[] forbidden;
    private final boolean active;

    NestingMask(SearchSpace space) {
        NestingConstraints c = space.forbiddenNesting();
        List<Operator> ops = space.operators();
        List<String> names = c.names();
        bit = new long[ops.size()];
        forbidden = new long[ops.size()];
        for (int o = 0; o < ops.size(); o++) {
            String f = SearchSpace.functionName(ops.get(o));
            int k = f == null ? -1 : names.indexOf(f);
            if (k < 0) {
                continue;
            }
            bit[o] = 1L << k;
            for (int i = 0; i < names.size(); i++) {
                if (c.forbids(f, names.get(i))) {
                    forbidden[o] |= 1L << i;
                }
            }
        }
        active = !c.isEmpty();
    }

    /** Whether there is any constraint (without one, sampling is exactly as it always was). */
    boolean active() {
        return active;
    }

    /** Whether operator {@code o} may be a unit of a layer whose earlier layers have the functions {@code below}. */
    boolean allowed(int o, long below) {
        return (forbidden[o] & below) == 0;
    }

    /** {@code below} with operator {@code o}'s function added. */
    long with(long below, int o) {
        return below | bit[o];
    }
}
