package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchSpaceTest {

    @Test
    void defaultsAreThePapersWithDivisionAndSquareRoot() {
        SearchSpace s = SearchSpace.defaults();
        assertEquals(List.of(1, 2, 3, 4, 5), s.layers());
        assertEquals(List.of(1, 2, 3, 4, 5, 6), s.widths());
        assertEquals(List.of(Operator.IDENTITY, Operator.ADD, Operator.SUB, Operator.MUL, Operator.SIN, Operator.COS,
                Operator.TAN, Operator.EXP, Operator.LOG, Operator.COSH, Operator.SQUARE), SearchSpace.PAPER_OPERATORS);
        List<Operator> withDivision = new ArrayList<>(SearchSpace.PAPER_OPERATORS);
        withDivision.add(Operator.DIV);
        withDivision.add(Operator.SQRT);
        assertEquals(new java.util.HashSet<>(withDivision), new java.util.HashSet<>(s.operators()));
        assertEquals(s.operators().size(), withDivision.size());
        assertEquals(5, s.maxLayerCount());
        assertEquals(s, s.toBuilder().build());
    }

    @Test
    void integerSetsAreSortedAndCopied() {
        int[] layers = {3, 1, 2};
        List<Integer> widths = new ArrayList<>(List.of(4, 2));
        SearchSpace s = SearchSpace.builder().layers(layers).widths(widths).build();
        layers[0] = 99;
        widths.set(0, 99);
        assertEquals(List.of(1, 2, 3), s.layers());
        assertEquals(List.of(2, 4), s.widths());
        assertEquals(2, s.width(0));
        assertEquals(3, s.layerCount(2));
    }

    @Test
    void operatorsKeepTheirOrder() {
        SearchSpace s = SearchSpace.builder().operators(Operator.MUL, Operator.SIN, Operator.ADD).build();
        assertEquals(List.of(Operator.MUL, Operator.SIN, Operator.ADD), s.operators());
    }

    @Test
    void rejectsBadSettingsNamingThem() {
        assertMessage("layers", () -> SearchSpace.builder().layers().build());
        assertMessage("layers", () -> SearchSpace.builder().layers(0, 2).build());
        assertMessage("duplicate layer count 2", () -> SearchSpace.builder().layers(2, 2).build());
        assertMessage("widths", () -> SearchSpace.builder().widths(List.of()).build());
        assertMessage("widths", () -> SearchSpace.builder().widths(-1).build());
        assertMessage("operators", () -> SearchSpace.builder().operators(List.of()).build());
        assertMessage("duplicate operator sin",
                () -> SearchSpace.builder().operators(Operator.SIN, Operator.ADD, Operator.SIN).build());
    }

    private static void assertMessage(String fragment, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(fragment), () -> "message '" + e.getMessage() + "' lacks " + fragment);
    }
}
