package dysymnet.app;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The user guide ({@code docs/user-guide.md}) documents every command and option the program accepts, and names none
 * that it does not: the program here is the users' command line with the extensions on this module's class path,
 * so every command ({@code fit}, {@code predict}, {@code demo}, {@code bench}, {@code bench-scaling},
 * {@code bench-table}, {@code worker}; {@code help} has no options of its own). The guide has a section
 * {@code ### dysymnet NAME} per command with a table of its options (a row per option, the option first), and
 * sections whose heading ends in a list of commands, {@code ### Search options (fit, demo, bench)}, for options
 * that several commands share. An option counts as documented where a table row of its command's section, or of a
 * shared section that lists the command, starts with it (prose elsewhere does not count: removing the row fails).
 * Every table row's option must exist in its section's command (each command of a shared section), every option
 * named anywhere else in the guide's text must be some command's, and every {@code dysymnet ...} command line in a
 * code block of the guide or the README must parse.
 */
class UserGuideTest {
    private static final Path GUIDE = Path.of("../docs/user-guide.md");
    private static final Path README = Path.of("../README.md");
    private static final Pattern COMMAND_HEADING = Pattern.compile("### dysymnet ([a-z][a-z-]*)");
    private static final Pattern SHARED_HEADING = Pattern.compile("### .*\\(([a-z-]+(?:, [a-z-]+)*)\\)");
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*");
    private static final Pattern ROW_OPTION = Pattern.compile("^\\| `(--[a-z][a-z0-9-]*)");

    /** A heading of the guide (level 2 or 3) and the lines under it up to the next such heading. */
    private record Section(String heading, List<String> lines) {
        /** The commands whose options this section documents: one, several, or none (a section of prose). */
        List<String> commands() {
            Matcher c = COMMAND_HEADING.matcher(heading);
            if (c.matches()) {
                return List.of(c.group(1));
            }
            Matcher s = SHARED_HEADING.matcher(heading);
            return s.matches() ? List.of(s.group(1).split(", ")) : List.of();
        }
    }

    private static CommandLine program() {
        return dysymnet.cli.Main.commandLine(Main.subcommands());
    }

    /** Each command's options, by name, without the standard --help and --version (which every command has). */
    private static Map<String, List<OptionSpec>> commands() {
        Map<String, List<OptionSpec>> out = new LinkedHashMap<>();
        program().getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help")) {
                out.put(name, sub.getCommandSpec().options().stream()
                        .filter(o -> !o.usageHelp() && !o.versionHelp()).toList());
            }
        });
        return out;
    }

    private static List<Section> sections(Path file) throws IOException {
        List<Section> out = new ArrayList<>();
        Section current = new Section("(top)", new ArrayList<>());
        out.add(current);
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("## ") || line.startsWith("### ")) {
                current = new Section(line.strip(), new ArrayList<>());
                out.add(current);
            } else {
                current.lines().add(line);
            }
        }
        return out;
    }

    private static Set<String> mentioned(String text) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = OPTION.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    @Test
    void everyCommandAndOptionIsInTheGuideAndEveryOptionItNamesExists() throws IOException {
        Map<String, List<OptionSpec>> commands = commands();
        List<Section> sections = sections(GUIDE);
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, List<OptionSpec>> c : commands.entrySet()) {
            String command = c.getKey();
            String heading = "### dysymnet " + command;
            if (sections.stream().noneMatch(s -> s.heading().equals(heading))) {
                problems.add(GUIDE + " has no section for the command 'dysymnet " + command + "': add a heading '"
                        + heading + "' with a table of its options (| Option | What it does |)");
                continue;
            }
            Set<String> there = new LinkedHashSet<>();
            for (Section s : sections) {
                if (s.commands().contains(command)) {
                    for (String line : s.lines()) {
                        Matcher row = ROW_OPTION.matcher(line);
                        if (row.find()) {
                            there.add(row.group(1));
                        }
                    }
                }
            }
            CommandSpec spec = program().getSubcommands().get(command).getCommandSpec();
            CommandSpec search = spec.mixins().get("search");
            for (OptionSpec o : c.getValue()) {
                checked++;
                if (java.util.Arrays.stream(o.names()).noneMatch(there::contains)) {
                    boolean shared = search != null && search.options().stream()
                            .anyMatch(so -> so.longestName().equals(o.longestName()));
                    problems.add(GUIDE + " does not document the option " + o.longestName() + " of 'dysymnet "
                            + command + "': add a row | `" + o.longestName() + (o.arity().max() > 0 ? " "
                            + o.paramLabel() : "") + "` | ... | to the table under '" + (shared
                            ? sharedHeading(sections, command) + "' (a search option of fit, demo and bench)"
                            : heading + "'") + " (its help: " + String.join(" ", o.description()) + ")");
                }
            }
        }
        Set<String> every = new TreeSet<>();
        commands.values().forEach(l -> l.forEach(o -> every.addAll(List.of(o.names()))));
        every.addAll(List.of("--help", "--version"));
        for (Section s : sections) {
            List<String> its = s.commands();
            for (String line : s.lines()) {
                Matcher row = ROW_OPTION.matcher(line);
                if (!its.isEmpty() && row.find()) {
                    for (String command : its) {
                        List<OptionSpec> options = commands.get(command);
                        if (options == null) {
                            problems.add(GUIDE + " has a section '" + s.heading() + "' for the command '" + command
                                    + "', which the program does not have");
                        } else if (options.stream().noneMatch(o -> List.of(o.names()).contains(row.group(1)))) {
                            problems.add(GUIDE + " names the option " + row.group(1) + " under '" + s.heading()
                                    + "', but 'dysymnet " + command + "' has no such option: remove the row or fix"
                                    + " its name");
                        }
                    }
                }
            }
            for (String o : mentioned(proseOf(s.lines()))) {
                if (!every.contains(o)) {
                    problems.add(GUIDE + " names the option " + o + " under '" + s.heading()
                            + "', which no command of the program has");
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " problem(s) with the user guide:\n" + String.join("\n", problems));
        }
        assertTrue(checked > 100, "options checked: " + checked);
        System.out.println("UserGuideTest: " + checked + " options (counted per command) of the commands "
                + commands.keySet() + " are in " + GUIDE + ", and every option it names exists");
    }

    private static String sharedHeading(List<Section> sections, String command) {
        return sections.stream().filter(s -> !s.heading().startsWith("### dysymnet ")
                && s.commands().contains(command)).map(Section::heading).findFirst()
                .orElse("### Search options (fit, demo, bench)");
    }

    /** The lines outside fenced code blocks. */
    private static String proseOf(List<String> lines) {
        StringBuilder out = new StringBuilder();
        boolean code = false;
        for (String line : lines) {
            if (line.startsWith("```")) {
                code = !code;
            } else if (!code) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    /** The dysymnet command lines of the file's code blocks, as arguments (the program's name dropped). */
    private static List<List<String>> commandLines(Path file) throws IOException {
        List<List<String>> out = new ArrayList<>();
        boolean code = false;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) {
                code = !code;
                continue;
            }
            if (!code) {
                continue;
            }
            String l = line.replaceAll("\\s+#.*$", "").replaceAll("\\s*&$", "").strip();
            Matcher m = Pattern.compile("^(?:\\./dysymnet|dysymnet|java -jar \\S*dysymnet-[0-9.]+\\.jar"
                    + "|java -cp \\S+ dysymnet\\.app\\.Main)\\s+(.*)$").matcher(l);
            if (m.matches()) {
                List<String> args = List.of(m.group(1).split("\\s+"));
                // "dysymnet" alone also starts lines of output shown in code blocks ("dysymnet (this run) ...")
                if (!l.startsWith("dysymnet ") || args.get(0).startsWith("-")
                        || program().getSubcommands().containsKey(args.get(0))) {
                    out.add(args);
                }
            }
        }
        return out;
    }

    @Test
    void theCommandLinesOfTheGuideAndTheReadmeParse() throws IOException {
        List<String> problems = new ArrayList<>();
        int parsed = 0;
        for (Path file : List.of(GUIDE, README)) {
            for (List<String> args : commandLines(file)) {
                parsed++;
                try {
                    program().parseArgs(args.toArray(new String[0]));
                } catch (CommandLine.ParameterException e) {
                    problems.add(file + ": 'dysymnet " + String.join(" ", args) + "' does not parse: "
                            + e.getMessage());
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
        assertTrue(parsed >= 10, "command lines found: " + parsed);
    }
}
