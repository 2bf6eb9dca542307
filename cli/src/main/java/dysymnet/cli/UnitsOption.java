package dysymnet.cli;

import dysymnet.io.table.Selection;
import dysymnet.units.Dimension;
import dysymnet.units.UnitTable;
import dysymnet.units.UnitText;
import dysymnet.units.Units;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The units of {@code fit}'s columns: from {@code --units} (a file: {@link UnitTable}; else {@code NAME=UNIT} pairs
 * separated by commas) and from the header ({@code h [m]}). Without {@code --units} the header's units are used when
 * every feature's header ends in a readable {@code [unit]}; with it, the header's units fill in what {@code --units}
 * does not name, and every feature then needs a unit. Each problem is a {@link UserError} (exit 2) naming the option
 * or file, the column and the problem.
 */
final class UnitsOption {
    /** A header's unit: a name followed by a unit in brackets, {@code h [m]}. */
    private static final Pattern HEADER_UNIT = Pattern.compile("^(.*?\\S)\\s*\\[([^\\[\\]]+)\\]\\s*$");

    private UnitsOption() {
    }

    /**
     * The units of the selected columns, or null when none are given; {@code err} gets a one-line note when some
     * header units were read but not every feature has one (then unused).
     */
    static Units resolve(String option, Selection train, boolean dimensionlessConstants, PrintWriter err) {
        List<String> features = train.featureNames();
        String target = train.targetName();
        List<String> columns = new ArrayList<>(features);
        columns.add(target);
        Map<String, Dimension> given = option == null ? Map.of() : given(option, train, columns);
        Map<String, Dimension> header = new LinkedHashMap<>();
        String headerProblem = null;
        for (String c : columns) {
            Matcher m = HEADER_UNIT.matcher(train.original(c));
            if (m.matches()) {
                try {
                    header.put(c, UnitText.parse(m.group(2)));
                } catch (IllegalArgumentException e) {
                    if (headerProblem == null) {
                        headerProblem = "column '" + train.original(c) + "': " + e.getMessage();
                    }
                }
            }
        }
        if (option == null) {
            boolean all = headerProblem == null && features.stream().allMatch(header::containsKey);
            if (!all) {
                if (!header.isEmpty() && err != null) {
                    err.println("dysymnet: note: fitting without units: not every feature's header ends in a unit"
                            + (headerProblem == null ? "" : " (" + headerProblem + ")"));
                    err.flush();
                }
                return null;
            }
        } else if (headerProblem != null) {
            throw new UserError("header unit of " + headerProblem);
        }
        Map<String, Dimension> units = new LinkedHashMap<>(header);
        units.putAll(given);
        Map<String, Dimension> cols = new LinkedHashMap<>();
        for (String f : features) {
            Dimension d = units.get(f);
            if (d == null) {
                throw new UserError("--units: no unit for the feature '" + train.original(f) + "' (give it as "
                        + f + "=UNIT, 1 for a dimensionless one, or in its header as '" + f + " [UNIT]')");
            }
            cols.put(f, d);
        }
        return new Units(cols, units.get(target), dimensionlessConstants);
    }

    /** The units {@code --units} gives, by variable name. */
    private static Map<String, Dimension> given(String option, Selection train, List<String> columns) {
        Path file = Path.of(option);
        boolean isFile = !option.contains("=") || Files.isRegularFile(file);
        if (isFile) {
            if (!Files.isRegularFile(file)) {
                throw new UserError("--units " + option + ": no such file (and not NAME=UNIT pairs such as "
                        + "\"t=s, h=m\")");
            }
            Map<String, Dimension> table;
            try {
                table = UnitTable.parse(Files.readAllLines(file, StandardCharsets.UTF_8));
            } catch (IOException | java.io.UncheckedIOException e) {
                throw new UserError("--units " + option + ": cannot read it (" + e.getMessage() + ")");
            } catch (IllegalArgumentException e) {
                throw new UserError("--units " + option + ": " + e.getMessage());
            }
            // a table may hold more quantities than the data's columns (AI Feynman's has all 100 laws')
            Map<String, Dimension> out = new LinkedHashMap<>();
            for (String c : columns) {
                Dimension d = table.get(c);
                if (d == null) {
                    d = table.get(train.original(c));
                }
                if (d != null) {
                    out.put(c, d);
                }
            }
            return out;
        }
        Map<String, Dimension> out = new LinkedHashMap<>();
        for (String pair : option.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new UserError("--units: '" + pair.strip() + "' is not NAME=UNIT");
            }
            String name = pair.substring(0, eq).strip();
            String column = column(name, train, columns);
            if (column == null) {
                throw new UserError("--units: no column '" + name + "' among the features and the target ("
                        + String.join(", ", columns) + ")");
            }
            try {
                if (out.put(column, UnitText.parse(pair.substring(eq + 1))) != null) {
                    throw new UserError("--units: '" + name + "' given twice");
                }
            } catch (IllegalArgumentException e) {
                throw new UserError("--units: " + name + ": " + e.getMessage());
            }
        }
        return out;
    }

    private static String column(String name, Selection train, List<String> columns) {
        for (String c : columns) {
            if (c.equals(name)) {
                return c;
            }
        }
        for (String c : columns) {
            String original = train.original(c);
            Matcher m = HEADER_UNIT.matcher(original);
            if (original.equals(name) || m.matches() && m.group(1).equals(name)) {
                return c;
            }
        }
        return null;
    }
}
