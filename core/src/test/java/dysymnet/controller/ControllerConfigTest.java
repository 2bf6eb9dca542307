package dysymnet.controller;

import dysymnet.net.Operator;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ControllerConfigTest {

    @Test
    void defaultsAreThePapers() {
        ControllerConfig c = ControllerConfig.defaults();
        assertArrayEquals(new int[]{1, 2, 3, 4, 5}, c.layerCounts());
        assertArrayEquals(new int[]{1, 2, 3, 4, 5, 6}, c.widths());
        assertEquals(List.of(Operator.IDENTITY, Operator.ADD, Operator.SUB, Operator.MUL, Operator.SIN, Operator.COS,
                Operator.TAN, Operator.EXP, Operator.LOG, Operator.COSH, Operator.SQUARE), c.operators());
        assertEquals(32, c.hiddenSize());
        assertEquals(0.0006, c.learningRate());
        assertEquals(0.5, c.riskFactor());
        assertEquals(0.005, c.entropyWeight());
        assertEquals(c, c.toBuilder().build());
    }

    @Test
    void integerSetsAreSortedAndCopied() {
        int[] layers = {3, 1, 2};
        ControllerConfig c = ControllerConfig.builder().layerCounts(layers).widths(List.of(4, 2)).build();
        layers[0] = 99;
        assertArrayEquals(new int[]{1, 2, 3}, c.layerCounts());
        assertArrayEquals(new int[]{2, 4}, c.widths());
        c.widths()[0] = 7;
        assertArrayEquals(new int[]{2, 4}, c.widths());
    }

    @Test
    void rejectsBadSettingsNamingThem() {
        assertMessage("layerCounts", () -> ControllerConfig.builder().layerCounts().build());
        assertMessage("layerCounts", () -> ControllerConfig.builder().layerCounts(0, 2).build());
        assertMessage("layerCounts", () -> ControllerConfig.builder().layerCounts(2, 2).build());
        assertMessage("widths", () -> ControllerConfig.builder().widths(List.of()).build());
        assertMessage("widths", () -> ControllerConfig.builder().widths(-1).build());
        assertMessage("operators", () -> ControllerConfig.builder().operators(List.of()).build());
        assertMessage("duplicate operator sin",
                () -> ControllerConfig.builder().operators(Operator.SIN, Operator.ADD, Operator.SIN).build());
        assertMessage("riskFactor", () -> ControllerConfig.builder().riskFactor(0).build());
        assertMessage("riskFactor", () -> ControllerConfig.builder().riskFactor(1.5).build());
        assertMessage("riskFactor", () -> ControllerConfig.builder().riskFactor(Double.NaN).build());
        assertMessage("hiddenSize", () -> ControllerConfig.builder().hiddenSize(0).build());
        assertMessage("learningRate", () -> ControllerConfig.builder().learningRate(0).build());
        assertMessage("entropyWeight", () -> ControllerConfig.builder().entropyWeight(-1).build());
        // eps = 1 is allowed (keep everything).
        assertEquals(1.0, ControllerConfig.builder().riskFactor(1).build().riskFactor());
    }

    private static void assertMessage(String fragment, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(fragment), () -> "message '" + e.getMessage() + "' lacks " + fragment);
    }
}
