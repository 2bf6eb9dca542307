package dysymnet.cluster;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import dysymnet.data.Seeds;
import dysymnet.net.Architecture;
import dysymnet.search.ArchitecturePipeline;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;

/**
 * One network of a search, trained on a member: {@link ArchitecturePipeline#run} of the architecture with the
 * network's generator seeded from (the search's seed, the sample index), exactly as a local search does, on the
 * search's data the member keeps ({@link WorkerContext}).
 */
public final class TrainTask implements Callable<TrainReply>, IdentifiedDataSerializable, HazelcastInstanceAware {
    private String searchId;
    private String architecture;
    private long index;
    private int step;
    /** The job's {@link dysymnet.search.BatchTrainer.Job#giveUpAbove()}. */
    private double[] giveUpAbove;
    /** Nanoseconds left of the search's time when sent; negative for no limit. */
    private long remainingNanos;
    private transient HazelcastInstance hz;

    TrainTask() {
    }

    TrainTask(String searchId, Architecture architecture, long index, int step, double[] giveUpAbove,
              long remainingNanos) {
        this.searchId = searchId;
        this.architecture = architecture.toString();
        this.index = index;
        this.step = step;
        this.giveUpAbove = giveUpAbove.clone();
        this.remainingNanos = remainingNanos;
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hz) {
        this.hz = hz;
    }

    @Override
    public TrainReply call() {
        long start = System.nanoTime();
        WorkerContext ctx = WorkerContext.of(hz);
        Optional<WorkerContext.Loaded> loaded = ctx.search(hz, searchId);
        if (loaded.isEmpty()) {
            return TrainReply.of(TrainReply.Status.NO_DATA, null);
        }
        long deadline = remainingNanos < 0 ? Long.MAX_VALUE : start + remainingNanos;
        Thread self = Thread.currentThread();
        // a cancelled task's thread is interrupted
        BooleanSupplier stop = () -> self.isInterrupted() || System.nanoTime() >= deadline;
        if (stop.getAsBoolean()) {
            return TrainReply.of(TrainReply.Status.NOT_RUN, null);
        }
        ctx.countTask();
        try {
            Architecture a = Architecture.parse(architecture);
            return TrainReply.ok(loaded.get().pipeline().run(a, Seeds.stream(loaded.get().seed(), index), step, stop,
                    giveUpAbove));
        } catch (RuntimeException | StackOverflowError e) {
            return TrainReply.of(TrainReply.Status.ERROR, String.valueOf(e));
        }
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeString(searchId);
        out.writeString(architecture);
        out.writeLong(index);
        out.writeInt(step);
        out.writeDoubleArray(giveUpAbove);
        out.writeLong(remainingNanos);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        searchId = in.readString();
        architecture = in.readString();
        index = in.readLong();
        step = in.readInt();
        giveUpAbove = in.readDoubleArray();
        remainingNanos = in.readLong();
    }

    @Override
    public int getFactoryId() {
        return CoreTaskTypes.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return CoreTaskTypes.TRAIN_TASK;
    }
}
