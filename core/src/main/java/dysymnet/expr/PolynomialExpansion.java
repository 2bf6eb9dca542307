package dysymnet.expr;

import dysymnet.expr.ProductForm.Factor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Expansion of polynomial sub-expressions into sums of monomials, part of {@link Simplifier}: products and integer
 * powers of sums are multiplied out, every other sub-expression being an atom, when that does not make the tree
 * larger.
 */
final class PolynomialExpansion {
    private PolynomialExpansion() {
    }

    /** Largest exponent of a sum that is expanded ({@code (a + b)^9} and above stay factored). */
    static final int MAX_EXPANDED_POWER = 8;
    /** Largest number of monomials of an expansion (and of its intermediate products); beyond it, no expansion. */
    static final int MAX_EXPANDED_TERMS = 60;
    /** Larger sub-trees are not expanded, which keeps simplification near-linear on huge trees. */
    static final int MAX_EXPANDED_NODES = 300;

    /**
     * The simplified tree {@code r} with (some of) its polynomial terms expanded into sums of monomials, when that
     * does not make it larger.
     *
     * <p>{@code r} is viewed as a sum of terms {@code c * product of base^n}. A term is expandable when one of its
     * bases is a sum raised to {@code 1..MAX_EXPANDED_POWER}; its expansion multiplies out those sums recursively,
     * every other base (a variable, {@code sin(x)}, a negative power, a quotient's denominator...) being an atom
     * keyed by structural equality. Starting from every expandable term expanded (so that monomials of different
     * terms can merge or cancel), each term in canonical order is put back in factored form if that makes the
     * tree strictly smaller; the result replaces {@code r} if it is not larger than {@code r}. Ties go to the
     * expansion when {@code tiesExpand} (so {@code (x + y)*(x - y)} becomes {@code x^2 - y^2}, while
     * {@code (x + 1)^2} stays), and to the factored form otherwise (inside a product, which decides about its
     * own expansion).
     */
    static Expr expand(Expr r, boolean tiesExpand) {
        // the size first, in O(MAX_EXPANDED_NODES): viewing a huge tree as a sum of products alone costs its size
        // (hashing every factor), and the simplifier asks at every node of the tree
        if (r instanceof Const || r instanceof Var || !TreeSize.atMost(r, MAX_EXPANDED_NODES)) {
            return r;
        }
        SumForm s = new SumForm();
        s.add(r, 1.0);
        boolean any = false;
        for (List<Factor> key : s.terms.keySet()) {
            any |= isExpandable(key);
        }
        if (!any) {
            return r;
        }
        SumForm rest = new SumForm();
        rest.constant = s.constant;
        List<List<Factor>> keys = new ArrayList<>();
        List<SumForm> expansions = new ArrayList<>();
        for (List<Factor> key : s.sortedKeys()) {
            double c = s.terms.get(key);
            SumForm x = isExpandable(key) ? expandTerm(c, key) : null;
            if (x == null) {
                rest.addTerm(c, key);
            } else {
                keys.add(key);
                expansions.add(x);
            }
        }
        if (keys.isEmpty()) {
            return r;
        }
        boolean[] expanded = new boolean[keys.size()];
        Arrays.fill(expanded, true);
        Expr best = assemble(rest, s, keys, expansions, expanded).build();
        for (int k = 0; k < keys.size(); k++) {
            expanded[k] = false;
            Expr candidate = assemble(rest, s, keys, expansions, expanded).build();
            if (candidate.complexity() < best.complexity()) {
                best = candidate;
            } else {
                expanded[k] = true;
            }
        }
        // Inside a product the coefficient and sign of a factored r merge into the product's coefficient, so they
        // do not count against it: -x*(y - 1) stays, to become -x^4*(y - 1) in x^3*(-x*(y - 1)), not x^3*(x - x*y).
        int factored = tiesExpand || SumForm.isSum(r) ? r.complexity()
                : ProductForm.tree(1.0, ProductForm.of(r).sortedFactors()).complexity();
        int gain = factored - best.complexity();
        return gain > 0 || gain == 0 && tiesExpand ? best : r;
    }

    private static SumForm assemble(SumForm rest, SumForm original, List<List<Factor>> keys, List<SumForm> expansions,
            boolean[] expanded) {
        SumForm out = rest.copy();
        for (int k = 0; k < keys.size(); k++) {
            if (expanded[k]) {
                out.addAll(expansions.get(k));
            } else {
                out.addTerm(original.terms.get(keys.get(k)), keys.get(k));
            }
        }
        return out;
    }

    private static boolean isExpandable(List<Factor> key) {
        for (Factor f : key) {
            if (isExpandable(f)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isExpandable(Factor f) {
        return SumForm.isSum(f.base()) && f.exponent() >= 1 && f.exponent() <= MAX_EXPANDED_POWER;
    }

    /** The expansion of {@code c * product of key's factors}, or null if it is too large or not finite. */
    private static SumForm expandTerm(double c, List<Factor> key) {
        SumForm acc = new SumForm();
        acc.constant = c;
        for (Factor f : key) {
            if (isExpandable(f)) {
                SumForm base = expandSum(f.base());
                for (int k = 0; k < f.exponent() && acc != null; k++) {
                    acc = base == null ? null : multiply(acc, base);
                }
            } else {
                SumForm atom = new SumForm();
                atom.terms.put(List.of(f), 1.0);
                acc = multiply(acc, atom);
            }
            if (acc == null) {
                return null;
            }
        }
        return acc;
    }

    /** The expansion of a simplified sum, or null if it is too large or not finite. */
    private static SumForm expandSum(Expr sum) {
        SumForm s = new SumForm();
        s.add(sum, 1.0);
        SumForm out = new SumForm();
        out.constant = s.constant;
        for (Map.Entry<List<Factor>, Double> t : s.terms.entrySet()) {
            if (isExpandable(t.getKey())) {
                SumForm x = expandTerm(t.getValue(), t.getKey());
                if (x == null) {
                    return null;
                }
                out.addAll(x);
            } else {
                out.addTerm(t.getValue(), t.getKey());
            }
            if (out.terms.size() > MAX_EXPANDED_TERMS) {
                return null;
            }
        }
        return out;
    }

    /** The product of two expanded sums, or null if it has too many terms or a coefficient that is not finite. */
    private static SumForm multiply(SumForm a, SumForm b) {
        SumForm out = new SumForm();
        out.constant = BinaryOp.MUL.apply(a.constant, b.constant);
        if (a.constant != 0.0) {
            for (Map.Entry<List<Factor>, Double> t : b.terms.entrySet()) {
                out.addTerm(BinaryOp.MUL.apply(a.constant, t.getValue()), t.getKey());
            }
        }
        for (Map.Entry<List<Factor>, Double> t : a.terms.entrySet()) {
            if (b.constant != 0.0) {
                out.addTerm(BinaryOp.MUL.apply(t.getValue(), b.constant), t.getKey());
            }
            for (Map.Entry<List<Factor>, Double> u : b.terms.entrySet()) {
                double c = BinaryOp.MUL.apply(t.getValue(), u.getValue());
                List<Factor> key = mergeKeys(t.getKey(), u.getKey());
                if (key == null) {
                    return null;
                }
                if (key.isEmpty()) {
                    out.constant = BinaryOp.ADD.apply(out.constant, c);
                } else {
                    out.addTerm(c, key);
                }
            }
            if (out.terms.size() > MAX_EXPANDED_TERMS) {
                return null;
            }
        }
        if (out.terms.size() > MAX_EXPANDED_TERMS || !Double.isFinite(out.constant)) {
            return null;
        }
        for (double c : out.terms.values()) {
            if (!Double.isFinite(c)) {
                return null;
            }
        }
        return out;
    }

    /**
     * The sorted factors of the product of two monomials (exponents that cancel drop the factor), or null when an
     * exponent exceeds what the simplifier handles.
     */
    private static List<Factor> mergeKeys(List<Factor> a, List<Factor> b) {
        Map<Expr, Integer> m = new LinkedHashMap<>();
        for (Factor f : a) {
            m.merge(f.base(), f.exponent(), Integer::sum);
        }
        for (Factor f : b) {
            m.merge(f.base(), f.exponent(), Integer::sum);
        }
        List<Factor> out = new ArrayList<>();
        for (Map.Entry<Expr, Integer> f : m.entrySet()) {
            if (Math.abs(f.getValue()) > ProductForm.MAX_POWER) {
                return null;
            }
            if (f.getValue() != 0) {
                out.add(new Factor(f.getKey(), f.getValue()));
            }
        }
        out.sort(ProductForm.FACTOR_ORDER);
        return List.copyOf(out);
    }
}
