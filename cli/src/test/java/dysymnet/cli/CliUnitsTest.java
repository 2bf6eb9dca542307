package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fit --units} and units in the header end to end: the JSON report's units and unit check, the text report's
 * line, and every bad input as one line with exit code 2.
 */
class CliUnitsTest {
    @TempDir
    Path dir;

    /** 40 rows of a thrown ball's height h = v0*t - 4.9*t^2, under the given header. */
    private Path drop(String header) throws IOException {
        StringBuilder sb = new StringBuilder(header + "\n");
        for (int i = 0; i < 40; i++) {
            double t = 0.1 + 2.0 * i / 39;
            double v0 = 5 + (i * 7 % 11);
            sb.append(String.format(Locale.ROOT, "%.6f,%.6f,%.9f%n", t, v0, v0 * t - 4.9 * t * t));
        }
        Path f = dir.resolve("drop.csv");
        Files.writeString(f, sb, StandardCharsets.UTF_8);
        return f;
    }

    private static JsonNode json(CliRun r) throws IOException {
        assertEquals(0, r.code(), r::toString);
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void unitsByNameGiveTheReportsUnitCheck() throws IOException {
        Path data = drop("t,v0,h");
        JsonNode j = json(CliRun.fit(data, "--units", "t=s, v0=m/s, h=m", "--format", "json", "--quiet"));
        assertEquals("s", j.path("units").path("columns").path("t").asText());
        assertEquals("m/s", j.path("units").path("columns").path("v0").asText());
        assertEquals("m", j.path("units").path("target").asText());
        assertFalse(j.path("units").path("dimensionless_constants").asBoolean());
        assertTrue(j.path("unit_check").path("consistent").asBoolean(), j::toString);
        for (JsonNode member : j.path("pareto")) {
            assertTrue(member.path("units").asText().matches("(not )?consistent.*"), member::toString);
        }
        for (JsonNode c : j.path("constants")) {
            assertTrue(c.has("unit"), c::toString);
        }
        CliRun text = CliRun.fit(data, "--units", "t=s, v0=m/s, h=m", "--quiet");
        assertEquals(0, text.code(), text::toString);
        assertTrue(text.out().contains("  units: consistent"), text::toString);
        // without units: no unit line, no units in the JSON
        CliRun plain = CliRun.fit(data, "--quiet");
        assertFalse(plain.out().contains("units:"), plain::toString);
        assertFalse(json(CliRun.fit(data, "--format", "json", "--quiet")).has("unit_check"));
    }

    @Test
    void unitsInTheHeaderAndInAFileOfExponents() throws IOException {
        JsonNode j = json(CliRun.fit(drop("t [s],v0 [m/s],h [m]"), "--format", "json", "--quiet"));
        assertEquals("m/s", j.path("units").path("columns").path("v0_m_s").asText(), j::toString);
        assertEquals("m", j.path("units").path("target").asText());
        Path table = dir.resolve("units.csv");
        Files.writeString(table, "Variable,Units,m,s,kg,T,V\nt,Time,0,1,0,0,0\nv0,Speed,1,-1,0,0,0\n"
                + "h,Height,1,0,0,0,0\nq,Charge,2,-2,1,0,-1\n", StandardCharsets.UTF_8);
        JsonNode f = json(CliRun.fit(drop("t,v0,h"), "--units", table.toString(), "--dimensionless-constants",
                "--format", "json", "--quiet"));
        assertEquals("s", f.path("units").path("columns").path("t").asText());
        assertTrue(f.path("units").path("dimensionless_constants").asBoolean());
        // a header whose brackets are not all units is read as before, with a note
        CliRun money = CliRun.fit(drop("t [s],v0 [USD],h"), "--features", "t [s],v0 [USD]");
        assertEquals(0, money.code(), money::toString);
        assertTrue(money.err().contains("fitting without units"), money::toString);
        assertFalse(money.out().contains("units:"), money::toString);
    }

    @Test
    void badUnitsAreOneLineAndExitTwo() throws IOException {
        Path data = drop("t,v0,h");
        Path json = dir.resolve("never.json");
        CliRun unknown = CliRun.fit(data, "--units", "t=s, v0=furlong/s, h=m", "--json", json.toString());
        CliBadInputTest.assertOneLineError(unknown);
        assertTrue(unknown.err().contains("--units: v0: unknown unit 'furlong'"), unknown::toString);
        assertFalse(Files.exists(json));
        CliBadInputTest.assertOneLineError(CliRun.fit(data, "--units", "t=s, q=m"));
        assertTrue(CliRun.fit(data, "--units", "t=s, q=m").err().contains("no column 'q'"));
        CliRun missing = CliRun.fit(data, "--units", "t=s, h=m");
        CliBadInputTest.assertOneLineError(missing);
        assertTrue(missing.err().contains("no unit for the feature 'v0'"), missing::toString);
        CliRun noFile = CliRun.fit(data, "--units", dir.resolve("nope.csv").toString());
        CliBadInputTest.assertOneLineError(noFile);
        assertTrue(noFile.err().contains("no such file"), noFile::toString);
        Path twice = dir.resolve("twice.csv");
        Files.writeString(twice, "name,unit\nt,s\nv0,m/s\nt,m\n", StandardCharsets.UTF_8);
        CliRun clash = CliRun.fit(data, "--units", twice.toString());
        CliBadInputTest.assertOneLineError(clash);
        assertTrue(clash.err().contains(twice + ": line 4: t in m, but line 2 gave it in s"), clash::toString);
        CliRun pure = CliRun.fit(data, "--dimensionless-constants");
        CliBadInputTest.assertOneLineError(pure);
        assertTrue(pure.err().contains("--dimensionless-constants needs units"), pure::toString);
        CliBadInputTest.assertOneLineError(CliRun.fit(drop("t [s],v0 [m/s],h [m]"), "--units", "h=parsec"));
    }
}
