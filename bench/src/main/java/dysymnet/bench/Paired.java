package dysymnet.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The paired comparison of ablations: each run of an ablation against the run of a reference ablation on the same
 * problem, seed, noise level and budget (time limit and step limit), counted as won, lost or tied, so that a reader
 * sees an effect without trusting an average.
 *
 * <p>The references of an ablation: the full method ({@code none}), and, for a list, each list of the file with one
 * of its parts fewer ({@code networks-only+no-pg} against {@code networks-only} and {@code no-pg}), when the file has
 * runs of them. The rule of one pair ({@link #outcome}): on a problem with a known truth, an exact (symbolic) solution
 * beats an inexact one and two of the same exactness tie; on one without (black-box, balls), the higher test R^2
 * wins by more than {@value #R2_TIE}, closer is a tie (a failed run, or a non-finite R^2, is below any).
 */
final class Paired {
    /** Test R^2 differences up to this are ties on problems without a known truth. */
    static final double R2_TIE = 1e-3;

    /**
     * The counts of one ablation against one reference at one noise level.
     *
     * @param ablation the ablation's label
     * @param against  the reference's label
     * @param noise    the noise level, as in results.csv
     * @param won      pairs where the ablation's run did better
     * @param lost     pairs where the reference's run did better
     * @param tied     pairs where neither did
     */
    record Tally(String ablation, String against, String noise, int won, int lost, int tied) {
        int pairs() {
            return won + lost + tied;
        }
    }

    private Paired() {
    }

    /** +1 when {@code run} did better than {@code reference} (the run of the same problem, seed and noise), -1 when worse, 0 for a tie. */
    static int outcome(ResultRow run, ResultRow reference) {
        if (!run.truth().isEmpty() || !reference.truth().isEmpty()) {
            return Boolean.compare(exact(run), exact(reference));
        }
        double a = r2(run);
        double b = r2(reference);
        if (a == b || Math.abs(a - b) <= R2_TIE) {
            return 0;
        }
        return a > b ? 1 : -1;
    }

    /** Whether a run found its problem's law (the symbolic check said yes). */
    static boolean exact(ResultRow r) {
        return Boolean.TRUE.equals(r.symbolic());
    }

    /** The run's test R^2, -inf for a failed run or a non-finite R^2. */
    static double r2(ResultRow r) {
        return r.failed() || Double.isNaN(r.r2Test()) ? Double.NEGATIVE_INFINITY : r.r2Test();
    }

    /** The references of an ablation among the labels of the file: none, and the lists with one part fewer. */
    static List<String> references(String ablation, Set<String> labels) {
        List<String> out = new ArrayList<>();
        if (ablation.equals("none")) {
            return out;
        }
        if (labels.contains("none")) {
            out.add("none");
        }
        List<String> parts = Arrays.asList(ablation.split("\\+"));
        if (parts.size() > 1) {
            // the last part removed first: networks-only+no-pg against networks-only before no-pg
            for (int k = parts.size() - 1; k >= 0; k--) {
                List<String> fewer = new ArrayList<>(parts);
                fewer.remove(k);
                String label = String.join("+", fewer);
                if (labels.contains(label) && !out.contains(label)) {
                    out.add(label);
                }
            }
        }
        return out;
    }

    /**
     * Every ablation of the rows (one per run) against each of its references, per noise level, in order of first
     * appearance; only the combinations with at least one pair.
     */
    static List<Tally> compare(List<ResultRow> rows) {
        Set<String> labels = new LinkedHashSet<>(rows.stream().map(ResultRow::ablation).collect(Collectors.toList()));
        Map<String, ResultRow> byRun = new HashMap<>();
        for (ResultRow r : rows) {
            byRun.put(pairKey(r, r.ablation()), r);
        }
        Map<List<String>, int[]> counts = new LinkedHashMap<>();
        for (String ablation : labels) {
            for (String against : references(ablation, labels)) {
                for (ResultRow r : rows) {
                    if (!r.ablation().equals(ablation)) {
                        continue;
                    }
                    ResultRow ref = byRun.get(pairKey(r, against));
                    if (ref == null) {
                        continue;
                    }
                    int[] c = counts.computeIfAbsent(List.of(ablation, against, ResultRow.num(r.noise())),
                            k -> new int[3]);
                    c[1 - outcome(r, ref)]++;
                }
            }
        }
        List<Tally> out = new ArrayList<>();
        for (Map.Entry<List<String>, int[]> e : counts.entrySet()) {
            List<String> k = e.getKey();
            int[] c = e.getValue();
            out.add(new Tally(k.get(0), k.get(1), k.get(2), c[0], c[2], c[1]));
        }
        return out;
    }

    /** The run with this ablation on the row's problem, seed, noise level and budget. */
    private static String pairKey(ResultRow r, String ablation) {
        return r.suite() + '\u0000' + r.problem() + '\u0000' + r.seed() + '\u0000' + Double.toString(r.noise())
                + '\u0000' + ablation + '\u0000' + Double.toString(r.timeLimit()) + '\u0000' + r.maxSteps();
    }
}
