package dysymnet.jmh;

import dysymnet.expr.CompiledExpr;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Evaluations per second of a compiled 20-node formula ({@link CompiledExpr}) over all rows of a table: the values
 * alone (what scoring a candidate costs), and the values with the Jacobian of its 4 constants (what one
 * Levenberg-Marquardt iteration asks). One operation is one evaluation of every row; rows per second are the
 * operations times {@link #rows}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class EvaluationBenchmark {
    /** 20 nodes, 4 refinable constants, 3 variables; the usual operators of a read-off (products, sine, exp, powers). */
    public static final String FORMULA = "2.5*x1*sin(1.3*x2 + 0.2) + x3^2 - 0.7*exp(-x3)";

    @Param({"200", "100000"})
    public int rows;

    private double[][] columns;
    private CompiledExpr values;
    private CompiledExpr jacobian;
    private double[] theta;
    private double[] valuesOut;
    private double[][] jacobianOut;

    @Setup(Level.Trial)
    public void setUp() {
        Expr e = Parser.parse(FORMULA);
        if (e.complexity() != 20) {
            throw new IllegalStateException("the formula has " + e.complexity() + " nodes, not 20: " + FORMULA);
        }
        SplittableRandom r = new SplittableRandom(3);
        columns = new double[3][rows];
        for (double[] c : columns) {
            for (int i = 0; i < rows; i++) {
                c[i] = r.nextDouble(-3, 3);
            }
        }
        List<String> names = List.of("x1", "x2", "x3");
        values = CompiledExpr.compile(e, names, rows);
        jacobian = CompiledExpr.parameterized(e, names, rows);
        theta = jacobian.initialParameters();
        if (theta.length != 4) {
            throw new IllegalStateException("expected 4 constants, got " + theta.length);
        }
        valuesOut = new double[rows];
        jacobianOut = new double[theta.length][rows];
    }

    /** The values of every row. */
    @Benchmark
    public double[] values() {
        return values.values(columns);
    }

    /** The values and the Jacobian with respect to the 4 constants, of every row. */
    @Benchmark
    public double[][] valuesAndJacobian() {
        jacobian.valuesAndJacobian(columns, theta, valuesOut, jacobianOut);
        return jacobianOut;
    }
}
