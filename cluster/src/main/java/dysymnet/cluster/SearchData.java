package dysymnet.cluster;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import dysymnet.data.Dataset;
import java.io.IOException;

/**
 * What every member needs to train a search's networks: its settings (as {@link dysymnet.search.SettingsJson}) and
 * its data. Stored once per search in the map {@link ClusterConfigs#SEARCHES}; each member reads it once and keeps it
 * ({@link WorkerContext}).
 */
public final class SearchData implements IdentifiedDataSerializable {
    private String settingsJson;
    private Dataset data;

    SearchData() {
    }

    SearchData(String settingsJson, Dataset data) {
        this.settingsJson = settingsJson;
        this.data = data;
    }

    String settingsJson() {
        return settingsJson;
    }

    Dataset data() {
        return data;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeString(settingsJson);
        Wire.writeDataset(out, data);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        settingsJson = in.readString();
        data = Wire.readDataset(in);
    }

    @Override
    public int getFactoryId() {
        return CoreTaskTypes.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return CoreTaskTypes.SEARCH_DATA;
    }
}
