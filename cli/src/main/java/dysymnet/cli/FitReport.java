package dysymnet.cli;

import dysymnet.api.Model;
import dysymnet.data.Metrics;
import java.util.List;

/**
 * A finished fit with its data, predictions and scores: what every output format is made from.
 *
 * @param model       the fitted model
 * @param xTrain      training feature columns {@code [j][i]}
 * @param yTrain      training target
 * @param xTest       test feature columns, or null without test data
 * @param yTest       test target, or null
 * @param displayNames the features' names as the user's file spells them
 * @param targetName  the target's name as the file spells it
 * @param cancelled   true when the user stopped the search
 */
record FitReport(Model model, double[][] xTrain, double[] yTrain, double[][] xTest, double[] yTest,
                 List<String> displayNames, String targetName, boolean cancelled) {

    double[] predTrain() {
        return model.predictColumns(xTrain);
    }

    double[] predTest() {
        return xTest == null ? null : model.predictColumns(xTest);
    }

    double mseTrain() {
        return Metrics.mse(predTrain(), yTrain);
    }

    double r2Train() {
        return Metrics.r2(predTrain(), yTrain);
    }

    Double mseTest() {
        return yTest == null ? null : Metrics.mse(predTest(), yTest);
    }

    Double r2Test() {
        return yTest == null ? null : Metrics.r2(predTest(), yTest);
    }
}
