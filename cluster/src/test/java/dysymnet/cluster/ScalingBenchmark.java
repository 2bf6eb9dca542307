package dysymnet.cluster;

import dysymnet.data.Dataset;
import dysymnet.gp.GpSettings;
import dysymnet.search.BatchTrainer;
import dysymnet.search.Budget;
import dysymnet.search.Search;
import dysymnet.search.SearchResult;
import dysymnet.search.Settings;
import dysymnet.terms.TermSettings;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * Not a test: networks trained per second by a search whose networks train on 1, 2 and 3 workers, each a separate
 * JVM with one thread on this machine (loopback ports 5991-6000), against the same search on this process's 1 and 2
 * threads. The genetic programming and the term regression are off, so the search is the networks and the
 * controller; the time outside the trainer's batches (the coordinator: sampling, the controller's update, the
 * bookkeeping) is reported apart. Every configuration must give the same formula (the run checks it). Each new
 * worker first runs the measured search WARM-UPS times (default 2): a worker's JIT compiles for longer than one such
 * search, and a worker still compiling slows the others down to its pace (session 15: one short warm-up left 2
 * workers at 1.27x of one on 2 cores, two full ones 1.69-1.85x).
 *
 * <pre>
 * mvn -B -o package -DskipTests -pl app -am
 * mvn -B -o test-compile -pl cluster -am
 * java -cp app/target/dysymnet-0.2.0.jar:cluster/target/test-classes dysymnet.cluster.ScalingBenchmark [STEPS] [NETWORKS] [WARM-UPS]
 * </pre>
 */
public final class ScalingBenchmark {
    private ScalingBenchmark() {
    }

    /** Times the batches of an inner trainer. */
    static final class Timed implements BatchTrainer {
        final BatchTrainer inner;
        long nanos;

        Timed(BatchTrainer inner) {
            this.inner = inner;
        }

        @Override
        public Session open(Dataset data, Settings settings) {
            Session s = inner.open(data, settings);
            return new Session() {
                @Override
                public List<Outcome> train(List<Job> jobs, BooleanSupplier stop, long deadline)
                        throws InterruptedException {
                    long t = System.nanoTime();
                    try {
                        return s.train(jobs, stop, deadline);
                    } finally {
                        nanos += System.nanoTime() - t;
                    }
                }

                @Override
                public void close() {
                    s.close();
                }
            };
        }
    }

    public static void main(String[] args) throws Exception {
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int batch = args.length > 1 ? Integer.parseInt(args[1]) : 12;
        int warmUps = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        SplittableRandom r = new SplittableRandom(5);
        int n = 200;
        double[] x1 = new double[n];
        double[] x2 = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x1[i] = r.nextDouble(-2, 2);
            x2[i] = r.nextDouble(0.5, 2);
            y[i] = x1[i] * x1[i] * Math.sin(x2[i]) + Math.exp(-x2[i]);
        }
        Dataset d = new Dataset(List.of("x1", "x2"), new double[][] {x1, x2}, y);
        Budget budget = Budget.builder().maxSteps(steps).batchSize(batch).solveR2(1.1).build();
        Settings.Builder base = Settings.builder().seed(1).budget(budget)
                .gp(GpSettings.builder().enabled(false).build())
                .terms(TermSettings.builder().enabled(false).build());
        System.out.printf(Locale.ROOT, "%d steps of %d networks, %d rows, %d cores%n", steps, batch, n,
                Runtime.getRuntime().availableProcessors());
        String formula = null;
        for (int threads = 1; threads <= 2; threads++) {
            formula = report("local, " + threads + " thread(s)", base.threads(threads).build(), d, null, formula);
        }
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        String cp = System.getProperty("java.class.path");
        List<String> members = List.of("127.0.0.1:5991", "127.0.0.1:5992", "127.0.0.1:5993");
        List<Process> workers = new ArrayList<>();
        Settings oneThread = base.threads(1).build();
        try {
            for (int m = 1; m <= 3; m++) {
                workers.add(new ProcessBuilder(java, "-cp", cp, "dysymnet.app.Main", "worker", "--cluster-name",
                        "scaling", "--members", String.join(",", members), "--port", "5991", "--threads", "1")
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
                try (ClusterClient c = waitFor(m, members)) {
                    // first the same search, to warm the new worker's JIT (the others are warm already): a shorter
                    // one left the new worker compiling through the measured run (about half a core of C2 on the
                    // 2-core machine, session 15), a third runnable thread for two cores, and every training round
                    // waits for its slowest worker
                    for (int w = 0; w < warmUps; w++) {
                        new Search(oneThread, null, new ClusterTrainer(c)).run(d);
                    }
                    formula = report(m + " worker(s) x 1 thread", oneThread, d, new ClusterTrainer(c), formula);
                    if (m == 3) {
                        // the default search: the GP and the term regression run on the coordinator
                        report("3 workers, GP + terms on", Settings.builder().seed(1).threads(2).budget(budget)
                                .build(), d, new ClusterTrainer(c), null);
                    }
                }
            }
        } finally {
            for (Process p : workers) {
                p.destroy();
            }
        }
    }

    private static ClusterClient waitFor(int m, List<String> members) throws InterruptedException {
        long until = System.nanoTime() + 60_000_000_000L;
        while (true) {
            try {
                ClusterClient c = ClusterClient.connect("scaling", members);
                if (c.workers().size() == m) {
                    return c;
                }
                c.close();
            } catch (IllegalStateException e) {
                // not up yet
            }
            if (System.nanoTime() > until) {
                throw new IllegalStateException("the workers did not start");
            }
            Thread.sleep(500);
        }
    }

    private static String report(String what, Settings s, Dataset d, BatchTrainer trainer, String expected) {
        Timed timed = trainer == null ? null : new Timed(trainer);
        long t = System.nanoTime();
        SearchResult res = new Search(s, null, timed).run(d);
        double secs = (System.nanoTime() - t) / 1e9;
        String formula = res.chosen().expression().toString();
        String outside = timed == null ? "" : String.format(Locale.ROOT, ", outside the batches %.2f s",
                secs - timed.nanos / 1e9);
        System.out.printf(Locale.ROOT, "%-26s %3d networks in %6.2f s: %5.2f networks/s%s%s%n", what,
                res.networksTrained(), secs, res.networksTrained() / secs, outside,
                expected == null || expected.equals(formula) ? "" : "  DIFFERENT FORMULA: " + formula);
        return formula;
    }
}
