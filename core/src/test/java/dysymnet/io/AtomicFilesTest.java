package dysymnet.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    private List<String> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void writesAndReplaces() throws IOException {
        Path target = dir.resolve("out.json");
        AtomicFiles.writeString(target, "first");
        AtomicFiles.write(target, out -> out.write("second".getBytes(StandardCharsets.UTF_8)));
        assertEquals("second", Files.readString(target));
        assertEquals(List.of("out.json"), listing());
    }

    @Test
    void failureLeavesNoPartialTargetAndNoTempFile() throws IOException {
        Path target = dir.resolve("result.csv");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(target, out -> {
            out.write(new byte[100_000]);
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertFalse(Files.exists(target));
        assertEquals(List.of(), listing());
    }

    @Test
    void failureKeepsTheOldContent() throws IOException {
        Path target = dir.resolve("model.json");
        AtomicFiles.writeString(target, "old");
        assertThrows(RuntimeException.class, () -> AtomicFiles.write(target, out -> {
            out.write("half".getBytes(StandardCharsets.UTF_8));
            throw new IllegalStateException("bug");
        }));
        assertEquals("old", Files.readString(target));
        assertEquals(List.of("model.json"), listing());
    }

    @Test
    void missingDirectory() {
        assertThrows(IOException.class, () -> AtomicFiles.writeString(dir.resolve("no/such/dir/x.txt"), "x"));
    }
}
