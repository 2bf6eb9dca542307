package dysymnet.controller;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.expr.NestingConstraints;
import dysymnet.net.Architecture;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import dysymnet.testing.Gen;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The samplers never draw an architecture that could nest a forbidden function, however the controller learns, and
 * the same draws without the constraints do (so the check can fail).
 */
class NestingSamplingTest {

    private static final SearchSpace FREE = SearchSpace.builder().layers(1, 2, 3, 4).widths(1, 2, 3, 4)
            .operators(Operator.IDENTITY, Operator.ADD, Operator.MUL, Operator.SIN, Operator.EXP, Operator.LOG,
                    Operator.SQUARE)
            .build();
    private static final SearchSpace CONSTRAINED = FREE.toBuilder()
            .forbiddenNesting(NestingConstraints.of("exp:exp", "log:log", "sin:exp")).build();
    /** Architectures drawn without the constraints that break them. */
    private static final AtomicInteger BROKEN_WITHOUT = new AtomicInteger();
    /** Constrained architectures with exp or sin above the first layer (the constrained functions are still used). */
    private static final AtomicInteger OUTER_ABOVE = new AtomicInteger();

    static LongStream seeds() {
        return Gen.seeds(12);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theControllerKeepsTheConstraintsWhileItLearns(long seed) {
        SplittableRandom rnd = Gen.rng(seed);
        Controller constrained = new Controller(CONSTRAINED, ControllerConfig.defaults(), Gen.rng(seed));
        Controller free = new Controller(FREE, ControllerConfig.defaults(), Gen.rng(seed));
        Gen.check(seed, CONSTRAINED.forbiddenNesting(), () -> {
            for (int step = 0; step < 15; step++) {
                for (Controller c : List.of(constrained, free)) {
                    List<Sample> batch = new ArrayList<>();
                    double[] rewards = new double[10];
                    for (int k = 0; k < rewards.length; k++) {
                        Sample s = c.sample(rnd);
                        batch.add(s);
                        // reward the architectures with many exp units: the policy is pushed towards the constraints
                        rewards[k] = units(s.architecture(), Operator.EXP) / 4.0 + 0.1 * rnd.nextDouble();
                        record(c == constrained, s.architecture());
                    }
                    c.update(batch, rewards);
                }
            }
        });
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theUniformSamplerKeepsTheConstraints(long seed) {
        SplittableRandom a = Gen.rng(seed);
        SplittableRandom b = Gen.rng(seed);
        UniformSampler constrained = new UniformSampler(CONSTRAINED, ControllerConfig.defaults());
        UniformSampler free = new UniformSampler(FREE, ControllerConfig.defaults());
        Gen.check(seed, CONSTRAINED.forbiddenNesting(), () -> {
            for (int k = 0; k < 150; k++) {
                record(true, constrained.sample(a).architecture());
                record(false, free.sample(b).architecture());
            }
        });
    }

    /**
     * Whether no unit's function is forbidden inside the function of a unit of a later layer (every unit may feed
     * every unit of the later layers), checked directly on the rules.
     */
    static boolean keeps(SearchSpace space, Architecture a) {
        NestingConstraints c = space.forbiddenNesting();
        List<String> earlier = new ArrayList<>();
        for (Architecture.Layer layer : a.layers()) {
            for (Operator op : layer.units()) {
                String outer = SearchSpace.functionName(op);
                for (String inner : earlier) {
                    if (outer != null && c.forbids(outer, inner)) {
                        return false;
                    }
                }
            }
            for (Operator op : layer.units()) {
                if (SearchSpace.functionName(op) != null) {
                    earlier.add(SearchSpace.functionName(op));
                }
            }
        }
        return true;
    }

    private static void record(boolean constrained, Architecture a) {
        boolean allowed = keeps(CONSTRAINED, a);
        if (constrained) {
            assertTrue(allowed, "sampled " + a);
            List<Architecture.Layer> layers = a.layers();
            for (int l = 1; l < layers.size(); l++) {
                if (layers.get(l).units().contains(Operator.EXP) || layers.get(l).units().contains(Operator.SIN)) {
                    OUTER_ABOVE.incrementAndGet();
                    break;
                }
            }
        } else if (!allowed) {
            BROKEN_WITHOUT.incrementAndGet();
        }
    }

    private static int units(Architecture a, Operator op) {
        return (int) a.layers().stream().flatMap(l -> l.units().stream()).filter(op::equals).count();
    }

    @AfterAll
    static void theCheckCouldFailAndTheFunctionsAreStillUsed() {
        if (seeds().count() > 1) {
            assertTrue(BROKEN_WITHOUT.get() > 100, BROKEN_WITHOUT.get() + " unconstrained draws broke a rule");
            assertTrue(OUTER_ABOVE.get() > 100, OUTER_ABOVE.get() + " constrained draws had exp or sin above layer 1");
        }
    }
}
