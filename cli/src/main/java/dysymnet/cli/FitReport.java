package dysymnet.cli;

import dysymnet.api.Model;
import dysymnet.data.Metrics;
import dysymnet.fit.StandardErrors;
import java.util.List;

/**
 * A finished fit with its data, predictions and scores: what every output format is made from. The model is
 * evaluated on the training and test rows once, here (on large data and a large formula that takes a noticeable
 * part of a second, and every output needs the predictions).
 */
final class FitReport {
    private final Model model;
    private final double[][] xTrain;
    private final double[] yTrain;
    private final double[][] xTest;
    private final double[] yTest;
    private final List<String> displayNames;
    private final String targetName;
    private final boolean cancelled;
    private final double[] predTrain;
    private final double[] predTest;
    /** Sample weights of the training and test rows (null: unweighted), and the column they came from. */
    private double[] wTrain;
    private double[] wTest;
    private String weightsName;
    private StandardErrors standardErrors;

    /**
     * @param model        the fitted model
     * @param xTrain       training feature columns {@code [j][i]}
     * @param yTrain       training target
     * @param xTest        test feature columns, or null without test data
     * @param yTest        test target, or null
     * @param displayNames the features' names as the user's file spells them
     * @param targetName   the target's name as the file spells it
     * @param cancelled    true when the user stopped the search
     */
    FitReport(Model model, double[][] xTrain, double[] yTrain, double[][] xTest, double[] yTest,
              List<String> displayNames, String targetName, boolean cancelled) {
        this.model = model;
        this.xTrain = xTrain;
        this.yTrain = yTrain;
        this.xTest = xTest;
        this.yTest = yTest;
        this.displayNames = List.copyOf(displayNames);
        this.targetName = targetName;
        this.cancelled = cancelled;
        this.predTrain = model.predictColumns(xTrain);
        this.predTest = xTest == null ? null : model.predictColumns(xTest);
    }

    /**
     * Scores the fit by the weighted MSE and R^2 with these weights of the training and test rows (null: unweighted,
     * or all equal), from the column {@code name} (null: none was given).
     */
    FitReport weighted(double[] train, double[] test, String name) {
        this.wTrain = train;
        this.wTest = test;
        this.weightsName = name;
        return this;
    }

    /** The column the weights came from; null when the fit is unweighted. */
    /** The standard errors of the formula's constants on the training rows (computed once, when first asked). */
    StandardErrors standardErrors() {
        if (standardErrors == null) {
            standardErrors = model.standardErrors(xTrain, yTrain, wTrain);
        }
        return standardErrors;
    }

    String weightsName() {
        return weightsName;
    }

    Model model() {
        return model;
    }

    double[][] xTrain() {
        return xTrain;
    }

    double[] yTrain() {
        return yTrain;
    }

    double[][] xTest() {
        return xTest;
    }

    double[] yTest() {
        return yTest;
    }

    List<String> displayNames() {
        return displayNames;
    }

    String targetName() {
        return targetName;
    }

    boolean cancelled() {
        return cancelled;
    }

    /** The model's predictions on the training rows (shared: do not modify). */
    double[] predTrain() {
        return predTrain;
    }

    /** The model's predictions on the test rows, or null (shared: do not modify). */
    double[] predTest() {
        return predTest;
    }

    /** The training error as the fit scored it (the model's own number, not computed again). */
    double mseTrain() {
        return model.trainMse();
    }

    double r2Train() {
        return model.trainR2();
    }

    Double mseTest() {
        return yTest == null ? null : Metrics.mse(predTest, yTest, wTest);
    }

    Double r2Test() {
        return yTest == null ? null : Metrics.r2(predTest, yTest, wTest);
    }
}
