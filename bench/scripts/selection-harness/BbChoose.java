import dysymnet.bench.Problem;
import dysymnet.bench.Suites;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.*;
import dysymnet.search.*;
import java.nio.file.*;
import java.util.*;
import java.util.function.*;
import org.hipparchus.linear.*;

/** BbChoose BBDIR DUMPS: per dump, test R^2 of the choice with and without validation, OLS, oracle. */
public class BbChoose {
    static double ols(Dataset tr, Dataset te) {
        int n = tr.rows(), d = tr.features();
        double[][] a = new double[n][d + 1];
        for (int i = 0; i < n; i++) { a[i][0] = 1; for (int j = 0; j < d; j++) a[i][j + 1] = tr.column(j)[i]; }
        RealVector b;
        try { b = new SingularValueDecomposition(new Array2DRowRealMatrix(a, false)).getSolver().solve(new ArrayRealVector(tr.y())); }
        catch (Exception e) { return Double.NaN; }
        double[] p = new double[te.rows()];
        for (int i = 0; i < te.rows(); i++) { double s = b.getEntry(0); for (int j = 0; j < d; j++) s += b.getEntry(j + 1) * te.column(j)[i]; p[i] = s; }
        return Metrics.r2(p, te);
    }
    /** The black-box problems of directory {@code dir}, by name (training rows capped at 10,000, as the bench). */
    static Map<String, Problem> problems(String dir) {
        Map<String, Problem> probs = new HashMap<>();
        for (Problem p : Suites.blackbox(Paths.get(dir), 10000)) probs.put(p.name(), p);
        return probs;
    }

    /** The dump files ({@code *.txt}) of directory {@code dir}, sorted. */
    static List<Path> dumps(String dir) throws java.io.IOException {
        List<Path> files = new ArrayList<>();
        try (var ds = Files.newDirectoryStream(Paths.get(dir), "*.txt")) { ds.forEach(files::add); }
        Collections.sort(files);
        return files;
    }

    /** A dump of BbDump: its name (set_seed), the set's split for that seed, its candidates scored on the training rows. */
    record Dump(String name, Dataset train, Dataset test, List<Candidate> candidates) {
    }

    /** Reads dump file {@code f} (BbDump's format) against the black-box problems {@code probs}. */
    static Dump load(Map<String, Problem> probs, Path f) throws java.io.IOException {
        String n = f.getFileName().toString().replace(".txt", "");
        int us = n.lastIndexOf('_');
        Dataset.Split split = probs.get(n.substring(0, us)).data().make(Long.parseLong(n.substring(us + 1)));
        Dataset tr = split.train();
        double v = Metrics.variance(tr);
        List<Candidate> cs = new ArrayList<>();
        for (String l : Files.readAllLines(f)) {
            if (l.startsWith("#")) continue;
            String[] p = l.split("\t");
            Expr e = Parser.parse(p[4]);
            double[] pred = Evaluator.evaluate(e, tr);
            double m = Metrics.mse(pred, tr);
            Source s = new Source(p[2]);
            cs.add(new Candidate(e, Integer.parseInt(p[0]), m, Metrics.r2(pred, tr), Reward.of(m, v), s, s.equals(Source.NETWORK) ? "?" : null, Integer.parseInt(p[3])));
        }
        return new Dump(n, tr, split.test(), cs);
    }

    public static void main(String[] a) throws Exception {
        Map<String, Problem> probs = BbChoose.problems(a[0]);
        List<Path> files = BbChoose.dumps(a[1]);
        Map<String, Selection> rules = new LinkedHashMap<>();
        rules.put("no-validation", Selection.builder().validation(false).build());
        rules.put("best", Selection.defaults());
        Map<String, List<Double>> r2s = new LinkedHashMap<>();
        Map<String, List<Integer>> sizes = new LinkedHashMap<>();
        List<Double> olsAll = new ArrayList<>(), oracle = new ArrayList<>();
        Map<String, int[]> below = new LinkedHashMap<>();
        System.out.printf("%-28s %6s %8s | %s%n", "set", "n", "ols", String.join(" | ", rules.keySet()));
        for (Path f : files) {
            Dump dump = load(probs, f);
            String n = dump.name();
            Dataset tr = dump.train(), te = dump.test();
            List<Candidate> cs = dump.candidates();
            double best = Double.NEGATIVE_INFINITY;
            for (Candidate c : cs) {
                double t = Metrics.r2(Evaluator.evaluate(c.expression(), te), te);
                if (Double.isFinite(t)) best = Math.max(best, t);
            }
            double o = ols(tr, te);
            olsAll.add(o); oracle.add(best);
            StringBuilder line = new StringBuilder(String.format("%-28s %6d %8.4f", n, tr.rows(), o));
            for (var r : rules.entrySet()) {
                long t0 = System.nanoTime();
                Candidate c = ModelChoice.choose(cs, tr, r.getValue());
                double t = Metrics.r2(Evaluator.evaluate(c.expression(), te), te);
                double sec = (System.nanoTime() - t0) / 1e9;
                r2s.computeIfAbsent(r.getKey(), k -> new ArrayList<>()).add(t);
                sizes.computeIfAbsent(r.getKey(), k -> new ArrayList<>()).add(c.complexity());
                int[] b = below.computeIfAbsent(r.getKey(), k -> new int[3]);
                if (!(t >= o - 0.02)) b[0]++;
                if (!(t >= o - 0.10)) b[1]++;
                if (!(t >= 0) && o >= 0) b[2]++;
                line.append(String.format(" | %8.4f %3d %-6s %4.1fs", t, c.complexity(), c.source(), sec));
            }
            System.out.println(line);
        }
        System.out.printf("median OLS %.4f  oracle %.4f%n", med(olsAll), med(oracle));
        for (String k : rules.keySet()) System.out.printf("%-5s median R2 %.4f  size %.0f  below OLS-0.02: %d  below -0.10: %d  negative where OLS>=0: %d%n", k, med(r2s.get(k)), med(sizes.get(k).stream().map(Integer::doubleValue).toList()), below.get(k)[0], below.get(k)[1], below.get(k)[2]);
    }
    static double med(List<Double> v) {
        double[] s = v.stream().mapToDouble(d -> Double.isNaN(d) ? Double.NEGATIVE_INFINITY : d).sorted().toArray();
        int n = s.length; return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
