package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScalingCommandTest {

    /** One, the powers of two below the cores, and the cores. */
    @Test
    void defaultThreadCountsReachTheCores() {
        assertArrayEquals(new int[] {1}, ScalingCommand.defaultThreads(1));
        assertArrayEquals(new int[] {1, 2}, ScalingCommand.defaultThreads(2));
        assertArrayEquals(new int[] {1, 2, 4, 8, 12}, ScalingCommand.defaultThreads(12));
        assertArrayEquals(new int[] {1, 2, 4, 8, 16}, ScalingCommand.defaultThreads(16));
    }

    /** The speed-up is over the first thread count's run; a formula that differs from its run is flagged. */
    @Test
    void tableComparesWithTheFirstThreadCount() {
        ScalingCommand.Workload w = ScalingCommand.WORKLOADS.get(0);
        List<ScalingCommand.Run> runs = List.of(
                new ScalingCommand.Run(w, 1, 10, 1, 0, 10, 20, List.of("x", "y")),
                new ScalingCommand.Run(w, 2, 5, 1, 1, 9, 20, List.of("x", "y")),
                new ScalingCommand.Run(w, 4, 4, 1, 2, 12, 20, List.of("x", "z")));
        String[] lines = ScalingCommand.csv(runs).split("\n");
        assertEquals("nguyen,2,5.000,2.000,0.2000,0.2000,1.80,20,2.0000,true", lines[2]);
        assertTrue(lines[3].endsWith(",false"), lines[3]);
        String md = ScalingCommand.markdown(runs);
        assertTrue(md.contains("| 2 | 5.00 | 2.00x |"), md);
        assertTrue(md.contains("**no**"), md);
    }

    /** A workload or a thread list the command does not know is bad input: one line, exit code 2. */
    @Test
    void badOptionsExitWithTwo() {
        for (String[] args : new String[][] {{"bench-scaling", "--workloads", "nguyen,foo"},
            {"bench-scaling", "--threads-list", "0,2"}, {"bench-scaling", "--max-steps", "0"},
            {"bench-scaling", "--no-warm-up", "--warm-up-passes", "2"},
            {"bench-scaling", "--warm-up-passes", "-1"}}) {
            StringWriter err = new StringWriter();
            int code = Main.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err), new ScalingCommand());
            assertEquals(Main.BAD_INPUT, code, String.join(" ", args) + ": " + err);
            assertEquals(1, err.toString().strip().split("\n").length, err.toString());
        }
    }
}
