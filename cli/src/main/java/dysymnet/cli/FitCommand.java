package dysymnet.cli;

import dysymnet.api.SymbolicRegressor;
import dysymnet.data.Dataset;
import dysymnet.data.Seeds;
import dysymnet.io.table.ReadOptions;
import dysymnet.io.table.Selection;
import dysymnet.io.table.Table;
import dysymnet.io.table.TableReader;
import dysymnet.search.SourceAccount;
import dysymnet.search.Timings;
import dysymnet.units.Units;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dysymnet fit FILE}: finds a formula for a column of a CSV/TSV table. */
@Command(name = "fit", mixinStandardHelpOptions = true, versionProvider = Main.Version.class, sortOptions = false,
        description = {"Find a closed-form formula for one column of a CSV or TSV file (optionally gzip-compressed).",
            "The delimiter and a header row are detected. Without --test or --test-fraction all rows train."},
        footer = {"", "Examples:",
            "  dysymnet fit data.csv --target y --time-limit 60",
            "  dysymnet fit measurements.tsv.gz --test-fraction 0.25 --json result.json --out results/"})
final class FitCommand implements Callable<Integer> {
    /** The random stream of the --test-fraction split (the search's own streams are other indices). */
    static final long TEST_SPLIT_STREAM = -3;

    /** Output format of the formula on standard output. */
    enum Format { text, json, latex, sympy, sympy_protected, java, python, c }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Training data: CSV or TSV, .gz allowed; - reads standard input.")
    Path file;

    @Option(names = "--target", paramLabel = "NAME|INDEX",
            description = "Column to predict, by name or 1-based index (default: a column named 'target', else the last).")
    String target;

    @Option(names = "--features", paramLabel = "a,b,...", split = ",",
            description = "Columns to use as inputs (default: all but the target).")
    List<String> features;

    @Option(names = "--weights", paramLabel = "NAME|INDEX",
            description = {"Column of sample weights, by name or 1-based index (default: none, every row counts the same):"
                + " positive numbers, not a feature; every error the search minimises and reports is then the weighted"
                + " MSE sum(w*r^2)/sum(w) (a weight of 2 counts a row twice; for measurements of standard deviation s,"
                + " use 1/s^2). Without --target the target is the last column that is not the weights.",
                "A zero, negative, empty or non-numeric weight is an error naming its row (--drop-missing skips rows"
                + " with empty or non-finite cells, weights included). --test files need the same column."})
    String weights;

    @Option(names = "--units", paramLabel = "NAME=UNIT,...|FILE",
            description = {"The units of the columns, target included: \"t=s, h=m, y=m/s^2\" (SI unit texts with *,"
                + " / and ^: m/s^2, kg*m^2/s^2, N, J, W, Pa, C, V, K, Hz, prefixes km, ms, g; 1 for a dimensionless"
                + " column), or a file: a table of name and unit text, or of name and exponents of m, s, kg, T"
                + " (kelvin), V like AI Feynman's units.csv. Units in the header (h [m]) are read too. The"
                + " reported formula is then dimensionally consistent whenever the search found one, and the report"
                + " gives its unit check and each constant's unit."})
    String units;

    @Option(names = "--dimensionless-constants", description = "With units: every constant of a formula is a pure"
            + " number (the physical constants are columns); by default each constant may carry the unit that makes"
            + " the formula consistent.")
    boolean dimensionlessConstants;

    @Option(names = "--test", paramLabel = "FILE", description = "Test data with the same columns.")
    Path test;

    @Option(names = "--test-fraction", paramLabel = "F",
            description = "Hold out this fraction of the rows (random, by --seed) as test data.")
    Double testFraction;

    @Option(names = "--drop-missing", description = "Skip rows with empty, NaN or infinite cells instead of failing.")
    boolean dropMissing;

    @Mixin
    SeedOption seed;

    @Mixin
    SearchOptions search;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write model.json, pareto.csv, fit.png, pareto.png and reward.png here.")
    Path out;

    @Option(names = "--format", paramLabel = "FMT", defaultValue = "text",
            description = {"What standard output shows: text (report), json, or the formula alone as latex, sympy (the"
                + " mathematics), sympy_protected, java (an expression), python (a NumPy function) or c (a C"
                + " function).",
                "sympy_protected, java, python and c compute what predict computes, protected operations included;"
                + " sympy computes it on the training rows wherever no protection acts (it drops an absolute value"
                + " whose argument keeps one sign on those rows)."})
    Format format;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the JSON report to this file.")
    Path json;

    @Option(names = "--digits", paramLabel = "N", defaultValue = "6",
            description = "Significant digits of printed constants (default ${DEFAULT-VALUE}).")
    int digits;

    @Option(names = "--quiet", description = "No progress and no report on standard error.")
    boolean quiet;

    @Option(names = "--explain", description = "After the report, why the final choice reported its formula: the "
            + "members of the Pareto fronts it looked at in order of size, each passed-over one with the rule that "
            + "passed it over and that rule's numbers, the reported one with the rules it passed (the JSON report's "
            + "\"choice\" section has the same, always).")
    boolean explain;

    @Option(names = "--timings", description = "Print the stage-time account on standard error after the report: "
            + "each stage's wall time, and the share of the run with at most one unit of work (serial) and with "
            + "fewer threads busy than given (model.json records it either way).")
    boolean timings;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        validate();
        // options are checked before the data is read so that every option error is reported before any other work
        SymbolicRegressor.Builder b = search.builder(seed);
        if (json != null) {
            Reports.checkOutputFile("--json", json, this.out);
        }
        if (this.out != null) {
            Reports.checkOutputDir("--out", this.out);
        }
        // with --cluster: connected before the data is read, so that an unreachable cluster costs no reading
        try (ClusterSupport.Connection cluster = search.connectCluster(b)) {
            ReadOptions ro = ReadOptions.defaults().withDropMissing(dropMissing);
            Table table = Inputs.read(file, ro);
            Selection train = TableReader.select(table, target, features, weights);
            Units dims = UnitsOption.resolve(units, train, dimensionlessConstants, quiet ? null : err);
            if (dims != null) {
                b.units(dims);
            } else if (dimensionlessConstants) {
                throw new UserError("--dimensionless-constants needs units (--units, or a unit in each feature's "
                        + "header such as 'h [m]')");
            }
            Selection testSel = null;
            if (test != null) {
                testSel = selectLike(Inputs.read(test, ro), table, train);
            }
            Dataset data = train.toDataset();
            Dataset testData = testSel == null ? null : testSel.toDataset();
            if (testFraction != null) {
                int n = data.rows();
                int nTest = (int) Math.round(n * testFraction);
                if (nTest < 1 || n - nTest < TableReader.MIN_ROWS) {
                    throw new UserError("--test-fraction " + testFraction + " leaves " + (n - nTest)
                            + " training and " + nTest + " test rows of " + n + "; need at least "
                            + TableReader.MIN_ROWS + " training rows and 1 test row");
                }
                Dataset.Split split = data.split(n - nTest, n, Seeds.stream(seed.seed(), TEST_SPLIT_STREAM));
                testData = split.test();
                data = split.train();
            }
            final Dataset trainData = data;
            final Dataset fTest = testData;
            boolean reportToErr = format != Format.text;
            Fitting.run(b, trainData, train.targetName(), quiet, err, o -> {
                FitReport r = new FitReport(o.model(), trainData.columns(), trainData.y(),
                        fTest == null ? null : fTest.columns(), fTest == null ? null : fTest.y(),
                        train.featureNames().stream().map(train::original).collect(Collectors.toList()),
                        train.targetName(), o.cancelled())
                        .weighted(trainData.weights(), fTest == null ? null : fTest.weights(), train.weightsName());
                emit(r, out, err, reportToErr);
                Timings t = o.model().history().timings();
                if (timings && t != null) {
                    err.print(t.table());
                    List<SourceAccount> sources = o.model().history().sources();
                    if (!sources.isEmpty()) {
                        err.println("what each source got and gave (work: what the allocation counted; gain: what "
                                + "it added to the front):");
                        err.print(SourceAccount.table(sources));
                    }
                    err.flush();
                }
            });
        }
        return 0;
    }

    private void emit(FitReport r, PrintWriter out, PrintWriter err, boolean reportToErr) {
        // standard output first: if writing a file fails afterwards, the search's result is still shown
        String fullFormula = Reports.fullFormulaHint(json, this.out);
        switch (format) {
            case text:
                Reports.text(r, digits, out, fullFormula);
                break;
            case json:
                out.print(Reports.json(r, digits));
                break;
            case latex:
                out.println(r.model().latex(digits));
                break;
            case sympy:
                out.println(r.model().sympy(digits, r.xTrain()));
                break;
            case sympy_protected:
                out.println(r.model().sympyProtected(digits));
                break;
            case java:
                out.println(r.model().java(digits));
                break;
            case python:
                out.print(r.model().python(digits));
                break;
            case c:
                out.print(r.model().c(digits));
                break;
            default:
                throw new AssertionError(format);
        }
        if (explain && format == Format.text) {
            Reports.explanation(r.model(), digits, out, fullFormula);
        }
        out.flush();
        if (reportToErr && !quiet) {
            Reports.text(r, digits, err, fullFormula);
            err.flush();
        }
        if (explain && format != Format.text) {
            Reports.explanation(r.model(), digits, err, fullFormula);
            err.flush();
        }
        if (this.out != null) {
            // first, as --json may name a file in it
            Reports.createOutputDir(this.out);
        }
        if (json != null) {
            Reports.writeText(json, Reports.json(r, digits));
        }
        if (this.out != null) {
            Reports.outDir(r, this.out, digits);
            if (!quiet) {
                err.println("dysymnet: wrote model.json, pareto.csv, fit.png, pareto.png, reward.png to " + this.out);
                err.flush();
            }
        }
    }

    /**
     * The same target and features from the test table: by the names in the training file when the test file has a
     * header, else by the training file's column positions.
     */
    private Selection selectLike(Table testTable, Table trainTable, Selection train) {
        List<String> cols = new ArrayList<>();
        for (String f : train.featureNames()) {
            cols.add(train.original(f));
        }
        String tgt = train.original(train.targetName());
        String w = train.weightsName();
        if (!testTable.hadHeader() && trainTable.hadHeader()) {
            cols.replaceAll(c -> Integer.toString(trainTable.names().indexOf(c) + 1));
            tgt = Integer.toString(trainTable.names().indexOf(tgt) + 1);
            if (w != null) {
                w = Integer.toString(trainTable.names().indexOf(w) + 1);
            }
        }
        return TableReader.select(testTable, tgt, cols, w);
    }

    private void validate() {
        if (Inputs.isStdin(file) && Inputs.isStdin(test)) {
            throw new UserError("FILE and --test cannot both be - (standard input)");
        }
        if (testFraction != null && test != null) {
            throw new UserError("--test and --test-fraction exclude each other");
        }
        if (testFraction != null && !(testFraction > 0 && testFraction < 1)) {
            throw new UserError("--test-fraction must be between 0 and 1 (exclusive), got " + testFraction);
        }
        if (digits < 1 || digits > 17) {
            throw new UserError("--digits must be between 1 and 17, got " + digits);
        }
    }
}
