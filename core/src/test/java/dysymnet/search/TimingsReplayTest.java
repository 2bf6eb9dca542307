package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** A stage-time account replayed on other thread counts: each task's run time handed to the lane that frees first. */
class TimingsReplayTest {

    /** List scheduling in the order given, as a fixed pool's queue runs it. */
    @Test
    void theMakespanHandsEachTaskToTheLaneThatFreesFirst() {
        List<Double> tasks = List.of(4.0, 3.0, 2.0, 1.0);
        assertEquals(10, Timings.makespan(tasks, 1), 1e-12);
        assertEquals(5, Timings.makespan(tasks, 2), 1e-12); // 4+1 and 3+2
        assertEquals(4, Timings.makespan(tasks, 3), 1e-12); // 4, 3+1, 2
        assertEquals(4, Timings.makespan(tasks, 16), 1e-12); // the longest task
        assertEquals(0, Timings.makespan(List.of(), 4), 1e-12);
        // the order matters: the long task last leaves a tail
        assertEquals(6, Timings.makespan(List.of(1.0, 2.0, 3.0, 4.0), 2), 1e-12); // 1+3 and 2+4
    }

    /**
     * A stage keeps what it took beyond its tasks and its own thread's work; on its own thread count the replay is
     * the stage's wall time.
     */
    @Test
    void aStageReplayedOnItsOwnThreadCountTakesItsWallTime() {
        Timings.Stage s = new Timings.Stage("network", 0, 10.5, 0, 10, 0.2, List.of(4.0, 3.0, 2.0, 1.0));
        assertEquals(10.5, s.replayedSeconds(1, 1), 1e-12);
        assertEquals(5.5, s.replayedSeconds(1, 2), 1e-12);
        Timings t = new Timings(1, 12, 1, 0, 12, List.of(s));
        assertEquals(12, t.replayedSeconds(1), 1e-12);
        assertEquals(7, t.replayedSeconds(2), 1e-12);
        // a stage whose own thread's work is the longer part gains nothing from more lanes
        Timings.Stage own = new Timings.Stage("gp", 0, 3, 2, 3, 3, List.of(0.5, 0.5));
        assertEquals(3, own.replayedSeconds(1, 8), 1e-12);
    }

    /**
     * Every step's networks in one queue: what overlapping steps could give at most, bounded by the longest task;
     * the other stages replayed as they ran.
     */
    @Test
    void overlappedStepsShareOneQueueOfTasks() {
        Timings.Stage step0 = new Timings.Stage("network", 0, 5, 0, 5, 0, List.of(4.0, 1.0));
        Timings.Stage gp = new Timings.Stage("gp", 0, 1, 1, 1, 1, List.of());
        Timings.Stage step1 = new Timings.Stage("network", 1, 5, 0, 5, 0, List.of(4.0, 1.0));
        Timings t = new Timings(1, 11, 1, 0, 11, List.of(step0, gp, step1));
        // on its own thread count, as it ran
        assertEquals(11, t.overlappedSeconds(1, "network"), 1e-12);
        // 2 lanes: one step after the other takes 4 + 1 + 4; in one queue 4+1 beside 1+4
        assertEquals(9, t.replayedSeconds(2), 1e-12);
        assertEquals(6, t.overlappedSeconds(2, "network"), 1e-12);
        // many lanes: the longest task, not the sum of each step's longest
        assertEquals(9, t.replayedSeconds(16), 1e-12);
        assertEquals(5, t.overlappedSeconds(16, "network"), 1e-12);
        // a run of one step gains nothing from overlapping
        Timings one = new Timings(1, 6, 1, 0, 6, List.of(step0, gp));
        assertEquals(one.replayedSeconds(16), one.overlappedSeconds(16, "network"), 1e-12);
    }

    /** The clock records every task handed to the pool in a stage, in the order handed over. */
    @Test
    void theClockRecordsEachTaskOfAStage() throws Exception {
        StageClock clock = new StageClock(2);
        ExecutorService pool = clock.watch(Executors.newFixedThreadPool(2));
        try {
            clock.start();
            clock.begin();
            List<Future<?>> done = new ArrayList<>();
            for (int k = 0; k < 5; k++) {
                done.add(pool.submit(() -> Math.sqrt(2)));
            }
            for (Future<?> f : done) {
                f.get();
            }
            clock.end("network", 0);
            clock.begin();
            clock.end("gp", 0);
            Timings t = clock.finish();
            assertEquals(5, t.stages().get(0).taskSeconds().size());
            assertTrue(t.stages().get(0).taskSeconds().stream().allMatch(x -> x >= 0));
            assertEquals(0, t.stages().get(1).taskSeconds().size());
            assertTrue(t.stages().get(0).selfSeconds() <= t.stages().get(0).seconds());
            assertEquals(t.stages().get(0).seconds(), t.stages().get(0).replayedSeconds(2, 2), 1e-12);
        } finally {
            pool.shutdown();
        }
    }
}
