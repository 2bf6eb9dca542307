package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dysymnet.data.Dataset;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchPlotsTest {
    @TempDir
    Path tmp;

    private static Problem syntheticBall(String name) {
        double[] t = new double[20];
        double[] h = new double[20];
        double[] tt = new double[8];
        double[] ht = new double[8];
        for (int i = 0; i < t.length; i++) {
            t[i] = i * 0.1;
            h[i] = 40 - 4.9 * t[i] * t[i];
        }
        for (int i = 0; i < tt.length; i++) {
            tt[i] = 2.0 + (i + 1) * 0.1;
            ht[i] = 40 - 4.9 * tt[i] * tt[i];
        }
        Dataset.Split s = new Dataset.Split(new Dataset(List.of("t"), new double[][] {t}, h),
                new Dataset(List.of("t"), new double[][] {tt}, ht));
        return new Problem("balls", name, "Balls", null, "", List.of("t"), new double[] {0}, new double[] {2.8},
                seed -> s);
    }

    @Test
    void ballPanelsFillAGridOfThreeColumnsEvenWhenTheLastRowIsShort() throws Exception {
        Map<String, Problem> problems = new LinkedHashMap<>();
        List<ResultRow> rows = new ArrayList<>();
        for (String name : List.of("A", "B", "C", "D")) {
            problems.put(name, syntheticBall(name));
            rows.add(CraftedRows.ball(name, 1, 0.1, 1, 2, 3));
        }
        rows.add(CraftedRows.ball("Unknown ball", 1, 0.1, 1, 2, 3));   // no data: left out, not an error
        BenchPlots.Written w = BenchPlots.writeAll(tmp, rows, problems);
        assertEquals(List.of(), w.failures());
        assertEquals(List.of("pareto.png", "balls.png"), w.files());
        BufferedImage img = ImageIO.read(tmp.resolve("balls.png").toFile());
        assertEquals(3 * 480, img.getWidth());
        assertEquals(2 * 360, img.getHeight());
    }
}
