package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Help and version of the root command and of every subcommand. */
class CliHelpTest {
    @ParameterizedTest
    @ValueSource(strings = {"", "fit", "predict", "demo"})
    void helpAndVersion(String sub) {
        String[] help = sub.isEmpty() ? new String[] {"--help"} : new String[] {sub, "--help"};
        CliRun h = CliRun.run(help);
        assertEquals(0, h.code(), h::toString);
        assertTrue(h.out().contains("Usage:"), h::toString);
        assertEquals("", h.err());
        String[] version = sub.isEmpty() ? new String[] {"--version"} : new String[] {sub, "--version"};
        CliRun v = CliRun.run(version);
        assertEquals(0, v.code(), v::toString);
        assertTrue(v.out().startsWith("dysymnet "), v::toString);
        assertEquals("", v.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"fit", "predict", "demo"})
    void helpSubcommand(String sub) {
        CliRun h = CliRun.run("help", sub);
        assertEquals(0, h.code(), h::toString);
        assertTrue(h.out().contains(sub), h::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fit", "predict"})
    void fitHelpListsTheRequiredOptions(String sub) {
        CliRun h = CliRun.run(sub, "--help");
        String[] required = sub.equals("fit")
                ? new String[] {"--target", "--features", "--test", "--test-fraction", "--operators", "--layers",
                    "--widths", "--seed", "--time-limit", "--max-steps", "--threads", "--out", "--format", "--json",
                    "--quiet", "--drop-missing"}
                : new String[] {"--model", "--output", "--drop-missing"};
        for (String o : required) {
            assertTrue(h.out().contains(o), o);
        }
    }

    @org.junit.jupiter.api.Test
    void noArgumentsShowsShortUsageAndExit2() {
        // no command is a usage error (CliMannersTest has the details); --help is the full help, exit 0
        CliRun r = CliRun.run();
        assertEquals(Main.BAD_INPUT, r.code(), r::toString);
        assertTrue(r.err().contains("fit"), r::toString);
        CliRun h = CliRun.run("--help");
        assertEquals(0, h.code(), h::toString);
        assertTrue(h.out().contains("Exit codes:"), h::toString);
    }
}
