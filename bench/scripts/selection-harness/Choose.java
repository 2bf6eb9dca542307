import dysymnet.data.*;
import dysymnet.expr.*;
import dysymnet.fit.*;
import dysymnet.search.*;
import java.nio.file.*;
import java.util.*;
import java.util.function.*;

/** Choose DUMPDIR SPLITDIR: applies selection variants to the dumped candidate sets, prints test MSE tables. */
public class Choose {
    static final Map<String, double[]> ABC = new LinkedHashMap<>();
    static {
        ABC.put("Baseball", new double[]{2.784, 2.523, 1.205});
        ABC.put("Blue_Basketball", new double[]{0.5019, 2.23, 2.239});
        ABC.put("Bowling_Ball", new double[]{0.328, 0.516, 1.514});
        ABC.put("Golf_Ball", new double[]{0.2129, 1.214, 0.2011});
        ABC.put("Green_Basketball", new double[]{0.1025, 0.457, 0.5812});
        ABC.put("Orange_Whiffle_Ball", new double[]{0.3708, 0.01738, 3.301});
        ABC.put("Tennis_Ball", new double[]{0.2522, 0.1406, 0.02056});
        ABC.put("Volleyball", new double[]{0.5709, 0.749, 0.2479});
        ABC.put("Whiffle_Ball_1", new double[]{1.884, 0.1786, 0.2348});
        ABC.put("Whiffle_Ball_2", new double[]{0.6222, 2.08, 0.9266});
        ABC.put("Yellow_Whiffle_Ball", new double[]{17.27, 0.7872, 2.544});
    }

    record Run(String ball, long seed, Dataset train, Dataset test, List<Candidate> cands, String chosen) {}

    static Dataset data(Path f) throws Exception {
        double[][] c = Dump.read(f);
        return new Dataset(List.of("t"), new double[][]{c[0]}, c[1]);
    }

    static double mse(Expr e, Dataset d) {
        return Metrics.mse(Evaluator.evaluate(e, d), d);
    }

    static List<Run> load(Path dumps, Path split) throws Exception {
        List<Run> runs = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dumps, "*.txt")) {
            List<Path> files = new ArrayList<>();
            ds.forEach(files::add);
            Collections.sort(files);
            for (Path f : files) {
                String n = f.getFileName().toString().replace(".txt", "");
                int us = n.lastIndexOf('_');
                String ball = n.substring(0, us);
                long seed = Long.parseLong(n.substring(us + 1));
                Dataset tr = data(split.resolve(ball + "_train.csv"));
                Dataset te = data(split.resolve(ball + "_test.csv"));
                List<Candidate> cs = new ArrayList<>();
                String chosen = null;
                for (String l : Files.readAllLines(f)) {
                    if (l.startsWith("#chosen")) { chosen = l.split("\t")[1]; continue; }
                    if (l.startsWith("#")) continue;
                    String[] p = l.split("\t");
                    Expr e = Parser.parse(p[4]);
                    double[] pred = Evaluator.evaluate(e, tr);
                    double m = Metrics.mse(pred, tr);
                    double v = Metrics.variance(tr);
                    Source s = new Source(p[2]);
                    cs.add(new Candidate(e, Integer.parseInt(p[0]), m, Metrics.r2(pred, tr), Reward.of(m, v), s,
                            s.equals(Source.NETWORK) ? "?" : null, Integer.parseInt(p[3])));
                }
                runs.add(new Run(ball, seed, tr, te, cs, chosen));
            }
        }
        return runs;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        if (n == 0) return Double.NaN;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    static void report(String name, List<Run> runs, Function<Run, Candidate> rule, boolean verbose) {
        List<Double> balls = new ArrayList<>();
        List<Double> demo = new ArrayList<>();
        Map<String, List<Double>> per = new TreeMap<>();
        StringBuilder sb = new StringBuilder();
        for (Run r : runs) {
            Candidate c = rule.apply(r);
            double t = mse(c.expression(), r.test());
            if (r.ball().equals("Tennis_Ball") && r.seed() <= 9 && r.seed() >= 0 && !(r.seed() >= 1 && r.seed() <= 3 && false)) {
                demo.add(t);
            }
            if (r.seed() >= 1 && r.seed() <= 3) {
                balls.add(t);
                per.computeIfAbsent(r.ball(), k -> new ArrayList<>()).add(t);
            }
            if (verbose) {
                sb.append(String.format("   %-20s %d test %9.4g train %9.3g size %3d %s%n", r.ball(), r.seed(), t,
                        c.mse(), c.complexity(), Printer.infix(c.expression(), 4)));
            }
        }
        double[] b = balls.stream().mapToDouble(Double::doubleValue).toArray();
        double[] d = demo.stream().mapToDouble(Double::doubleValue).toArray();
        int within = 0;
        StringBuilder pb = new StringBuilder();
        for (var e : per.entrySet()) {
            double[] abc = ABC.get(e.getKey());
            double best = Math.min(abc[0], Math.min(abc[1], abc[2]));
            double med = median(e.getValue().stream().mapToDouble(Double::doubleValue).toArray());
            if (med <= 2 * best) within++;
            pb.append(String.format(" %s=%.3g", e.getKey().substring(0, Math.min(6, e.getKey().length())), med));
        }
        long demoGood = Arrays.stream(d).filter(x -> x <= 0.30).count();
        double demoMax = Arrays.stream(d).max().orElse(Double.NaN);
        double ballMax = Arrays.stream(b).max().orElse(Double.NaN);
        System.out.printf("%-28s demo %d/%d<=0.3 max %.3g | balls n=%d mean %.3g median %.3g max %.3g within2x %d/%d |%s%n",
                name, demoGood, d.length, demoMax, b.length, Arrays.stream(b).average().orElse(Double.NaN), median(b),
                ballMax, within, per.size(), pb);
        System.out.printf("%-28s demo seeds: %s%n", "", Arrays.toString(Arrays.stream(d).map(x -> Math.round(x * 1000) / 1000.0).toArray()));
        if (verbose) System.out.print(sb);
    }

    /** Forward error of e: refit on the first share of rows (by t) from starts, error on the rest. */
    static double forward(Expr e, Dataset d, double share, int fresh, long seed, boolean keepLeak) {
        int n = d.rows();
        int[] order = d.orderBy(0);
        int cut = (int) Math.round(n * share);
        Dataset early = d.select(Arrays.copyOfRange(order, 0, cut));
        Dataset late = d.select(Arrays.copyOfRange(order, cut, n));
        ConstantFitter fitter = new LevenbergMarquardtFitter(30, 60);
        double[] c0 = Constants.values(e);
        Expr bestE = null;
        double bestM = Double.POSITIVE_INFINITY;
        Random rng = new Random(seed);
        for (int k = keepLeak ? 0 : 1; k <= fresh; k++) {
            double[] c = c0.clone();
            if (k > 0) {
                for (int i = 0; i < c.length; i++) {
                    c[i] = c[i] * Math.exp(0.5 * rng.nextGaussian()) + 0.1 * rng.nextGaussian();
                }
            }
            FitResult f = fitter.fit(Constants.substitute(e, c), early);
            if (f.mse() < bestM) {
                bestM = f.mse();
                bestE = f.expression();
            }
        }
        if (bestE == null) return Double.POSITIVE_INFINITY;
        double m = mse(bestE, late);
        return Double.isFinite(m) ? m : Double.POSITIVE_INFINITY;
    }

    /** OLS polynomial of degree deg on d: returns {coef..., s2} and (X'X)^-1 in inv. */
    static double[][] poly(Dataset d, int deg) {
        int n = d.rows(), p = deg + 1;
        double[] x = d.column(0), y = d.y();
        double[][] a = new double[p][p + 1 + p];
        for (int i = 0; i < n; i++) {
            double[] row = new double[p];
            for (int j = 0; j < p; j++) row[j] = Math.pow(x[i], j);
            for (int j = 0; j < p; j++) { for (int k = 0; k < p; k++) a[j][k] += row[j] * row[k]; a[j][p] += row[j] * y[i]; }
        }
        for (int j = 0; j < p; j++) a[j][p + 1 + j] = 1;
        // Gauss-Jordan
        for (int c = 0; c < p; c++) {
            int piv = c;
            for (int r = c + 1; r < p; r++) if (Math.abs(a[r][c]) > Math.abs(a[piv][c])) piv = r;
            double[] t = a[c]; a[c] = a[piv]; a[piv] = t;
            double v = a[c][c];
            for (int k = 0; k < a[c].length; k++) a[c][k] /= v;
            for (int r = 0; r < p; r++) if (r != c) { double f = a[r][c]; for (int k = 0; k < a[r].length; k++) a[r][k] -= f * a[c][k]; }
        }
        double[] coef = new double[p];
        for (int j = 0; j < p; j++) coef[j] = a[j][p];
        double rss = 0;
        for (int i = 0; i < n; i++) { double f = 0; for (int j = 0; j < p; j++) f += coef[j] * Math.pow(x[i], j); rss += (y[i] - f) * (y[i] - f); }
        double[][] out = new double[p + 1][];
        out[0] = Arrays.copyOf(coef, p + 1);
        out[0][p] = rss / (n - p);
        for (int j = 0; j < p; j++) out[j + 1] = Arrays.copyOfRange(a[j], p + 1, p + 1 + p);
        return out;
    }

    /** max over probes beyond the data (forward side, up to half the range) of |f - poly| / se(poly mean). */
    static double band(Expr e, Dataset d, int deg, boolean both) {
        double[][] P = poly(d, deg);
        int p = deg + 1;
        double s2 = P[0][p];
        double[] x = d.column(0);
        double lo = Arrays.stream(x).min().getAsDouble(), hi = Arrays.stream(x).max().getAsDouble();
        double range = hi - lo;
        double worst = 0;
        int K = 20;
        double outLo = lo - 0.5 * range, outHi = hi + 0.5 * range;
        if (lo >= 0 && outLo <= 0) outLo = lo / 2;
        if (hi <= 0 && outHi >= 0) outHi = hi / 2;
        for (int side = 0; side < (both ? 2 : 1); side++) {
            for (int k = 1; k <= K; k++) {
                double t = side == 0 ? hi + (outHi - hi) * k / K : lo - (lo - outLo) * k / K;
                double[] row = new double[p];
                for (int j = 0; j < p; j++) row[j] = Math.pow(t, j);
                double m = 0, v = 0;
                for (int j = 0; j < p; j++) m += P[0][j] * row[j];
                for (int j = 0; j < p; j++) for (int l = 0; l < p; l++) v += row[j] * P[j + 1][l] * row[l];
                double se = Math.sqrt(s2 * v);
                double f = Evaluator.evaluate(e, new Dataset(List.of("t"), new double[][]{{t}}, new double[]{0}))[0];
                if (!Double.isFinite(f)) continue;
                worst = Math.max(worst, Math.abs(f - m) / se);
            }
        }
        return worst;
    }

    static double wh(int n, int p) {
        return Math.sqrt(p * new org.hipparchus.distribution.continuous.FDistribution(p, n - p).inverseCumulativeProbability(0.95));
    }

    static void front(Run r) {
        List<Candidate> pool = new ArrayList<>();
        for (Candidate c : r.cands()) if (c.complexity() <= 100) pool.add(c);
        ParetoFront f = ParetoFront.of(pool);
        System.out.printf("== %s %d  s2=%.3g%n", r.ball(), r.seed(), NoiseLevel.variance(r.train()));
        for (Candidate c : f.candidates()) {
            System.out.printf("  size %3d k %2d train %9.3g test %9.3g z1 %6.1f z2 %6.1f z3 %6.1f fwdLeak %9.3g fwdFresh %9.3g fwd50fresh %9.3g  %s %s%n", c.complexity(),
                Constants.count(c.expression()), c.mse(), mse(c.expression(), r.test()),
                band(c.expression(), r.train(), 1, false), band(c.expression(), r.train(), 2, false), band(c.expression(), r.train(), 3, false),
                (forward(c.expression(), r.train(), 0.5, 0, 1, true) + forward(c.expression(), r.train(), 0.75, 0, 1, true)) / 2,
                (forward(c.expression(), r.train(), 0.5, 8, 1, true) + forward(c.expression(), r.train(), 0.75, 8, 1, true)) / 2,
                forward(c.expression(), r.train(), 0.5, 8, 1, false),
                c.source(), Printer.infix(c.expression(), 4));
        }
    }

    public static void main(String[] a) throws Exception {
        List<Run> runs = load(Paths.get(a[0]), Paths.get(a[1]));
        boolean verbose = a.length > 2 && a[2].equals("-v");
        if (a.length > 2 && a[2].equals("-bandfront")) {
            for (Run r : runs) {
                List<Candidate> keep = new ArrayList<>();
                for (Candidate c : r.cands()) if (c.complexity() <= 100 && band(c.expression(), r.train(), 3, true) <= 3.3) keep.add(c);
                System.out.printf("== %s %d%n", r.ball(), r.seed());
                for (Candidate c : ParetoFront.of(keep).candidates())
                    System.out.printf("  size %3d train %9.3g test %9.3g z3 %5.2f fwdLeak %9.3g fwdFresh %9.3g %s%n", c.complexity(), c.mse(), mse(c.expression(), r.test()), band(c.expression(), r.train(), 3, true),
                        (forward(c.expression(), r.train(), 0.5, 0, 1, true) + forward(c.expression(), r.train(), 0.75, 0, 1, true)) / 2,
                        (forward(c.expression(), r.train(), 0.5, 8, 1, true) + forward(c.expression(), r.train(), 0.75, 8, 1, true)) / 2, Printer.infix(c.expression(), 4));
            }
            return;
        }
        if (a.length > 2 && a[2].equals("-front")) {
            for (Run r : runs) front(r);
            return;
        }
        // sanity: current rule reproduces the dumped choice
        int same = 0;
        for (Run r : runs) {
            Candidate c = ModelChoice.choose(r.cands(), r.train(), Selection.defaults());
            if (Printer.infix(c.expression()).equals(r.chosen())) same++;
        }
        System.out.println("current rule reproduces " + same + "/" + runs.size());
        report("current", runs, r -> ModelChoice.choose(r.cands(), r.train(), Selection.defaults()), verbose);
        report("oracle (test, cap 100)", runs, r -> r.cands().stream().filter(c -> c.complexity() <= 100)
                .min(Comparator.comparingDouble(c -> mse(c.expression(), r.test()))).get(), false);
        if (a.length > 2 && a[2].equals("-oracle")) {
            for (Run r : runs) {
                List<Candidate> cs = new ArrayList<>(r.cands());
                cs.sort(Comparator.comparingDouble(c -> mse(c.expression(), r.test())));
                System.out.println("== " + r.ball() + " " + r.seed());
                for (Candidate c : cs.subList(0, Math.min(8, cs.size())))
                    System.out.printf("  test %9.4g train %9.3g size %3d z3 %5.1f %s %s%n", mse(c.expression(), r.test()), c.mse(), c.complexity(), band(c.expression(), r.train(), 3, false), c.source(), Printer.infix(c.expression(), 4));
            }
            return;
        }
        report("noFwd", runs, r -> ModelChoice.choose(r.cands(), r.train(), Selection.builder().validation(false).build()), false);
        report("noFwd noNoise", runs, r -> ModelChoice.choose(r.cands(), r.train(), Selection.builder().validation(false).noiseAware(false).build()), false);
        report("noNoise", runs, r -> ModelChoice.choose(r.cands(), r.train(), Selection.builder().noiseAware(false).build()), false);
        for (double fac : new double[]{1.5, 3}) {
            final double F = fac;
            report("bandfront closest f" + fac, runs, r -> {
                List<Candidate> keep = new ArrayList<>();
                for (Candidate c : r.cands()) if (c.complexity() <= 100 && band(c.expression(), r.train(), 3, true) <= 3.3) keep.add(c);
                if (keep.isEmpty()) return ModelChoice.choose(r.cands(), r.train(), Selection.defaults());
                List<Candidate> f = ParetoFront.of(keep).candidates();
                double best = f.stream().mapToDouble(Candidate::mse).min().getAsDouble();
                return f.stream().filter(c -> c.mse() <= F * best).min(Comparator.comparingDouble(c -> band(c.expression(), r.train(), 3, true))).get();
            }, false);
        }
        for (int fresh : new int[]{0, 8}) {
            final int K = fresh;
            report("replica fwd fresh" + fresh, runs, r -> {
                List<Candidate> pool = new ArrayList<>();
                for (Candidate c : r.cands()) if (c.complexity() <= 100 && band(c.expression(), r.train(), 3, true) <= 3.3) pool.add(c);
                if (pool.isEmpty()) return ModelChoice.choose(r.cands(), r.train(), Selection.defaults());
                double s2 = NoiseLevel.variance(r.train());
                int n = r.train().rows();
                double level = s2 > 0 ? s2 * (1 + 2 * Math.sqrt(2.0 / n)) : 0;
                double floor = s2 > 0 ? s2 * (1 - 2 * Math.sqrt(2.0 / n)) : 0;
                List<Candidate> honest = new ArrayList<>();
                boolean fits = false;
                for (Candidate c : pool) if (c.mse() >= floor) { honest.add(c); fits |= c.mse() <= level; }
                if (fits) pool = honest;
                List<Candidate> f = ParetoFront.of(pool).candidates();
                int cnt = Math.min(f.size(), 40);
                double[] fw = new double[cnt];
                double bestF = Double.POSITIVE_INFINITY;
                for (int i = 0; i < cnt; i++) {
                    fw[i] = (forward(f.get(i).expression(), r.train(), 0.5, K, 1, true) + forward(f.get(i).expression(), r.train(), 0.75, K, 1, true)) / 2;
                    bestF = Math.min(bestF, fw[i]);
                }
                double lim = Math.max(1.5 * bestF, level);
                for (int i = 0; i < cnt; i++) if (fw[i] <= lim) return f.get(i);
                return f.get(0);
            }, false);
        }
        for (double conf : (a.length > 2 && a[2].equals("-fwdband")) ? new double[0] : new double[]{0.95, 0.99, 0.999, 0.99999}) {
            final double C = conf;
            report("band3 conf " + conf, runs, r -> {
                List<Candidate> keep = new ArrayList<>();
                int n = r.train().rows();
                double z = Math.sqrt(4 * new org.hipparchus.distribution.continuous.FDistribution(4, n - 4).inverseCumulativeProbability(C));
                for (Candidate c : r.cands()) if (band(c.expression(), r.train(), 3, true) <= z) keep.add(c);
                if (keep.isEmpty()) keep = r.cands();
                return ModelChoice.choose(keep, r.train(), Selection.defaults());
            }, verbose);
        }
        if (a.length > 2 && a[2].equals("-conf")) return;
        for (int fresh : new int[]{0, 8}) {
          for (double fac : new double[]{1.5, 3}) {
            final int K = fresh; final double FAC = fac;
            report("fwd-then-band fresh" + fresh + " f" + fac, runs, r -> {
                List<Candidate> pool = new ArrayList<>();
                for (Candidate c : r.cands()) if (c.complexity() <= 100) pool.add(c);
                double s2 = NoiseLevel.variance(r.train());
                int n = r.train().rows();
                double level = s2 > 0 ? s2 * (1 + 2 * Math.sqrt(2.0 / n)) : 0;
                double floor = s2 > 0 ? s2 * (1 - 2 * Math.sqrt(2.0 / n)) : 0;
                List<Candidate> honest = new ArrayList<>();
                boolean fits = false;
                for (Candidate c : pool) if (c.mse() >= floor) { honest.add(c); fits |= c.mse() <= level; }
                if (fits) pool = honest;
                List<Candidate> f = ParetoFront.of(pool).candidates();
                int cnt = Math.min(f.size(), 40);
                double[] fw = new double[cnt];
                double bestF = Double.POSITIVE_INFINITY;
                for (int i = 0; i < cnt; i++) {
                    fw[i] = (forward(f.get(i).expression(), r.train(), 0.5, K, 1, true) + forward(f.get(i).expression(), r.train(), 0.75, K, 1, true)) / 2;
                    bestF = Math.min(bestF, fw[i]);
                }
                double lim = Math.max(FAC * bestF, level);
                double z = wh(n, 4);
                Candidate first = null;
                for (int i = 0; i < cnt; i++) if (fw[i] <= lim) {
                    if (first == null) first = f.get(i);
                    if (band(f.get(i).expression(), r.train(), 3, true) <= z) return f.get(i);
                }
                return first != null ? first : f.get(0);
            }, false);
          }
        }
        if (a.length > 2 && a[2].equals("-fwdband")) return;
        for (String mode : new String[]{"3", "2", "2or3", "1or2or3", "2and3"}) {
            final String M = mode;
            report("band " + mode + " + defaults(noband)", runs, r -> {
                List<Candidate> keep = new ArrayList<>();
                for (Candidate c : r.cands()) {
                    boolean in3 = band(c.expression(), r.train(), 3, true) <= wh(r.train().rows(), 4);
                    boolean in2 = band(c.expression(), r.train(), 2, true) <= wh(r.train().rows(), 3);
                    boolean in1 = band(c.expression(), r.train(), 1, true) <= wh(r.train().rows(), 2);
                    boolean ok = switch (M) { case "3" -> in3; case "2" -> in2; case "2or3" -> in2 || in3; case "1or2or3" -> in1 || in2 || in3; default -> in2 && in3; };
                    if (ok) keep.add(c);
                }
                if (keep.isEmpty()) keep = r.cands();
                return ModelChoice.choose(keep, r.train(), Selection.defaults());
            }, false);
        }
        if (a.length > 2 && a[2].equals("-short")) return;
        for (double Z : new double[]{2, 3, 4, 6}) {
            for (boolean both : new boolean[]{false, true}) {
                final double z = Z;
                report("band3 z<=" + Z + (both ? " both" : " fwd"), runs, r -> {
                    List<Candidate> keep = new ArrayList<>();
                    for (Candidate c : r.cands()) if (band(c.expression(), r.train(), 3, both) <= z) keep.add(c);
                    if (keep.isEmpty()) keep = r.cands();
                    return ModelChoice.choose(keep, r.train(), Selection.defaults());
                }, verbose);
            }
        }
        for (Run r : runs) {
            if (!verbose) break;
            System.out.printf("   %-20s %d s2=%.3g n=%d cands=%d%n", r.ball(), r.seed(), NoiseLevel.variance(r.train()), r.train().rows(), r.cands().size());
        }
    }
}
