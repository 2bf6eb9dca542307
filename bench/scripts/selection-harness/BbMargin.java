import dysymnet.api.SymbolicRegressor;
import dysymnet.bench.Problem;
import dysymnet.bench.Suites;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.*;
import dysymnet.fit.*;
import dysymnet.search.*;
import java.nio.file.*;
import java.util.*;
import org.hipparchus.distribution.continuous.TDistribution;

/**
 * BbMargin BBDIR RESULTS.CSV: the held-out decision of search.Finishing (the reported formula against the search's
 * least-squares line, both fitted on the searched rows, judged on the held-out rows) replayed on a bench's reported
 * formulas with stricter margins: a fixed number of standard errors z, or the one-sided Student t quantile at 80, 90,
 * 95%; a run whose formula loses gets OLS's test R^2 (the line refitted on all training rows). Only stricter rules than
 * the bench's own can be replayed (a run that reported the line has no formula to restore). Compile with BbHold.java (its OLS).
 */
public class BbMargin {
    static List<String> csvLine(String s) {
        List<String> out = new ArrayList<>(); StringBuilder b = new StringBuilder(); boolean q = false;
        for (int i = 0; i < s.length(); i++) { char c = s.charAt(i);
            if (q) { if (c == '"') { if (i + 1 < s.length() && s.charAt(i + 1) == '"') { b.append('"'); i++; } else q = false; } else b.append(c); }
            else if (c == '"') q = true; else if (c == ',') { out.add(b.toString()); b.setLength(0); } else b.append(c); }
        out.add(b.toString()); return out;
    }
    static double med(List<double[]> res, int col) {
        double[] v = res.stream().mapToDouble(r -> r[col]).sorted().toArray();
        int n = v.length; return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
    static double mean(List<double[]> res, int col) {
        return res.stream().mapToDouble(r -> r[col]).average().orElse(Double.NaN);
    }
    public static void main(String[] a) throws Exception {
        Map<String, Problem> probs = new HashMap<>();
        for (Problem p : Suites.blackbox(Paths.get(a[0]), 10000)) probs.put(p.name(), p);
        List<String> lines = Files.readAllLines(Paths.get(a[1]));
        List<String> head = csvLine(lines.get(0));
        // rules: the margin in standard errors (fixed z, or the one-sided Student t quantile of the held-out rows), and
        // whether a reported line counts as least squares itself (OLS's test R^2) or as reported (snapped)
        String[] names = {"z0", "z1", "z1.5", "z2", "t80", "t90", "t95"};
        double[] margin = {0, 1, 1.5, 2, 0.8, 0.9, 0.95};
        List<double[]> res = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            List<String> f = csvLine(l);
            String name = f.get(head.indexOf("problem")); long seed = Long.parseLong(f.get(head.indexOf("seed")));
            double ols = Double.parseDouble(f.get(head.indexOf("ols_r2_test"))), ours = Double.parseDouble(f.get(head.indexOf("r2_test")));
            String expr = f.get(head.indexOf("expression"));
            Dataset tr = probs.get(name).data().make(seed).train();
            Finishing.Rows rows = Finishing.rows(tr, SymbolicRegressor.builder().seed(seed).build().settings());
            double[] r = new double[2 + 2 * names.length];
            r[0] = ols; r[1] = ours;
            String info;
            if (rows.held() == null) {
                Arrays.fill(r, 2, r.length, ours);
                info = "no rows held out";
            } else {
                Expr refit = new LevenbergMarquardtFitter().fit(Parser.parse(expr), rows.searched()).expression();
                Dataset held = rows.held();
                double[] pf = Evaluator.evaluate(refit, held), pl = BbHold.olsPred(BbHold.olsCoef(rows.searched()), held);
                int h = held.rows(); double[] d = new double[h]; double md = 0, mse = 0;
                for (int i = 0; i < h; i++) { double y = held.y()[i]; d[i] = Math.pow(pf[i] - y, 2) - Math.pow(pl[i] - y, 2); md += d[i] / h; mse += Math.pow(pl[i] - y, 2) / h; }
                double sd = 0; for (double x : d) sd += (x - md) * (x - md); sd = Math.sqrt(sd / Math.max(1, h - 1) / h);
                if (!Double.isFinite(md)) md = Double.POSITIVE_INFINITY;
                // the reported formula is the line itself (it predicts the held-out rows as the line does)
                boolean isLine = Math.abs(md) < 5e-4 * mse && sd < 5e-4 * mse;
                for (int k = 0; k < names.length; k++) {
                    double z = names[k].startsWith("z") ? margin[k] : new TDistribution(h - 1).inverseCumulativeProbability(margin[k]);
                    boolean formula = !isLine && md < -z * sd;
                    r[2 + k] = formula || isLine ? ours : ols;
                    r[2 + names.length + k] = formula ? ours : ols;
                }
                info = String.format("held %d, mean difference %.3f, standard error %.3f (of the line's MSE)%s", h, md / mse, sd / mse, isLine ? ", a line" : "");
            }
            res.add(r);
            ids.add(name + " " + seed);
            System.out.printf("%-26s %d %5d ols %.3f ours %.3f | %s | %s%n", name, seed, tr.rows(), ols, ours, info, expr.length() > 60 ? expr.substring(0, 60) : expr);
        }
        System.out.printf("%-22s median %.4f mean %.4f%n", "as reported", med(res, 1), mean(res, 1));
        for (int k = 0; k < 2 * names.length; k++) {
            int col = 2 + k;
            int b2 = 0, b10 = 0, neg = 0; StringBuilder who = new StringBuilder();
            for (int i = 0; i < res.size(); i++) { double o = res.get(i)[0], t = res.get(i)[col]; if (!(t >= o - 0.02)) { b2++; who.append(" ").append(ids.get(i).replace(' ', '/')); } if (!(t >= o - 0.10)) b10++; if (!(t >= 0) && o >= 0) neg++; }
            String label = names[k % names.length] + (k < names.length ? ", lines as reported" : ", lines exact");
            System.out.printf("%-22s median %.4f mean %.4f below-0.02 %d below-0.10 %d neg %d:%s%n", label, med(res, col), mean(res, col), b2, b10, neg, who);
        }
    }
}
