package dysymnet.search;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What one formula source got and gave in a search ({@link SourceShares}): reported in {@code fit --timings},
 * {@code model.json} and the bench's results, so that each source's worth per second can be read off.
 *
 * @param source  the source's name ({@link Source#name()})
 * @param runs    its runs, before the steps and in them
 * @param seconds their wall time
 * @param work    the work the allocation counted: the seconds with a time limit, else the source's counted work
 *                ({@link CandidateSource#work()}, in nominal seconds)
 * @param gain    what its candidates added to the Pareto front ({@link FrontGain})
 * @param share   its share of the work at the end of the search
 */
public record SourceAccount(String source, int runs, double seconds, double work, double gain, double share) {
    public SourceAccount {
        Objects.requireNonNull(source, "source");
    }

    /**
     * The accounts as a text table, one line per source under a header (what {@code fit --timings} prints): its
     * runs, seconds and their share of the sources' seconds, the counted work, the gain and the final share.
     */
    public static String table(List<SourceAccount> accounts) {
        double total = 0;
        for (SourceAccount a : accounts) {
            total += a.seconds;
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-8s %6s %9s %7s %9s %9s %7s%n", "source", "runs", "seconds", "of all",
                "work", "gain", "share"));
        for (SourceAccount a : accounts) {
            b.append(String.format(Locale.ROOT, "%-8s %6d %9.2f %6.1f%% %9.2f %9.4f %6.1f%%%n", a.source, a.runs,
                    a.seconds, total > 0 ? 100 * a.seconds / total : 0, a.work, a.gain, 100 * a.share));
        }
        return b.toString();
    }
}
