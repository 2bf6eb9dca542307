import dysymnet.api.SymbolicRegressor;
import dysymnet.bench.Problem;
import dysymnet.bench.Suites;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.*;
import dysymnet.fit.*;
import dysymnet.search.*;
import java.io.*;
import java.nio.file.*;
import java.util.*;
import org.hipparchus.linear.*;

/** BbHold BBDIR OUTDIR STEPS SEED SHARE [REGEX]: search on (1-SHARE) of each training split, keep SHARE of its rows out; then choose. */
public class BbHold {
    static int[][] parts(int n, double share, long seed) {
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) idx[i] = i;
        Collections.shuffle(Arrays.asList(idx), new Random(seed * 7919 + 17));
        int h = Math.max(1, (int) Math.round(n * share));
        int[] hold = new int[h], rest = new int[n - h];
        for (int i = 0; i < n; i++) { if (i < h) hold[i] = idx[i]; else rest[i - h] = idx[i]; }
        Arrays.sort(hold); Arrays.sort(rest);
        return new int[][]{rest, hold};
    }
    static double[] olsCoef(Dataset tr) {
        int n = tr.rows(), d = tr.features();
        double[][] a = new double[n][d + 1];
        for (int i = 0; i < n; i++) { a[i][0] = 1; for (int j = 0; j < d; j++) a[i][j + 1] = tr.column(j)[i]; }
        return new SingularValueDecomposition(new Array2DRowRealMatrix(a, false)).getSolver().solve(new ArrayRealVector(tr.y())).toArray();
    }
    static double[] olsPred(double[] b, Dataset te) {
        double[] p = new double[te.rows()];
        for (int i = 0; i < te.rows(); i++) { double s = b[0]; for (int j = 0; j < te.features(); j++) s += b[j + 1] * te.column(j)[i]; p[i] = s; }
        return p;
    }
    public static void main(String[] a) throws Exception {
        Path dir = Paths.get(a[0]); Path out = Paths.get(a[1]); int steps = Integer.parseInt(a[2]); long seed = Long.parseLong(a[3]);
        double share = Double.parseDouble(a[4]);
        String re = a.length > 5 ? a[5] : ".*";
        boolean chooseOnly = re.equals("-choose");
        if (chooseOnly) re = ".*";
        Files.createDirectories(out);
        List<double[]> rows = new ArrayList<>();
        System.out.printf("%-26s %5s %8s %8s | %8s %8s %8s %8s%n", "set", "n", "ols", "as-is", "H0", "H1se", "H2se", "Hsplit");
        for (Problem p : Suites.blackbox(dir, 10000)) {
            if (!p.name().matches(re)) continue;
            Path f = out.resolve(p.name() + "_" + seed + ".txt");
            Dataset.Split split = p.data().make(seed);
            Dataset tr = split.train(), te = split.test();
            int[][] pt = parts(tr.rows(), share, seed);
            Dataset search = tr.select(pt[0]), hold = tr.select(pt[1]);
            if (!Files.exists(f)) {
                if (chooseOnly) continue;
                SymbolicRegressor reg = SymbolicRegressor.builder().seed(seed).maxSteps(steps).timeLimit(null).threads(1).build();
                long t0 = System.nanoTime();
                SearchResult r = new Search(reg.settings(), null).run(search);
                Path tmp = out.resolve(p.name() + "_" + seed + ".tmp");
                try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(tmp))) {
                    w.println("#chosen\t" + Printer.infix(r.chosen().expression()));
                    w.printf("#steps\t%d\t%.1f%n", r.steps(), (System.nanoTime() - t0) / 1e9);
                    for (Candidate c : r.candidates()) w.println(c.complexity() + "\t" + c.mse() + "\t" + c.source() + "\t" + c.step() + "\t" + Printer.infix(c.expression()));
                }
                Files.move(tmp, f);
                System.err.printf("%s: %.1fs%n", p.name(), (System.nanoTime() - t0) / 1e9);
            }
            Expr chosen = Parser.parse(Files.readAllLines(f).get(0).split("\t")[1]);
            double[] bAll = olsCoef(tr), bS = olsCoef(search);
            double ols = Metrics.r2(olsPred(bAll, te), te);
            Expr refit = new LevenbergMarquardtFitter().fit(chosen, tr).expression();
            double asIs = Metrics.r2(Evaluator.evaluate(refit, te), te);
            if (!Double.isFinite(asIs)) asIs = Metrics.r2(Evaluator.evaluate(chosen, te), te);
            double[] ph = Evaluator.evaluate(chosen, hold), pl = olsPred(bS, hold);
            int h = hold.rows(); double[] d = new double[h];
            double md = 0;
            for (int i = 0; i < h; i++) { double y = hold.y()[i]; d[i] = Math.pow(ph[i] - y, 2) - Math.pow(pl[i] - y, 2); md += d[i] / h; }
            double sd = 0; for (double x : d) sd += (x - md) * (x - md); sd = Math.sqrt(sd / Math.max(1, h - 1) / h);
            if (!Double.isFinite(md)) md = Double.POSITIVE_INFINITY;
            double h0 = md < 0 ? asIs : ols, h1 = md < -sd ? asIs : ols, h2 = md < -2 * sd ? asIs : ols;
            // split holdout: formula keeps its structure only when it wins
            rows.add(new double[]{ols, asIs, h0, h1, h2});
            System.out.printf("%-26s %5d %8.4f %8.4f | %8.4f %8.4f %8.4f   md %.3g sd %.3g  %s%n", p.name(), tr.rows(), ols, asIs, h0, h1, h2, md, sd, Printer.infix(chosen, 3));
        }
        String[] names = {"ols", "as-is", "H0", "H1se", "H2se"};
        for (int k = 1; k < names.length; k++) {
            int b2 = 0, b10 = 0, neg = 0; double[] v = new double[rows.size()];
            for (int i = 0; i < rows.size(); i++) { double o = rows.get(i)[0], t = rows.get(i)[k]; v[i] = t; if (!(t >= o - 0.02)) b2++; if (!(t >= o - 0.10)) b10++; if (!(t >= 0) && o >= 0) neg++; }
            Arrays.sort(v);
            int n = v.length; double med = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
            System.out.printf("%-6s median %.4f below-0.02 %d below-0.10 %d neg %d%n", names[k], med, b2, b10, neg);
        }
    }
}
