package agenttest;

/** The smallest test program: for agents that only need a VM that starts and ends. */
public class Hello {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
