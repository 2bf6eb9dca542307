package dysymnet.io;

import java.io.IOException;

/** A consumer that may throw {@link IOException}, e.g. code that writes an output stream. */
@FunctionalInterface
public interface IOConsumer<T> {
    void accept(T t) throws IOException;
}
