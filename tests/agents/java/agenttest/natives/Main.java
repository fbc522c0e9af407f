package agenttest.natives;

/** Calls the agent library's natives and prints what came back. */
public class Main {
    public static void main(String[] args) {
        System.out.println("add(2, 3) = " + NativeHello.add(2, 3));
        try {
            System.out.println("mul(6, 7) = " + NativeHello.mul(6, 7));
        } catch (UnsatisfiedLinkError e) {
            System.out.println("mul(6, 7): UnsatisfiedLinkError");
        }
    }
}
