import dysymnet.search.*;
import java.nio.file.*;
import java.util.*;
/** Table DUMPS SPLIT: per ball (seeds 1-3) median [min, max] of the current rule's test MSE, beside A/B/C. */
public class Table {
    public static void main(String[] a) throws Exception {
        List<Choose.Run> runs = Choose.load(Paths.get(a[0]), Paths.get(a[1]));
        Map<String, List<Double>> per = new TreeMap<>();
        List<Double> demo = new ArrayList<>();
        for (Choose.Run r : runs) {
            Candidate c = ModelChoice.choose(r.cands(), r.train(), Selection.defaults());
            double t = Choose.mse(c.expression(), r.test());
            if (r.ball().equals("Tennis_Ball")) demo.add(t);
            if (r.seed() >= 1 && r.seed() <= 3) per.computeIfAbsent(r.ball(), k -> new ArrayList<>()).add(t);
        }
        for (var e : per.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double[] abc = Choose.ABC.get(e.getKey());
            double best = Math.min(abc[0], Math.min(abc[1], abc[2]));
            System.out.printf("| %s | %.3g [%.3g, %.3g] | %.3g | %.3g | %.3g | %s |%n", e.getKey().replace('_', ' '), v[1], v[0], v[2], abc[0], abc[1], abc[2], v[1] <= 2 * best ? "yes" : "no");
        }
        double[] all = per.values().stream().flatMap(List::stream).mapToDouble(Double::doubleValue).sorted().toArray();
        System.out.printf("balls: n %d mean %.3g median %.3g max %.3g above5 %d above2.5 %d%n", all.length, Arrays.stream(all).average().getAsDouble(), all[all.length / 2], all[all.length - 1], Arrays.stream(all).filter(x -> x > 5).count(), Arrays.stream(all).filter(x -> x > 2.5).count());
        System.out.println("demo seeds 0-9: " + demo);
    }
}
