package dysymnet.io.table;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Sniffs what a file's bytes are before they are read as lines: gzip (by its magic bytes, whatever the name), a ZIP
 * archive or spreadsheet, binary data (control bytes), and the text's charset (UTF-8, else ISO-8859-1).
 */
final class TextInput {
    /** Bytes looked at for binary content. */
    static final int SNIFF_BYTES = 8192;

    /** The text of a file, decoded, and whether it was gzip-compressed. */
    record Opened(BufferedReader reader, boolean gzipped) {
    }

    private TextInput() {
    }

    /**
     * Opens the text of {@code raw}.
     *
     * @param raw      the file's bytes; must support mark and reset
     * @param shown    the file as messages name it
     * @param fileName the file's name, to tell a gzip file that is not valid gzip data from other binary data
     * @throws InputException if the file is empty, not valid gzip data, an archive or binary data
     * @throws IOException    if reading fails
     */
    static Opened open(InputStream raw, String shown, String fileName) throws IOException {
        byte[] magic = peek(raw, 4);
        if (magic.length == 0) {
            throw InputException.of(shown, "file is empty");
        }
        InputStream in = raw;
        boolean gzipped = false;
        if (magic.length >= 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
            gzipped = true;
            try {
                in = new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16);
            } catch (ZipException | EOFException e) {
                throw InputException.of(shown, "not valid gzip data");
            }
        } else if (magic.length >= 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4) {
            throw InputException.of(shown,
                    "not a text table (a ZIP archive or a spreadsheet; export it as CSV or TSV)");
        }
        byte[] sample;
        try {
            sample = peek(in, SNIFF_BYTES);
        } catch (ZipException | EOFException e) {
            throw InputException.of(shown, "not valid gzip data" + (gzipped ? " (corrupt or truncated)" : ""));
        }
        if (sample.length == 0) {
            throw InputException.of(shown, "file is empty");
        }
        for (int k = 0; k < sample.length; k++) {
            int b = sample[k] & 0xff;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' || b == 0x7f) {
                if (!gzipped && fileName.toLowerCase(Locale.ROOT).endsWith(".gz")) {
                    throw InputException.of(shown, "not valid gzip data");
                }
                throw InputException.of(shown, String.format(Locale.ROOT,
                        "not a text table (binary data: byte 0x%02X at offset %d%s)",
                        b, k, gzipped ? " of the decompressed data" : ""));
            }
        }
        Charset charset = isUtf8(sample) ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1;
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        return new Opened(new BufferedReader(new InputStreamReader(in, decoder), 1 << 16), gzipped);
    }

    private static byte[] peek(InputStream in, int n) throws IOException {
        in.mark(n);
        byte[] b = in.readNBytes(n);
        in.reset();
        return b;
    }

    /** Whether {@code sample} is valid UTF-8, allowing a character cut off at its end. */
    private static boolean isUtf8(byte[] sample) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        CoderResult r = d.decode(ByteBuffer.wrap(sample), CharBuffer.allocate(sample.length), false);
        return !r.isError();
    }
}
