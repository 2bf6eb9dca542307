/**
 * Formulas: immutable expression trees ({@link dysymnet.expr.Expr}: {@link dysymnet.expr.Const},
 * {@link dysymnet.expr.Var}, {@link dysymnet.expr.Unary}, {@link dysymnet.expr.Binary}) and what is done with them.
 *
 * <ul>
 *   <li>{@link dysymnet.expr.UnaryOp} and {@link dysymnet.expr.BinaryOp} are the operator tables: names, protected
 *       values and derivatives, and the algebraic facts used elsewhere.</li>
 *   <li>{@link dysymnet.expr.Parser} reads the infix syntax; {@link dysymnet.expr.Printer} writes it, LaTeX, and the
 *       forms that compute predict's numbers, protections included: SymPy, Java, NumPy and C (one class per target
 *       behind it; {@code Bounds} proves where a protection cannot act, so that it is left out).</li>
 *   <li>{@link dysymnet.expr.Simplifier} computes the canonical form, with its product view, sum view and
 *       polynomial expansion in package-private classes.</li>
 *   <li>{@link dysymnet.expr.Evaluator} and {@link dysymnet.expr.CompiledExpr} evaluate over data columns, the
 *       latter also with a Jacobian with respect to the refinable constants that {@link dysymnet.expr.Constants}
 *       lists.</li>
 * </ul>
 */
package dysymnet.expr;
