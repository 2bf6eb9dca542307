package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.testing.Tables;
import org.junit.jupiter.api.Test;

/** What solves a search: an exact formula within the size cap that is not an interpolant of the rows. */
class SolvedTest {
    private static Dataset table(String law, int n, long seed) {
        return Tables.threeFeatures(law, n, seed);
    }

    @Test
    void aFormulaWithAsManyConstantsAsRowsDoesNotEndTheSearch() {
        Dataset d = table("a*b + c", 3, 4);
        Settings settings = Settings.builder().seed(1).build();
        DataFacts facts = DataFacts.of(d);
        Candidates many = new Candidates(new Scorer(facts, settings), settings.budget(), 100);
        // three constants through three rows: exact, and no law
        Expr interpolant = Parser.parse("1.5*a + 2.5*b + 3.5*c");
        many.add(new Candidate(interpolant, 9, 0, 1, 1, Source.GP, null, 0));
        assertFalse(many.solved(), "three constants on three rows interpolate");
        many.add(new Candidate(Parser.parse("a*b + c"), 5, 0, 1, 1, Source.GP, null, 0));
        assertTrue(many.solved());
        Candidates capped = new Candidates(new Scorer(facts, settings), settings.budget(), 4);
        capped.add(new Candidate(Parser.parse("a*b + c"), 5, 0, 1, 1, Source.GP, null, 0));
        assertFalse(capped.solved(), "a formula above the size cap cannot be reported, so it solves nothing");
    }
}
