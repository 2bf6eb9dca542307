package dysymnet.gp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.NestingConstraints;
import dysymnet.expr.Unary;
import dysymnet.expr.Var;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import dysymnet.testing.Gen;
import dysymnet.testing.Nestings;
import dysymnet.testing.UserFunctions;
import dysymnet.units.Dimension;
import dysymnet.units.DimensionCheck;
import dysymnet.units.UnitText;
import dysymnet.units.Units;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class VariationTest {
    static final Primitives PRIM = Primitives.of(
            List.of(Operator.IDENTITY, Operator.SIN, Operator.SQUARE, Operator.ADD, Operator.MUL), List.of("x", "y"));

    /** Whether every node of {@code e} is one of the primitives (a variable, a constant, an allowed operator). */
    static boolean onlyPrimitives(Expr e, Primitives p) {
        boolean[] ok = {true};
        e.forEach(n -> {
            if (n instanceof Var v) {
                ok[0] &= p.variables().contains(v.name());
            } else if (n instanceof Unary u) {
                ok[0] &= p.functions().contains(u.op());
            } else if (n instanceof Binary b) {
                if (b.op() == BinaryOp.POW) {
                    ok[0] &= b.right() instanceof Const c && p.powers().contains((int) c.value())
                            && c.value() == Math.rint(c.value());
                } else {
                    ok[0] &= p.binaries().contains(b.op());
                }
            }
        });
        return ok[0];
    }

    @Test
    void everyOperatorKeepsTreesWithinTheCapsAndUsesOnlyTheAllowedOperators() {
        Variation v = new Variation(PRIM, 15, 6);
        for (long seed = 0; seed < 20; seed++) {
            long s = seed;
            vary(v, new SplittableRandom(seed), 4, 400, c -> {
                assertTrue(c.complexity() <= 15, "size cap, seed " + s + ": " + c);
                assertTrue(Trees.depth(c) <= 6, "depth cap, seed " + s + ": " + c);
                assertTrue(onlyPrimitives(c, PRIM), "only allowed operators, seed " + s + ": " + c);
            });
        }
    }

    @Test
    void withUnitsEveryTreeIsConsistentAndWithoutThemTheDrawsAreUnchanged() {
        Map<String, Dimension> cols = new LinkedHashMap<>();
        cols.put("x", UnitText.parse("m"));
        cols.put("y", UnitText.parse("s"));
        Units units = new Units(cols, null, false);
        Variation keeping = new Variation(PRIM, 15, 6, e -> DimensionCheck.consistent(e, units));
        int[] seen = {0};
        for (long seed = 0; seed < 10; seed++) {
            long s = seed;
            vary(keeping, new SplittableRandom(seed), 4, 300, c -> {
                assertTrue(DimensionCheck.consistent(c, units), "seed " + s + ": " + c);
                seen[0]++;
            });
        }
        assertTrue(seen[0] > 0);
        // sin(x) and x + y break the units; the plain variation makes such trees, so the gate has work to do
        int[] broken = {0};
        vary(new Variation(PRIM, 15, 6), new SplittableRandom(1), 4, 300,
                c -> broken[0] += DimensionCheck.consistent(c, units) ? 0 : 1);
        assertTrue(broken[0] > 0);
        // a test that passes everything changes no draw: the same children as the variation without one
        List<Expr> plain = new ArrayList<>();
        List<Expr> gated = new ArrayList<>();
        vary(new Variation(PRIM, 15, 6), new SplittableRandom(7), 4, 200, plain::add);
        vary(new Variation(PRIM, 15, 6, e -> true), new SplittableRandom(7), 4, 200, gated::add);
        assertEquals(plain, gated);
    }

    /**
     * A population of 50 ramped trees of {@code depth} levels varied {@code rounds} times, each variation operator in
     * turn on random members, every child checked and put in a random member's place.
     */
    private static void vary(Variation v, SplittableRandom rng, int depth, int rounds, Consumer<Expr> check) {
        List<Expr> pop = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            pop.add(v.ramped(rng, depth));
        }
        for (int round = 0; round < rounds; round++) {
            Expr a = pop.get(rng.nextInt(pop.size()));
            Expr b = pop.get(rng.nextInt(pop.size()));
            Expr c = switch (round % 5) {
                case 0 -> v.crossover(a, b, rng);
                case 1 -> v.subtreeMutation(a, rng);
                case 2 -> v.pointMutation(a, rng);
                case 3 -> v.hoist(a, rng);
                default -> v.shrink(a, rng);
            };
            check.accept(c);
            pop.set(rng.nextInt(pop.size()), c);
        }
    }

    /**
     * With nesting constraints and user-defined functions in the library, every variation keeps the rules and uses
     * the user functions like the others.
     */
    @Test
    void variationKeepsNestingConstraintsAndUsesUserFunctions() {
        SearchSpace space = SearchSpace.builder().operators(Operator.IDENTITY, Operator.EXP, Operator.SIN,
                        Operator.SQUARE, Operator.ADD, Operator.MUL, Operator.of(UserFunctions.SOFTPLUS),
                        Operator.of(UserFunctions.HYPOT))
                .forbiddenNesting(NestingConstraints.of("exp:exp", "sin:exp", "softplus:softplus", "hypot:sin"))
                .build();
        Primitives prim = Primitives.of(space, List.of("x", "y"));
        Variation v = new Variation(prim, 20, 7);
        int[] used = new int[2];
        for (long seed : Gen.seeds(10).toArray()) {
            vary(v, Gen.rng(seed), 5, 600, child -> {
                Gen.check(seed, child, () -> {
                    assertTrue(onlyPrimitives(child, prim), "only allowed operators");
                    for (NestingConstraints.Rule r : space.forbiddenNesting().rules()) {
                        assertFalse(Nestings.nests(child, r.outer(), r.inner()), "keeps " + r);
                    }
                });
                used[0] += Nestings.functions(child).contains("softplus") ? 1 : 0;
                used[1] += Nestings.functions(child).contains("hypot") ? 1 : 0;
            });
        }
        assertTrue(used[0] > 100 && used[1] > 100, "softplus in " + used[0] + ", hypot in " + used[1] + " children");
    }

    @Test
    void theExponentOfAFixedPowerIsNeverAPosition() {
        Expr sq = PRIM.unary(PRIM.unaryCount() - 1, Expr.var("x"));
        Expr e = Expr.add(sq, Expr.num(2));
        List<Expr> nodes = Trees.nodes(e);
        // the sum, the square, x, and 2: the exponent 2 of the square is no position
        assertTrue(nodes.size() == 4, nodes.toString());
        Expr replaced = Trees.replace(e, 2, Expr.var("y"));
        assertTrue(replaced.equals(Expr.add(Expr.pow(Expr.var("y"), Expr.num(2)), Expr.num(2))), replaced.toString());
        assertTrue(Trees.replace(e, 3, Expr.var("y")).equals(Expr.add(sq, Expr.var("y"))));
    }

    @Test
    void aLibraryWithoutOperatorsGivesLeaves() {
        Primitives leaves = Primitives.of(List.of(Operator.IDENTITY), List.of("x"));
        Variation v = new Variation(leaves, 10, 5);
        SplittableRandom rng = new SplittableRandom(3);
        for (int i = 0; i < 100; i++) {
            Expr e = v.ramped(rng, 4);
            assertTrue(e instanceof Var || e instanceof Const, e.toString());
            assertTrue(onlyPrimitives(v.pointMutation(e, rng), leaves));
        }
    }
}
