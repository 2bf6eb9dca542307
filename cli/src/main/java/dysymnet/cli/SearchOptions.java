package dysymnet.cli;

import dysymnet.api.SymbolicRegressor;
import dysymnet.controller.ControllerConfig;
import dysymnet.net.TrainConfig;
import dysymnet.search.Budget;
import dysymnet.search.Refiner;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The search options shared by {@code fit}, {@code demo} and {@code bench} (a picocli mixin): each option is
 * defined here once, with its default and help text, and {@link #apply} hands it to the library's builder. An
 * option left unset keeps the library's default. Adding an option means adding it here and in the library. The
 * seed is {@link SeedOption} ({@code bench} takes a list of seeds instead).
 */
public final class SearchOptions {
    /** The wall-time budget when --time-limit is not given, in seconds. */
    public static final String DEFAULT_TIME_LIMIT = "60";

    @Option(names = "--time-limit", paramLabel = "SECONDS", defaultValue = DEFAULT_TIME_LIMIT,
            description = "Wall-time budget of the search (default ${DEFAULT-VALUE}; 0 = none).")
    double timeLimit;

    @Option(names = "--max-steps", paramLabel = "N",
            description = "Steps at most (default: with a time limit, steps until the time limit; without one, "
                    + Budget.DEFAULT_MAX_STEPS + "). A step runs the formula sources whose turn it is (see "
                    + "--allocation).")
    Integer maxSteps;

    @Option(names = "--allocation", paramLabel = "every-step|earned",
            description = "How the steps divide the search's work among the networks, the genetic programming and "
                    + "the term regression: earned (each gets a share that grows with what it has recently added "
                    + "to the Pareto front per second of its work, at least a tenth; the first step runs all three) "
                    + "or every-step (each runs in every step, the networks first) (default every-step).")
    String allocation;

    @Option(names = "--controller", paramLabel = "paper|learning",
            description = "How the RNN controller learns from each step's networks: learning (up to "
                    + ControllerConfig.LEARNING_UPDATES + " Adam steps of " + ControllerConfig.LEARNING_RATE_LEARNING
                    + " per step on rewards normalised by their spread, stopped once the policy moves more than "
                    + ControllerConfig.LEARNING_MAX_KL + " in KL divergence) or paper (the paper's one step of "
                    + ControllerConfig.DEFAULT_LEARNING_RATE + " on the raw rewards, under which the policy barely "
                    + "moves within a run) (default paper).")
    String controller;

    @Option(names = "--networks-per-step", paramLabel = "N",
            description = "Networks sampled per controller step (default " + Budget.DEFAULT_BATCH_SIZE + "; 0 trains "
                    + "none: each step is then one run of the genetic programming and of the term regression).")
    Integer batchSize;

    /** The old name of {@code --networks-per-step} (PySR users read "batch size" as rows), kept for one release. */
    @Option(names = "--batch-size", paramLabel = "N", hidden = true)
    Integer batchSizeOld;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: all cores).")
    Integer threads;

    @Option(names = "--cluster", paramLabel = "NAME",
            description = "Run on the workers of this cluster (started with 'dysymnet worker --cluster-name NAME'): "
                    + "fit trains each step's networks there, bench spreads its runs over them. The same seed and step "
                    + "budget give the same formula as without it.")
    String cluster;

    @Option(names = "--members", paramLabel = "LIST",
            description = "With --cluster: the workers' addresses, HOST:PORT,... (default: this machine, ports "
                    + "5711-5720).")
    String members;

    @Option(names = "--operators", paramLabel = "LIST",
            description = "Unit operators, e.g. id,sin,cos,exp,log,square,+,-,*,/; 'paper' is the paper's library "
                    + "(id,+,-,*,sin,cos,tan,exp,log,cosh,square), 'default' the default one, and both combine with "
                    + "others: paper,/ (default: id,+,-,*,/,sin,cos,tan,exp,log,sqrt,cosh,square, the paper's library "
                    + "with protected division and square root). Every operator: id neg sin cos tan exp log sqrt "
                    + "sinh cosh tanh abs square cube + - * / pow (pow: a^b of two inputs, |a|^b where a < 0 and b "
                    + "is not an integer).")
    String operators;

    @Option(names = "--forbid-nesting", paramLabel = "LIST",
            description = "Functions that must not occur inside others, as OUTER:INNER pairs, e.g. exp:exp,log:log,"
                    + "sin:cos (no cos anywhere inside a sin's argument); both must be functions of the operator "
                    + "library. No sampled network, GP formula or reported formula breaks them (default: none).")
    String forbidNesting;

    @Option(names = "--complexity-of", paramLabel = "LIST",
            description = "Complexity weights of operators, e.g. exp=3,sin=2,/=2 (whole numbers from 1 to 1000): a "
                    + "formula's complexity is then the sum of its nodes' weights, every other node weighing 1, for "
                    + "the Pareto front, the choice and --max-complexity. Names: + - * / ^ (or pow; x^2 is ^ over x "
                    + "and 2), neg and the functions (default: every node weighs 1, the node count).")
    String complexityOf;

    @Option(names = "--layers", paramLabel = "SET", description = "Possible numbers of hidden layers (default 1-5).")
    String layers;

    @Option(names = "--widths", paramLabel = "SET", description = "Possible units per layer (default 1-6).")
    String widths;

    @Option(names = "--train-steps", paramLabel = "N",
            description = "Steps of each of the two training stages of a network (default 10000).")
    Integer trainSteps;

    @Option(names = "--keep-fraction", paramLabel = "F",
            description = "Successive halving: from the second controller step on, a network whose training loss at "
                    + "a checkpoint (the end of its growing-window phases, the end of its first training stage) is "
                    + "worse than that fraction of the earlier steps' networks' there is given up, without the rest "
                    + "of its training and refinement (default "
                    + TrainConfig.DEFAULT_KEEP_FRACTION + "; 1 = train every network in full; in (0, 1]).")
    Double keepFraction;

    @Option(names = "--refiner", paramLabel = "LM|BFGS|NONE", description = "Constant refinement (default LM).")
    Refiner refiner;

    @Option(names = "--search-rows", paramLabel = "N",
            description = "Search on a random sample of at most N rows of larger data; the chosen formula is then "
                    + "refitted on up to 100000 rows and scored on all (default " + Budget.DEFAULT_SEARCH_ROWS
                    + "; 0 = all rows).")
    Integer searchRows;

    @Option(names = "--train-rows", paramLabel = "N",
            description = "Train each network on its own random sample of at most N of the search rows (drawn from "
                    + "the seed) and refine its formulas there; they are scored on all search rows (default "
                    + Budget.DEFAULT_TRAIN_ROWS + "; 0 = all rows).")
    Integer trainRows;

    @Option(names = "--select", paramLabel = "RULE",
            description = "How the reported formula is chosen from the Pareto front: best (by how well formulas "
                    + "predict rows they were not fitted to, the simpler preferred when the difference is within "
                    + "what the rows can tell: with one feature the later rows from the earlier ones, with several "
                    + "five-fold cross-validation; on an exact fit or too few rows, the simplest within 1.5x of the "
                    + "lowest training error or within the error the estimated noise explains), accurate (the "
                    + "lowest training error), or simplest-within=F (the simplest within F times the lowest "
                    + "training error, F >= 1). Formulas that blow up just outside the data are passed over by all "
                    + "three (default best).")
    String select;

    @Option(names = "--max-complexity", paramLabel = "N",
            description = "The reported formula has at most N nodes, or complexity N with --complexity-of (a hard "
                    + "cap; the search refines no read-off above 4N) (default 100).")
    Integer maxComplexity;

    @Option(names = "--no-elimination",
            description = "Skip the backward elimination that removes constants one at a time with refitting "
                    + "(faster, larger formulas).")
    boolean noElimination;

    /**
     * Checks every option and returns a builder with them and {@code seed} applied (commands call it first, so
     * that every option error is reported before any other work).
     */
    public SymbolicRegressor.Builder builder(SeedOption seed) {
        SymbolicRegressor.Builder b = SymbolicRegressor.builder().seed(seed.seed);
        apply(b);
        return b;
    }

    /** The cluster's name given by {@code --cluster}, or null to run here. */
    public String cluster() {
        return cluster;
    }

    /**
     * The members' addresses of {@code --members} (empty: this machine's default ports).
     *
     * @throws UserError when malformed, or given without {@code --cluster}
     */
    public List<String> members() {
        if (members != null && cluster == null) {
            throw new UserError("--members needs --cluster NAME");
        }
        if (cluster != null && cluster.isBlank()) {
            throw new UserError("--cluster needs a name, e.g. --cluster lab");
        }
        return ClusterSupport.parseMembers("--members", members);
    }

    /**
     * With {@code --cluster}: connects to the cluster and sets its trainer on {@code b}; the connection is to be
     * closed after the search. Without: null.
     *
     * @throws UserError when the cluster module is missing or no member can be reached
     */
    public ClusterSupport.Connection connectCluster(SymbolicRegressor.Builder b) {
        List<String> list = members();
        if (cluster == null) {
            return null;
        }
        ClusterSupport.Connection c = ClusterSupport.find().connect(cluster, list);
        b.trainer(c.trainer());
        return c;
    }

    /** Checks every option and applies those given to {@code b} (the time limit always). */
    public void apply(SymbolicRegressor.Builder b) {
        members();
        if (!(timeLimit >= 0) || Double.isInfinite(timeLimit)) {
            throw new UserError("--time-limit must be a number of seconds >= 0, got " + timeLimit);
        }
        b.timeLimit(timeLimit > 0 ? Duration.ofNanos(Math.round(Math.min(timeLimit, 1e9) * 1e9)) : null);
        if (maxSteps != null) {
            b.maxSteps(atLeast1("--max-steps", maxSteps));
        }
        if (allocation != null) {
            try {
                b.allocation(Budget.Allocation.of(allocation));
            } catch (IllegalArgumentException e) {
                throw new UserError("--allocation: " + e.getMessage());
            }
        }
        if (controller != null) {
            switch (controller) {
                case "learning" -> b.controller(ControllerConfig.learning());
                case "paper" -> b.controller(ControllerConfig.paper());
                default -> throw new UserError("--controller: unknown '" + controller + "'; valid: learning, paper");
            }
        }
        if (batchSize != null && batchSizeOld != null) {
            throw new UserError("--networks-per-step and --batch-size (its old name) are the same option: give one");
        }
        if (batchSize != null) {
            b.batchSize(atLeast0("--networks-per-step", batchSize));
        } else if (batchSizeOld != null) {
            b.batchSize(atLeast0("--batch-size", batchSizeOld));
        }
        if (threads != null) {
            b.threads(atLeast1("--threads", threads));
        }
        if (operators != null) {
            b.operators(Sets.operators(operators));
        }
        if (layers != null) {
            b.layers(Sets.integers("--layers", layers, 1));
        }
        if (widths != null) {
            b.widths(Sets.integers("--widths", widths, 1));
        }
        if (trainSteps != null || keepFraction != null) {
            TrainConfig.Builder t = TrainConfig.defaults().toBuilder();
            if (trainSteps != null) {
                int n = atLeast1("--train-steps", trainSteps);
                t.stage1Steps(n).stage2Steps(n).fineTuneSteps(Math.min(TrainConfig.defaults().fineTuneSteps(), n));
            }
            if (keepFraction != null) {
                if (!(keepFraction > 0 && keepFraction <= 1)) {
                    throw new UserError("--keep-fraction must be in (0, 1], got " + keepFraction);
                }
                t.keepFraction(keepFraction);
            }
            b.training(t.build());
        }
        if (refiner != null) {
            b.refiner(refiner);
        }
        if (noElimination) {
            b.elimination(false);
        }
        if (select != null) {
            applySelect(select, b);
        }
        if (maxComplexity != null) {
            b.maxComplexity(atLeast1("--max-complexity", maxComplexity));
        }
        if (searchRows != null) {
            if (searchRows < 0 || searchRows == 1) {
                throw new UserError("--search-rows must be 0 (all rows) or at least 2, got " + searchRows);
            }
            b.searchRows(searchRows);
        }
        if (trainRows != null) {
            if (trainRows < 0 || trainRows == 1) {
                throw new UserError("--train-rows must be 0 (all rows) or at least 2, got " + trainRows);
            }
            b.trainRows(trainRows);
        }
        if (forbidNesting != null) {
            b.forbiddenNesting(Sets.nesting(forbidNesting));
            checkSettings("--forbid-nesting", b);
        }
        if (complexityOf != null) {
            b.complexityWeights(Sets.complexityWeights(complexityOf));
            checkSettings("--complexity-of", b);
        }
    }

    /** The settings as given so far, checked together (a rule naming a function the library lacks, say). */
    private static void checkSettings(String option, SymbolicRegressor.Builder b) {
        try {
            b.settings();
        } catch (IllegalArgumentException e) {
            throw new UserError(option + ": " + e.getMessage());
        }
    }

    /** {@code --select}: best (the defaults), accurate, or simplest-within=F. */
    static void applySelect(String rule, SymbolicRegressor.Builder b) {
        String r = rule.trim();
        if (r.equals("best")) {
            return;
        }
        if (r.equals("accurate")) {
            b.selectionFactor(1.0).noiseAwareSelection(false).validation(false);
            return;
        }
        String prefix = "simplest-within=";
        if (r.startsWith(prefix)) {
            double f;
            try {
                f = Double.parseDouble(r.substring(prefix.length()));
            } catch (NumberFormatException e) {
                f = Double.NaN;
            }
            if (!(f >= 1) || Double.isInfinite(f)) {
                throw new UserError("--select simplest-within=F: F must be a number >= 1, got '"
                        + r.substring(prefix.length()) + "'");
            }
            b.selectionFactor(f).noiseAwareSelection(false).validation(false);
            return;
        }
        throw new UserError("--select: unknown rule '" + rule + "' (best, accurate or simplest-within=F)");
    }

    private static int atLeast0(String option, int v) {
        if (v < 0) {
            throw new UserError(option + " must be at least 0, got " + v);
        }
        return v;
    }

    private static int atLeast1(String option, int v) {
        if (v < 1) {
            throw new UserError(option + " must be at least 1, got " + v);
        }
        return v;
    }
}
