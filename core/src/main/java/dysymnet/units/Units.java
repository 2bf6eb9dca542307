package dysymnet.units;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The units of a fit's data: the dimension of each feature by its variable name, the target's (null: not given,
 * the formula's unit is then only reported), and how constants are treated ({@link DimensionCheck}: free, the
 * default, or dimensionless). Immutable; {@link UnitText} reads the unit texts.
 *
 * @param columns                the dimension of each feature, by variable name, in the data's order
 * @param target                 the target's dimension, or null when not given
 * @param dimensionlessConstants whether every constant is a pure number (else each may carry a unit)
 */
public record Units(Map<String, Dimension> columns, Dimension target, boolean dimensionlessConstants) {
    public Units {
        Objects.requireNonNull(columns, "columns");
        columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
        for (Map.Entry<String, Dimension> e : columns.entrySet()) {
            Objects.requireNonNull(e.getKey(), "column name");
            Objects.requireNonNull(e.getValue(), "unit of " + e.getKey());
        }
    }

    /** The dimension of the variable {@code name}, or null when it has none. */
    public Dimension of(String name) {
        return columns.get(name);
    }

    /** These units with the constants dimensionless ({@code true}) or free. */
    public Units withDimensionlessConstants(boolean on) {
        return new Units(columns, target, on);
    }
}
