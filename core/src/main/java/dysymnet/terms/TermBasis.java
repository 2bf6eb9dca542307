package dysymnet.terms;

import dysymnet.data.Dataset;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Singularities;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryFunction;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;
import dysymnet.gp.Primitives;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The terms a target is fitted with, simplest first:
 * <ol>
 *   <li>the constant and the monomials of the inputs, up to the highest total degree whose count stays within
 *       {@value #MAX_MONOMIALS} (degree 8 in one input, 7 in two, 4 in three; degree 1 when the library cannot
 *       multiply);</li>
 *   <li>each one-argument function of the library applied to each input;</li>
 *   <li>a power law {@code prod x_j^a_j} with exponents rounded to halves ({@link PowerLaw#roundedTerm}), when the
 *       target and some inputs keep one sign;</li>
 *   <li>(added per run, {@link #with}) the additive terms, without their coefficients, of the formulas the search
 *       found so far ({@link #splitTerms}), up to {@link TermSettings#maxBasis()} terms in all.</li>
 * </ol>
 * Beside it, the <em>interactions</em>' basis ({@link TermSettings#interactions()}), fitted on the first run: the
 * constant, the inputs, their functions, each input times each function of an input, each function of one input
 * times each function of another ({@code x*sin(x)}, {@code sin(x)*cos(y)}, {@code y*log(x)}), at most
 * {@value #INTERACTION_BASIS_FACTOR} times {@link TermSettings#maxBasis()} columns. Terms with a pole or a log
 * singularity inside the rows' box ({@link Singularities}) are left out of both.
 *
 * <p>On a <em>wide</em> table (the basis would be cut at its size, or the products' basis before each input times
 * each function: four inputs or more with the default library) the inputs are screened first ({@link #ranked}:
 * forward selection over the inputs and their functions on the rows): the functions of the strongest inputs come
 * first in the basis, and the products' basis holds the inputs, the functions of the strongest inputs and the
 * pairwise products of the strongest columns ({@code x_k*x_l}, {@code x_j*cos(x_l)}, squares of the inputs), so a
 * cut drops the weakest columns, not the last inputs'. On the housing tables of 8 and 16 inputs the products the
 * old order kept were those of the first one or two inputs.
 */
final class TermBasis {
    /** Monomials of the basis at most: fixes the polynomial degree for the number of inputs. */
    static final int MAX_MONOMIALS = 40;
    /** The highest polynomial degree tried. */
    static final int MAX_DEGREE = 8;
    /** A seed formula's terms larger than this are left out (they are the curve-fitting parts). */
    static final int MAX_SEED_TERM_SIZE = 25;
    /** Columns of the interactions' basis at most, as a multiple of {@link TermSettings#maxBasis()}. */
    static final int INTERACTION_BASIS_FACTOR = 2;
    /** Columns ranked on a wide table at most ({@link #ranked}). */
    static final int RANKED = 20;

    /** The rows the singularities are checked on. */
    private final Dataset fitRows;
    private final int maxBasis;
    /** The basis without the seeds' terms: the constant first, then monomials, functions of inputs, power law. */
    private final List<Expr> fixed;
    /** Where the functions of the inputs start in the basis, and where the power law (or the seeds' terms) start. */
    private final int functionsStart;
    private final int functionsEnd;
    /** The power law's fit on the rows (null when there is none). */
    private final PowerLaw powerLawFit;
    /** The power law with its exponents as fitted (a candidate of the first run), or null. */
    private final Expr powerLaw;
    /** The interactions' basis (empty when not fitted); {@link #interactionGroups} ends its kinds. */
    private final List<Expr> interactions;
    private final int[] interactionGroups;

    /**
     * @param names    the inputs' names
     * @param fitRows  the rows the power law is fitted on and the singularities checked on
     */
    TermBasis(List<String> names, Dataset fitRows, Primitives primitives, TermSettings settings) {
        this.fitRows = fitRows;
        this.maxBasis = settings.maxBasis();
        boolean canMultiply = primitives.binaries().contains(BinaryOp.MUL);
        List<Expr> basis = new ArrayList<>();
        basis.add(new Const(1));
        List<Expr> functions = new ArrayList<>();
        List<Integer> functionInput = new ArrayList<>();
        for (UnaryFunction f : primitives.functions()) {
            if (f == UnaryOp.NEG) {
                continue;
            }
            for (int j = 0; j < names.size(); j++) {
                Expr t = new Unary(f, new Var(names.get(j)));
                if (!Singularities.inside(t, fitRows)) {
                    functions.add(t);
                    functionInput.add(j);
                }
            }
        }
        int degree = canMultiply ? degreeFor(names.size(), MAX_MONOMIALS, MAX_DEGREE) : 1;
        List<Expr> monomials = monomials(names, 1, degree);
        int cap = INTERACTION_BASIS_FACTOR * settings.maxBasis() + 1;
        boolean interact = canMultiply && settings.interactions();
        // a wide table: the basis would be cut, or the products' basis before each input times each function (three
        // inputs fit, four do not with the default library), so the strongest columns go first, not the first ones
        boolean wide = 1 + monomials.size() + functions.size() > maxBasis + 1
                || interact && 1 + names.size() + functions.size() * (1L + names.size()) > cap;
        List<Expr> ranked = wide ? ranked(names, functions, fitRows, RANKED) : List.of();
        List<Expr> strongFunctions = new ArrayList<>();
        if (wide) {
            // the functions of the strongest inputs first (each input's in the library's order), then the others
            for (Expr t : ranked) {
                if (t instanceof Var v) {
                    for (Expr f : functions) {
                        if (f.variables().contains(v.name())) {
                            strongFunctions.add(f);
                        }
                    }
                }
            }
            List<Expr> reordered = new ArrayList<>(strongFunctions);
            for (Expr t : functions) {
                if (!reordered.contains(t)) {
                    reordered.add(t);
                }
            }
            functions = reordered;
        }
        basis.addAll(monomials);
        this.functionsStart = basis.size();
        basis.addAll(functions);
        this.functionsEnd = basis.size();
        PowerLaw fit = PowerLaw.fit(fitRows);
        this.powerLawFit = fit;
        this.powerLaw = fit == null ? null : fit.formula(names);
        Expr law = fit != null && (canMultiply || names.size() == 1) ? fit.roundedTerm(names) : null;
        if (law != null && !basis.contains(law)) {
            basis.add(law);
        }
        this.fixed = List.copyOf(basis);
        List<Expr> inter = new ArrayList<>();
        inter.add(new Const(1));
        for (String v : names) {
            inter.add(new Var(v));
        }
        if (wide && interact) {
            // the inputs, the functions of the strongest inputs, and the products of the strongest columns
            for (Expr f : strongFunctions) {
                if (inter.size() < cap / 2) {
                    inter.add(f);
                }
            }
            int simple = inter.size();
            int k = rankedForProducts(ranked.size(), cap - inter.size());
            for (int b = 0; b < k; b++) {
                for (int a = 0; a <= b; a++) {
                    Expr ta = ranked.get(a);
                    Expr tb = ranked.get(b);
                    boolean square = a == b && ta instanceof Var;
                    if (square || a != b && !ta.variables().equals(tb.variables())) {
                        inter.add(Expr.mul(ta, tb));
                    }
                }
            }
            this.interactions = List.copyOf(inter.subList(0, Math.min(cap, inter.size())));
            this.interactionGroups = new int[] {simple, interactions.size(), interactions.size()};
            return;
        }
        inter.addAll(functions);
        int simple = inter.size();
        if (interact) {
            for (String v : names) {
                for (Expr f : functions) {
                    inter.add(Expr.mul(new Var(v), f));
                }
            }
        }
        int products = inter.size();
        if (interact) {
            for (int a = 0; a < functions.size(); a++) {
                for (int b = a + 1; b < functions.size(); b++) {
                    if (!functionInput.get(a).equals(functionInput.get(b)) || names.size() == 1) {
                        inter.add(Expr.mul(functions.get(a), functions.get(b)));
                    }
                }
            }
        }
        this.interactions = interact ? List.copyOf(inter.subList(0, Math.min(cap, inter.size()))) : List.of();
        this.interactionGroups = new int[] {simple, products, interactions.size()};
    }

    /** The most ranked columns whose pairwise products fit in {@code room} columns: {@code k(k+1)/2 <= room}. */
    static int rankedForProducts(int available, int room) {
        int k = 0;
        while (k < available && (k + 1) * (k + 2) / 2 <= room) {
            k++;
        }
        return k;
    }

    /**
     * The inputs and their functions in the order forward selection takes them on {@code rows} (weighted), each
     * input just before its first function taken, at most {@code limit}: the columns that explain the most of the
     * target first. A wide table's basis and its products'
     * basis are cut; screening keeps the strongest columns and their interactions instead of the first inputs'.
     */
    static List<Expr> ranked(List<String> names, List<Expr> functions, Dataset rows, int limit) {
        List<Expr> simple = new ArrayList<>();
        simple.add(new Const(1));
        for (String v : names) {
            simple.add(new Var(v));
        }
        simple.addAll(functions);
        double[] root = SubsetSelection.rootWeights(rows);
        double[][] cols = SubsetSelection.scaledColumns(simple, rows, root);
        double[] y = SubsetSelection.scaled(rows.y(), root);
        // a column that overflows on the rows is never taken: forward selection skips columns without a finite norm
        int[] all = new int[cols.length];
        Arrays.setAll(all, k -> k);
        List<Expr> out = new ArrayList<>();
        int[] previous = new int[0];
        for (int[] subset : SparsePath.forward(cols, y, all, limit + 1)) {
            for (int k : subset) {
                if (Arrays.binarySearch(previous, k) < 0 && k != 0) {
                    // the input itself before its first function: its products are the plainest interactions
                    Var input = new Var(simple.get(k).variables().iterator().next());
                    if (!out.contains(input)) {
                        out.add(input);
                    }
                    if (!out.contains(simple.get(k))) {
                        out.add(simple.get(k));
                    }
                }
            }
            previous = subset;
        }
        return out.size() > limit ? out.subList(0, limit) : out;
    }

    /** The basis without the seeds' terms. */
    List<Expr> fixed() {
        return fixed;
    }

    /**
     * The basis with {@code extra} terms (the seeds' terms, those not in {@link #fixed()}) added in their order, each
     * without a singularity inside the rows, up to {@link TermSettings#maxBasis()} terms besides the constant; the
     * fixed basis itself cut there when it is larger.
     */
    List<Expr> with(Set<Expr> extra) {
        List<Expr> basis = new ArrayList<>(fixed);
        for (Expr t : extra) {
            if (basis.size() >= maxBasis + 1) {
                break;
            }
            if (!Singularities.inside(t, fitRows)) {
                basis.add(t);
            }
        }
        if (basis.size() > maxBasis + 1) {
            basis = basis.subList(0, maxBasis + 1);
        }
        return basis;
    }

    /**
     * The ends of the kinds of {@code basis} (one of {@link #with}): the monomials, the functions of the inputs, the
     * power law, the seeds' terms, for {@link SubsetSelection#subsets}.
     */
    int[] groups(List<Expr> basis) {
        return new int[] {functionsStart, functionsEnd, fixed.size(), basis.size()};
    }

    /** The power law's fit on the rows, null when there is none. */
    PowerLaw powerLawFit() {
        return powerLawFit;
    }

    /** The power law with its exponents as fitted, null when there is none. */
    Expr powerLaw() {
        return powerLaw;
    }

    /** The interactions' basis, empty when the library cannot multiply or the settings leave it out. */
    List<Expr> interactions() {
        return interactions;
    }

    /** The ends of the interactions' kinds: the simple terms, the input-function products, the function products. */
    int[] interactionGroups() {
        return interactionGroups;
    }

    /** The terms of a sum, each without its numeric coefficient, added to {@code out} when small and not constant. */
    static void splitTerms(Expr e, Set<Expr> out) {
        if (e instanceof Binary b && (b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB)) {
            splitTerms(b.left(), out);
            splitTerms(b.right(), out);
            return;
        }
        if (e instanceof Unary u && u.op() == UnaryOp.NEG) {
            splitTerms(u.arg(), out);
            return;
        }
        Expr t = withoutCoefficient(e);
        if (t != null && t.complexity() <= MAX_SEED_TERM_SIZE && !t.variables().isEmpty()) {
            out.add(t);
        }
    }

    private static Expr withoutCoefficient(Expr e) {
        if (e instanceof Const) {
            return null;
        }
        if (e instanceof Binary b && b.op() == BinaryOp.MUL) {
            if (b.left() instanceof Const) {
                return withoutCoefficient(b.right());
            }
            if (b.right() instanceof Const) {
                return withoutCoefficient(b.left());
            }
        }
        if (e instanceof Binary b && b.op() == BinaryOp.DIV && b.right() instanceof Const) {
            return withoutCoefficient(b.left());
        }
        if (e instanceof Unary u && u.op() == UnaryOp.NEG) {
            return withoutCoefficient(u.arg());
        }
        return e;
    }

    /** The highest degree at most {@code maxDegree} whose monomials of degree 1..D number at most {@code budget}. */
    static int degreeFor(int features, int budget, int maxDegree) {
        int best = 0;
        for (int deg = 1; deg <= maxDegree; deg++) {
            if (monomialCount(features, deg) > budget) {
                break;
            }
            best = deg;
        }
        return best;
    }

    /** Monomials of degree 1..D in {@code d} variables: C(D + d, d) - 1. */
    static long monomialCount(int d, int degree) {
        long c = 1;
        for (int k = 1; k <= d; k++) {
            c = c * (degree + k) / k;
            if (c > Integer.MAX_VALUE) {
                return Integer.MAX_VALUE;
            }
        }
        return c - 1;
    }

    /** The monomials of total degree {@code from}..{@code to}, by degree, then with the earlier variables first. */
    static List<Expr> monomials(List<String> vars, int from, int to) {
        List<Expr> out = new ArrayList<>();
        for (int deg = from; deg <= to; deg++) {
            exponents(vars.size(), deg, 0, new int[vars.size()], vars, out);
        }
        return out;
    }

    private static void exponents(int d, int left, int j, int[] e, List<String> vars, List<Expr> out) {
        if (j == d - 1) {
            e[j] = left;
            Expr m = null;
            for (int k = 0; k < d; k++) {
                if (e[k] == 0) {
                    continue;
                }
                Expr f = e[k] == 1 ? new Var(vars.get(k)) : Expr.pow(new Var(vars.get(k)), new Const(e[k]));
                m = m == null ? f : Expr.mul(m, f);
            }
            out.add(m);
            return;
        }
        for (int p = left; p >= 0; p--) {
            e[j] = p;
            exponents(d, left - p, j + 1, e, vars, out);
        }
    }

    /** The terms' values on the rows, one column per term. */
    static double[][] columns(List<Expr> terms, Dataset rows) {
        double[][] cols = new double[terms.size()][];
        for (int k = 0; k < cols.length; k++) {
            cols[k] = Evaluator.evaluate(terms.get(k), rows);
        }
        return cols;
    }

    /** {@code c_0*t_0 + c_1*t_1 + ...}, the constant term (the term 1) written as its coefficient alone. */
    static Expr linearCombination(List<Expr> terms, double[] c) {
        Expr sum = null;
        for (int k = 0; k < terms.size(); k++) {
            Expr t = terms.get(k) instanceof Const one && one.value() == 1 ? new Const(c[k])
                    : Expr.mul(new Const(c[k]), terms.get(k));
            sum = sum == null ? t : Expr.add(sum, t);
        }
        return sum;
    }
}
