package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PairedTest {

    private static ResultRow law(String problem, long seed, String ablation, boolean exact) {
        return CraftedRows.row("standard", problem, "Nguyen", seed, 0.0, ablation, exact ? 1.0 : 0.9999, exact);
    }

    private static ResultRow blackBox(String problem, long seed, String ablation, double r2) {
        return CraftedRows.row("blackbox", problem, "Black-box", seed, 0.0, ablation, r2, null);
    }

    /** The same run with another step limit: another budget, so paired with nothing of the other budget. */
    private static ResultRow steps(ResultRow r, int maxSteps) {
        return new ResultRow(r.suite(), r.problem(), r.group(), r.seed(), r.noise(), r.ablation(), r.r2Test(),
                r.mseTest(), r.r2Train(), r.mseTrain(), r.complexity(), r.seconds(), r.networks(), r.stop(),
                r.symbolic(), r.symbolicHow(), r.symbolicDev(), r.acc099(), r.acc0999(), r.nTrain(), r.nTest(),
                r.timeLimit(), maxSteps, r.config(), r.expression(), r.truth(), r.modelAMse(), r.modelBMse(),
                r.modelCMse(), r.olsR2Test(), r.olsMseTest(), r.error());
    }

    @Test
    void exactnessDecidesWithATruthAndTheR2WithinATolWithout() {
        ResultRow exact = law("Nguyen-1", 1, "none", true);
        ResultRow inexact = law("Nguyen-1", 1, "no-pg", false);
        assertEquals(1, Paired.outcome(exact, inexact));
        assertEquals(-1, Paired.outcome(inexact, exact));
        assertEquals(0, Paired.outcome(exact, law("Nguyen-1", 1, "no-pg", true)));
        // the same exactness ties, however far apart the R^2
        assertEquals(0, Paired.outcome(CraftedRows.row("standard", "Nguyen-1", "Nguyen", 1, 0.0, "none", 0.2, false),
                inexact));
        assertEquals(0, Paired.outcome(blackBox("d", 1, "none", 0.9), blackBox("d", 1, "x", 0.9009)));
        assertEquals(-1, Paired.outcome(blackBox("d", 1, "none", 0.9), blackBox("d", 1, "x", 0.902)));
        assertEquals(1, Paired.outcome(blackBox("d", 1, "none", 0.9), blackBox("d", 1, "x", 0.898)));
        ResultRow failed = CraftedRows.failed("blackbox", "d", "Black-box", 1, "boom");
        ResultRow failedNoTruth = new ResultRow(failed.suite(), failed.problem(), failed.group(), 1, 0.0, "x",
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, -1, 0.1, -1, "", null, "", Double.NaN, null, null, -1,
                -1, 60, 100, "cfg", "", "", Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "boom");
        assertEquals(-1, Paired.outcome(failedNoTruth, blackBox("d", 1, "none", -5.0)));
        assertEquals(0, Paired.outcome(failedNoTruth, failedNoTruth));
    }

    @Test
    void referencesAreTheFullMethodAndTheListsWithOnePartFewer() {
        Set<String> labels = Set.of("none", "networks-only", "networks-only+no-pg", "no-pg", "no-gp");
        assertEquals(List.of("none", "networks-only", "no-pg"), Paired.references("networks-only+no-pg", labels));
        assertEquals(List.of("none"), Paired.references("no-gp", labels));
        assertEquals(List.of(), Paired.references("none", labels));
        assertEquals(List.of("networks-only"), Paired.references("networks-only+no-pg",
                Set.of("networks-only", "networks-only+no-pg")));
    }

    @Test
    void runsArePairedOnProblemSeedNoiseAndBudgetAndCounted() {
        List<ResultRow> rows = new ArrayList<>();
        // Nguyen-1: full exact on seeds 1-3; no-networks exact on seed 1 only -> lost 2, tied 1
        for (long seed = 1; seed <= 3; seed++) {
            rows.add(law("Nguyen-1", seed, "none", true));
            rows.add(law("Nguyen-1", seed, "no-networks", seed == 1));
        }
        // Nguyen-2: full inexact, no-networks exact on seed 1 -> won 1
        rows.add(law("Nguyen-2", 1, "none", false));
        rows.add(law("Nguyen-2", 1, "no-networks", true));
        // a black-box set: a win, a tie, a loss
        rows.add(blackBox("d1", 1, "none", 0.80));
        rows.add(blackBox("d1", 1, "no-networks", 0.85));
        rows.add(blackBox("d1", 2, "none", 0.80));
        rows.add(blackBox("d1", 2, "no-networks", 0.8005));
        rows.add(blackBox("d1", 3, "none", 0.80));
        rows.add(blackBox("d1", 3, "no-networks", 0.70));
        // unpaired: seed 4 has no full run, seed 3 of Nguyen-2 another budget, noise 0.1 no reference
        rows.add(law("Nguyen-1", 4, "no-networks", false));
        rows.add(steps(law("Nguyen-2", 3, "none", true), 50));
        rows.add(law("Nguyen-2", 3, "no-networks", false));
        rows.add(CraftedRows.row("standard", "Nguyen-1", "Nguyen", 1, 0.1, "no-networks", 0.5, false));
        List<Paired.Tally> t = Paired.compare(rows);
        assertEquals(List.of(new Paired.Tally("no-networks", "none", "0", 2, 3, 2)), t);
        assertEquals(7, t.get(0).pairs());
    }

    @Test
    void theSummaryHasTheAblationTableOnlyWithSeveralAblations() {
        List<ResultRow> rows = new ArrayList<>();
        for (long seed = 1; seed <= 3; seed++) {
            for (String p : List.of("Nguyen-1", "Nguyen-2")) {
                rows.add(law(p, seed, "networks-only", true));
                rows.add(law(p, seed, "networks-only+no-pg", p.equals("Nguyen-1") || seed == 3));
            }
        }
        String md = Summary.markdown(rows, References.load(Fixtures.dataDir().resolve("data").resolve("reference")),
                List.of());
        assertTrue(md.contains("## Ablations"), md);
        assertTrue(md.contains("| networks-only | 0 | 6 | 6/6 | 6/6 | n/a | 1: 2/2, 2: 2/2, 3: 2/2 | 2.0 ± 0.0 |"), md);
        assertTrue(md.contains("| networks-only+no-pg | 0 | 6 | 4/6 | 6/6 | n/a | 1: 1/2, 2: 1/2, 3: 2/2 | 1.3 ± 0.6 |"),
                md);
        assertTrue(md.contains("| networks-only+no-pg | networks-only | 0 | 6 | 0 | 2 | 4 |"), md);
        List<ResultRow> one = rows.stream().filter(r -> r.ablation().equals("networks-only")).toList();
        assertFalse(Summary.markdown(one, References.load(Fixtures.dataDir().resolve("data").resolve("reference")),
                List.of()).contains("## Ablations"));
    }
}
