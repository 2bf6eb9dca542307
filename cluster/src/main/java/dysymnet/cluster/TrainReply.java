package dysymnet.cluster;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import dysymnet.search.ArchitecturePipeline;
import java.io.IOException;

/** A member's answer to a {@link TrainTask}. */
public final class TrainReply implements IdentifiedDataSerializable {
    /** What happened. */
    enum Status {
        /** The pipeline ran: {@link #result()}. */
        OK,
        /** Not run: the search's time was up (or the task was cancelled) before it started. */
        NOT_RUN,
        /** The pipeline threw (a bug): {@link #error()}. */
        ERROR,
        /** The member could not find the search's data (lost with a member): to be sent again. */
        NO_DATA
    }

    private Status status;
    private ArchitecturePipeline.Result result;
    private String error;

    TrainReply() {
    }

    private TrainReply(Status status, ArchitecturePipeline.Result result, String error) {
        this.status = status;
        this.result = result;
        this.error = error;
    }

    static TrainReply ok(ArchitecturePipeline.Result r) {
        return new TrainReply(Status.OK, r, null);
    }

    static TrainReply of(Status s, String error) {
        return new TrainReply(s, null, error);
    }

    Status status() {
        return status;
    }

    ArchitecturePipeline.Result result() {
        return result;
    }

    String error() {
        return error;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeByte(status.ordinal());
        if (status == Status.OK) {
            Wire.writeResult(out, result);
        }
        out.writeString(error);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        int s = in.readByte();
        if (s < 0 || s >= Status.values().length) {
            throw new IOException("malformed reply: status " + s);
        }
        status = Status.values()[s];
        if (status == Status.OK) {
            result = Wire.readResult(in);
        }
        error = in.readString();
    }

    @Override
    public int getFactoryId() {
        return CoreTaskTypes.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return CoreTaskTypes.TRAIN_REPLY;
    }
}
