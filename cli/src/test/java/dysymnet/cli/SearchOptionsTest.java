package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.expr.NestingConstraints;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import dysymnet.net.TrainConfig;
import dysymnet.search.Budget;
import dysymnet.search.Refiner;
import dysymnet.search.Selection;
import dysymnet.search.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

class SearchOptionsTest {

    private static Settings parse(String... args) {
        SearchOptions o = new SearchOptions();
        new CommandLine(o).parseArgs(args);
        return o.builder(new SeedOption()).settings();
    }

    @Test
    void fitAndDemoCarryEverySharedSearchOptionWithTheSameDefaultAndHelp() {
        CommandSpec shared = CommandSpec.forAnnotatedObject(new SearchOptions());
        for (Object command : new Object[] {new FitCommand(), new DemoCommand()}) {
            CommandSpec spec = new CommandLine(command).getCommandSpec();
            for (OptionSpec o : shared.options()) {
                OptionSpec there = spec.findOption(o.longestName());
                assertNotNull(there, o.longestName() + " missing from " + spec.name());
                assertEquals(o.defaultValue(), there.defaultValue(), o.longestName() + " in " + spec.name());
                assertArrayEquals(o.description(), there.description(), o.longestName() + " in " + spec.name());
            }
            assertNotNull(spec.findOption("--seed"), "--seed in " + spec.name());
        }
    }

    @Test
    void unsetOptionsKeepTheLibrarysDefaults() {
        Settings s = parse();
        Settings lib = Settings.defaults();
        assertEquals(lib.space(), s.space());
        assertEquals(lib.training(), s.training());
        assertEquals(lib.refinement(), s.refinement());
        assertEquals(lib.selection(), s.selection());
        assertEquals(lib.budget().toBuilder().timeLimit(Duration.ofSeconds(60)).build(), s.budget());
    }

    @Test
    void aZeroTimeLimitMeansNone() {
        assertNull(parse("--time-limit", "0").budget().timeLimit());
        assertEquals(Duration.ofMillis(2500), parse("--time-limit", "2.5").budget().timeLimit());
        // a huge limit is no limit in practice, never an overflow
        assertTrue(parse("--time-limit", "1e10").budget().timeLimit().getSeconds() > 1_000_000);
    }

    @Test
    void everyOptionReachesTheSettings() {
        Settings s = parse("--max-steps", "7", "--batch-size", "3", "--threads", "2", "--operators", "sin,*",
                "--layers", "1-2", "--widths", "2,4", "--train-steps", "50", "--refiner", "BFGS",
                "--no-elimination", "--search-rows", "500", "--train-rows", "300", "--max-complexity", "12",
                "--keep-fraction", "0.75");
        assertEquals(new Budget(7, 3, Duration.ofSeconds(60), Budget.DEFAULT_SOLVE_R2, 500, 300), s.budget());
        assertEquals(2, s.threads());
        assertEquals(List.of(Operator.SIN, Operator.MUL), s.space().operators());
        assertEquals(List.of(1, 2), s.space().layers());
        assertEquals(List.of(2, 4), s.space().widths());
        assertEquals(50, s.training().stage1Steps());
        assertEquals(50, s.training().stage2Steps());
        assertEquals(50, s.training().fineTuneSteps());
        assertEquals(0.75, s.training().keepFraction());
        assertEquals(Refiner.BFGS, s.refinement().refiner());
        assertFalse(s.refinement().elimination());
        assertEquals(12, s.selection().maxComplexity());
    }

    @Test
    void allocationAndControllerReachTheSettings() {
        assertEquals(Budget.Allocation.EVERY_STEP, parse().budget().allocation());
        assertEquals(Budget.Allocation.EARNED, parse("--allocation", "earned").budget().allocation());
        assertEquals(dysymnet.controller.ControllerConfig.paper(), parse().controller());
        assertEquals(dysymnet.controller.ControllerConfig.paper(), parse("--controller", "paper").controller());
        assertEquals(dysymnet.controller.ControllerConfig.learning(), parse("--controller", "learning").controller());
        UserError a = assertThrows(UserError.class, () -> parse("--allocation", "fair"));
        assertTrue(a.getMessage().contains("--allocation") && a.getMessage().contains("every-step"), a.getMessage());
        UserError c = assertThrows(UserError.class, () -> parse("--controller", "fast"));
        assertTrue(c.getMessage().contains("--controller") && c.getMessage().contains("paper"), c.getMessage());
        // with a time limit and no step count, the search runs until the time limit
        assertEquals(0, parse().budget().maxSteps());
        assertEquals(Integer.MAX_VALUE, parse().budget().stepCap());
        assertEquals(Budget.DEFAULT_MAX_STEPS, parse("--time-limit", "0").budget().stepCap());
    }

    @Test
    void keepFractionAloneKeepsTheOtherTrainingDefaults() {
        assertEquals(TrainConfig.defaults().toBuilder().keepFraction(1.0).build(),
                parse("--keep-fraction", "1").training());
        assertEquals(TrainConfig.DEFAULT_KEEP_FRACTION, parse().training().keepFraction());
    }

    @Test
    void theLibrariesHaveNamesThatCombineWithOperators() {
        assertEquals(SearchSpace.PAPER_OPERATORS, parse("--operators", "paper").space().operators());
        assertEquals(SearchSpace.DEFAULT_OPERATORS, parse("--operators", "default").space().operators());
        List<Operator> withDivision = new ArrayList<>(SearchSpace.PAPER_OPERATORS);
        withDivision.add(Operator.DIV);
        assertEquals(withDivision, parse("--operators", "paper,/").space().operators());
        // an operator the named library has already is no repetition; one listed twice by hand is
        assertEquals(SearchSpace.PAPER_OPERATORS, parse("--operators", "paper,sin").space().operators());
        assertTrue(parse("--operators", "paper,abs").space().operators().contains(Operator.ABS));
        UserError twice = assertThrows(UserError.class, () -> parse("--operators", "sin,paper,sin"));
        assertTrue(twice.getMessage().contains("listed twice"), twice.getMessage());
    }

    @Test
    void powNestingConstraintsAndComplexityWeightsReachTheSettings() {
        Settings s = parse("--operators", "default,pow", "--forbid-nesting", "exp:exp, ln:ln,sin:cos",
                "--complexity-of", "exp=3, pow=2,/=4,neg=2");
        assertTrue(s.space().operators().contains(Operator.POW), s.space().toString());
        assertEquals(NestingConstraints.of("exp:exp", "log:log", "sin:cos"), s.space().forbiddenNesting());
        assertEquals(Map.of("exp", 3, "^", 2, "/", 4, "neg", 2), s.selection().complexityWeights().weights());
        // pow is in no named library: the defaults are unchanged
        assertFalse(SearchSpace.DEFAULT_OPERATORS.contains(Operator.POW));
        assertFalse(SearchSpace.PAPER_OPERATORS.contains(Operator.POW));
        assertTrue(parse().space().forbiddenNesting().isEmpty() && parse().selection().complexityWeights().isEmpty());
    }

    @Test
    void selectNamesTheRuleOfTheFinalChoice() {
        Selection best = parse("--select", "best").selection();
        assertEquals(Selection.defaults(), best);
        Selection accurate = parse("--select", "accurate").selection();
        assertEquals(1.0, accurate.factor());
        assertFalse(accurate.noiseAware() || accurate.validation());
        assertTrue(accurate.extrapolationGuard());
        Selection within = parse("--select", "simplest-within=3").selection();
        assertEquals(3.0, within.factor());
        assertFalse(within.noiseAware() || within.validation());
        for (String bad : List.of("fastest", "simplest-within=0.5", "simplest-within=x", "simplest-within=")) {
            UserError e = assertThrows(UserError.class, () -> parse("--select", bad), bad);
            assertTrue(e.getMessage().startsWith("--select"), e.getMessage());
        }
    }

    @Test
    void networksPerStepIsTheNewNameOfTheBatchSize() {
        assertEquals(3, parse("--networks-per-step", "3").budget().batchSize());
        // the old name still works for one release, hidden from the help
        assertEquals(4, parse("--batch-size", "4").budget().batchSize());
        UserError both = assertThrows(UserError.class, () -> parse("--networks-per-step", "3", "--batch-size", "4"));
        assertTrue(both.getMessage().contains("--networks-per-step"), both.getMessage());
        CliRun help = CliRun.run("fit", "--help");
        assertTrue(help.out().contains("--networks-per-step"), help.out());
        assertFalse(help.out().contains("--batch-size"), help.out());
        // 0 networks: the GP and the term regression alone
        assertEquals(0, parse("--networks-per-step", "0").budget().batchSize());
        UserError negative = assertThrows(UserError.class, () -> parse("--networks-per-step", "-1"));
        assertTrue(negative.getMessage().contains("--networks-per-step"), negative.getMessage());
    }

    @Test
    void badValuesAreUserErrorsNamingTheOption() {
        for (String[] bad : new String[][] {{"--time-limit", "-1"}, {"--max-steps", "0"}, {"--batch-size", "-1"},
            {"--threads", "0"}, {"--train-steps", "0"}, {"--layers", "0-2"}, {"--widths", "3-1"},
            {"--operators", "sin,foo"}, {"--search-rows", "-1"}, {"--search-rows", "1"}, {"--train-rows", "-1"},
            {"--train-rows", "1"}, {"--keep-fraction", "0"}, {"--keep-fraction", "1.5"},
            {"--keep-fraction", "NaN"},
            {"--max-complexity", "0"}}) {
            UserError e = assertThrows(UserError.class, () -> parse(bad), String.join(" ", bad));
            assertTrue(e.getMessage().contains(bad[0]), e.getMessage());
        }
    }
}
