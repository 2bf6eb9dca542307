package dysymnet.choice;

import dysymnet.data.Dataset;
import dysymnet.data.Scaling;
import dysymnet.expr.Expr;
import java.util.List;

/**
 * The rows held out from a search ({@link Finishing#rows}), in the data's units, with the scaling the search's rows
 * had: a formula of the search is written in the data's units ({@link Finishing#unscale}) before it is scored on
 * them.
 *
 * @param rows    the rows held out
 * @param scaling the scaling of the searched rows
 */
public record HeldOut(Dataset rows, Scaling scaling) {
    /** {@code e}, a formula of the search, in the data's units. */
    Expr unscale(Expr e) {
        return Finishing.unscale(e, scaling, rows.names());
    }

    /** The names of the features. */
    List<String> names() {
        return rows.names();
    }
}
