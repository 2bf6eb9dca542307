package dysymnet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.ComplexityWeights;
import dysymnet.expr.NestingConstraints;
import dysymnet.expr.Printer;
import dysymnet.gp.GpSettings;
import dysymnet.net.Operator;
import dysymnet.net.TrainConfig;
import dysymnet.search.Source;
import dysymnet.search.Candidate;
import dysymnet.search.ParetoFront;
import dysymnet.search.Search;
import dysymnet.search.SearchResult;
import dysymnet.search.Settings;
import dysymnet.testing.ExternalTools;
import dysymnet.testing.Gen;
import dysymnet.testing.Nestings;
import dysymnet.testing.UserFunctions;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User-defined operators, nesting constraints and complexity weights through the whole search, over several seeds.
 * (The network gradient and read-off of user units, the refinement of their constants and their exports are tested
 * property by property in the net, fit and expr tests.)
 */
class UserOperatorsSearchTest {

    private static final long[] SEEDS = Gen.seeds(3).toArray();

    /** A small search: two steps of four networks of one or two layers, trained briefly, and a short GP. */
    private static SymbolicRegressor.Builder small(long seed) {
        TrainConfig t = TrainConfig.defaults();
        return SymbolicRegressor.builder().seed(seed).threads(2).layers(1, 2).widths(1, 2, 3).batchSize(4)
                .maxSteps(2).timeLimit(null)
                .training(t.toBuilder().stage1Steps(2000).stage2Steps(2000).fineTuneSteps(500).build())
                .gp(GpSettings.builder().population(200).generations(5).quickGenerations(5).build());
    }

    private static Dataset data(int rows, java.util.function.DoubleBinaryOperator f) {
        double[][] x = SymbolicRegressorTest.rows(rows, 2, 7);
        double[][] cols = new double[2][rows];
        double[] y = new double[rows];
        for (int i = 0; i < rows; i++) {
            cols[0][i] = x[i][0];
            cols[1][i] = x[i][1];
            y[i] = f.applyAsDouble(x[i][0], x[i][1]);
        }
        return new Dataset(List.of("x", "y"), cols, y);
    }

    @Test
    void aUserFunctionIsFoundSavedLoadedAndExported(@TempDir Path dir) throws Exception {
        // softplus is the only function of the library: a law in it is found only through it
        Dataset d = data(60, (x, y) -> 2 * Math.log1p(Math.exp(x)) - 0.5 * y * y + 1);
        // without a Java compiler the rest is checked, and the test then skips, or fails under CI=true
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        for (long seed : SEEDS) {
            Model m = small(seed).operators(Operator.IDENTITY, Operator.ADD, Operator.SUB, Operator.MUL,
                    Operator.SQUARE).addOperator(UserFunctions.SOFTPLUS).build().fit(d, "z");
            String formula = Printer.infix(m.expression());
            Gen.check(seed, formula, () -> {
                assertTrue(m.trainR2() > 1 - 1e-12, "R^2 " + m.trainR2());
                assertTrue(formula.contains("softplus("), formula);
                // the model file names the function: it loads with its definition, predicting the same bits
                Path file = dir.resolve("model-" + seed + ".json");
                m.save(file);
                Model back = Model.load(file, List.of(UserFunctions.SOFTPLUS));
                assertEquals(m.expression(), back.expression());
                double[] p = m.predict(d);
                double[] q = back.predict(d);
                for (int i = 0; i < p.length; i++) {
                    assertEquals(Double.doubleToLongBits(p[i]), Double.doubleToLongBits(q[i]));
                }
                assertTrue(back.settings().orElseThrow().space().operators()
                        .contains(Operator.of(UserFunctions.SOFTPLUS)));
                IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> Model.load(file));
                assertTrue(ex.getMessage().contains("softplus") && ex.getMessage().contains("user-defined"),
                        ex.getMessage());
                // the Java export computes predict's bits
                if (javac != null) {
                    assertJavaExportComputes(javac, dir.resolve("java-" + seed), m, d);
                }
                assertTrue(m.python(6).contains("np.log1p(np.exp(") && m.c(6).contains("log1p(exp("));
            });
        }
        ExternalTools.require(ExternalTools.Tool.JAVAC, javac != null, "the Java export was not compiled");
    }

    /** Compiles the model's Java export with the JDK's compiler and compares its values with predict's bits. */
    private static void assertJavaExportComputes(JavaCompiler javac, Path dir, Model m, Dataset d) throws Exception {
        Files.createDirectories(dir);
        Path src = dir.resolve("Law.java");
        Files.writeString(src, "public final class Law { public static double f(double x, double y) { return "
                + Printer.java(m.expression()) + "; } }\n", StandardCharsets.UTF_8);
        assertEquals(0, javac.run(null, null, null, "-d", dir.toString(), src.toString()));
        double[] p = m.predict(d);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            Method f = loader.loadClass("Law").getMethod("f", double.class, double.class);
            for (int i = 0; i < d.rows(); i++) {
                double v = (double) f.invoke(null, d.column(0)[i], d.column(1)[i]);
                assertEquals(Double.doubleToLongBits(p[i]), Double.doubleToLongBits(v), "row " + i);
            }
        }
    }

    @Test
    void aBinaryUserFunctionIsUsedByTheNetworksAndTheGp() {
        Dataset d = data(60, (x, y) -> 3 * Math.hypot(x, y - 1) + 0.5);
        int[] networks = new int[1];
        int[] gp = new int[1];
        for (long seed : SEEDS) {
            Settings s = small(seed).layers(1).widths(1, 2).operators(Operator.IDENTITY, Operator.ADD, Operator.MUL)
                    .addOperator(UserFunctions.HYPOT).settings();
            SearchResult r = new Search(s, null).run(d);
            Gen.check(seed, r.chosen(), () -> {
                assertTrue(r.chosen().r2() > 0.999, "R^2 " + r.chosen().r2());
                for (Candidate c : r.candidates()) {
                    if (Nestings.functions(c.expression()).contains("hypot")) {
                        if (c.source().equals(Source.GP)) {
                            gp[0]++;
                        } else if (!c.source().equals(Source.TERMS)) {
                            networks[0]++;
                        }
                    }
                }
            });
        }
        assertTrue(networks[0] > 0 && gp[0] > 0, "hypot in " + networks[0] + " network and " + gp[0]
                + " GP formulas");
    }

    @Test
    void noCandidateBreaksANestingConstraint() {
        // log(1 + exp(x)) is the law, and the constraint forbids it: without the constraint it is found nested
        Dataset d = data(60, (x, y) -> Math.log(1 + Math.exp(x)) + y);
        NestingConstraints rules = NestingConstraints.of("log:exp", "exp:exp", "exp:log");
        int brokenWithout = 0;
        for (long seed : SEEDS) {
            SearchResult with = new Search(small(seed).forbiddenNesting(rules).settings(), null).run(d);
            Gen.check(seed, with.chosen(), () -> {
                assertFalse(with.candidates().isEmpty());
                for (Candidate c : with.candidates()) {
                    for (NestingConstraints.Rule r : rules.rules()) {
                        assertFalse(Nestings.nests(c.expression(), r.outer(), r.inner()),
                                r + " broken by " + Printer.infix(c.expression()) + " (" + c.architecture() + ")");
                    }
                }
            });
            if (brokenWithout == 0) {
                for (Candidate c : new Search(small(seed).settings(), null).run(d).candidates()) {
                    for (NestingConstraints.Rule r : rules.rules()) {
                        brokenWithout += Nestings.nests(c.expression(), r.outer(), r.inner()) ? 1 : 0;
                    }
                }
            }
        }
        assertTrue(brokenWithout > 0, "the same searches without the rules never broke them: the check proves nothing");
    }

    @Test
    void weightedComplexityIsWhatTheFrontTheChoiceAndTheCapCount() {
        Dataset d = data(60, (x, y) -> Math.exp(0.5 * x) + Math.sin(y) * x);
        ComplexityWeights w = ComplexityWeights.of(Map.of("exp", 4, "sin", 3, "*", 2));
        for (long seed : SEEDS) {
            Model m = small(seed).complexityWeights(w).maxComplexity(14).build().fit(d, "z");
            Gen.check(seed, m.formula(), () -> {
                assertEquals(w.complexity(m.expression()), m.complexity());
                assertTrue(m.complexity() <= 14, "the cap counts weights: " + m.complexity());
                List<Candidate> front = m.pareto();
                for (int i = 0; i < front.size(); i++) {
                    Candidate c = front.get(i);
                    assertEquals(w.complexity(c.expression()), c.complexity(), Printer.infix(c.expression()));
                    if (i > 0) {
                        assertTrue(c.complexity() > front.get(i - 1).complexity() && c.mse() < front.get(i - 1).mse(),
                                "a front by weighted complexity");
                    }
                }
                assertTrue(front.stream().anyMatch(c -> c.complexity() != c.expression().complexity()),
                        "no front member has an operator with a weight");
                // the same front as the candidates give when counted with the weights
                assertEquals(new ArrayList<>(front), ParetoFront.of(front).candidates());
            });
        }
    }
}
