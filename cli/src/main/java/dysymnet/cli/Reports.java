package dysymnet.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dysymnet.api.Model;
import dysymnet.expr.Expr;
import dysymnet.expr.Printer;
import dysymnet.fit.StandardErrors;
import dysymnet.units.Dimension;
import dysymnet.units.DimensionCheck;
import dysymnet.io.AtomicFiles;
import dysymnet.io.plot.Plots;
import dysymnet.search.Candidate;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Writes a {@link FitReport} as text, JSON, CSV and plots. */
final class Reports {
    /** Longest formula the text report shows in full; longer ones are cut, the files have them whole. */
    static final int MAX_FORMULA_CHARS = 2000;

    private Reports() {
    }

    /**
     * A formula for the text report: itself when at most {@link #MAX_FORMULA_CHARS} long, else its beginning and
     * a note saying how long it is and {@code where} the whole one is.
     */
    static String capped(String formula, String where) {
        if (formula.length() <= MAX_FORMULA_CHARS) {
            return formula;
        }
        return formula.substring(0, MAX_FORMULA_CHARS) + " ... (" + formula.length() + " characters; " + where + ")";
    }

    /** Where the whole formula is when the text report cuts it: the files the command writes, or how to get it. */
    static String fullFormulaHint(Path json, Path outDir) {
        if (json != null) {
            return "the full formula is in " + json;
        }
        if (outDir != null) {
            return "the full formula is in " + outDir.resolve("model.json");
        }
        return "use --json FILE or --out DIR for the full formula";
    }

    static String number(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }

    /** The final choice's notes on how far the formula can be trusted, one line each ({@link Model#notes()}). */
    static void notes(Model m, PrintWriter out) {
        for (String note : m.notes()) {
            out.println("  note: " + note);
        }
    }

    /**
     * The human-readable report; formulas longer than {@link #MAX_FORMULA_CHARS} are cut, with a note ending in
     * {@code fullFormulaWhere} (see {@link #fullFormulaHint}).
     */
    static void text(FitReport r, int digits, PrintWriter out, String fullFormulaWhere) {
        Model m = r.model();
        out.println((r.cancelled() ? "Interrupted; best formula found so far:" : "Formula:"));
        out.println("  " + r.targetName() + " = " + capped(m.formula(digits), fullFormulaWhere));
        DimensionCheck.Result check = m.unitCheck();
        String constants = constants(r.standardErrors(), digits,
                check == null || !check.consistent() ? null : check.constants());
        if (constants != null) {
            out.println("  " + constants);
        }
        if (check != null) {
            out.println("  " + unitLine(m, check));
        }
        notes(m, out);
        out.println();
        out.printf(Locale.ROOT, "  %-10s %14s %14s%n", "", "R^2", "MSE");
        out.printf(Locale.ROOT, "  %-10s %14s %14s%n", "train", number(r.r2Train()), number(r.mseTrain()));
        if (r.yTest() != null) {
            out.printf(Locale.ROOT, "  %-10s %14s %14s%n", "test", number(r.r2Test()), number(r.mseTest()));
        } else {
            out.printf(Locale.ROOT, "  %-10s %14s %14s%n", "test", "-", "-");
        }
        if (r.weightsName() != null) {
            out.println("  (R^2 and MSE weighted by column '" + r.weightsName() + "', as in the search)");
        }
        out.println();
        out.println("  complexity " + m.complexity() + ", " + m.networksTrained() + " networks trained in "
                + String.format(Locale.ROOT, "%.1f", m.elapsedSeconds()) + " s, seed " + m.seed()
                + ", stop: " + m.stopReason().toLowerCase(Locale.ROOT).replace('_', ' '));
        if (m.networksGivenUp() > 0) {
            out.println("  " + m.networksGivenUp() + " of the networks given up part way, behind the earlier ones");
        }
        if (m.failedArchitectures() > 0) {
            out.println("  " + m.failedArchitectures() + " of the networks gave no finite formula");
        }
        out.println();
        out.println("Pareto front (complexity vs training error):");
        out.printf(Locale.ROOT, "  %5s %14s %12s  %s%n", "size", "MSE", "R^2", "formula");
        for (Candidate c : m.pareto()) {
            boolean chosen = c.expression().equals(m.expression());
            out.printf(Locale.ROOT, "%s %5d %14s %12s  %s%n", chosen ? "*" : " ", c.complexity(), number(c.mse()),
                    number(c.r2()), capped(Printer.infix(c.expression(), digits), fullFormulaWhere));
        }
    }

    /**
     * Why the final choice reported its formula ({@code fit --explain}): the members of the fronts it looked at, by
     * complexity, the reported one starred with the rules it passed, each other with the rule that passed it over
     * and that rule's numbers ({@link dysymnet.choice.Explanation}).
     */
    static void explanation(Model m, int digits, PrintWriter out, String fullFormulaWhere) {
        out.println();
        out.println("Why this formula (the final choice, member by member; size, training MSE on the rows searched, "
                + "formula):");
        out.print(m.history().choice().text(c -> capped(Printer.infix(c.expression(), digits), fullFormulaWhere)));
    }

    /** At most this many constants are listed with their errors in the text reports (all in the JSON). */
    static final int MAX_LISTED_CONSTANTS = 10;

    /**
     * The line that says how sure the constants are, e.g. {@code constants (left to right, ± standard error): 47.78 ±
     * 0.02, 0.4265 ± 0.0003; residual sd 0.041 (27 degrees of freedom)}: each value rounded where its error's second
     * significant digit is; "exact" for a fit without residual, "undetermined" for a constant the data cannot pin
     * down ({@link StandardErrors}). Null when the formula has no refinable constant.
     */
    static String constants(StandardErrors se, int digits) {
        return constants(se, digits, null);
    }

    /**
     * {@link #constants(StandardErrors, int)} with each constant's unit after it where {@code units} (one per
     * constant, null entries undetermined; null: no units) gives one: {@code 4.903 ± 0.002 m/s^2}.
     */
    static String constants(StandardErrors se, int digits, List<Dimension> units) {
        if (se.count() == 0) {
            return null;
        }
        double[] v = se.values();
        double[] e = se.errors();
        StringBuilder b = new StringBuilder("constants (left to right, ± standard error): ");
        int listed = Math.min(v.length, MAX_LISTED_CONSTANTS);
        for (int k = 0; k < listed; k++) {
            if (k > 0) {
                b.append(", ");
            }
            b.append(withError(v[k], e[k], digits));
            if (units != null && k < units.size() && units.get(k) != null && !units.get(k).isDimensionless()) {
                b.append(' ').append(units.get(k));
            }
        }
        if (v.length > listed) {
            b.append(", and ").append(v.length - listed).append(" more (all in --json)");
        }
        if (Double.isFinite(se.residualSd())) {
            b.append("; residual sd ").append(String.format(Locale.ROOT, "%.3g", se.residualSd()))
                    .append(" (").append(se.degreesOfFreedom()).append(" degrees of freedom)");
        }
        return b.toString();
    }

    /**
     * The law's unit check, one line: {@code units: consistent, in m (the target's unit)}, or {@code units: NOT
     * consistent: sin of a quantity in m}.
     */
    static String unitLine(Model m, DimensionCheck.Result check) {
        String mode = m.units().dimensionlessConstants() ? "; constants dimensionless" : "";
        if (!check.consistent()) {
            return "units: NOT consistent: " + check.problem() + mode;
        }
        Dimension target = m.units().target();
        String in = check.dimension() != null ? ", in " + check.dimension()
                : target != null ? ", in " + target + " (its constants' units make it so)"
                : " (its constants can take any unit)";
        return "units: consistent" + in + (target != null ? ", the target's unit" : "") + mode;
    }

    /** {@code value ± error}, the value rounded at the error's second significant digit. */
    static String withError(double value, double error, int digits) {
        String plain = Printer.infix(Expr.num(value), digits);
        if (Double.isNaN(error)) {
            return plain;
        }
        if (error == Double.POSITIVE_INFINITY) {
            return plain + " (undetermined)";
        }
        if (error == 0) {
            return plain + " (exact)";
        }
        int scale = 1 - (int) Math.floor(Math.log10(error));
        if (Math.abs(scale) > 12 || !Double.isFinite(value)) {
            return String.format(Locale.ROOT, "%.4g ± %.2g", value, error);
        }
        // a negative scale rounds to tens, hundreds...: toPlainString writes the zeros
        String v = new BigDecimal(value).setScale(scale, RoundingMode.HALF_EVEN).toPlainString();
        String err = new BigDecimal(error).setScale(scale, RoundingMode.HALF_EVEN).toPlainString();
        return v + " ± " + err;
    }

    static ObjectMapper mapper() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    /**
     * The JSON report: the model file ({@link Model#toJson()}, so {@code predict --model} reads it) with the report's
     * fields added (documented in docs/user-guide.md): the formula for SymPy (plain on the training rows, and protected) and LaTeX, the test
     * scores, whether the search was cancelled, and each Pareto member for SymPy (plain and protected). Numbers that
     * are not finite are written as {@code null}: JSON has no NaN or infinity, and the strings Jackson would write
     * instead are text to other readers.
     */
    static String json(FitReport r, int digits) {
        ObjectMapper om = mapper();
        Model m = r.model();
        ObjectNode root;
        try {
            root = (ObjectNode) om.readTree(m.toJson());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        root.put("sympy", m.sympy(digits + 10, r.xTrain()));
        root.put("sympy_protected", m.sympyProtected(digits + 10));
        root.put("latex", m.latex(digits));
        if (r.yTest() != null) {
            root.put("r2_test", r.r2Test());
            root.put("mse_test", r.mseTest());
        } else {
            root.putNull("r2_test");
            root.putNull("mse_test");
        }
        root.put("target", r.targetName());
        if (r.weightsName() != null) {
            root.put("weights", r.weightsName());
        } else {
            root.putNull("weights");
        }
        root.put("cancelled", r.cancelled());
        StandardErrors se = r.standardErrors();
        ArrayNode constants = root.putArray("constants");
        double[] values = se.values();
        double[] errors = se.errors();
        DimensionCheck.Result check = m.unitCheck();
        for (int k = 0; k < values.length; k++) {
            ObjectNode c = constants.addObject();
            c.put("value", values[k]);
            c.put("std_error", errors[k]);
            if (check != null) {
                Dimension u = check.consistent() && k < check.constants().size() ? check.constants().get(k) : null;
                if (u == null) {
                    c.putNull("unit");
                } else {
                    c.put("unit", u.toString());
                }
            }
        }
        root.put("residual_sd", se.residualSd());
        root.put("residual_dof", se.degreesOfFreedom());
        JsonNode pareto = root.path("pareto");
        List<Candidate> members = m.pareto();
        for (int i = 0; i < pareto.size() && i < members.size(); i++) {
            Expr e = members.get(i).expression();
            ((ObjectNode) pareto.get(i)).put("sympy", Printer.sympy(e, digits + 10, m.features(), r.xTrain()));
            ((ObjectNode) pareto.get(i)).put("sympy_protected", Printer.sympyProtected(e, digits + 10));
        }
        Model.nullForNonFinite(root);
        try {
            return om.writeValueAsString(root) + System.lineSeparator();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Fails with a one-line {@link UserError} when {@code file} cannot become an output file: it is a directory, or
     * its directory does not exist (unless that directory is {@code willCreate}, which the command creates first).
     * Checked before a long search so that a typo does not cost the search's result.
     */
    static void checkOutputFile(String option, Path file, Path willCreate) {
        Path abs = file.toAbsolutePath().normalize();
        if (Files.isDirectory(abs)) {
            throw new UserError(option + " " + file + ": is a directory, not a file");
        }
        Path dir = abs.getParent();
        if (dir == null) {
            throw new UserError(option + " " + file + ": not a file path");
        }
        if (willCreate != null && dir.equals(willCreate.toAbsolutePath().normalize())) {
            return;
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UserError(option + " " + file + ": " + dir + " is not a directory");
        }
        if (!Files.isDirectory(dir)) {
            throw new UserError(option + " " + file + ": directory " + dir + " does not exist");
        }
        if (!Files.isWritable(dir)) {
            throw new UserError(option + " " + file + ": directory " + dir + " is not writable");
        }
    }

    /**
     * Fails with a one-line {@link UserError} when {@code dir} cannot become the output directory: it exists and is
     * not a directory, or it cannot be created because a part of its path is a file or is not writable.
     */
    static void checkOutputDir(String option, Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        if (Files.exists(abs)) {
            if (!Files.isDirectory(abs)) {
                throw new UserError(option + " " + dir + ": exists and is not a directory");
            }
            if (!Files.isWritable(abs)) {
                throw new UserError(option + " " + dir + ": directory is not writable");
            }
            return;
        }
        Path p = abs.getParent();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            return;
        }
        if (!Files.isDirectory(p)) {
            throw new UserError(option + " " + dir + ": cannot create the directory, " + p + " is not a directory");
        }
        if (!Files.isWritable(p)) {
            throw new UserError(option + " " + dir + ": cannot create the directory, " + p + " is not writable");
        }
    }

    /**
     * What went wrong, in words, without the path: the caller's message names the file, and the path inside a file
     * system exception is often a temporary file the user never asked for.
     */
    static String reason(Exception ex) {
        Exception e = ex instanceof UncheckedIOException ? ((UncheckedIOException) ex).getCause() : ex;
        if (e instanceof DirectoryNotEmptyException) {
            return "a directory is in the way";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file is in the way";
        }
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            return ((FileSystemException) e).getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** Creates the output directory after the work is done; an {@link OutputError} when that fails. */
    static void createOutputDir(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new OutputError(dir + ": cannot create output directory (" + reason(e) + ")");
        }
    }

    /** Writes a text file atomically; an {@link OutputError} when that fails. */
    static void writeText(Path file, String text) {
        try {
            AtomicFiles.writeString(file, text);
        } catch (IOException | UncheckedIOException e) {
            throw new OutputError(file + ": cannot write (" + reason(e) + ")");
        }
    }

    /** Writes a plot, turning an I/O failure into a one-line error. */
    private interface PlotWriter {
        void write() throws IOException;
    }

    private static void plot(Path file, PlotWriter w) {
        try {
            w.write();
        } catch (IOException | UncheckedIOException e) {
            throw new OutputError(file + ": cannot write (" + reason(e) + ")");
        }
    }

    /** model.json, pareto.csv and the three plots. */
    static void outDir(FitReport r, Path dir, int digits) {
        createOutputDir(dir);
        Model m = r.model();
        writeText(dir.resolve("model.json"), m.toJson());
        StringBuilder csv = new StringBuilder("complexity,mse_train,r2_train,chosen,expression\n");
        for (Candidate c : m.pareto()) {
            csv.append(c.complexity()).append(',').append(c.mse()).append(',').append(c.r2()).append(',')
                    .append(c.expression().equals(m.expression())).append(",\"")
                    .append(Printer.infix(c.expression()).replace("\"", "\"\"")).append("\"\n");
        }
        writeText(dir.resolve("pareto.csv"), csv.toString());

        double[] predTrain = r.predTrain();
        double[] predTest = r.predTest();
        double[] observed = r.yTest() == null ? r.yTrain() : concat(r.yTrain(), r.yTest());
        double[] predicted = predTest == null ? predTrain : concat(predTrain, predTest);
        // the 1-D view over the first feature; the model curve only makes sense with one feature
        double[] xTrain = r.xTrain()[0];
        double[] xTest = r.xTest() == null ? null : r.xTest()[0];
        double[] xCurve = null;
        double[] yCurve = null;
        if (r.xTrain().length == 1) {
            double lo = Arrays.stream(xTrain).min().orElse(0);
            double hi = Arrays.stream(xTrain).max().orElse(1);
            if (xTest != null) {
                lo = Math.min(lo, Arrays.stream(xTest).min().orElse(lo));
                hi = Math.max(hi, Arrays.stream(xTest).max().orElse(hi));
            }
            int n = 400;
            xCurve = new double[n];
            for (int i = 0; i < n; i++) {
                xCurve[i] = lo + (hi - lo) * i / (n - 1);
            }
            yCurve = m.predictColumns(new double[][] {xCurve});
        }
        final double[] cxs = xCurve;
        final double[] cys = yCurve;
        plot(dir.resolve("fit.png"), () -> Plots.fitPlot(dir.resolve("fit.png"), observed, predicted, xTrain,
                r.yTrain(), xTest, r.yTest(), cxs, cys, r.displayNames().get(0), r.targetName()));
        int[] cx = m.pareto().stream().mapToInt(Candidate::complexity).toArray();
        double[] err = m.pareto().stream().mapToDouble(Candidate::mse).toArray();
        int chosen = 0;
        for (int i = 0; i < m.pareto().size(); i++) {
            if (m.pareto().get(i).expression().equals(m.expression())) {
                chosen = i;
            }
        }
        final int ch = chosen;
        plot(dir.resolve("pareto.png"), () -> Plots.paretoPlot(dir.resolve("pareto.png"), cx, err, ch,
                r.targetName() + " = " + m.formula(digits)));
        plot(dir.resolve("reward.png"), () -> Plots.rewardPlot(dir.resolve("reward.png"), m.meanRewards(),
                m.bestRewards()));
    }

    private static double[] concat(double[] a, double[] b) {
        double[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
