package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.cli.Main;
import dysymnet.search.Timings;
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
                new ScalingCommand.Run(w, 1, 10, 1, 0, 10, 20, List.of("x", "y"),
                        List.of(new Timings.Stage("network (first)", Timings.BEFORE_STEPS, 0.0001, 0, 0.0001),
                                new Timings.Stage("gp (first)", Timings.BEFORE_STEPS, 6, 0.5, 6))),
                new ScalingCommand.Run(w, 2, 5, 1, 1, 9, 20, List.of("x", "y"),
                        List.of(new Timings.Stage("gp (first)", Timings.BEFORE_STEPS, 3, 0.5, 4.5))),
                new ScalingCommand.Run(w, 4, 4, 1, 2, 12, 20, List.of("x", "z"), List.of()));
        String[] lines = ScalingCommand.csv(runs).split("\n");
        assertEquals("nguyen,2,5.000,2.000,0.2000,0.2000,1.80,0.9000,0.0000,0.0000,20,2.0000,true", lines[2]);
        assertTrue(lines[3].endsWith(",false"), lines[3]);
        String md = ScalingCommand.markdown(runs);
        assertTrue(md.contains("| 2 | 5.00 | 2.00x |"), md);
        assertTrue(md.contains("**no**"), md);
        // the stage account: seconds / serial seconds / mean busy threads of each thread count's run
        assertTrue(md.contains("| gp (first) | 6.00 / 0.50 / 1.00 | 3.00 / 0.50 / 1.50 | - |"), md);
        assertFalse(md.contains("network (first)"), "a stage of no time is left out: " + md);
    }

    /**
     * Occupancy is busy threads over threads given; the step tail is the networks' step time beyond their trainings
     * spread evenly; the replayed speed-ups are over the first lane count, from each run's account.
     */
    @Test
    void theTableReportsOccupancyTheStepTailAndTheReplayedSpeedUps() {
        ScalingCommand.Workload w = ScalingCommand.WORKLOADS.get(0);
        double[] replayed = new double[ScalingCommand.REPLAYED_LANES.length];
        java.util.Arrays.fill(replayed, 2);
        replayed[0] = 8;
        double[] overlapped = replayed.clone();
        overlapped[1] = 1;
        ScalingCommand.Run r = new ScalingCommand.Run(w, 2, 5, 1, 1, 8, 20, List.of("x"), List.of(), replayed,
                overlapped, 4, 1, 0.5);
        String md = ScalingCommand.markdown(List.of(r));
        assertTrue(md.contains("| 2 | 5.00 | 1.00x | 20.0% | 20.0% | 1.60 | 80.0% | 10.0% | 25.0% | 20 |"), md);
        assertTrue(md.contains("| 2 threads | 1.00x | 4.00x | 4.00x |"), md);
        assertTrue(md.contains("every step's networks in one queue"), md);
        assertTrue(md.contains("| 2 threads | 1.00x | 8.00x | 4.00x |"), md);
    }

    /** Of several rounds, each thread count's median run is reported (of two, the faster), in the order run. */
    @Test
    void roundsReportTheMedianRunOfEachThreadCount() {
        ScalingCommand.Workload w = ScalingCommand.WORKLOADS.get(0);
        List<ScalingCommand.Run> rounds = List.of(run(w, 1, 10), run(w, 2, 6), run(w, 1, 9), run(w, 2, 5),
                run(w, 1, 12), run(w, 2, 7));
        List<ScalingCommand.Run> medians = ScalingCommand.medians(rounds);
        assertEquals(2, medians.size());
        assertEquals(10, medians.get(0).seconds());
        assertEquals(6, medians.get(1).seconds());
        assertEquals(5, ScalingCommand.medians(rounds.subList(0, 4)).get(1).seconds());
    }

    private static ScalingCommand.Run run(ScalingCommand.Workload w, int threads, double seconds) {
        return new ScalingCommand.Run(w, threads, seconds, 0, 0, seconds, 0, List.of(), List.of());
    }

    /** A workload or a thread list the command does not know is bad input: one line, exit code 2. */
    @Test
    void badOptionsExitWithTwo() {
        for (String[] args : new String[][] {{"bench-scaling", "--workloads", "nguyen,foo"},
            {"bench-scaling", "--threads-list", "0,2"}, {"bench-scaling", "--max-steps", "0"},
            {"bench-scaling", "--no-warm-up", "--warm-up-passes", "2"},
            {"bench-scaling", "--warm-up-passes", "-1"}, {"bench-scaling", "--rounds", "0"}}) {
            StringWriter err = new StringWriter();
            int code = Main.run(args, new PrintWriter(new StringWriter()), new PrintWriter(err), new ScalingCommand());
            assertEquals(Main.BAD_INPUT, code, String.join(" ", args) + ": " + err);
            assertEquals(1, err.toString().strip().split("\n").length, err.toString());
        }
    }
}
