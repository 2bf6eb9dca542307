package dysymnet.cli;

/** Entry point of the {@code dysymnet} command (a placeholder until the commands are written). */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.err.println("dysymnet: commands not implemented yet");
        System.exit(2);
    }
}
