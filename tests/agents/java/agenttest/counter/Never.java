package agenttest.counter;

/** Never used by Main, so never loaded: the counter must not see it. */
public class Never {
    public static int unused() {
        return 0;
    }
}
