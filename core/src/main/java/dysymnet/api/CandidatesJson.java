package dysymnet.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dysymnet.expr.UserFunction;
import dysymnet.search.Candidate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A search's candidates as JSON, exactly (each formula's tree, its scores to the last bit, its source and step), as
 * model.json writes its front: for replaying a fit's final choice on them ({@link FitPipeline#replay}).
 */
public final class CandidatesJson {
    private CandidatesJson() {
    }

    /** The candidates as a JSON array. */
    public static String write(List<Candidate> candidates) {
        ObjectMapper m = new ObjectMapper();
        ArrayNode a = m.createArrayNode();
        for (Candidate c : candidates) {
            ModelJson.candidate(a.addObject(), c);
        }
        ModelJson.nullForNonFinite(a);
        try {
            return m.writeValueAsString(a);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write candidates as JSON", e);
        }
    }

    /**
     * The candidates of {@link #write}, the formulas' user functions among {@code functions}.
     *
     * @throws IllegalArgumentException when the text is not such an array
     */
    public static List<Candidate> read(String json, List<UserFunction> functions) {
        Map<String, UserFunction> byName = new HashMap<>();
        functions.forEach(f -> byName.put(f.name(), f));
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a JSON array of candidates: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException("not a JSON array of candidates");
        }
        List<Candidate> out = new ArrayList<>();
        for (JsonNode n : root) {
            out.add(ModelJson.candidate(n, byName));
        }
        return out;
    }
}
