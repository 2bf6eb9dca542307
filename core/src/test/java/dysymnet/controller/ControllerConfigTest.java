package dysymnet.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ControllerConfigTest {

    @Test
    void thePaperPresetIsThePapersTable() {
        ControllerConfig c = ControllerConfig.paper();
        assertEquals(1, c.updatesPerBatch());
        assertEquals(false, c.normalizeAdvantages());
        assertTrue(c.policyGradient());
        assertEquals(32, c.hiddenSize());
        assertEquals(0.0006, c.learningRate());
        assertEquals(0.5, c.riskFactor());
        assertEquals(0.005, c.entropyWeight());
        assertEquals(c, c.toBuilder().build());
    }

    @Test
    void toBuilderKeepsEverySetting() {
        ControllerConfig c = ControllerConfig.builder().policyGradient(false).hiddenSize(7).learningRate(0.1)
                .riskFactor(0.2).entropyWeight(0.3).updatesPerBatch(3).normalizeAdvantages(false).maxKl(0.7).build();
        assertEquals(c, c.toBuilder().build());
        assertEquals(new ControllerConfig(false, 7, 0.1, 0.2, 0.3, 3, false, 0.7), c);
        assertEquals(new ControllerConfig(false, 7, 0.1, 0.2, 0.3),
                ControllerConfig.paper().toBuilder().policyGradient(false).hiddenSize(7).learningRate(0.1)
                        .riskFactor(0.2).entropyWeight(0.3).build());
    }

    @Test
    void rejectsBadSettingsNamingThem() {
        assertMessage("riskFactor", () -> ControllerConfig.builder().riskFactor(0).build());
        assertMessage("riskFactor", () -> ControllerConfig.builder().riskFactor(1.5).build());
        assertMessage("riskFactor", () -> ControllerConfig.builder().riskFactor(Double.NaN).build());
        assertMessage("hiddenSize", () -> ControllerConfig.builder().hiddenSize(0).build());
        assertMessage("learningRate", () -> ControllerConfig.builder().learningRate(0).build());
        assertMessage("entropyWeight", () -> ControllerConfig.builder().entropyWeight(-1).build());
        assertMessage("updatesPerBatch", () -> ControllerConfig.builder().updatesPerBatch(0).build());
        assertMessage("maxKl", () -> ControllerConfig.builder().maxKl(-1).build());
        assertMessage("maxKl", () -> ControllerConfig.builder().maxKl(Double.POSITIVE_INFINITY).build());
        // eps = 1 is allowed (keep everything).
        assertEquals(1.0, ControllerConfig.builder().riskFactor(1).build().riskFactor());
    }

    static void assertMessage(String fragment, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(fragment), () -> "message '" + e.getMessage() + "' lacks " + fragment);
    }
}
