package agenttest.vthreads;

/** Loaded while the virtual threads wait: its ClassPrepare is the agent's cue. */
public class Checkpoint {
    static boolean reached() {
        return true;
    }
}
