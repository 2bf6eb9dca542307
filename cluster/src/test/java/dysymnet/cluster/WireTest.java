package dysymnet.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.internal.serialization.SerializationService;
import com.hazelcast.internal.serialization.impl.DefaultSerializationServiceBuilder;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import dysymnet.data.Dataset;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.UserFunction;
import dysymnet.net.Architecture;
import dysymnet.search.ArchitecturePipeline;
import dysymnet.search.Candidate;
import dysymnet.search.Source;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The records of the cluster's tasks through Hazelcast's serialization, as between two members. */
class WireTest {
    private final SerializationService ss = new DefaultSerializationServiceBuilder()
            .addDataSerializableFactory(CoreTaskTypes.FACTORY_ID, new CoreTaskTypes().factory()).build();

    private <T> T roundTrip(T o) {
        return ss.toObject(ss.toData(o));
    }

    private static Candidate candidate(Expr e) {
        return new Candidate(e, e.complexity(), 1e-3, 0.99, 0.9, Source.NETWORK, "[sin]", 2);
    }

    @Test
    void formulasComeBackAsTheSameTreesBitForBit() {
        Expr odd = new dysymnet.expr.Binary(BinaryOp.ADD, Expr.num(-0.0),
                new dysymnet.expr.Binary(BinaryOp.MUL, Expr.num(Double.MIN_VALUE), Expr.num(Double.NaN)));
        // a deep formula: no stack frame per level on the wire
        Expr deep = Expr.var("x");
        for (int i = 0; i < 5_000; i++) {
            deep = new Unary(i % 2 == 0 ? UnaryOp.SIN : UnaryOp.COS, deep);
        }
        for (Expr e : List.of(Parser.parse("x^3 + sin(2.000000504047302*x)/(x - 0.1)"), odd, deep)) {
            Candidate c = candidate(e);
            Candidate rep = candidate(Expr.num(3.0));
            ArchitecturePipeline.Result r = new ArchitecturePipeline.Result(rep, List.of(c, rep));
            TrainReply back = roundTrip(TrainReply.ok(r));
            assertEquals(TrainReply.Status.OK, back.status());
            assertEquals(r, back.result());
        }
        Candidate rep = candidate(Expr.num(0.0));
        ArchitecturePipeline.Result given = new ArchitecturePipeline.Result(rep, List.of(rep), new double[] {0.375, Double.NaN}, true);
        assertEquals(given, ((TrainReply) roundTrip(TrainReply.ok(given))).result());
        ArchitecturePipeline.Result kept = new ArchitecturePipeline.Result(rep, List.of(rep), new double[] {0.375, 0.125}, false);
        assertEquals(kept, ((TrainReply) roundTrip(TrainReply.ok(kept))).result());
        Expr oddBack = ((TrainReply) roundTrip(TrainReply.ok(new ArchitecturePipeline.Result(candidate(odd),
                List.of(candidate(odd)))))).result().representative().expression();
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(
                ((dysymnet.expr.Const) ((dysymnet.expr.Binary) oddBack).left()).value()));
    }

    @Test
    void weightedDataComeBackWithTheirWeightsBitForBit() {
        double[] w = {0.3, 1.7, 2.9, 0.1};
        Dataset d = new Dataset(List.of("a", "b"), new double[][] {{1, 2, 3, 4}, {5, 6, 7, 8}},
                new double[] {1, 0, -1, 2}, w, "w");
        SearchData back = roundTrip(new SearchData("{}", d));
        assertEquals("{}", back.settingsJson());
        assertEquals(d.names(), back.data().names());
        assertArrayEquals(d.column(1), back.data().column(1));
        assertArrayEquals(d.y(), back.data().y());
        assertArrayEquals(d.weights(), back.data().weights());
        assertEquals("w", back.data().weightsName());
        Dataset plain = new Dataset(List.of("x"), new double[][] {{1, 2}}, new double[] {3, 4});
        assertNull(((SearchData) roundTrip(new SearchData("{}", plain))).data().weights());
    }

    @Test
    void aTrainingTaskKeepsItsArchitectureIndexAndBound() {
        Architecture a = Architecture.parse("[sin,square,*]-[id,cos]");
        TrainTask t = roundTrip(new TrainTask("id-1", a, 123_456_789_012L, 7, new double[] {0.0625, 0.03125}, -1));
        assertArrayEquals(ss.toData(new TrainTask("id-1", a, 123_456_789_012L, 7, new double[] {0.0625, 0.03125}, -1)).toByteArray(),
                ss.toData(t).toByteArray());
        assertFalse(Arrays.equals(ss.toData(new TrainTask("id-1", a, 123_456_789_012L, 7, new double[] {0.0625, 0.0625}, -1)).toByteArray(),
                ss.toData(t).toByteArray()));
    }

    @Test
    void userDefinedFunctionsAreNotWritten() {
        UserFunction f = UserFunction.unary("twice", v -> 2 * v, v -> 2.0).build();
        Expr e = new Unary(f, Expr.var("x"));
        HazelcastSerializationException ex = assertThrows(HazelcastSerializationException.class,
                () -> ss.toData(TrainReply.ok(new ArchitecturePipeline.Result(candidate(e), List.of(candidate(e))))));
        assertTrue(String.valueOf(ex.getCause()).contains("user-defined function"), String.valueOf(ex));
    }
}
