package dysymnet.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ParallelTest {

    /** The tasks' results come back in the tasks' order, on no pool, a pool of one thread and one of three. */
    @Test
    void mapGathersInOrderOnAnyPool() {
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
            int v = k;
            tasks.add(() -> {
                // later tasks finish first on several threads
                Thread.sleep(20 - v);
                return v * v;
            });
        }
        List<Integer> expected = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
            expected.add(k * k);
        }
        assertEquals(expected, Parallel.map(tasks, null));
        for (int threads : new int[] {1, 3}) {
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                assertEquals(expected, Parallel.map(tasks, pool));
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** A task's exception reaches the caller as it was thrown. */
    @Test
    void mapRethrowsATasksException() {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Callable<Integer>> tasks = List.of(() -> 1, () -> {
                throw new IllegalArgumentException("bad");
            });
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Parallel.map(tasks, pool));
            assertEquals("bad", e.getMessage());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A stop that the consumer sets (a search solved by what it was handed) ends the hand-over at the same task on
     * any pool as in the serial loop, and the abandoned tasks see their stop.
     */
    @Test
    void orderedHandsOverWhatTheSerialLoopDoes() {
        for (int threads : new int[] {0, 1, 4}) {
            ExecutorService pool = threads == 0 ? null : Executors.newFixedThreadPool(threads);
            try {
                boolean[] solved = {false};
                List<Integer> handed = new ArrayList<>();
                List<Function<BooleanSupplier, Integer>> tasks = new ArrayList<>();
                for (int k = 0; k < 8; k++) {
                    int v = k;
                    tasks.add(stop -> {
                        // a long task ends early once its stop says so
                        for (int i = 0; i < 200 && !stop.getAsBoolean(); i++) {
                            sleep(1);
                        }
                        return v;
                    });
                }
                Parallel.ordered(tasks, pool, () -> solved[0], v -> {
                    handed.add(v);
                    solved[0] |= v == 2;
                });
                assertEquals(List.of(0, 1, 2), handed, "threads " + threads);
            } finally {
                if (pool != null) {
                    pool.shutdownNow();
                }
            }
        }
    }

    /** Without a stop every task is handed over, in order. */
    @Test
    void orderedHandsOverEveryTaskWhenNotStopped() {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Function<BooleanSupplier, Integer>> tasks = new ArrayList<>();
            for (int k = 0; k < 10; k++) {
                int v = k;
                tasks.add(stop -> {
                    sleep(10 - v);
                    return v;
                });
            }
            List<Integer> handed = new ArrayList<>();
            Parallel.ordered(tasks, pool, () -> false, handed::add);
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), handed);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
