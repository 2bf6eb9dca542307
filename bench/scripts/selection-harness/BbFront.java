import dysymnet.bench.Problem;
import dysymnet.bench.Suites;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.*;
import dysymnet.fit.*;
import dysymnet.search.*;
import java.nio.file.*;
import java.util.*;

/** BbFront BBDIR DUMPFILE: the front (after the guards) with 5-fold CV error, test R^2. */
public class BbFront {
    public static void main(String[] a) throws Exception {
        Map<String, Problem> probs = BbChoose.problems(a[0]);
        BbChoose.Dump dump = BbChoose.load(probs, Paths.get(a[1]));
        Dataset tr = dump.train(), te = dump.test();
        double v = Metrics.variance(tr);
        List<Candidate> cs = dump.candidates();
        ModelChoice.Choice ch = ModelChoice.choice(cs, tr, Selection.defaults());
        ParetoFront full = ParetoFront.of(cs);
        System.out.println("rows " + tr.rows() + " var " + v + " chosen " + Printer.infix(ch.chosen().expression(), 4));
        int m = tr.rows();
        SplittableRandom rng = new SplittableRandom(0x5eed_c0f0L);
        int[] perm = Dataset.permutation(m, rng);
        int[] order = Dataset.permutation(m, rng);
        int[] fold = new int[m];
        for (int k = 0; k < m; k++) fold[order[k]] = k % 5;
        ConstantFitter fitter = new LevenbergMarquardtFitter(30, 60);
        Set<Expr> guarded = new HashSet<>();
        for (Candidate c : ch.front().candidates()) guarded.add(c.expression());
        for (Candidate c : full.candidates()) {
            double cv = 0;
            for (int fo = 0; fo < 5; fo++) {
                List<Integer> in = new ArrayList<>(), out = new ArrayList<>();
                for (int i = 0; i < m; i++) (fold[i] == fo ? out : in).add(i);
                Expr r = fitter.fit(c.expression(), tr.select(in.stream().mapToInt(i -> i).toArray())).expression();
                Dataset o = tr.select(out.stream().mapToInt(i -> i).toArray());
                double[] p = Evaluator.evaluate(r, o);
                for (int k = 0; k < p.length; k++) cv += (p[k] - o.y()[k]) * (p[k] - o.y()[k]) / m;
            }
            double t = Metrics.r2(Evaluator.evaluate(c.expression(), te), te);
            System.out.printf("%s %3d %-8s train %.4g  cv %.4g (%.3f)  test R2 %.4f  %s%n", guarded.contains(c.expression()) ? "*" : " ", c.complexity(), c.source(), c.mse() / v, cv / v, cv / c.mse(), t, Printer.infix(c.expression(), 3));
        }
    }
}
