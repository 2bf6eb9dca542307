package dysymnet.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import dysymnet.cluster.Wire;
import dysymnet.data.Dataset;
import dysymnet.expr.Expr;
import dysymnet.search.Settings;
import dysymnet.search.SettingsJson;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * One run of a benchmark sweep (problem x noise level x seed of a {@link BenchRunner.Plan}) on a cluster's worker:
 * {@link BenchRunner#runOne} on the problem's train and test rows for the seed, which travel with the task (the
 * workers need no benchmark files). The reply is the run's row, as its cells.
 */
public final class SweepTask implements Callable<String[]>, IdentifiedDataSerializable {
    private String suite;
    private String name;
    private String group;
    private Expr truth;
    private String truthText;
    private String[] variables;
    private double[] low;
    private double[] high;
    private Dataset train;
    private Dataset test;
    private long seed;
    private double level;
    private String settingsJson;
    private String ablation;
    private String dataOptions;
    private double tolerance;
    private String config;
    /** Why the problem's data could not be made (the run's row is then a failure), or null. */
    private String makeError;

    SweepTask() {
    }

    SweepTask(Problem p, Dataset.Split split, long seed, double level, BenchRunner.Plan plan, String settingsJson,
              String config, String makeError) {
        this.suite = p.suite();
        this.name = p.name();
        this.group = p.group();
        this.truth = p.truth();
        this.truthText = p.truthText();
        this.variables = p.variables().toArray(new String[0]);
        this.low = p.low();
        this.high = p.high();
        this.train = split == null ? null : split.train();
        this.test = split == null ? null : split.test();
        this.makeError = makeError;
        this.seed = seed;
        this.level = level;
        this.settingsJson = settingsJson;
        this.ablation = plan.ablation().label();
        this.dataOptions = plan.dataOptions();
        this.tolerance = plan.symbolicTolerance();
        this.config = config;
    }

    @Override
    public String[] call() {
        Problem p = new Problem(suite, name, group, truth, truthText, List.of(variables), low, high,
                s -> new Dataset.Split(train, test));
        ResultRow row;
        if (makeError != null) {
            return BenchRunner.failedRow(p, seed, level, ablation, config, 0.0, -1, -1, -1, 0.0, makeError).cells()
                    .toArray(new String[0]);
        }
        try {
            Settings search = SettingsJson.read(new ObjectMapper().readTree(settingsJson));
            BenchRunner.Plan plan = new BenchRunner.Plan(List.of(seed), List.of(level), Ablations.of(ablation),
                    search, dataOptions, tolerance, false);
            row = BenchRunner.runOne(p, seed, level, plan, config);
        } catch (IOException | RuntimeException e) {
            row = BenchRunner.failedRow(p, seed, level, ablation, config, 0.0, -1, -1, -1, 0.0,
                    BenchRunner.describe(e));
        }
        return row.cells().toArray(new String[0]);
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeString(suite);
        out.writeString(name);
        out.writeString(group);
        Wire.writeExpr(out, truth);
        out.writeString(truthText);
        out.writeStringArray(variables);
        out.writeDoubleArray(low);
        out.writeDoubleArray(high);
        out.writeString(makeError);
        if (makeError == null) {
            Wire.writeDataset(out, train);
            Wire.writeDataset(out, test);
        }
        out.writeLong(seed);
        out.writeDouble(level);
        out.writeString(settingsJson);
        out.writeString(ablation);
        out.writeString(dataOptions);
        out.writeDouble(tolerance);
        out.writeString(config);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        suite = in.readString();
        name = in.readString();
        group = in.readString();
        truth = Wire.readExpr(in);
        truthText = in.readString();
        variables = in.readStringArray();
        low = in.readDoubleArray();
        high = in.readDoubleArray();
        makeError = in.readString();
        if (makeError == null) {
            train = Wire.readDataset(in);
            test = Wire.readDataset(in);
        }
        seed = in.readLong();
        level = in.readDouble();
        settingsJson = in.readString();
        ablation = in.readString();
        dataOptions = in.readString();
        tolerance = in.readDouble();
        config = in.readString();
    }

    @Override
    public int getFactoryId() {
        return BenchTaskTypes.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return BenchTaskTypes.SWEEP_TASK;
    }
}
