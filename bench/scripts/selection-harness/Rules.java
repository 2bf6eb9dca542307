import dysymnet.data.*;
import dysymnet.expr.*;
import dysymnet.search.*;
import java.nio.file.*;
import java.util.*;
import java.util.function.*;

/** Rules DUMPS SPLITDIR: information criteria, forward-error ranks and a consensus medoid on the guarded front (session 14). */
public class Rules {
    record M(Candidate c, int k, double fwd) {}
    static Map<String, List<M>> cache = new HashMap<>();
    static List<M> members(Choose.Run r) {
        return cache.computeIfAbsent(r.ball() + r.seed(), key -> {
            ModelChoice.Choice ch = ModelChoice.choice(r.cands(), r.train(), Selection.defaults());
            List<M> ms = new ArrayList<>();
            for (Candidate c : ch.front().candidates()) {
                if (c.complexity() > 100 || ms.size() >= 40) continue;
                double f = (Choose.forward(c.expression(), r.train(), 0.5, 8, 1, true) + Choose.forward(c.expression(), r.train(), 0.75, 8, 1, true)) / 2;
                ms.add(new M(c, Constants.count(c.expression()), f));
            }
            return ms;
        });
    }
    static double aicc(M m, int n) { int k = m.k() + 1; return n * Math.log(m.c().mse()) + 2 * k + 2.0 * k * (k + 1) / Math.max(1, n - k - 1); }
    static double bic(M m, int n) { return n * Math.log(m.c().mse()) + (m.k() + 1) * Math.log(n); }
    static Candidate argmin(List<M> ms, ToDoubleFunction<M> f) {
        return ms.stream().min(Comparator.comparingDouble(f)).map(M::c).orElse(null);
    }

    static double[] ext(Expr e, Dataset d, double span) {
        double[] x = d.column(0); double lo = Arrays.stream(x).min().getAsDouble(), hi = Arrays.stream(x).max().getAsDouble();
        int K = 32; double[] t = new double[K];
        for (int k = 0; k < K; k++) t[k] = hi + (hi - lo) * span * (k + 1) / K;
        return Evaluator.evaluate(e, new Dataset(List.of("t"), new double[][]{t}, new double[K]));
    }
    static Candidate medoid(Choose.Run r, double fac, double span, boolean useFwd) {
        List<M> ms = members(r);
        double b = ms.stream().mapToDouble(m -> useFwd ? m.fwd() : m.c().mse()).min().orElse(Double.NaN);
        List<M> ok = ms.stream().filter(m -> (useFwd ? m.fwd() : m.c().mse()) <= fac * b).toList();
        List<double[]> p = new ArrayList<>();
        for (M m : ok) p.add(ext(m.c().expression(), r.train(), span));
        int K = p.get(0).length; double[] med = new double[K];
        for (int k = 0; k < K; k++) { double[] v = new double[p.size()]; for (int i = 0; i < v.length; i++) v[i] = p.get(i)[k]; Arrays.sort(v); med[k] = v[v.length / 2]; }
        Candidate best = null; double bd = Double.POSITIVE_INFINITY;
        for (int i = 0; i < ok.size(); i++) { double d = 0; for (int k = 0; k < K; k++) d += Math.pow(p.get(i)[k] - med[k], 2); if (!Double.isFinite(d)) continue; if (d < bd) { bd = d; best = ok.get(i).c(); } }
        return best == null ? ok.get(0).c() : best;
    }
    public static void main(String[] a) throws Exception {
        List<Choose.Run> runs = Choose.load(Paths.get(a[0]), Paths.get(a[1]));
        for (double fac : new double[]{1.5, 3, 10, 1e9}) for (double span : new double[]{0.5, 1}) for (boolean uf : new boolean[]{true, false})
            Choose.report("medoid f" + fac + " s" + span + (uf ? " fwd" : " train"), runs, r -> medoid(r, fac, span, uf), false);
        more(runs);
    }
    static void more(List<Choose.Run> runs) {
        Choose.report("current", runs, r -> ModelChoice.choose(r.cands(), r.train(), Selection.defaults()), false);
        Choose.report("aicc", runs, r -> argmin(members(r), m -> aicc(m, r.train().rows())), false);
        Choose.report("bic", runs, r -> argmin(members(r), m -> bic(m, r.train().rows())), false);
        Choose.report("fwd min", runs, r -> argmin(members(r), M::fwd), false);
        for (double fac : new double[]{1.5, 3}) {
            Choose.report("fwd within " + fac + " then aicc", runs, r -> {
                List<M> ms = members(r);
                double b = ms.stream().mapToDouble(M::fwd).min().orElse(Double.NaN);
                List<M> ok = ms.stream().filter(m -> m.fwd() <= fac * b).toList();
                return argmin(ok, m -> aicc(m, r.train().rows()));
            }, false);
            Choose.report("fwd within " + fac + " then fewest consts", runs, r -> {
                List<M> ms = members(r);
                double b = ms.stream().mapToDouble(M::fwd).min().orElse(Double.NaN);
                List<M> ok = ms.stream().filter(m -> m.fwd() <= fac * b).toList();
                return argmin(ok, m -> m.k() * 1000 + m.c().complexity());
            }, false);
        }
        Choose.report("aicc + fwd as lik", runs, r -> {
            int n = r.train().rows();
            return argmin(members(r), m -> aicc(m, n) + n * 0.5 * Math.log(m.fwd()));
        }, false);
    }
}
