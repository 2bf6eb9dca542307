package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dysymnet.controller.ControllerConfig;
import dysymnet.gp.GpSettings;
import dysymnet.net.Operator;
import dysymnet.net.Optimizer;
import dysymnet.net.SearchSpace;
import dysymnet.net.TrainConfig;
import java.time.Duration;
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
                () -> SettingsJson.read(m.readTree("{\"budget\":{\"maxSteps\":0}}")));
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
