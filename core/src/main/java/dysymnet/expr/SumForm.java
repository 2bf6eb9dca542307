package dysymnet.expr;

import dysymnet.expr.ProductForm.Factor;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sum view of simplified expressions, part of {@link Simplifier}: {@code constant + sum of coefficient *
 * monomial}, monomials keyed by their sorted factors, so that like terms merge; and the canonical tree built back
 * from it (terms by degree and {@link ExprOrder}, signs written as subtractions, a numeric factor distributed over a
 * sum when that does not make the tree larger).
 */
final class SumForm {
    /** The constant term. */
    double constant;
    /** The coefficient of each monomial, keyed by its factors in {@link ProductForm#FACTOR_ORDER}; none is 0. */
    final Map<List<Factor>, Double> terms = new LinkedHashMap<>();

    void addAll(SumForm o) {
        constant = BinaryOp.ADD.apply(constant, o.constant);
        for (Map.Entry<List<Factor>, Double> t : o.terms.entrySet()) {
            addTerm(t.getValue(), t.getKey());
        }
    }

    SumForm copy() {
        SumForm s = new SumForm();
        s.constant = constant;
        s.terms.putAll(terms);
        return s;
    }

    /** Adds {@code scale * s} for a simplified {@code s}, flattening nested sums. */
    void add(Expr s, double scale) {
        if (s instanceof Const) {
            constant = BinaryOp.ADD.apply(constant, BinaryOp.MUL.apply(scale, ((Const) s).value()));
            return;
        }
        if (isSum(s)) {
            Binary b = (Binary) s;
            add(b.left(), scale);
            add(b.right(), b.op() == BinaryOp.ADD ? scale : -scale);
            return;
        }
        ProductForm p = ProductForm.of(s).scale(scale);
        if (p.factors.isEmpty()) {
            constant = BinaryOp.ADD.apply(constant, p.coefficient);
        } else {
            addTerm(p.coefficient, p.sortedFactors());
        }
    }

    void addTerm(double c, List<Factor> key) {
        Double old = terms.get(key);
        double v = old == null ? c : BinaryOp.ADD.apply(old, c);
        if (v == 0.0) {
            terms.remove(key);
        } else {
            terms.put(key, v);
        }
    }

    /**
     * The simplified tree. A term {@code c * (sum)} is distributed when that does not make the whole sum larger
     * (it usually makes it smaller, by merging like terms); groups are decided one at a time in canonical order.
     */
    Expr build() {
        SumForm current = this;
        Expr best = current.rebuild();
        Set<List<Factor>> decided = new HashSet<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (List<Factor> key : current.sortedKeys()) {
                if (!ProductForm.isGroup(key) || !decided.add(key)) {
                    continue;
                }
                SumForm candidate = current.copy();
                double c = candidate.terms.remove(key);
                candidate.add(key.get(0).base(), c);
                Expr built = candidate.rebuild();
                if (built.complexity() <= best.complexity()) {
                    current = candidate;
                    best = built;
                    changed = true;
                    break;
                }
            }
        }
        return best;
    }

    /** The monomials in {@link #TERM_ORDER}; each monomial's tree is built once, not once per comparison. */
    List<List<Factor>> sortedKeys() {
        List<SortKey> decorated = new ArrayList<>(terms.size());
        for (List<Factor> key : terms.keySet()) {
            decorated.add(new SortKey(key, degree(key), ProductForm.tree(1.0, key)));
        }
        decorated.sort(TERM_ORDER);
        List<List<Factor>> keys = new ArrayList<>(decorated.size());
        for (SortKey k : decorated) {
            keys.add(k.key());
        }
        return keys;
    }

    /**
     * Leads with the first term that is positive or carries its sign for free, so {@code y - x} stays
     * {@code y - x} while a polynomial keeps its degree order, {@code -0.5*x^2 + x}.
     */
    Expr rebuild() {
        List<List<Factor>> keys = sortedKeys();
        if (keys.isEmpty()) {
            return new Const(constant == 0.0 ? 0.0 : constant);
        }
        int lead = -1;
        for (int k = 0; k < keys.size() && lead < 0; k++) {
            double c = terms.get(keys.get(k));
            if (c > 0.0 || ProductForm.tree(c, keys.get(k)).complexity()
                    <= ProductForm.tree(-c, keys.get(k)).complexity()) {
                lead = k;
            }
        }
        // Without a positive term a non-zero constant leads ("-1.5 - x" is smaller than "-x - 1.5"), else a
        // term that carries its sign for free ("-2*x - y" rather than "-y - 2*x", "-1/y - x").
        boolean constantLeads = lead < 0 && constant != 0.0;
        for (int k = 0; k < keys.size() && lead < 0 && !constantLeads; k++) {
            double c = terms.get(keys.get(k));
            if (ProductForm.tree(c, keys.get(k)).complexity() <= ProductForm.tree(-c, keys.get(k)).complexity()) {
                lead = k;
            }
        }
        if (lead < 0 && !constantLeads) {
            lead = 0;
        }
        Expr acc = constantLeads ? new Const(constant)
                : ProductForm.tree(terms.get(keys.get(lead)), keys.get(lead));
        for (int k = 0; k < keys.size(); k++) {
            if (k != lead) {
                acc = plus(acc, terms.get(keys.get(k)), keys.get(k));
            }
        }
        if (!constantLeads && constant != 0.0) {
            acc = constant < 0.0
                    ? new Binary(BinaryOp.SUB, acc, new Const(-constant))
                    : new Binary(BinaryOp.ADD, acc, new Const(constant));
        }
        return acc;
    }

    private static Expr plus(Expr acc, double c, List<Factor> key) {
        if (c < 0.0) {
            return new Binary(BinaryOp.SUB, acc, ProductForm.tree(-c, key));
        }
        return new Binary(BinaryOp.ADD, acc, ProductForm.tree(c, key));
    }

    /** Higher total degree first (x^3 before x^2 before x), then by the order of the monomial trees. */
    private static final Comparator<SortKey> TERM_ORDER = (a, b) -> {
        int c = Integer.compare(b.degree(), a.degree());
        return c != 0 ? c : ExprOrder.INSTANCE.compare(a.tree(), b.tree());
    };

    /** A monomial with its total degree and its tree {@code ProductForm.tree(1, key)}. */
    private record SortKey(List<Factor> key, int degree, Expr tree) {
    }

    private static int degree(List<Factor> key) {
        int d = 0;
        for (Factor f : key) {
            d += f.exponent();
        }
        return d;
    }

    /** Whether {@code e} is a sum or a difference. */
    static boolean isSum(Expr e) {
        return e instanceof Binary
                && (((Binary) e).op() == BinaryOp.ADD || ((Binary) e).op() == BinaryOp.SUB);
    }
}
