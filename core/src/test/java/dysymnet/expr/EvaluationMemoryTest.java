package dysymnet.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Evaluating a formula takes memory for the rows, not for the rows times the formula's nodes: a formula of about
 * 5000 nodes on 200,000 rows evaluates in a JVM of 256 MB (a column per node would be 8 GB). The evaluation runs
 * in a child JVM, started with that heap, by {@link #main}.
 *
 * <p>Tagged slow (a JVM start and some seconds of evaluation).
 */
@Tag("slow")
class EvaluationMemoryTest {
    static final int ROWS = 200_000;
    static final int NODES = 5_000;

    /** A sum of random formulas over x and y with at least {@link #NODES} nodes. */
    static Expr largeFormula() {
        SplittableRandom rng = new SplittableRandom(2026);
        Expr e = ExprTestSupport.random(rng, 6);
        while (e.complexity() < NODES) {
            e = Expr.add(e, ExprTestSupport.random(rng, 6));
        }
        return e;
    }

    /** The child: evaluates the large formula on the rows as predicting and scoring do, prints a checksum. */
    public static void main(String[] args) {
        SplittableRandom rng = new SplittableRandom(1);
        double[][] cols = new double[2][ROWS];
        for (double[] c : cols) {
            for (int i = 0; i < ROWS; i++) {
                c[i] = rng.nextDouble(-3, 3);
            }
        }
        Expr e = largeFormula();
        Dataset d = new Dataset(List.of("x", "y"), cols, new double[ROWS]);
        double[] values = Evaluator.evaluate(e, d);
        CompiledExpr p = CompiledExpr.parameterized(e, d.names(), ROWS);
        double[] again = p.values(cols, p.initialParameters());
        long same = 0;
        for (int i = 0; i < ROWS; i++) {
            same += Double.doubleToLongBits(values[i]) == Double.doubleToLongBits(again[i]) ? 1 : 0;
        }
        System.out.println("nodes " + e.complexity() + ", rows " + ROWS + ", equal " + same);
        System.exit(same == ROWS ? 0 : 2);
    }

    @Test
    void aLargeFormulaEvaluatesOnManyRowsInASmallHeap() throws IOException, InterruptedException {
        assertTrue(largeFormula().complexity() >= NODES);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path log = Files.createTempFile("dysymnet-memory", ".log");
        try {
            ProcessBuilder pb = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                    EvaluationMemoryTest.class.getName());
            pb.redirectErrorStream(true);
            pb.redirectOutput(log.toFile());
            Process child = pb.start();
            if (!child.waitFor(120, TimeUnit.SECONDS)) {
                child.destroyForcibly();
                throw new AssertionError("the child JVM did not end within 120 s");
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertEquals(0, child.exitValue(), () -> "child output:\n" + out);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
