import dysymnet.api.SymbolicRegressor;
import dysymnet.bench.Problem;
import dysymnet.bench.Suites;
import dysymnet.data.Dataset;
import dysymnet.expr.Printer;
import dysymnet.search.Candidate;
import dysymnet.search.Search;
import dysymnet.search.SearchResult;
import java.io.*;
import java.nio.file.*;
import java.util.*;

/** BbDump BBDIR OUTDIR STEPS SEED [REGEX]: search each black-box set's training split, write all candidates. */
public class BbDump {
    public static void main(String[] a) throws Exception {
        Path dir = Paths.get(a[0]); Path out = Paths.get(a[1]); int steps = Integer.parseInt(a[2]); long seed = Long.parseLong(a[3]);
        String re = a.length > 4 ? a[4] : ".*";
        Files.createDirectories(out);
        for (Problem p : Suites.blackbox(dir, 10000)) {
            if (!p.name().matches(re)) continue;
            Path f = out.resolve(p.name() + "_" + seed + ".txt");
            if (Files.exists(f)) continue;
            Dataset.Split split = p.data().make(seed);
            SymbolicRegressor reg = SymbolicRegressor.builder().seed(seed).maxSteps(steps).timeLimit(null).threads(1).build();
            long t0 = System.nanoTime();
            SearchResult r = new Search(reg.settings(), null).run(split.train());
            Path tmp = out.resolve(p.name() + "_" + seed + ".tmp");
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(tmp))) {
                w.println("#chosen\t" + Printer.infix(r.chosen().expression()));
                w.printf("#steps\t%d\t%.1f%n", r.steps(), (System.nanoTime() - t0) / 1e9);
                for (Candidate c : r.candidates()) {
                    w.println(c.complexity() + "\t" + c.mse() + "\t" + c.source() + "\t" + c.step() + "\t" + Printer.infix(c.expression()));
                }
            }
            Files.move(tmp, f);
            System.out.printf("%s %d: %d steps %.1fs, %d candidates: %s%n", p.name(), seed, r.steps(), (System.nanoTime() - t0) / 1e9, r.candidates().size(), Printer.infix(r.chosen().expression(), 4));
        }
    }
}
