package dysymnet.units;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Units as JSON, as model.json keeps them (and {@code bench --save-splits} beside a run's candidates): {@code columns}
 * (each feature's unit as a unit text, {@link UnitText}), {@code target} (its unit text, null when none was given)
 * and {@code dimensionless_constants}.
 */
public final class UnitsJson {
    private UnitsJson() {
    }

    /** Writes {@code u} into {@code node} and returns it. */
    public static ObjectNode write(ObjectNode node, Units u) {
        ObjectNode cols = node.putObject("columns");
        u.columns().forEach((name, d) -> cols.put(name, d.toString()));
        if (u.target() == null) {
            node.putNull("target");
        } else {
            node.put("target", u.target().toString());
        }
        node.put("dimensionless_constants", u.dimensionlessConstants());
        return node;
    }

    /** The units {@link #write} wrote into {@code n}; null when {@code n} is null or not an object. */
    public static Units read(JsonNode n) {
        if (n == null || !n.isObject()) {
            return null;
        }
        Map<String, Dimension> cols = new LinkedHashMap<>();
        n.path("columns").properties().forEach(f -> cols.put(f.getKey(), UnitText.parse(f.getValue().asText())));
        JsonNode t = n.get("target");
        return new Units(cols, t == null || t.isNull() ? null : UnitText.parse(t.asText()),
                n.path("dimensionless_constants").asBoolean(false));
    }
}
