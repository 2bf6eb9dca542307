package dysymnet.io.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
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
        Plots.paretoPlot(png, new int[] {9, 1, 3, 5, 7, 12}, new double[] {1e-6, 10, 2.5, 0.3, 1e-3, 0}, 4,
                "y = 2.5*x^2 + 1");
        BufferedImage img = image(png);
        assertEquals(Plots.WIDTH, img.getWidth());
        assertEquals(Plots.HEIGHT, img.getHeight());
        assertThrows(IllegalArgumentException.class,
                () -> Plots.paretoPlot(png, new int[] {1}, new double[] {1}, 1, null));
    }

    @Test
    void paretoPlotLabelsItsLogAxisSparsely() throws IOException {
        // a front from 1e-31 to 0.1 (an exact law found): XChart's logarithmic axis labelled all 31 decades and drew
        // eight more grid lines in each
        int[] complexity = {1, 3, 5, 6, 7, 11, 12, 14, 15, 19, 25, 29};
        double[] error = {0.1, 0.012, 1e-3, 3e-4, 2e-5, 1e-7, 8e-8, 1e-10, 3e-12, 1e-16, 1e-24, 1e-31};
        for (double[] errors : List.of(error, new double[] {0.031, 0.02, 0.0135, 0.0121, 0.012, 0.0119, 0.0118,
            0.0117, 0.0116, 0.0115, 0.0114, 0.0113})) {
            Path png = dir.resolve("pareto.png");
            Plots.paretoPlot(png, complexity, errors, 10, "y = x^3 + x^2 + x");
            int lines = horizontalGridLines(image(png));
            assertTrue(lines >= 3 && lines <= 8, lines + " horizontal grid lines for errors from " + errors[11]
                    + " to " + errors[0]);
        }
    }

    /** Rows of the image that are mostly the light grey of the grid lines (runs of adjacent rows count once). */
    private static int horizontalGridLines(BufferedImage img) {
        int lines = 0;
        boolean previous = false;
        for (int y = 0; y < img.getHeight(); y++) {
            int grey = 0;
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                int r = rgb >> 16 & 255;
                int g = rgb >> 8 & 255;
                int b = rgb & 255;
                if (r == g && g == b && r >= 200 && r <= 240) {
                    grey++;
                }
            }
            boolean line = grey > img.getWidth() / 4;
            if (line && !previous) {
                lines++;
            }
            previous = line;
        }
        return lines;
    }

    @Test
    void logAxisLabelsAreTheValuesInFewDigits() {
        assertEquals("1", Plots.logTickLabel(0));
        assertEquals("0.1", Plots.logTickLabel(-1));
        assertEquals("0.001", Plots.logTickLabel(-3));
        assertEquals("1e-4", Plots.logTickLabel(-4));
        assertEquals("1e-30", Plots.logTickLabel(-30));
        assertEquals("1000", Plots.logTickLabel(3));
        assertEquals("1e4", Plots.logTickLabel(4));
        assertEquals("1e-10", Plots.logTickLabel(-10 + 1e-12)); // a tick computed with rounding error
        assertEquals("0.032", Plots.logTickLabel(-1.5));
        assertEquals("0.5", Plots.logTickLabel(Math.log10(0.5)));
        assertEquals("3.2e-5", Plots.logTickLabel(-4.5));
        assertEquals("2e6", Plots.logTickLabel(Math.log10(2e6)));
        assertEquals("", Plots.logTickLabel(Double.NaN));
    }

    @Test
    void paretoPlotNamesTheChosenFormula() {
        String formula = "y = 47.78*sin(0.4265*t + 1.554)";
        XYChart chart = Plots.paretoChart(new int[] {1, 3, 9}, new double[] {4, 2, 1e-3}, 2, formula);
        List<String> names = chart.getSeriesCollection().stream().map(XYSeries::getName).toList();
        assertTrue(names.stream().anyMatch(n -> n.equals("chosen, complexity 9:\n" + formula)), names.toString());
        // a long one on at most three lines of at most 42 characters, cut with ...
        StringBuilder sb = new StringBuilder("y = 1.5");
        for (int i = 0; i < 40; i++) {
            sb.append(" + ").append(i).append("*sin(").append(i).append("*x)");
        }
        XYChart longer = Plots.paretoChart(new int[] {1, 3, 9}, new double[] {4, 2, 1e-3}, 2, sb.toString());
        String name = longer.getSeriesCollection().stream().map(XYSeries::getName)
                .filter(n -> n.startsWith("chosen")).findFirst().orElseThrow();
        List<String> lines = name.lines().toList();
        assertEquals(4, lines.size(), name);
        assertTrue(lines.stream().allMatch(l -> l.length() <= Plots.LEGEND_LINE), name);
        assertTrue(lines.get(3).endsWith("..."), name);
        assertTrue(lines.get(1).startsWith("y = 1.5 + 0*sin(0*x)") && lines.get(2).startsWith("+ "), name);
        // without a formula, the chosen point is still marked
        XYChart plain = Plots.paretoChart(new int[] {1, 3, 9}, new double[] {4, 2, 1e-3}, 2, null);
        assertTrue(plain.getSeriesCollection().stream().anyMatch(sr -> sr.getName().equals("chosen, complexity 9")));
    }

    @Test
    void formulasWrapBeforeAnOperator() {
        assertEquals(List.of("x + 1"), Plots.wrapped("x + 1", 10, 3));
        assertEquals(List.of("aaaa + bbbb", "+ cccc"), Plots.wrapped("aaaa + bbbb + cccc", 12, 3));
        assertEquals(List.of("abcdefghij", "klm"), Plots.wrapped("abcdefghijklm", 10, 3));
        assertEquals(List.of("abcdefghij", "klmnopq..."), Plots.wrapped("abcdefghijklmnopqrstuvwxyz", 10, 2));
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
        Plots.paretoPlot(png, new int[0], new double[0], -1, null);
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
