package agenttest.instrument;

import java.io.InputStream;
import java.lang.instrument.ClassDefinition;

/** Loads, retransforms and redefines Greeter through the agent's Instrumentation. */
public class Main {
    public static void main(String[] args) throws Exception {
        System.out.println("loaded: " + Greeter.greet());

        Rewriter.word = "HIYA!";
        Agent.inst.retransformClasses(Greeter.class);
        System.out.println("retransformed: " + Greeter.greet());

        byte[] original;
        try (InputStream in = Main.class.getResourceAsStream("Greeter.class")) {
            original = in.readAllBytes();
        }
        Rewriter.word = "HEY!!";
        Agent.inst.redefineClasses(new ClassDefinition(Greeter.class, Rewriter.replace(original, "hello", "howdy")));
        System.out.println("redefined: " + Greeter.greet());

        System.out.println("object size of a String is positive: " + (Agent.inst.getObjectSize("x") > 0));
        System.out.println("modifiable: " + Agent.inst.isModifiableClass(Greeter.class));
        synchronized (Rewriter.seen) {
            for (String s : Rewriter.seen) {
                System.out.println("transformer: " + s);
            }
        }
    }
}
