import dysymnet.data.*;
import dysymnet.expr.*;
import java.util.*;
public class Probe {
    public static void main(String[] a) throws Exception {
        Dataset tr = Choose.data(java.nio.file.Paths.get(a[0] + "_train.csv"));
        Dataset te = Choose.data(java.nio.file.Paths.get(a[0] + "_test.csv"));
        for (int i = 1; i < a.length; i++) {
            Expr e = Parser.parse(a[i]);
            dysymnet.fit.FitResult f = new dysymnet.fit.LevenbergMarquardtFitter().fit(e, tr);
            e = f.expression();
            System.out.printf("%-50s train %.4g test %.4g z3 %.2f fwd(.5) leak %.4g fresh %.4g fwd(.75) leak %.4g fresh %.4g fwd(.33) fresh %.4g%n", Printer.infix(e, 4), f.mse(), Choose.mse(e, te),
                Choose.band(e, tr, 3, true),
                Choose.forward(e, tr, 0.5, 0, 1, true), Choose.forward(e, tr, 0.5, 8, 1, false),
                Choose.forward(e, tr, 0.75, 0, 1, true), Choose.forward(e, tr, 0.75, 8, 1, false), Choose.forward(e, tr, 0.33, 8, 1, false));
        }
    }
}
