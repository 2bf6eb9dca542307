import dysymnet.api.SymbolicRegressor;
import dysymnet.data.Dataset;
import dysymnet.expr.Printer;
import dysymnet.search.Candidate;
import dysymnet.search.Search;
import dysymnet.search.SearchResult;
import java.io.*;
import java.nio.file.*;
import java.util.*;

/** Dump SPLITDIR OUTDIR STEPS BALL SEED...: runs the search on a ball's training rows, writes all candidates. */
public class Dump {
    static double[][] read(Path f) throws IOException {
        List<double[]> rows = new ArrayList<>();
        for (String l : Files.readAllLines(f)) {
            if (l.isBlank() || l.startsWith("#") || Character.isLetter(l.charAt(0))) continue;
            String[] p = l.split(",");
            rows.add(new double[]{Double.parseDouble(p[0]), Double.parseDouble(p[1])});
        }
        double[][] c = new double[2][rows.size()];
        for (int i = 0; i < rows.size(); i++) { c[0][i] = rows.get(i)[0]; c[1][i] = rows.get(i)[1]; }
        return c;
    }
    public static void main(String[] a) throws Exception {
        Path dir = Paths.get(a[0]); Path out = Paths.get(a[1]); int steps = Integer.parseInt(a[2]); String ball = a[3];
        Files.createDirectories(out);
        double[][] tr = read(dir.resolve(ball + "_train.csv"));
        for (int k = 4; k < a.length; k++) {
            long seed = Long.parseLong(a[k]);
            Path f = out.resolve(ball + "_" + seed + ".txt");
            if (Files.exists(f)) continue;
            SymbolicRegressor reg = SymbolicRegressor.builder().seed(seed).maxSteps(steps).timeLimit(null).threads(2).build();
            Dataset d = new Dataset(List.of("t"), new double[][]{tr[0]}, tr[1]);
            long t0 = System.nanoTime();
            SearchResult r = new Search(reg.settings(), null).run(d);
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out.resolve(ball + "_" + seed + ".tmp")))) {
                w.println("#chosen\t" + Printer.infix(r.chosen().expression()));
                w.printf("#steps\t%d\t%.1f%n", r.steps(), (System.nanoTime() - t0) / 1e9);
                for (Candidate c : r.candidates()) {
                    w.println(c.complexity() + "\t" + c.mse() + "\t" + c.source() + "\t" + c.step() + "\t" + Printer.infix(c.expression()));
                }
            }
            Files.move(out.resolve(ball + "_" + seed + ".tmp"), f);
            System.out.println(ball + " " + seed + " done " + r.steps() + " steps, " + r.candidates().size() + " candidates: " + Printer.infix(r.chosen().expression(), 4));
        }
    }
}
