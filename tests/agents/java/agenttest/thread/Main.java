package agenttest.thread;

/** Its ClassPrepare is one of the steps the agentthread agent hands to its thread. */
public class Main {
    public static void main(String[] args) {
        System.out.println("thread test");
    }
}
