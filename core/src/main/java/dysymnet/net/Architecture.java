package dysymnet.net;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The architecture of a symbolic network: its hidden layers, each a list of unit operators. Within a layer the
 * unary units come first and the binary units after them (the paper's wiring); the constructor puts them in that
 * order and otherwise keeps the given order.
 */
public record Architecture(List<Layer> layers) {

    /** One hidden layer: the operator of each unit. */
    public record Layer(List<Operator> units) {
        public Layer {
            Objects.requireNonNull(units, "units");
            if (units.isEmpty()) {
                throw new IllegalArgumentException("a layer needs at least one unit");
            }
            List<Operator> ordered = new ArrayList<>();
            for (Operator op : units) {
                if (!Objects.requireNonNull(op, "operator").isBinary()) {
                    ordered.add(op);
                }
            }
            for (Operator op : units) {
                if (op.isBinary()) {
                    ordered.add(op);
                }
            }
            units = Collections.unmodifiableList(ordered);
        }

        public static Layer of(Operator... ops) {
            return new Layer(List.of(ops));
        }

        public int unaryCount() {
            return (int) units.stream().filter(o -> !o.isBinary()).count();
        }

        public int binaryCount() {
            return units.size() - unaryCount();
        }

        /** Columns of the layer's linear map: one per unary unit, two per binary unit. */
        public int inputWidth() {
            return unaryCount() + 2 * binaryCount();
        }

        /** Columns the layer outputs: one per unit. */
        public int outputWidth() {
            return units.size();
        }

        /** The layer with its unary and binary units each sorted by operator: same function class. */
        public Layer canonical() {
            List<Operator> s = new ArrayList<>(units);
            Collections.sort(s);
            return new Layer(s);
        }

        @Override
        public String toString() {
            return units.stream().map(Operator::label).collect(Collectors.joining(",", "[", "]"));
        }
    }

    public Architecture {
        Objects.requireNonNull(layers, "layers");
        if (layers.isEmpty()) {
            throw new IllegalArgumentException("an architecture needs at least one hidden layer");
        }
        layers = List.copyOf(layers);
    }

    public static Architecture of(Layer... layers) {
        return new Architecture(List.of(layers));
    }

    public int depth() {
        return layers.size();
    }

    /**
     * The canonical form: units within each layer sorted. Two architectures with the same canonical form
     * span the same set of functions (units of a layer are interchangeable up to a permutation of weights).
     */
    public Architecture canonical() {
        return new Architecture(layers.stream().map(Layer::canonical).collect(Collectors.toList()));
    }

    /** A compact text form such as {@code [sin,square,*]-[id,cos]}, parseable by {@link #parse(String)}. */
    @Override
    public String toString() {
        return layers.stream().map(Layer::toString).collect(Collectors.joining("-"));
    }

    /** Parses the form printed by {@link #toString()}: layers in brackets joined by '-'. */
    public static Architecture parse(String text) {
        String t = text.trim();
        List<Layer> ls = new ArrayList<>();
        int i = 0;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c == '[') {
                int close = t.indexOf(']', i);
                if (close < 0) {
                    throw new IllegalArgumentException("unclosed '[' at position " + i + " in '" + text + "'");
                }
                List<Operator> ops = new ArrayList<>();
                for (String s : t.substring(i + 1, close).split(",")) {
                    ops.add(Operator.parse(s));
                }
                ls.add(new Layer(ops));
                i = close + 1;
            } else if (c == '-' || Character.isWhitespace(c)) {
                i++;
            } else {
                throw new IllegalArgumentException("expected '[' at position " + i + " in '" + text + "'");
            }
        }
        return new Architecture(ls);
    }
}
