package dysymnet.io.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotsTest {
    @TempDir
    Path dir;

    private static BufferedImage image(Path png) throws IOException {
        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img, "not a readable image: " + png);
        return img;
    }

    private long fileCount() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    @Test
    void fitPlotWithOneDimensionalView() throws IOException {
        int n = 40;
        double[] x = new double[n];
        double[] y = new double[n];
        double[] pred = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 0.1;
            y[i] = 48 - 4.9 * x[i] * x[i] + Math.sin(i) * 0.3;
            pred[i] = 48 - 4.9 * x[i] * x[i];
        }
        pred[3] = Double.NaN; // a model may produce NaN: left out, not fatal
        double[] xc = new double[100];
        double[] yc = new double[100];
        for (int i = 0; i < xc.length; i++) {
            xc[i] = i * 0.04;
            yc[i] = 48 - 4.9 * xc[i] * xc[i];
        }
        Path png = dir.resolve("fit.png");
        Plots.fitPlot(png, y, pred, slice(x, 0, 30), slice(y, 0, 30), slice(x, 30, n), slice(y, 30, n), xc, yc,
                "t", "height");
        BufferedImage img = image(png);
        assertEquals(2 * Plots.WIDTH, img.getWidth());
        assertEquals(Plots.HEIGHT, img.getHeight());
        assertEquals(1, fileCount());
    }

    @Test
    void fitPlotWithoutOneDimensionalView() throws IOException {
        Path png = dir.resolve("fit.png");
        Plots.fitPlot(png, new double[] {1, 2, 3}, new double[] {1.1, 1.9, 3.2}, null, null, null, null, null, null,
                null, "y");
        BufferedImage img = image(png);
        assertEquals(Plots.WIDTH, img.getWidth());
        assertEquals(Plots.HEIGHT, img.getHeight());
    }

    @Test
    void fitPlotRejectsMismatchedArrays() {
        assertThrows(IllegalArgumentException.class, () -> Plots.fitPlot(dir.resolve("f.png"), new double[2],
                new double[3], null, null, null, null, null, null, "x", "y"));
    }

    @Test
    void paretoPlot() throws IOException {
        Path png = dir.resolve("pareto.png");
        Plots.paretoPlot(png, new int[] {9, 1, 3, 5, 7, 12}, new double[] {1e-6, 10, 2.5, 0.3, 1e-3, 0}, 4);
        BufferedImage img = image(png);
        assertEquals(Plots.WIDTH, img.getWidth());
        assertEquals(Plots.HEIGHT, img.getHeight());
        assertThrows(IllegalArgumentException.class,
                () -> Plots.paretoPlot(png, new int[] {1}, new double[] {1}, 1));
    }

    @Test
    void rewardPlot() throws IOException {
        int steps = 80;
        double[] mean = new double[steps];
        double[] best = new double[steps];
        for (int i = 0; i < steps; i++) {
            mean[i] = 0.9 * (1 - Math.exp(-i / 20.0));
            best[i] = Math.min(1, mean[i] + 0.1);
        }
        Path png = dir.resolve("reward.png");
        Plots.rewardPlot(png, mean, best);
        BufferedImage img = image(png);
        assertEquals(Plots.WIDTH, img.getWidth());
        assertTrue(img.getHeight() > 100);
    }

    @Test
    void plotsOfNothingStillRender() throws IOException {
        // each call replaces the file with a complete image of the usual size
        Path png = dir.resolve("empty.png");
        Plots.rewardPlot(png, new double[] {Double.NaN}, null);
        assertEquals(Plots.WIDTH, image(png).getWidth());
        Plots.paretoPlot(png, new int[0], new double[0], -1);
        BufferedImage pareto = image(png);
        assertEquals(Plots.WIDTH, pareto.getWidth());
        assertEquals(Plots.HEIGHT, pareto.getHeight());
        Plots.fitPlot(png, new double[0], new double[0], null, null, null, null, null, null, "x", "y");
        BufferedImage fit = image(png);
        assertEquals(Plots.WIDTH, fit.getWidth());
        assertEquals(Plots.HEIGHT, fit.getHeight());
        assertEquals(1, fileCount());
    }

    @Test
    void largeScattersAreThinnedToABoundedNumberOfMarkers() throws IOException {
        assertEquals(1, Plots.scatterStride(0));
        assertEquals(1, Plots.scatterStride(Plots.MAX_SCATTER_POINTS));
        assertEquals(2, Plots.scatterStride(Plots.MAX_SCATTER_POINTS + 1));
        for (int n : new int[] {Plots.MAX_SCATTER_POINTS + 1, 200_000, 1_000_003, Integer.MAX_VALUE}) {
            int stride = Plots.scatterStride(n);
            long drawn = (n + (long) stride - 1) / stride;
            assertTrue(drawn <= Plots.MAX_SCATTER_POINTS && drawn > Plots.MAX_SCATTER_POINTS / 2, n + ": " + drawn);
        }
        // a million rows still give a complete plot of the usual size
        int n = 1_000_000;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 1e-6;
            y[i] = x[i] * x[i];
        }
        Path png = dir.resolve("big.png");
        Plots.fitPlot(png, y, y, x, y, null, null, null, null, "x", "y");
        assertEquals(Plots.WIDTH * 2, image(png).getWidth());
    }

    private static double[] slice(double[] a, int from, int to) {
        return java.util.Arrays.copyOfRange(a, from, to);
    }
}
