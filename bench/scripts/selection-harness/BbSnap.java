import dysymnet.bench.Problem;
import dysymnet.bench.Suites;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.*;
import dysymnet.fit.*;
import java.nio.file.*;
import java.util.*;

/** BbSnap BBDIR RESULTS.CSV: each reported formula of a bench refitted on its training rows, then snapped with the noise allowance capped at 2%, 1%, 0.5% of the MSE, or not snapped: test R^2 beside OLS. Uses BbMargin.csvLine. */
public class BbSnap {
    public static void main(String[] a) throws Exception {
        Map<String, Problem> probs = new HashMap<>();
        for (Problem p : Suites.blackbox(Paths.get(a[0]), 10000)) probs.put(p.name(), p);
        List<String> lines = Files.readAllLines(Paths.get(a[1]));
        List<String> head = BbMargin.csvLine(lines.get(0));
        double[] caps = {0.02, 0.01, 0.005, 0};
        List<double[]> res = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            List<String> f = BbMargin.csvLine(l);
            String name = f.get(head.indexOf("problem")); long seed = Long.parseLong(f.get(head.indexOf("seed")));
            double ols = Double.parseDouble(f.get(head.indexOf("ols_r2_test"))), ours = Double.parseDouble(f.get(head.indexOf("r2_test")));
            Dataset.Split split = probs.get(name).data().make(seed);
            Dataset tr = split.train(), te = split.test();
            Expr e = Parser.parse(f.get(head.indexOf("expression")));
            Expr refit = new LevenbergMarquardtFitter().fit(e, tr).expression();
            if (!(Metrics.mse(Evaluator.evaluate(refit, tr), tr) < Metrics.mse(Evaluator.evaluate(e, tr), tr))) refit = e;
            refit = new Polisher().polish(refit, tr);
            double[] r = new double[2 + caps.length];
            r[0] = ols; r[1] = ours;
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < caps.length; k++) {
                Expr s = caps[k] == 0 ? refit : new Polisher(Polisher.DEFAULT_REL_TOL, Polisher.DEFAULT_ABS_TOL, Math.min(3.84, caps[k] * tr.rows())).polish(refit, tr);
                r[2 + k] = Metrics.r2(Evaluator.evaluate(s, te), te);
                sb.append(String.format(" %.4f", r[2 + k]));
            }
            res.add(r);
            System.out.printf("%-26s %d %5d ols %.4f ours %.4f | caps 2%% 1%% .5%% 0:%s%n", name, seed, tr.rows(), ols, ours, sb);
        }
        String[] names = {"ours", "cap2", "cap1", "cap.5", "nosnap"};
        for (int k = 1; k < 2 + caps.length; k++) {
            int b2 = 0, b10 = 0, neg = 0; double[] v = new double[res.size()];
            for (int i = 0; i < res.size(); i++) { double o = res.get(i)[0], t = res.get(i)[k]; v[i] = t; if (!(t >= o - 0.02)) b2++; if (!(t >= o - 0.10)) b10++; if (!(t >= 0) && o >= 0) neg++; }
            Arrays.sort(v); int n = v.length; double med = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
            System.out.printf("%-6s median %.4f below-0.02 %d below-0.10 %d neg %d%n", names[k - 1], med, b2, b10, neg);
        }
    }
}
