package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.api.SymbolicRegressor;
import dysymnet.gp.GpSettings;
import dysymnet.net.TrainConfig;
import org.junit.jupiter.api.Test;

class AblationTest {

    @Test
    void noGpSwitchesTheGeneticProgrammingStageOffAndNothingElse() {
        SymbolicRegressor.Builder off = SymbolicRegressor.builder().seed(3);
        Ablation.of("no-gp").apply(off, TrainConfig.defaults());
        SymbolicRegressor.Builder on = SymbolicRegressor.builder().seed(3);
        Ablation.of("none").apply(on, TrainConfig.defaults());
        assertFalse(off.settings().gp().enabled());
        assertTrue(on.settings().gp().enabled());
        assertEquals(GpSettings.defaults(), on.settings().gp());
        assertEquals(on.settings().toBuilder().gp(GpSettings.off()).build(), off.settings());
    }
}
