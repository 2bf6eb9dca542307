package dysymnet.io.plot;

import dysymnet.io.AtomicFiles;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Writes the command's PNG figures: fit quality, the Pareto front and the reward curve.
 *
 * <p>Non-finite values (a model may predict NaN or infinity somewhere) are left out of every plot rather than
 * failing it. Files are written atomically.
 */
public final class Plots {
    /** Size of one panel in pixels. */
    public static final int WIDTH = 640;
    public static final int HEIGHT = 480;
    /** Most markers a scatter series draws: larger ones are thinned to every k-th point, and say so. */
    public static final int MAX_SCATTER_POINTS = 5_000;

    private static final Color TRAIN = new Color(31, 119, 180);
    private static final Color TEST = new Color(255, 127, 14);
    private static final Color MODEL = new Color(214, 39, 40);
    private static final Color GUIDE = new Color(120, 120, 120);
    private static final Color MEAN = new Color(31, 119, 180);
    private static final Color BEST = new Color(44, 160, 44);
    private static final BasicStroke DASHED =
            new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);

    static {
        // the command runs on servers without a display
        System.setProperty("java.awt.headless", "true");
        // encode in memory: ImageIO's default file cache puts a temporary file in java.io.tmpdir for every image and
        // registers a shutdown hook on first use, which fails when a plot is written during shutdown
        ImageIO.setUseCache(false);
    }

    private Plots() {
    }

    /**
     * A fit figure: predicted against observed values with the line y = x, and, when the 1-D arrays are given,
     * a second panel with train points, test points and the model curve against the single feature.
     *
     * @param observed  target values (all data, or the test set)
     * @param predicted the model's predictions for {@code observed}, same length
     * @param xTrain    1-D view: the feature of the training rows, or null to draw only the first panel
     * @param yTrain    target of the training rows (same length as {@code xTrain})
     * @param xTest     feature of the test rows, or null
     * @param yTest     target of the test rows
     * @param xCurve    points where the model is drawn as a curve (sorted), or null
     * @param yCurve    the model at {@code xCurve}
     * @param xName     the feature's name
     * @param yName     the target's name
     * @throws IOException if the file cannot be written
     * @throws IllegalArgumentException if paired arrays differ in length
     */
    public static void fitPlot(Path png, double[] observed, double[] predicted, double[] xTrain, double[] yTrain,
                               double[] xTest, double[] yTest, double[] xCurve, double[] yCurve,
                               String xName, String yName) throws IOException {
        checkPair("observed", observed, "predicted", predicted);
        checkPair("xTrain", xTrain, "yTrain", yTrain);
        checkPair("xTest", xTest, "yTest", yTest);
        checkPair("xCurve", xCurve, "yCurve", yCurve);
        String target = yName == null ? "y" : yName;
        XYChart parity = chart("Predicted vs observed", "observed " + target, "predicted " + target);
        parity.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        double[][] op = finitePairs(observed, predicted);
        if (op[0].length > 0) {
            double lo = Math.min(min(op[0]), min(op[1]));
            double hi = Math.max(max(op[0]), max(op[1]));
            if (lo == hi) {
                lo -= 1;
                hi += 1;
            }
            XYSeries line = parity.addSeries("y = x", new double[] {lo, hi}, new double[] {lo, hi});
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(GUIDE);
            line.setLineStyle(DASHED);
            scatter(parity, "data", op[0], op[1], TRAIN, SeriesMarkers.CIRCLE);
        } else {
            parity.setTitle("Predicted vs observed (no finite predictions)");
        }
        List<XYChart> charts = new ArrayList<>();
        charts.add(parity);
        if (xTrain != null || xTest != null || xCurve != null) {
            String feature = xName == null ? "x" : xName;
            XYChart view = chart(target + " against " + feature, feature, target);
            boolean any = false;
            if (xTrain != null) {
                double[][] p = finitePairs(xTrain, yTrain);
                any |= scatter(view, "train", p[0], p[1], TRAIN, SeriesMarkers.CIRCLE);
            }
            if (xTest != null) {
                double[][] p = finitePairs(xTest, yTest);
                any |= scatter(view, "test", p[0], p[1], TEST, SeriesMarkers.DIAMOND);
            }
            if (xCurve != null) {
                double[][] p = finitePairs(xCurve, yCurve);
                if (p[0].length > 0) {
                    XYSeries curve = view.addSeries("model", p[0], p[1]);
                    curve.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                    curve.setMarker(SeriesMarkers.NONE);
                    curve.setLineColor(MODEL);
                    curve.setLineWidth(2f);
                    any = true;
                }
            }
            if (any) {
                charts.add(view);
            }
        }
        write(png, charts);
    }

    /**
     * The Pareto front: error (log scale) against complexity, the chosen model highlighted and named.
     *
     * <p>The error axis is logarithmic, labelled sparsely: the errors' base-10 logarithms on a linear axis with a
     * handful of ticks ({@link #logTickLabel}), so that a front from 1e-31 to 0.1 shows about six labels and as many
     * grid lines rather than one of each per decade and eight lines between.
     *
     * @param complexity    complexity of each candidate, same length as {@code error}
     * @param error         error of each candidate (e.g. MSE); values {@code <= 0} are drawn at a small floor
     * @param chosenIndex   index of the chosen candidate, or -1 for none
     * @param chosenFormula the chosen formula as text, shown in the legend (on up to {@link #LEGEND_FORMULA_LINES}
     *                      lines of {@link #LEGEND_LINE} characters, cut with {@code ...} beyond), or null
     * @throws IOException if the file cannot be written
     */
    public static void paretoPlot(Path png, int[] complexity, double[] error, int chosenIndex, String chosenFormula)
            throws IOException {
        write(png, List.of(paretoChart(complexity, error, chosenIndex, chosenFormula)));
    }

    /** Characters of a line of the chosen formula in the Pareto plot's legend (XChart cuts a legend line at 45% of
     * the chart's width, 288 pixels, about 44 characters of its 12-point font). */
    public static final int LEGEND_LINE = 42;
    /** Lines of the chosen formula in the Pareto plot's legend. */
    public static final int LEGEND_FORMULA_LINES = 3;

    /** The chart of {@link #paretoPlot}. */
    static XYChart paretoChart(int[] complexity, double[] error, int chosenIndex, String chosenFormula) {
        if (complexity == null || error == null || complexity.length != error.length) {
            throw new IllegalArgumentException("complexity and error must be non-null and of the same length, got "
                    + (complexity == null ? "null" : complexity.length) + " and "
                    + (error == null ? "null" : error.length));
        }
        if (chosenIndex < -1 || chosenIndex >= error.length) {
            throw new IllegalArgumentException("chosenIndex " + chosenIndex + " is not in [-1, " + error.length + ")");
        }
        double[] c = new double[complexity.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = complexity[i];
        }
        double[] e = logSafe(error);
        double[] log = new double[e.length];
        for (int i = 0; i < e.length; i++) {
            log[i] = Math.log10(e[i]);
        }
        XYChart chart = chart("Pareto front", "complexity", "training error (log scale)");
        XYStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Vertical);
        double[][] p = sortedByX(finitePairs(c, log));
        boolean any = false;
        if (p[0].length > 0) {
            XYSeries front = chart.addSeries("candidates (best of each complexity)", p[0], p[1]);
            front.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            front.setMarker(SeriesMarkers.CIRCLE);
            front.setMarkerColor(TRAIN);
            front.setLineColor(TRAIN);
            any = true;
        }
        if (chosenIndex >= 0 && Double.isFinite(log[chosenIndex])) {
            String name = "chosen, complexity " + complexity[chosenIndex];
            if (chosenFormula != null && !chosenFormula.isBlank()) {
                name += ":\n" + String.join("\n", wrapped(chosenFormula.strip(), LEGEND_LINE, LEGEND_FORMULA_LINES));
            }
            XYSeries chosen = chart.addSeries(name, new double[] {c[chosenIndex]}, new double[] {log[chosenIndex]});
            chosen.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            chosen.setMarker(SeriesMarkers.DIAMOND);
            chosen.setMarkerColor(MODEL);
            any = true;
        }
        if (any) {
            double lo = Math.min(min(p[1]), chosenIndex >= 0 && Double.isFinite(log[chosenIndex])
                    ? log[chosenIndex] : Double.POSITIVE_INFINITY);
            double hi = Math.max(max(p[1]), chosenIndex >= 0 && Double.isFinite(log[chosenIndex])
                    ? log[chosenIndex] : Double.NEGATIVE_INFINITY);
            double pad = hi - lo < 1e-9 ? 1.0 : 0.04 * (hi - lo);
            styler.setYAxisMin(lo - pad);
            styler.setYAxisMax(hi + pad);
            chart.setCustomYAxisTickLabelsFormatter(Plots::logTickLabel);
            // ticks (and grid lines) about 60 pixels apart: 5 to 7 on the axis, whatever its span
            styler.setYAxisTickMarkSpacingHint(60);
            styler.setYAxisLabelAlignment(AxesChartStyler.TextAlignment.Right);
        } else {
            chart.setTitle("Pareto front (no finite errors)");
        }
        styler.setMarkerSize(9);
        styler.setXAxisDecimalPattern("#");
        return chart;
    }

    /**
     * The label of the tick at {@code log10} on a logarithmic axis drawn as the logarithms' linear axis: the value
     * {@code 10^log10} with at most two significant digits, as a plain decimal from 0.001 to 1000 ({@code 0.01},
     * {@code 0.032}, {@code 1}, {@code 100}) and in exponent form outside ({@code 1e-30}, {@code 3.2e-5}).
     */
    static String logTickLabel(double log10) {
        if (!Double.isFinite(log10)) {
            return "";
        }
        double k = Math.rint(log10);
        boolean decade = Math.abs(log10 - k) < 1e-6;
        BigDecimal v = decade
                ? BigDecimal.ONE.scaleByPowerOfTen((int) k)
                : new BigDecimal(Math.pow(10, log10)).round(new MathContext(2));
        v = v.stripTrailingZeros();
        int exponent = v.precision() - v.scale() - 1; // of the leading digit
        if (exponent >= -3 && exponent <= 3) {
            return v.toPlainString();
        }
        BigDecimal mantissa = v.movePointLeft(exponent).stripTrailingZeros();
        return mantissa.toPlainString() + "e" + exponent;
    }

    /**
     * {@code text} in at most {@code maxLines} lines of at most {@code width} characters, each broken in its second
     * half before a {@code +} or {@code -} between spaces, else after a space or an operator, else at the width; the
     * last line ends in {@code ...} when the text does not fit.
     */
    static List<String> wrapped(String text, int width, int maxLines) {
        if (width < 4 || maxLines < 1) {
            throw new IllegalArgumentException("width must be at least 4 and maxLines at least 1, got " + width
                    + " and " + maxLines);
        }
        List<String> lines = new ArrayList<>();
        String rest = text.replaceAll("\\s+", " ").strip();
        while (!rest.isEmpty()) {
            if (lines.size() == maxLines - 1 && rest.length() > width) {
                lines.add(rest.substring(0, width - 3).stripTrailing() + "...");
                break;
            }
            if (rest.length() <= width) {
                lines.add(rest);
                break;
            }
            // before a + or - between spaces, else after a space or an operator, else at the width
            int cut = -1;
            for (int i = width; i > width / 2 && cut < 0; i--) {
                if (rest.charAt(i - 1) == ' ' && (rest.charAt(i) == '+' || rest.charAt(i) == '-')) {
                    cut = i;
                }
            }
            for (int i = width; i > width / 2 && cut < 0; i--) {
                char ch = rest.charAt(i - 1);
                if (ch == ' ' || ch == '*' || ch == '/' || ch == ',' || ch == '^') {
                    cut = i;
                }
            }
            if (cut < 0) {
                cut = width;
            }
            lines.add(rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
        }
        return lines;
    }

    /**
     * The controller's reward per step: the batch mean and the best so far (or of the batch).
     *
     * @param meanReward mean reward of each step
     * @param bestReward best reward of each step, same length (or null to draw only the mean)
     * @throws IOException if the file cannot be written
     */
    public static void rewardPlot(Path png, double[] meanReward, double[] bestReward) throws IOException {
        if (meanReward == null) {
            throw new IllegalArgumentException("meanReward must not be null");
        }
        if (bestReward != null) {
            checkPair("meanReward", meanReward, "bestReward", bestReward);
        }
        XYChart chart = chart("Controller reward", "step", "reward");
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideSE);
        chart.getStyler().setXAxisDecimalPattern("#");
        double[] steps = new double[meanReward.length];
        for (int i = 0; i < steps.length; i++) {
            steps[i] = i + 1;
        }
        boolean any = line(chart, "mean", finitePairs(steps, meanReward), MEAN);
        if (bestReward != null) {
            any |= line(chart, "best", finitePairs(steps, bestReward), BEST);
        }
        if (!any) {
            chart.setTitle("Controller reward (no finite values)");
        }
        write(png, List.of(chart));
    }

    private static XYChart chart(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        Styler s = chart.getStyler();
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        s.setAntiAlias(true);
        chart.getStyler().setMarkerSize(6);
        chart.getStyler().setPlotGridLinesColor(new Color(225, 225, 225));
        return chart;
    }

    private static boolean scatter(XYChart chart, String name, double[] x, double[] y, Color color,
                                   org.knowm.xchart.style.markers.Marker marker) {
        if (x.length == 0) {
            return false;
        }
        int stride = scatterStride(x.length);
        if (stride > 1) {
            // a 640x480 panel shows no more; drawing 10^5-10^6 markers takes seconds
            int n = (x.length + stride - 1) / stride;
            double[] tx = new double[n];
            double[] ty = new double[n];
            for (int i = 0; i < n; i++) {
                tx[i] = x[i * stride];
                ty[i] = y[i * stride];
            }
            name = name + " (1 in " + stride + " of " + x.length + ")";
            x = tx;
            y = ty;
        }
        XYSeries s = chart.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(marker);
        s.setMarkerColor(color);
        return true;
    }

    /** Every how many points a scatter series of {@code n} draws: 1 up to {@link #MAX_SCATTER_POINTS}. */
    static int scatterStride(int n) {
        return (int) Math.max(1, ((long) n + MAX_SCATTER_POINTS - 1) / MAX_SCATTER_POINTS);
    }

    private static boolean line(XYChart chart, String name, double[][] xy, Color color) {
        if (xy[0].length == 0) {
            return false;
        }
        XYSeries s = chart.addSeries(name, xy[0], xy[1]);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(xy[0].length <= 60 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
        s.setMarkerColor(color);
        s.setLineColor(color);
        s.setLineWidth(2f);
        return true;
    }

    private static void write(Path png, List<XYChart> charts) throws IOException {
        AtomicFiles.write(png, out -> {
            if (charts.size() == 1) {
                BitmapEncoder.saveBitmap(charts.get(0), out, BitmapEncoder.BitmapFormat.PNG);
            } else {
                BitmapEncoder.saveBitmap(charts, 1, charts.size(), out, BitmapEncoder.BitmapFormat.PNG);
            }
        });
    }

    private static void checkPair(String aName, double[] a, String bName, double[] b) {
        if (a == null && b == null) {
            return;
        }
        if (a == null || b == null || a.length != b.length) {
            throw new IllegalArgumentException(aName + " and " + bName + " must both be given and of the same length,"
                    + " got " + (a == null ? "null" : a.length) + " and " + (b == null ? "null" : b.length));
        }
    }

    /** The pairs where both values are finite. */
    private static double[][] finitePairs(double[] x, double[] y) {
        int n = 0;
        for (int i = 0; i < x.length; i++) {
            if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                n++;
            }
        }
        double[][] out = new double[2][n];
        int k = 0;
        for (int i = 0; i < x.length; i++) {
            if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                out[0][k] = x[i];
                out[1][k] = y[i];
                k++;
            }
        }
        return out;
    }

    private static double[][] sortedByX(double[][] xy) {
        Integer[] order = new Integer[xy[0].length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(xy[0][a], xy[0][b]));
        double[][] out = new double[2][order.length];
        for (int i = 0; i < order.length; i++) {
            out[0][i] = xy[0][order[i]];
            out[1][i] = xy[1][order[i]];
        }
        return out;
    }

    /** Errors with zero or negative values raised to a floor below the smallest positive one. */
    private static double[] logSafe(double[] error) {
        double smallest = Double.POSITIVE_INFINITY;
        for (double v : error) {
            if (v > 0 && v < smallest) {
                smallest = v;
            }
        }
        double floor = Double.isFinite(smallest) ? smallest / 10 : 1e-12;
        double[] out = new double[error.length];
        for (int i = 0; i < error.length; i++) {
            out[i] = error[i] > 0 || Double.isNaN(error[i]) ? error[i] : floor;
        }
        return out;
    }

    /** The smallest value (+Infinity for none, NaN if any is NaN). */
    public static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.POSITIVE_INFINITY);
    }

    /** The largest value (-Infinity for none, NaN if any is NaN). */
    public static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NEGATIVE_INFINITY);
    }
}
