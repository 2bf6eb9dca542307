package dysymnet.search;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import dysymnet.expr.ComplexityWeights;
import dysymnet.expr.NestingConstraints;
import dysymnet.expr.UserFunction;
import dysymnet.net.Operator;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * {@link Settings} as structured JSON: one object per group, each field under its record component's name,
 * operators by label, the time limit in seconds (null for none). Reading starts from the defaults, so a file
 * written before a setting existed reads with that setting's default; an unknown field is an error.
 */
public final class SettingsJson {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new SimpleModule("dysymnet-settings")
                    .addSerializer(Operator.class, new JsonSerializer<>() {
                        @Override
                        public void serialize(Operator op, JsonGenerator g, SerializerProvider p) throws IOException {
                            g.writeString(op.label());
                        }
                    })
                    .addDeserializer(Operator.class, new JsonDeserializer<>() {
                        @Override
                        public Operator deserialize(JsonParser p, DeserializationContext c) throws IOException {
                            return Operator.parse(p.getValueAsString(), functions(c));
                        }
                    })
                    .addSerializer(ComplexityWeights.class, new JsonSerializer<>() {
                        @Override
                        public void serialize(ComplexityWeights w, JsonGenerator g, SerializerProvider p)
                                throws IOException {
                            g.writeStartObject();
                            for (Map.Entry<String, Integer> e : w.weights().entrySet()) {
                                g.writeNumberField(e.getKey(), e.getValue());
                            }
                            g.writeEndObject();
                        }

                        @Override
                        public boolean isEmpty(SerializerProvider p, ComplexityWeights w) {
                            return w == null || w.isEmpty();
                        }
                    })
                    .addDeserializer(ComplexityWeights.class, new JsonDeserializer<>() {
                        @Override
                        public ComplexityWeights deserialize(JsonParser p, DeserializationContext c)
                                throws IOException {
                            Map<String, Integer> w = p.readValueAs(new TypeReference<Map<String, Integer>>() {
                            });
                            return ComplexityWeights.of(w);
                        }
                    })
                    .addSerializer(NestingConstraints.class, new JsonSerializer<>() {
                        @Override
                        public void serialize(NestingConstraints n, JsonGenerator g, SerializerProvider p)
                                throws IOException {
                            g.writeStartArray();
                            for (NestingConstraints.Rule r : n.rules()) {
                                g.writeString(r.toString());
                            }
                            g.writeEndArray();
                        }

                        @Override
                        public boolean isEmpty(SerializerProvider p, NestingConstraints n) {
                            return n == null || n.isEmpty();
                        }
                    })
                    .addDeserializer(NestingConstraints.class, new JsonDeserializer<>() {
                        @Override
                        public NestingConstraints deserialize(JsonParser p, DeserializationContext c)
                                throws IOException {
                            String[] rules = p.readValueAs(String[].class);
                            return NestingConstraints.of(rules);
                        }
                    })
                    .addSerializer(Duration.class, new JsonSerializer<>() {
                        @Override
                        public void serialize(Duration d, JsonGenerator g, SerializerProvider p) throws IOException {
                            g.writeNumber(d.toNanos() / 1e9);
                        }
                    })
                    .addDeserializer(Duration.class, new JsonDeserializer<>() {
                        @Override
                        public Duration deserialize(JsonParser p, DeserializationContext c) throws IOException {
                            return Duration.ofNanos(Math.round(p.getDoubleValue() * 1e9));
                        }
                    }))
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** The attribute of a read that holds the user functions by name. */
    private static final String FUNCTIONS = "dysymnet.functions";

    static {
        // no weights, no constraints: not written, so that the settings of a default search read as before
        JsonInclude.Value nonEmpty = JsonInclude.Value.construct(JsonInclude.Include.NON_EMPTY,
                JsonInclude.Include.NON_EMPTY);
        MAPPER.configOverride(ComplexityWeights.class).setInclude(nonEmpty);
        MAPPER.configOverride(NestingConstraints.class).setInclude(nonEmpty);
    }

    private SettingsJson() {
    }

    @SuppressWarnings("unchecked")
    private static Collection<UserFunction> functions(DeserializationContext c) {
        Object f = c.getAttribute(FUNCTIONS);
        return f == null ? List.of() : (Collection<UserFunction>) f;
    }

    /** The settings as a JSON object. */
    public static ObjectNode write(Settings s) {
        return MAPPER.valueToTree(s);
    }

    /**
     * Settings from a JSON object written by {@link #write}; fields it lacks take their defaults.
     *
     * @throws IllegalArgumentException when a field is unknown, of the wrong type, or its value is invalid
     */
    public static Settings read(JsonNode json) {
        return read(json, List.of());
    }

    /**
     * Settings from a JSON object written by {@link #write}, whose operator library may name the user-defined
     * {@code functions} (an operator that is neither built in nor among them is an error).
     */
    public static Settings read(JsonNode json, Collection<UserFunction> functions) {
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("settings must be a JSON object");
        }
        ObjectNode merged = write(Settings.defaults());
        merge(merged, json);
        try {
            return MAPPER.readerFor(Settings.class).withAttribute(FUNCTIONS, List.copyOf(functions))
                    .readValue(merged);
        } catch (IOException | RuntimeException e) {
            Throwable cause = e;
            while (cause.getCause() != null && cause.getCause() != cause) {
                cause = cause.getCause();
            }
            String msg = cause instanceof IllegalArgumentException ? cause.getMessage() : e.getMessage();
            throw new IllegalArgumentException("invalid settings: " + firstLine(msg), e);
        }
    }

    /** Canonical one-line text of the settings (for fingerprints and resume keys): equal settings, equal text. */
    public static String canonical(Settings s) {
        return write(s).toString();
    }

    private static void merge(ObjectNode base, JsonNode over) {
        Iterator<Map.Entry<String, JsonNode>> it = over.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode old = base.get(e.getKey());
            if (old != null && old.isObject() && e.getValue().isObject()) {
                merge((ObjectNode) old, e.getValue());
            } else {
                base.set(e.getKey(), e.getValue());
            }
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown problem";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
