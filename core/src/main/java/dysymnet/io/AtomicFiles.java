package dysymnet.io;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes output files all-or-nothing: the content goes to a temporary file in the target's directory, which is
 * then moved over the target. Readers of the target see either the old file or the complete new one, never a
 * half-written file, and a failed write leaves neither a partial target nor the temporary file behind.
 */
public final class AtomicFiles {
    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFiles() {
    }

    /**
     * Writes {@code target} with what {@code writer} puts into the stream it is given.
     *
     * @param target the file to create or replace; its directory must exist
     * @param writer writes the content; it must not close the stream (closing is harmless, though)
     * @throws IOException if writing or moving fails; the target is then unchanged
     */
    public static void write(Path target, IOConsumer<OutputStream> writer) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IOException("directory " + dir + " does not exist");
        }
        Path tmp = createTemp(dir, absolute.getFileName().toString());
        boolean moved = false;
        try {
            // FileOutputStream rather than Files.newOutputStream so that the data can be forced to disk before
            // the rename makes it visible; the temp file gets the default permissions (umask), unlike
            // Files.createTempFile, so the final file is as readable as any other output.
            try (FileOutputStream file = new FileOutputStream(tmp.toFile());
                 OutputStream out = new BufferedOutputStream(new NonClosing(file), 1 << 16)) {
                writer.accept(out);
                out.flush();
                file.getChannel().force(true);
            }
            try {
                Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            if (!moved) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the original failure matters more than a leftover temp file
                }
            }
        }
    }

    /** Writes {@code text} as UTF-8 to {@code target}, atomically. */
    public static void writeString(Path target, String text) throws IOException {
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static Path createTemp(Path dir, String name) throws IOException {
        long pid = ProcessHandle.current().pid();
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + name + "." + pid + "." + COUNTER.incrementAndGet() + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }

    /** Lets the writer close its stream without closing the file before it is forced to disk. */
    private static final class NonClosing extends OutputStream {
        private final OutputStream out;

        NonClosing(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() {
            // the owner closes the file
        }
    }
}
