package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dysymnet.api.Model;
import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM and Ctrl-C (SIGINT) on the real program, run in a child JVM: the search stops, every output a finished
 * run writes is written and says it was interrupted, and the exit code is 143 or 130.
 */
class InterruptTest {
    /** How long the search may take to stop after the signal: one check of the cancel flag, with room for load. */
    private static final long STOP_MILLIS = 5_000;

    @TempDir
    Path dir;

    private Process child;

    @AfterEach
    void killChild() throws InterruptedException {
        if (child != null && child.isAlive()) {
            child.destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** 40 noisy rows: no formula reaches the solve threshold, so the search runs until it is stopped. */
    private Path noisyCsv() throws IOException {
        SplittableRandom rng = new SplittableRandom(11);
        StringBuilder sb = new StringBuilder("x,y\n");
        for (int i = 0; i < 40; i++) {
            double x = -2 + 4.0 * i / 39;
            sb.append(String.format(Locale.ROOT, "%.6f,%.6f%n", x, Math.sin(3 * x) + 0.3 * x * x
                    + 0.2 * rng.nextGaussian()));
        }
        Path f = dir.resolve("noisy.csv");
        Files.writeString(f, sb, StandardCharsets.UTF_8);
        return f;
    }

    /** The child's stderr lines, with the time each arrived. */
    private static final class Lines {
        final List<String> lines = new CopyOnWriteArrayList<>();
        final CountDownLatch progress = new CountDownLatch(1);
        volatile long interruptedAt;

        void read(Process p) {
            Thread t = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(
                        new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        if (line.startsWith("dysymnet: interrupted")) {
                            interruptedAt = System.nanoTime();
                        }
                        lines.add(line);
                        if (line.startsWith("step ")) {
                            progress.countDown();
                        }
                    }
                } catch (IOException e) {
                    // the child is gone
                }
            }, "child-stderr");
            t.setDaemon(true);
            t.start();
        }

        String all() {
            return String.join("\n", lines);
        }
    }

    private void interruptedRunWritesEverything(String signal, int expectedCode) throws Exception {
        Path data = noisyCsv();
        Path out = dir.resolve("out");
        Path json = dir.resolve("report.json");
        Path stdout = dir.resolve("stdout.txt");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "fit", data.toString(), "--threads", "1", "--time-limit", "300", "--max-steps", "100000",
                "--batch-size", "2", "--layers", "1-2", "--widths", "1-2", "--out", out.toString(),
                "--json", json.toString()));
        child = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).start();
        Lines err = new Lines();
        err.read(child);
        if (!err.progress.await(90, TimeUnit.SECONDS)) {
            fail("no progress line from the child within 90 s: " + err.all());
        }
        long signalled = System.nanoTime();
        // not Process.destroy(), which sends SIGTERM but also closes the pipes this test reads
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).start();
        assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + signal);
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), () -> "the child did not exit within 60 s of SIG" + signal
                + ": " + err.all());
        long exitMillis = (System.nanoTime() - signalled) / 1_000_000;
        // the stderr reader may still be catching up with the last lines
        for (int i = 0; i < 50 && err.lines.stream().noneMatch(l -> l.startsWith("dysymnet: wrote")); i++) {
            Thread.sleep(20);
        }
        String e = err.all();
        assertEquals(expectedCode, child.exitValue(), e);
        assertTrue(err.interruptedAt != 0, e);
        long stopMillis = (err.interruptedAt - signalled) / 1_000_000;
        System.out.printf(Locale.ROOT, "SIG%s: search stopped %d ms after the signal, process exited after %d ms%n",
                signal, stopMillis, exitMillis);
        assertTrue(stopMillis < STOP_MILLIS, "the search took " + stopMillis + " ms to stop");
        assertTrue(e.contains("dysymnet: interrupted (SIG" + signal + ")"), e);
        assertTrue(e.contains("dysymnet: wrote model.json, pareto.csv, fit.png, pareto.png, reward.png"), e);
        assertFalse(e.contains("Exception"), e);

        String o = Files.readString(stdout, StandardCharsets.UTF_8);
        assertTrue(o.startsWith("Interrupted; best formula found so far:"), o);
        JsonNode report = new ObjectMapper().readTree(json.toFile());
        assertTrue(report.get("cancelled").asBoolean(), report.toString());
        assertEquals("CANCELLED", report.get("stop_reason").asText());
        Model m = Model.load(out.resolve("model.json"));
        assertEquals("CANCELLED", m.stopReason());
        assertEquals(List.of("x"), m.features());
        assertTrue(Files.readString(out.resolve("pareto.csv"), StandardCharsets.UTF_8).startsWith("complexity,"));
        for (String png : List.of("fit.png", "pareto.png", "reward.png")) {
            assertTrue(Files.size(out.resolve(png)) > 0, png);
            BufferedImage img = ImageIO.read(out.resolve(png).toFile());
            assertNotNull(img, png);
            assertTrue(img.getWidth() > 0 && img.getHeight() > 0, png);
        }
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(5, files.count(), "exactly the five files, no temporary ones");
        }
    }

    @Test
    @Timeout(300)
    void sigtermWhileWritingTheOutputsFinishesThemAndExits143() throws Exception {
        Path data = noisyCsv();
        // the search ends by its time limit; the signal comes once the report is on standard output, while the
        // files (model, front, three plots: some tenths of a second in a fresh JVM) are being written
        for (int attempt = 1; attempt <= 3; attempt++) {
            Path out = dir.resolve("out" + attempt);
            Path json = dir.resolve("report" + attempt + ".json");
            child = new ProcessBuilder(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                    "fit", data.toString(), "--threads", "1", "--time-limit", "2", "--batch-size", "2",
                    "--layers", "1-2", "--widths", "1-2", "--out", out.toString(), "--json", json.toString()))
                    .start();
            Lines err = new Lines();
            err.read(child);
            BufferedReader stdout = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8));
            String first = stdout.readLine();
            assertEquals("Formula:", first, err.all());
            Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(child.pid())).start();
            kill.waitFor(10, TimeUnit.SECONDS);
            while (stdout.readLine() != null) {
                // drain
            }
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), err.all());
            for (int i = 0; i < 50 && err.lines.stream().noneMatch(l -> l.startsWith("dysymnet: wrote")); i++) {
                Thread.sleep(20);
            }
            String e = err.all();
            if (child.exitValue() == Main.OK) {
                // all written before the signal came: try again
                continue;
            }
            assertEquals(Main.INTERRUPTED_SIGTERM, child.exitValue(), e);
            assertTrue(e.contains("dysymnet: SIGTERM while writing the outputs; finishing them"), e);
            assertTrue(e.contains("dysymnet: wrote model.json, pareto.csv, fit.png, pareto.png, reward.png"), e);
            assertFalse(e.contains("Exception"), e);
            // the search was not interrupted: the files say it ended by its time limit
            JsonNode report = new ObjectMapper().readTree(json.toFile());
            assertFalse(report.get("cancelled").asBoolean(), report.toString());
            assertEquals("TIME_LIMIT", Model.load(out.resolve("model.json")).stopReason());
            for (String png : List.of("fit.png", "pareto.png", "reward.png")) {
                assertNotNull(ImageIO.read(out.resolve(png).toFile()), png);
            }
            try (Stream<Path> files = Files.list(out)) {
                assertEquals(5, files.count(), "exactly the five files, no temporary ones");
            }
            return;
        }
        fail("in 3 attempts the child wrote every file before the signal arrived");
    }

    @Test
    @Timeout(180)
    void sigtermStopsTheSearchWritesEverythingAndExits143() throws Exception {
        interruptedRunWritesEverything("TERM", Main.INTERRUPTED_SIGTERM);
    }

    @Test
    @Timeout(180)
    void ctrlCStopsTheSearchWritesEverythingAndExits130() throws Exception {
        // a process started in the background by a non-interactive shell ignores SIGINT, and so do its children
        Path status = Path.of("/proc/self/status");
        if (Files.isReadable(status)) {
            String ignored = Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:"))
                    .map(l -> l.substring(7).trim()).findFirst().orElse("0");
            Assumptions.assumeTrue((Long.parseUnsignedLong(ignored, 16) & 2) == 0,
                    "this test's JVM ignores SIGINT (started in the background by a shell), so would the child");
        }
        interruptedRunWritesEverything("INT", Main.INTERRUPTED_SIGINT);
    }
}
