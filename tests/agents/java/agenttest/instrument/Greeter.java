package agenttest.instrument;

/** The class the transformer rewrites: its greeting is a constant in the class file. */
public class Greeter {
    public static String greet() {
        return "hello";
    }
}
