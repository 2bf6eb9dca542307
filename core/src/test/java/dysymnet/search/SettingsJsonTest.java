package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dysymnet.controller.ControllerConfig;
import dysymnet.expr.ComplexityWeights;
import dysymnet.expr.NestingConstraints;
import dysymnet.gp.GpSettings;
import dysymnet.net.Operator;
import dysymnet.net.Optimizer;
import dysymnet.net.SearchSpace;
import dysymnet.net.TrainConfig;
import dysymnet.testing.UserFunctions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsJsonTest {

    /** Settings with every group away from its defaults. */
    static Settings unusual() {
        return Settings.builder()
                .space(SearchSpace.builder().operators(Operator.CUBE, Operator.DIV, Operator.TANH).layers(2, 7)
                        .widths(3).build())
                .controller(ControllerConfig.builder().policyGradient(false).hiddenSize(5).learningRate(0.125)
                        .riskFactor(0.25).entropyWeight(0.0).build())
                .training(TrainConfig.defaults().toBuilder().stage1Steps(17).optimizer(Optimizer.Kind.RMSPROP)
                        .adaptiveClipping(false).warmupClipNorm(Double.POSITIVE_INFINITY).windowStart(0.3).build())
                .refinement(Refinement.builder().refiner(Refiner.BFGS).polish(false).elimination(false).build())
                .selection(Selection.builder().factor(2.5).maxComplexity(33).build())
                .budget(Budget.builder().maxSteps(9).batchSize(4).timeLimit(Duration.ofMillis(1500)).solveR2(0.75)
                        .build())
                .gp(GpSettings.builder().enabled(false).population(77).generations(3).quickGenerations(0).maxSize(12)
                        .fitsPerGeneration(5).build())
                .seed(-42).threads(3).build();
    }

    @Test
    void everySettingSurvivesTheRoundTrip() throws Exception {
        Settings s = unusual();
        String text = SettingsJson.write(s).toString();
        assertEquals(s, SettingsJson.read(new ObjectMapper().readTree(text)));
        assertEquals(Settings.defaults(), SettingsJson.read(SettingsJson.write(Settings.defaults())));
    }

    @Test
    void userFunctionsWeightsAndNestingConstraintsSurviveTheRoundTrip() throws Exception {
        Settings s = Settings.builder()
                .space(SearchSpace.builder().operators(Operator.IDENTITY, Operator.EXP, Operator.POW,
                                Operator.of(UserFunctions.SOFTPLUS), Operator.of(UserFunctions.HYPOT))
                        .forbiddenNesting(NestingConstraints.of("exp:exp", "softplus:hypot")).build())
                .selection(Selection.builder().complexityWeights(ComplexityWeights.of(
                        Map.of("exp", 3, "softplus", 2, "pow", 4))).build())
                .build();
        String text = SettingsJson.canonical(s);
        assertTrue(text.contains("\"operators\":[\"id\",\"exp\",\"pow\",\"softplus\",\"hypot\"]"), text);
        assertTrue(text.contains("\"forbiddenNesting\":[\"exp:exp\",\"softplus:hypot\"]"), text);
        assertTrue(text.contains("\"complexityWeights\":{\"^\":4,\"exp\":3,\"softplus\":2}"), text);
        assertEquals(s, SettingsJson.read(new ObjectMapper().readTree(text),
                List.of(UserFunctions.SOFTPLUS, UserFunctions.HYPOT)));
        // without the functions' definitions the settings do not read
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SettingsJson.read(new ObjectMapper().readTree(text)));
        assertTrue(e.getMessage().contains("softplus"), e.getMessage());
        // the default settings write neither weights nor constraints: their text (the bench's resume key) is as it was
        String defaults = SettingsJson.canonical(Settings.defaults());
        assertFalse(defaults.contains("complexityWeights") || defaults.contains("forbiddenNesting"), defaults);
        // a weight of an operator that is neither built in nor in the library is refused
        assertThrows(IllegalArgumentException.class, () -> Settings.builder()
                .selection(Selection.builder().complexityWeights(ComplexityWeights.of(Map.of("softplus", 2))).build())
                .build());
        // a rule naming a function outside the library, or leaving no unconstrained operator, is refused
        assertThrows(IllegalArgumentException.class, () -> SearchSpace.builder()
                .forbiddenNesting(NestingConstraints.of("tanh:exp")).build());
        assertThrows(IllegalArgumentException.class, () -> SearchSpace.builder().operators(Operator.EXP, Operator.LOG)
                .forbiddenNesting(NestingConstraints.of("exp:log", "log:exp")).build());
    }

    @Test
    void theJsonIsReadable() {
        String text = SettingsJson.canonical(unusual());
        assertTrue(text.contains("\"operators\":[\"cube\",\"/\",\"tanh\"]"), text);
        assertTrue(text.contains("\"timeLimit\":1.5"), text);
        assertTrue(text.contains("\"refiner\":\"BFGS\""), text);
        assertNull(SettingsJson.write(Settings.defaults()).path("budget").get("timeLimit").textValue());
    }

    @Test
    void missingFieldsTakeTheirDefaults() throws Exception {
        Settings s = SettingsJson.read(new ObjectMapper().readTree("{\"seed\":7,\"budget\":{\"maxSteps\":3}}"));
        assertEquals(7, s.seed());
        assertEquals(3, s.budget().maxSteps());
        assertEquals(Budget.DEFAULT_BATCH_SIZE, s.budget().batchSize());
        assertEquals(SearchSpace.defaults(), s.space());
        assertEquals(TrainConfig.defaults(), s.training());
        // a model.json written before the GP stage existed reads with the stage's defaults
        assertEquals(GpSettings.defaults(), s.gp());
    }

    @Test
    void unknownOrInvalidFieldsAreErrorsNamingTheProblem() throws Exception {
        ObjectMapper m = new ObjectMapper();
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> SettingsJson.read(m.readTree("{\"budget\":{\"maxStepz\":3}}")));
        assertTrue(unknown.getMessage().contains("maxStepz"), unknown.getMessage());
        IllegalArgumentException invalid = assertThrows(IllegalArgumentException.class,
                () -> SettingsJson.read(m.readTree("{\"budget\":{\"maxSteps\":-1}}")));
        assertTrue(invalid.getMessage().contains("max steps"), invalid.getMessage());
        IllegalArgumentException op = assertThrows(IllegalArgumentException.class,
                () -> SettingsJson.read(m.readTree("{\"space\":{\"operators\":[\"sin\",\"frob\"]}}")));
        assertTrue(op.getMessage().contains("frob"), op.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SettingsJson.read(m.readTree("[1]")));
    }

    @Test
    void canonicalTextTellsSettingsApart() {
        Settings s = unusual();
        assertEquals(SettingsJson.canonical(s), SettingsJson.canonical(s.toBuilder().build()));
        assertNotEquals(SettingsJson.canonical(s),
                SettingsJson.canonical(s.toBuilder().budget(s.budget().toBuilder().maxSteps(10).build()).build()));
    }
}
