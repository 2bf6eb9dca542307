package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.search.Candidate;
import dysymnet.search.Source;
import dysymnet.search.StepEvent;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressTest {

    static Candidate candidate(String formula, double r2) {
        Expr e = Parser.parse(formula);
        return new Candidate(e, e.complexity(), 1 - r2, r2, 0.5, Source.GP, null, 0);
    }

    @Test
    void theLineShowsTheFormulaThatWouldBeChosenNowBesideTheMostAccurate() {
        StringWriter sw = new StringWriter();
        Progress p = new Progress(new PrintWriter(sw), false, false, 10, null);
        Candidate best = candidate("x^3 + 0.001*sin(40*x) + x", 0.999999);
        Candidate leading = candidate("x^3 + x", 0.9999);
        p.onStep(new StepEvent(0, 10, 4, best, leading, 0.5, 0.9, Duration.ofMillis(1500)));
        String line = sw.toString();
        assertTrue(line.startsWith("step 1/10, 4 networks, 1.5 s, best R2 0.999999, size "), line);
        assertTrue(line.contains("now: x^3 + x (size 5, R2 0.999900)"), line);
        // a long formula is cut
        StringBuilder longSum = new StringBuilder("x");
        for (int i = 0; i < 40; i++) {
            longSum.append(" + sin(").append(i + 2).append("*x)");
        }
        String shown = Progress.best(new StepEvent(1, 10, 8, best, candidate(longSum.toString(), 0.99), 0.5, 0.9,
                Duration.ZERO));
        String now = shown.substring(shown.indexOf("now: ") + 5, shown.indexOf(" (size"));
        assertEquals(Progress.MAX_SHOWN, now.length(), now);
        assertTrue(now.endsWith("..."), now);
    }
}
