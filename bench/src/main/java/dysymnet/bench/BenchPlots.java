package dysymnet.bench;

import dysymnet.cli.PhysicsModels;
import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Parser;
import dysymnet.io.AtomicFiles;
import dysymnet.io.plot.Plots;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The summary's PNG figures (XChart, headless, written atomically): R^2 against model size, the accuracy rate
 * against the noise level, and the ball trajectories.
 */
public final class BenchPlots {
    private static final Color[] PALETTE = {new Color(31, 119, 180), new Color(255, 127, 14),
        new Color(44, 160, 44), new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75),
        new Color(227, 119, 194), new Color(127, 127, 127), new Color(188, 189, 34), new Color(23, 190, 207)};
    private static final BasicStroke DASHED =
            new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private BenchPlots() {
    }

    /**
     * The plots written and the ones that failed.
     *
     * @param files    file names written in the directory
     * @param failures one line per plot that could not be drawn (the others are still written)
     */
    public record Written(List<String> files, List<String> failures) {
    }

    /**
     * Writes every plot that the rows call for into {@code dir}: {@code pareto.png} (when some run finished),
     * {@code noise.png} (when several noise levels were run), {@code balls.png} (when ball rows and their data are
     * present). A plot that fails is reported and does not stop the others.
     */
    public static Written writeAll(Path dir, List<ResultRow> rows, Map<String, Problem> problems) {
        List<String> files = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        List<ResultRow> ok = rows.stream().filter(r -> !r.failed() && Double.isFinite(r.r2Test()))
                .collect(Collectors.toList());
        if (!ok.isEmpty()) {
            attempt(dir, "pareto.png", files, failures, () -> List.of(pareto(ok)), 1);
        }
        if (rows.stream().map(ResultRow::noise).distinct().count() > 1) {
            attempt(dir, "noise.png", files, failures, () -> List.of(noise(rows)), 1);
        }
        if (rows.stream().anyMatch(r -> r.group().equals("Balls") && !r.failed() && problems.containsKey(r.problem()))) {
            attempt(dir, "balls.png", files, failures, () -> {
                List<XYChart> balls = balls(rows, problems);
                int cols = Math.min(3, balls.size());
                int gridRows = (balls.size() + cols - 1) / cols;
                // XChart draws a full grid: fill the last row with blank panels
                while (balls.size() < gridRows * cols) {
                    balls.add(blank(480, 360));
                }
                return balls;
            }, 3);
        }
        return new Written(files, failures);
    }

    private static void attempt(Path dir, String file, List<String> files, List<String> failures,
                                java.util.function.Supplier<List<? extends Chart<?, ?>>> charts, int maxCols) {
        try {
            List<? extends Chart<?, ?>> c = charts.get();
            int cols = Math.min(maxCols, c.size());
            write(dir.resolve(file), c, (c.size() + cols - 1) / cols, cols);
            files.add(file);
        } catch (IOException | RuntimeException e) {
            failures.add(file + ": " + BenchRunner.describe(e));
        }
    }

    /** Test R^2 (clipped at 0) against formula size for every finished run, by group, with the frontier. */
    static XYChart pareto(List<ResultRow> ok) {
        XYChart c = xy("Test R^2 against model size (every run)", "model size (nodes)", "test R^2 (below 0 shown as 0)",
                800, 600);
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        Map<String, List<ResultRow>> byGroup = new LinkedHashMap<>();
        for (ResultRow r : ok) {
            byGroup.computeIfAbsent(r.group(), k -> new ArrayList<>()).add(r);
        }
        int k = 0;
        for (Map.Entry<String, List<ResultRow>> e : byGroup.entrySet()) {
            double[] x = e.getValue().stream().mapToDouble(ResultRow::complexity).toArray();
            double[] y = e.getValue().stream().mapToDouble(r -> Math.max(0.0, r.r2Test())).toArray();
            XYSeries s = c.addSeries(e.getKey(), x, y);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.CIRCLE);
            s.setMarkerColor(PALETTE[k++ % PALETTE.length]);
        }
        // frontier: the best R^2 reached at each size or smaller
        List<ResultRow> sorted = ok.stream().sorted(Comparator.comparingInt(ResultRow::complexity))
                .collect(Collectors.toList());
        List<Double> fx = new ArrayList<>();
        List<Double> fy = new ArrayList<>();
        double best = Double.NEGATIVE_INFINITY;
        for (ResultRow r : sorted) {
            double v = Math.max(0.0, r.r2Test());
            if (v > best) {
                best = v;
                fx.add((double) r.complexity());
                fy.add(v);
            }
        }
        if (fx.size() > 1) {
            XYSeries s = c.addSeries("frontier", fx, fy);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(Color.BLACK);
            s.setLineStyle(DASHED);
        }
        c.getStyler().setXAxisDecimalPattern("#");
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setYAxisMax(1.0);
        return c;
    }

    /** Solution rates against the noise level, one line per metric and ablation. */
    static CategoryChart noise(List<ResultRow> rows) {
        List<Double> levels = rows.stream().map(ResultRow::noise).distinct().sorted().collect(Collectors.toList());
        List<String> labels = levels.stream().map(ResultRow::num).collect(Collectors.toList());
        CategoryChart c = new CategoryChartBuilder().width(800).height(600).title("Solution rate against noise")
                .xAxisTitle("noise level (sd / RMS(y))").yAxisTitle("rate (%)").build();
        style(c.getStyler());
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        c.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        // all series at the category positions, not side by side as bars would be
        c.getStyler().setOverlapped(true);
        c.getStyler().setYAxisMin(0.0);
        c.getStyler().setYAxisMax(100.0);
        boolean truth = rows.stream().anyMatch(r -> !r.truth().isEmpty());
        int k = 0;
        for (String ablation : new LinkedHashSet<>(rows.stream().map(ResultRow::ablation)
                .collect(Collectors.toList()))) {
            String suffix = ablation.equals("none") ? "" : " (" + ablation + ")";
            List<ResultRow> a = rows.stream().filter(r -> r.ablation().equals(ablation)).collect(Collectors.toList());
            addRate(c, "R^2 > 0.999" + suffix, labels, levels, a, r -> Boolean.TRUE.equals(r.acc0999()), false, k++);
            addRate(c, "R^2 > 0.99" + suffix, labels, levels, a, r -> Boolean.TRUE.equals(r.acc099()), false, k++);
            if (truth) {
                addRate(c, "symbolic" + suffix, labels, levels, a, r -> Boolean.TRUE.equals(r.symbolic()), true,
                        k++);
            }
        }
        return c;
    }

    private static void addRate(CategoryChart c, String name, List<String> labels, List<Double> levels,
                                List<ResultRow> rows, java.util.function.Predicate<ResultRow> hit, boolean truthOnly,
                                int colour) {
        List<Double> y = new ArrayList<>();
        for (double level : levels) {
            List<ResultRow> at = rows.stream().filter(r -> r.noise() == level
                    && (!truthOnly || !r.truth().isEmpty())).collect(Collectors.toList());
            y.add(at.isEmpty() ? 0.0 : 100.0 * at.stream().filter(hit).count() / at.size());
        }
        CategorySeries s = c.addSeries(name, labels, y);
        s.setMarker(SeriesMarkers.CIRCLE);
        Color col = PALETTE[colour % PALETTE.length];
        s.setLineColor(col);
        s.setMarkerColor(col);
        s.setFillColor(col);
    }

    /**
     * One panel per ball: measured train and test points, the model of one run (ablation none if present, lowest
     * noise level, lowest seed) and Model C fitted to the same training points.
     */
    static List<XYChart> balls(List<ResultRow> rows, Map<String, Problem> problems) {
        List<ResultRow> ballRows = rows.stream().filter(r -> r.group().equals("Balls") && !r.failed())
                .collect(Collectors.toList());
        Map<String, ResultRow> chosen = new LinkedHashMap<>();
        Comparator<ResultRow> pref = Comparator.comparing((ResultRow r) -> !r.ablation().equals("none"))
                .thenComparingDouble(ResultRow::noise).thenComparingLong(ResultRow::seed);
        for (ResultRow r : ballRows) {
            ResultRow old = chosen.get(r.problem());
            if (problems.containsKey(r.problem()) && (old == null || pref.compare(r, old) < 0)) {
                chosen.put(r.problem(), r);
            }
        }
        List<XYChart> charts = new ArrayList<>();
        for (ResultRow r : chosen.values()) {
            Problem p = problems.get(r.problem());
            Dataset.Split split = p.data().make(r.seed());
            Dataset train = split.train();
            Dataset test = split.test();
            XYChart c = xy(r.problem(), "time (s)", "height (m)", 480, 360);
            c.getStyler().setLegendPosition(Styler.LegendPosition.InsideSW);
            c.getStyler().setMarkerSize(5);
            double tMax = Math.max(Plots.max(train.column(0)), Plots.max(test.column(0)));
            double tMin = Math.min(Plots.min(train.column(0)), Plots.min(test.column(0)));
            double[] grid = new double[400];
            for (int i = 0; i < grid.length; i++) {
                grid[i] = tMin + (tMax - tMin) * i / (grid.length - 1);
            }
            double lo = Math.min(Plots.min(train.y()), Plots.min(test.y()));
            double hi = Math.max(Plots.max(train.y()), Plots.max(test.y()));
            double pad = 0.15 * (hi - lo);
            // the boundary between the training and the test part
            double cut = 0.5 * (Plots.max(train.column(0)) + Plots.min(test.column(0)));
            XYSeries boundary = c.addSeries("train | test", new double[] {cut, cut}, new double[] {lo - pad, hi + pad});
            boundary.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            boundary.setMarker(SeriesMarkers.NONE);
            boundary.setLineColor(Color.GRAY);
            boundary.setLineWidth(1f);
            boundary.setShowInLegend(false);
            try {
                double[] ours = Evaluator.evaluate(Parser.parse(r.expression()), List.of("t"), new double[][] {grid});
                curve(c, "DySymNet (seed " + r.seed() + ")", grid, ours, PALETTE[3], null);
            } catch (RuntimeException e) {
                c.setTitle(r.problem() + " (model not drawable)");
            }
            double[] modelC = PhysicsModels.fitAll(train.column(0), train.y()).get(2).predict(grid);
            curve(c, "Model C", grid, modelC, PALETTE[2], DASHED);
            // measured points on top of the curves
            points(c, "train (measured)", train.column(0), train.y(), PALETTE[0]);
            points(c, "test (measured)", test.column(0), test.y(), PALETTE[1]);
            // the model may run off far beyond the data: keep the axis on the measurements
            c.getStyler().setYAxisMin(lo - pad);
            c.getStyler().setYAxisMax(hi + pad);
            charts.add(c);
        }
        return charts;
    }

    private static XYChart blank(int w, int h) {
        XYChart c = new XYChartBuilder().width(w).height(h).title("").build();
        XYStyler s = c.getStyler();
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setLegendVisible(false);
        s.setChartTitleVisible(false);
        s.setAxisTicksVisible(false);
        s.setXAxisTitleVisible(false);
        s.setYAxisTitleVisible(false);
        s.setPlotBorderVisible(false);
        s.setPlotGridLinesVisible(false);
        return c;
    }

    private static void points(XYChart c, String name, double[] x, double[] y, Color col) {
        XYSeries s = c.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setMarkerColor(col);
    }

    private static void curve(XYChart c, String name, double[] x, double[] y, Color col, BasicStroke stroke) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            if (Double.isFinite(y[i])) {
                xs.add(x[i]);
                ys.add(y[i]);
            }
        }
        if (xs.isEmpty()) {
            return;
        }
        XYSeries s = c.addSeries(name, xs, ys);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(col);
        s.setLineWidth(2f);
        if (stroke != null) {
            s.setLineStyle(stroke);
        }
    }

    private static XYChart xy(String title, String xTitle, String yTitle, int w, int h) {
        XYChart c = new XYChartBuilder().width(w).height(h).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle)
                .build();
        style(c.getStyler());
        return c;
    }

    private static void style(Styler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        s.setAntiAlias(true);
        s.setMarkerSize(6);
    }

    private static void write(Path png, List<? extends Chart<?, ?>> charts, int rows, int cols) throws IOException {
        AtomicFiles.write(png, out -> {
            if (charts.size() == 1) {
                BitmapEncoder.saveBitmap(charts.get(0), out, BitmapEncoder.BitmapFormat.PNG);
            } else {
                BitmapEncoder.saveBitmap(charts, rows, cols, out, BitmapEncoder.BitmapFormat.PNG);
            }
        });
    }
}
