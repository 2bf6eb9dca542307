package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.api.SymbolicRegressor;
import dysymnet.choice.Policy;
import dysymnet.gp.GpSettings;
import dysymnet.search.Refiner;
import dysymnet.search.Settings;
import dysymnet.terms.TermSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

class AblationTest {

    private static Settings applied(String list) {
        SymbolicRegressor.Builder b = SymbolicRegressor.builder().seed(3);
        Ablations.of(list).apply(b);
        return b.settings();
    }

    @Test
    void noGpSwitchesTheGeneticProgrammingStageOffAndNothingElse() {
        Settings off = applied("no-gp");
        Settings on = applied("none");
        assertFalse(off.gp().enabled());
        assertTrue(on.gp().enabled());
        assertEquals(GpSettings.defaults(), on.gp());
        assertEquals(on.toBuilder().gp(GpSettings.off()).build(), off);
        assertEquals(SymbolicRegressor.builder().seed(3).settings(), on);
    }

    @Test
    void noNetworksTrainsNoNetworkAndKeepsTheRest() {
        Settings none = applied("none");
        Settings off = applied("no-networks");
        assertEquals(0, off.budget().batchSize());
        assertFalse(off.budget().trainsNetworks());
        assertEquals(none.toBuilder().budget(none.budget().toBuilder().batchSize(0).build()).build(), off);
        // with one of the two symbolic stages left
        assertEquals(0, applied("no-networks,no-gp").budget().batchSize());
        assertTrue(applied("no-networks,no-gp").terms().enabled());
    }

    @Test
    void aListAppliesEveryAblationAndItsOrderChangesNothing() {
        Settings both = applied("networks-only,no-pg");
        assertFalse(both.gp().enabled());
        assertFalse(both.terms().enabled());
        assertFalse(both.controller().policyGradient());
        assertEquals(both, applied("no-pg,networks-only"));
        assertEquals("networks-only+no-pg", Ablations.of("no-pg, networks-only").label());
        // the label reads back: it is how results.csv and the cluster's workers name the run's ablations
        assertEquals(Ablations.of("networks-only,no-pg"), Ablations.of("networks-only+no-pg"));
        // two that change the training settings both apply
        Settings training = applied("no-clip,no-window,no-halving");
        assertFalse(training.training().adaptiveClipping());
        assertEquals(Double.POSITIVE_INFINITY, training.training().warmupClipNorm());
        assertEquals(0, training.training().windowPhases());
        assertEquals(1.0, training.training().keepFraction());
        Settings terms = applied("no-interactions,no-transforms");
        assertEquals(TermSettings.defaults().toBuilder().interactions(false).transforms(false).build(), terms.terms());
        // no-pi is the three sources on the dimensionless groups switched off, as its three parts are
        Settings pi = applied("no-pi");
        assertFalse(pi.gp().onGroups());
        assertFalse(pi.terms().dimensionless());
        assertFalse(pi.terms().curves());
        assertEquals(applied("no-pi-gp,no-pi-terms,no-pi-curves").gp(), pi.gp());
        assertEquals(applied("no-pi-gp,no-pi-terms,no-pi-curves").terms(), pi.terms());
        Settings fig3 = applied("networks-only,no-refine");
        assertEquals(Refiner.NONE, fig3.refinement().refiner());
        assertFalse(fig3.gp().enabled());
        // one name: the label of before the lists
        assertEquals("no-pg", Ablations.of("no-pg").label());
        assertEquals("none", Ablations.NONE.label());
        assertTrue(Ablations.of("none").isNone());
    }

    @Test
    void unknownNamesAndContradictionsAreRefusedInOneLineNamingThem() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Ablations.of("networks-only,no-magic"));
        assertTrue(unknown.getMessage().startsWith("--ablation: unknown 'no-magic'; valid: none, networks-only, "),
                unknown.getMessage());
        assertTrue(unknown.getMessage().contains("no-networks"), unknown.getMessage());
        for (List<String> bad : List.of(
                List.of("no-networks,networks-only", "networks-only acts on the networks, which no-networks"),
                List.of("no-pg,no-networks", "no-pg acts on the networks"),
                List.of("no-networks,no-halving", "no-halving acts on the networks"),
                List.of("no-terms,no-interactions", "no-interactions acts on the term regression"),
                List.of("networks-only,no-gp", "both switch off the genetic programming"),
                List.of("no-guards,no-noise", "both switch off the noise-aware choice"),
                List.of("no-networks,no-gp,no-terms", "leave no source of formulas"),
                List.of("none,no-pg", "none is the full method"),
                List.of("no-pg,no-pg", "no-pg given twice"),
                List.of("no-pg,", "an empty name"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Ablations.of(bad.get(0)),
                    bad.get(0));
            assertTrue(e.getMessage().startsWith("--ablation") && e.getMessage().contains(bad.get(1))
                    && !e.getMessage().contains("\n"), bad.get(0) + ": " + e.getMessage());
        }
    }

    @Test
    void everyRuleOfTheFinalChoiceIsSwitchedOffByItsNameAndNothingElse() {
        Settings none = applied("none");
        assertTrue(Policy.allNames().containsAll(List.of("size-cap", "trend-band", "cross-validation",
                "held-out-line", "beyond-data", "noise-like-residual")));
        for (String rule : Policy.allNames()) {
            Settings off = applied("no-" + rule);
            assertEquals(List.of(rule), off.selection().rulesOff());
            assertEquals(none.toBuilder().selection(none.selection().toBuilder().rulesOff(List.of(rule)).build())
                    .build(), off);
        }
    }

    @Test
    void ruleAblationsComeLastInTheLabelInThePoliciesOrder() {
        Ablations a = Ablations.of("no-trend-band,no-gp,no-size-cap");
        assertEquals("no-gp+no-size-cap+no-trend-band", a.label());
        assertEquals(a, Ablations.of(a.label()));
        assertEquals(List.of("size-cap", "trend-band"), applied("no-trend-band,no-size-cap").selection().rulesOff());
        assertFalse(a.isNone());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Ablations.of("no-such-rule"));
        assertTrue(e.getMessage().contains("no-trend-band") && e.getMessage().contains("no-gp"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Ablations.of("none,no-trend-band"));
        assertThrows(IllegalArgumentException.class, () -> Ablations.of("no-trend-band,no-trend-band"));
    }
}
