package dysymnet.bench;

/** Hand-made result rows for tests. */
final class CraftedRows {
    private CraftedRows() {
    }

    /** A finished run; {@code symbolic} null means the problem has no truth. */
    static ResultRow row(String suite, String problem, String group, long seed, double noise, String ablation,
                         double r2, Boolean symbolic) {
        boolean finite = Double.isFinite(r2);
        return new ResultRow(suite, problem, group, seed, noise, ablation, r2, 1.0 - r2, r2, 1.0 - r2, 7, 2.5, 20,
                "MAX_STEPS", symbolic, symbolic == null ? "" : symbolic ? "algebra:difference" : "no",
                symbolic == null ? Double.NaN : symbolic ? 0.0 : 0.25,
                finite && r2 > 0.99, finite && r2 > 0.999, 256, 256, 60, 100, "cfg", "x^2 + 0.5*x",
                symbolic == null ? "" : "x^2+x", Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "");
    }

    /** A ball row with the physics models' MSE. */
    static ResultRow ball(String ball, long seed, double mse, double a, double b, double c) {
        return new ResultRow("balls", ball, "Balls", seed, 0.0, "none", 0.9, mse, 0.99, 0.01, 9, 1.5, 10, "TIME",
                null, "", Double.NaN, false, false, 30, 14, 10, 100, "cfg", "47.7 - 4.9*t^2", "", a, b, c, Double.NaN, Double.NaN,
                "");
    }

    /** A failed run. */
    static ResultRow failed(String suite, String problem, String group, long seed, String error) {
        return new ResultRow(suite, problem, group, seed, 0.0, "none", Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, -1, 0.1, -1, "", null, "", Double.NaN, null, null, -1, -1, 60, 100, "cfg", "", "x", Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, error);
    }
}
