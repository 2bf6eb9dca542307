package dysymnet.bench;

import dysymnet.data.Dataset;
import dysymnet.data.Seeds;
import dysymnet.expr.Expr;
import dysymnet.expr.ParseException;
import dysymnet.expr.Parser;
import dysymnet.io.table.ReadOptions;
import dysymnet.io.table.Selection;
import dysymnet.io.table.Table;
import dysymnet.io.table.TableReader;
import dysymnet.units.Dimension;
import dysymnet.units.UnitTable;
import dysymnet.units.Units;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Loads the problems of each benchmark suite from a data directory (the one holding {@code benchmarks/} and
 * {@code data/}: the bundled data of {@link BundledData#root()}, or another copy given by {@code bench --data}).
 *
 * <ul>
 *   <li>{@code standard}: {@code benchmarks/standard.csv}; train and test sets of {@code points} rows each,
 *       sampled uniformly in the box {@code [low, high]^d} with different seeds;</li>
 *   <li>{@code feynman}: {@code data/feynman/FeynmanEquations.csv}; every variable uniform in its [low, high]
 *       (the SRBench protocol, with smaller row counts by default: see {@link Options});</li>
 *   <li>{@code strogatz}: {@code data/strogatz/strogatz_*.tsv} with the truth of {@code strogatz_expressions.csv},
 *       75/25 random split per seed;</li>
 *   <li>{@code blackbox}: every {@code *.tsv.gz} of a directory (PMLB format, target column {@code target}),
 *       75/25 random split per seed, no truth;</li>
 *   <li>{@code balls}: {@code data/falling_balls/spl_splits/<Ball>_{train,test}.csv} (drop 1; train t &lt;= 2 s,
 *       test t &gt; 2 s; no header; time, height), the same split for every seed, no truth.</li>
 * </ul>
 * Sampled points where the truth is not a finite real number are redrawn. Every seed is mixed with the problem's
 * name, so problems do not share random streams.
 */
public final class Suites {
    /** The suite names, in the order the help lists them. */
    public static final List<String> NAMES = List.of("standard", "feynman", "strogatz", "blackbox", "balls");
    /** Fraction of the rows of a data file that train (SRBench: 0.75). */
    public static final double TRAIN_FRACTION = 0.75;

    /**
     * Sizes and locations that are options.
     *
     * @param feynmanTrain rows sampled for a Feynman training set (SRBench: 10 000 of 75 000)
     * @param feynmanTest  rows sampled for a Feynman test set (SRBench: 25 000)
     * @param maxTrainRows training rows kept at most (a random subset) in feynman, strogatz and blackbox
     *                     (SRBench: 10 000)
     * @param blackboxDir  directory of the black-box files, or null for {@code data/pmlb_blackbox}
     * @param units        the Feynman laws' units from {@code data/feynman/units.csv}: null (none, the default),
     *                     {@code free} (each constant may carry a unit) or {@code dimensionless} (pure constants)
     */
    public record Options(int feynmanTrain, int feynmanTest, int maxTrainRows, Path blackboxDir, String units) {
        /** Options without units. */
        public Options(int feynmanTrain, int feynmanTest, int maxTrainRows, Path blackboxDir) {
            this(feynmanTrain, feynmanTest, maxTrainRows, blackboxDir, null);
        }

        public Options {
            if (units != null && !units.equals("free") && !units.equals("dimensionless")) {
                throw new IllegalArgumentException("units must be free or dimensionless, got " + units);
            }
            positive("feynmanTrain", feynmanTrain);
            positive("feynmanTest", feynmanTest);
            positive("maxTrainRows", maxTrainRows);
        }

        /** 1000 / 1000 Feynman rows, at most 10 000 training rows, the default black-box directory. */
        public static Options defaults() {
            return new Options(1000, 1000, 10_000, null);
        }

        /** The options that shape the data of {@code suite}, in words (part of each bench run's identity). */
        public String describe(String suite) {
            return switch (suite) {
                case "feynman" -> "feynman-train=" + feynmanTrain + ",feynman-test=" + feynmanTest
                        + ",max-train-rows=" + maxTrainRows + (units == null ? "" : ",units=" + units);
                case "strogatz", "blackbox" -> "max-train-rows=" + maxTrainRows;
                default -> "";
            };
        }
    }

    private static final CSVFormat HEADED = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
            .setIgnoreSurroundingSpaces(true).get();

    private Suites() {
    }

    /**
     * Loads every problem of a suite.
     *
     * @param suite   one of {@link #NAMES}
     * @param dataDir the directory holding {@code benchmarks/} and {@code data/}
     * @throws IllegalArgumentException if the suite is unknown or its files are missing or malformed
     */
    public static List<Problem> load(String suite, Path dataDir, Options options) {
        switch (suite) {
            case "standard":
                return standard(existing(dataDir.resolve("benchmarks").resolve("standard.csv")));
            case "feynman":
                List<Problem> laws = feynman(existing(dataDir.resolve("data").resolve("feynman")
                        .resolve("FeynmanEquations.csv")), options.feynmanTrain(), options.feynmanTest(),
                        options.maxTrainRows());
                return options.units() == null ? laws : withUnits(laws, existing(dataDir.resolve("data")
                        .resolve("feynman").resolve("units.csv")), options.units().equals("dimensionless"));
            case "strogatz":
                return strogatz(existing(dataDir.resolve("data").resolve("strogatz")), options.maxTrainRows());
            case "blackbox":
                return blackbox(existing(options.blackboxDir() != null ? options.blackboxDir()
                        : dataDir.resolve("data").resolve("pmlb_blackbox")), options.maxTrainRows());
            case "balls":
                return balls(existing(dataDir.resolve("data").resolve("falling_balls").resolve("spl_splits")));
            default:
                throw new IllegalArgumentException("unknown suite '" + suite + "'; expected one of " + NAMES);
        }
    }

    /** The standard problems of a file in the format of {@code benchmarks/standard.csv}. */
    public static List<Problem> standard(Path csv) {
        List<Problem> out = new ArrayList<>();
        for (CSVRecord r : records(csv)) {
            String name = cell(csv, r, "name");
            String expression = cell(csv, r, "expression");
            List<String> vars = List.of(cell(csv, r, "variables").trim().split("\\s+"));
            double lo = number(csv, r, "low");
            double hi = number(csv, r, "high");
            int points = (int) number(csv, r, "points");
            if (!(lo < hi) || points < 2) {
                throw new IllegalArgumentException(csv + " row " + r.getRecordNumber() + ": problem " + name
                        + " needs low < high and at least 2 points");
            }
            Expr truth = parse(csv, name, expression, vars);
            double[] low = new double[vars.size()];
            double[] high = new double[vars.size()];
            Arrays.fill(low, lo);
            Arrays.fill(high, hi);
            out.add(new Problem("standard", name, cell(csv, r, "group"), truth, expression, vars, low, high,
                    seed -> new Dataset.Split(
                            sample(truth, vars, low, high, points, Seeds.named(seed, name, 1), name),
                            sample(truth, vars, low, high, points, Seeds.named(seed, name, 2), name))));
        }
        return out;
    }

    /**
     * The Feynman problems with the units of their variables and output from {@code unitsCsv} (AI Feynman's table,
     * {@link UnitTable}); each law's output is named by the {@code Output} column of {@code FeynmanEquations.csv}
     * beside it.
     *
     * @throws IllegalArgumentException when the table is malformed or lacks a variable or output of a law
     */
    static List<Problem> withUnits(List<Problem> laws, Path unitsCsv, boolean dimensionlessConstants) {
        Map<String, Dimension> table;
        try {
            table = UnitTable.parse(Files.readAllLines(unitsCsv, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + unitsCsv + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(unitsCsv + ": " + e.getMessage(), e);
        }
        Map<String, String> outputs = new HashMap<>();
        Path equations = unitsCsv.resolveSibling("FeynmanEquations.csv");
        for (CSVRecord r : records(equations)) {
            outputs.put(cell(equations, r, "Filename"), cell(equations, r, "Output"));
        }
        List<Problem> out = new ArrayList<>();
        for (Problem p : laws) {
            Map<String, Dimension> cols = new LinkedHashMap<>();
            for (String v : p.variables()) {
                cols.put(v, unit(table, unitsCsv, p.name(), v));
            }
            Dimension target = unit(table, unitsCsv, p.name(), outputs.get(p.name()));
            out.add(new Problem(p.suite(), p.name(), p.group(), p.truth(), p.truthText(), p.variables(), p.low(),
                    p.high(), p.data(), new Units(cols, target, dimensionlessConstants)));
        }
        return out;
    }

    private static Dimension unit(Map<String, Dimension> table, Path file, String law, String name) {
        Dimension d = name == null ? null : table.get(name);
        if (d == null) {
            throw new IllegalArgumentException(file + " has no unit for " + name + " of " + law);
        }
        return d;
    }

    /** The Feynman problems of a file in the format of {@code FeynmanEquations.csv}. */
    public static List<Problem> feynman(Path csv, int trainRows, int testRows, int maxTrainRows) {
        int nTrain = Math.min(trainRows, maxTrainRows);
        List<Problem> out = new ArrayList<>();
        for (CSVRecord r : records(csv)) {
            String name = cell(csv, r, "Filename");
            String formula = cell(csv, r, "Formula");
            int d = (int) number(csv, r, "# variables");
            List<String> vars = new ArrayList<>();
            double[] low = new double[d];
            double[] high = new double[d];
            for (int j = 0; j < d; j++) {
                vars.add(cell(csv, r, "v" + (j + 1) + "_name"));
                low[j] = number(csv, r, "v" + (j + 1) + "_low");
                high[j] = number(csv, r, "v" + (j + 1) + "_high");
                if (!(low[j] <= high[j])) {
                    throw new IllegalArgumentException(csv + " row " + r.getRecordNumber() + ": variable "
                            + vars.get(j) + " of " + name + " has low > high");
                }
            }
            Expr truth = parse(csv, name, formula, vars);
            out.add(new Problem("feynman", name, "Feynman", truth, formula, vars, low, high,
                    seed -> new Dataset.Split(
                            sample(truth, vars, low, high, nTrain, Seeds.named(seed, name, 1), name),
                            sample(truth, vars, low, high, testRows, Seeds.named(seed, name, 2), name))));
        }
        return out;
    }

    /** The Strogatz problems of a directory with {@code strogatz_*.tsv} and {@code strogatz_expressions.csv}. */
    public static List<Problem> strogatz(Path dir, int maxTrainRows) {
        Path truths = existing(dir.resolve("strogatz_expressions.csv"));
        Map<String, String> expressions = new HashMap<>();
        for (CSVRecord r : records(truths)) {
            expressions.put(cell(truths, r, "pmlb_name"), cell(truths, r, "expression_numpy"));
        }
        List<Problem> out = new ArrayList<>();
        for (Path file : files(dir, "strogatz_*.tsv")) {
            String base = file.getFileName().toString().replaceFirst("\\.tsv$", "");
            String text = expressions.get(base);
            if (text == null) {
                throw new IllegalArgumentException(truths + " has no expression for " + base);
            }
            Selection s = TableReader.select(TableReader.read(file, ReadOptions.defaults()), "target", null);
            Dataset all = s.toDataset();
            List<String> vars = all.names();
            Expr truth = parse(truths, base, text, vars);
            double[] low = new double[vars.size()];
            double[] high = new double[vars.size()];
            for (int j = 0; j < vars.size(); j++) {
                low[j] = Arrays.stream(all.column(j)).min().orElseThrow();
                high[j] = Arrays.stream(all.column(j)).max().orElseThrow();
            }
            String name = base.replaceFirst("^strogatz_", "");
            out.add(new Problem("strogatz", name, "Strogatz", truth, text, vars, low, high,
                    seed -> split(all, Seeds.named(seed, name, 3), maxTrainRows)));
        }
        return out;
    }

    /** The black-box problems: every {@code *.tsv.gz} of {@code dir}, read when first used. */
    public static List<Problem> blackbox(Path dir, int maxTrainRows) {
        List<Problem> out = new ArrayList<>();
        for (Path file : files(dir, "*.tsv.gz")) {
            String name = file.getFileName().toString().replaceFirst("\\.tsv\\.gz$", "");
            Dataset[] cache = new Dataset[1];
            out.add(new Problem("blackbox", name, "Black-box", null, "", List.of(), new double[0], new double[0],
                    seed -> {
                        synchronized (cache) {
                            if (cache[0] == null) {
                                cache[0] = TableReader.select(TableReader.read(file, ReadOptions.defaults()),
                                        "target", null).toDataset();
                            }
                        }
                        return split(cache[0], Seeds.named(seed, name, 3), maxTrainRows);
                    }));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no *.tsv.gz file in " + dir);
        }
        return out;
    }

    /** The ball-drop problems of a directory of {@code <Ball>_train.csv} / {@code <Ball>_test.csv} files. */
    public static List<Problem> balls(Path dir) {
        List<Problem> out = new ArrayList<>();
        for (Path trainFile : files(dir, "*_train.csv")) {
            String base = trainFile.getFileName().toString().replaceFirst("_train\\.csv$", "");
            Path testFile = existing(dir.resolve(base + "_test.csv"));
            Dataset.Split split = new Dataset.Split(ballData(trainFile), ballData(testFile));
            double[] t = split.train().column(0);
            double[] tt = split.test().column(0);
            double lo = Math.min(Arrays.stream(t).min().orElseThrow(), Arrays.stream(tt).min().orElseThrow());
            double hi = Math.max(Arrays.stream(t).max().orElseThrow(), Arrays.stream(tt).max().orElseThrow());
            out.add(new Problem("balls", base.replace('_', ' '), "Balls", null, "", List.of("t"),
                    new double[] {lo}, new double[] {hi}, seed -> split));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no *_train.csv file in " + dir);
        }
        return out;
    }

    private static Dataset ballData(Path file) {
        Table table = TableReader.read(file, ReadOptions.defaults().withHeader(false));
        Selection s = TableReader.select(table, "2", List.of("1"));
        return new Dataset(List.of("t"), s.x(), s.y());
    }

    /** {@code n} rows uniform in the box, the target the truth's textbook value; non-real points are redrawn. */
    static Dataset sample(Expr truth, List<String> vars, double[] low, double[] high, int n, RandomGenerator rng,
                          String name) {
        int d = vars.size();
        double[][] x = new double[d][n];
        double[] y = new double[n];
        double[] point = new double[d];
        long attempts = 0;
        long maxAttempts = 100L * n + 1000;
        int i = 0;
        while (i < n) {
            if (++attempts > maxAttempts) {
                throw new IllegalArgumentException("problem " + name + ": the truth is not a finite real number at"
                        + " most points of its domain (" + i + " of " + attempts + " tried)");
            }
            for (int j = 0; j < d; j++) {
                point[j] = low[j] + (high[j] - low[j]) * rng.nextDouble();
            }
            double v = RealEvaluator.value(truth, vars, point);
            if (Double.isNaN(v)) {
                continue;
            }
            for (int j = 0; j < d; j++) {
                x[j][i] = point[j];
            }
            y[i] = v;
            i++;
        }
        return new Dataset(vars, x, y);
    }

    /** A random 75/25 split; the training part is then cut to at most {@code maxTrain} random rows. */
    static Dataset.Split split(Dataset all, RandomGenerator rng, int maxTrain) {
        int n = all.rows();
        int nTrain = (int) Math.round(n * TRAIN_FRACTION);
        if (nTrain < 1 || nTrain >= n) {
            throw new IllegalArgumentException("a data set of " + n + " rows is too small for a 75/25 split");
        }
        return all.split(nTrain, maxTrain, rng);
    }

    private static Expr parse(Path file, String name, String text, List<String> vars) {
        Expr e;
        try {
            e = Parser.parse(text);
        } catch (ParseException ex) {
            throw new IllegalArgumentException(file + ": the formula of " + name + " does not parse: "
                    + ex.getMessage());
        }
        Set<String> used = e.variables();
        used.removeAll(vars);
        if (!used.isEmpty()) {
            throw new IllegalArgumentException(file + ": the formula of " + name + " uses " + used
                    + ", which are not among its variables " + vars);
        }
        return e;
    }

    private static Path existing(Path p) {
        if (!Files.exists(p)) {
            throw new IllegalArgumentException(p.toAbsolutePath().normalize() + " does not exist (check --data)");
        }
        return p;
    }

    private static List<Path> files(Path dir, String glob) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, glob)) {
            for (Path p : s) {
                if (Files.isRegularFile(p)) {
                    out.add(p);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        out.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        return out;
    }

    private static List<CSVRecord> records(Path csv) {
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8);
             CSVParser p = HEADED.parse(in)) {
            return p.getRecords();
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("cannot read " + csv + ": " + e.getMessage());
        }
    }

    private static String cell(Path file, CSVRecord r, String column) {
        if (!r.isMapped(column)) {
            throw new IllegalArgumentException(file + " has no column '" + column + "'");
        }
        String v = r.isSet(column) ? r.get(column).trim() : "";
        if (v.isEmpty()) {
            throw new IllegalArgumentException(file + " row " + r.getRecordNumber() + ": column '" + column
                    + "' is empty");
        }
        return v;
    }

    private static double number(Path file, CSVRecord r, String column) {
        String v = cell(file, r, column);
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + " row " + r.getRecordNumber() + ": column '" + column
                    + "' is not a number: " + v);
        }
    }

    private static void positive(String what, int v) {
        if (v < 1) {
            throw new IllegalArgumentException(what + " must be at least 1, got " + v);
        }
    }
}
