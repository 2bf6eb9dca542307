import dysymnet.bench.*;
import dysymnet.data.*;
import dysymnet.expr.*;
import dysymnet.fit.*;
import dysymnet.search.*;
import java.nio.file.*;
import java.util.*;
/** SnapAbl BBDIR DUMPS: the choice, refitted, then snapped by this classpath's Polisher: test R^2 beside OLS. */
public class SnapAbl {
    public static void main(String[] a) throws Exception {
        Map<String, Problem> probs = BbChoose.problems(a[0]);
        List<Path> files = BbChoose.dumps(a[1]);
        int[] b = new int[6]; List<Double> r0 = new ArrayList<>(), r1 = new ArrayList<>();
        for (Path f : files) {
            BbChoose.Dump dump = BbChoose.load(probs, f);
            String n = dump.name();
            Dataset tr = dump.train(), te = dump.test();
            List<Candidate> cs = dump.candidates();
            Candidate c = ModelChoice.choose(cs, tr, Selection.defaults());
            Expr refit = new LevenbergMarquardtFitter().fit(c.expression(), tr).expression();
            if (!(Metrics.mse(Evaluator.evaluate(refit, tr), tr) < c.mse())) refit = c.expression();
            Expr snap = Polisher.withNoiseAllowance().polish(refit, tr);
            double o = BbChoose.ols(tr, te);
            double t0 = Metrics.r2(Evaluator.evaluate(refit, te), te), t1 = Metrics.r2(Evaluator.evaluate(snap, te), te);
            r0.add(t0); r1.add(t1);
            if (!(t0 >= o - 0.02)) b[0]++; if (!(t0 >= o - 0.10)) b[1]++; if (!(t0 >= 0) && o >= 0) b[2]++;
            if (!(t1 >= o - 0.02)) b[3]++; if (!(t1 >= o - 0.10)) b[4]++; if (!(t1 >= 0) && o >= 0) b[5]++;
            System.out.printf("%-28s %4d ols %.4f refit %.4f snapped %.4f %s%n", n, tr.rows(), o, t0, t1, Printer.infix(snap, 4));
        }
        System.out.printf("refit:   median %.4f below %d/%d/%d%nsnapped: median %.4f below %d/%d/%d%n", BbChoose.med(r0), b[0], b[1], b[2], BbChoose.med(r1), b[3], b[4], b[5]);
    }
}
