package agenttest.instrument;

import java.lang.instrument.Instrumentation;

/** The Java agent: installs the transformer before main runs and keeps the Instrumentation. */
public class Agent {
    static Instrumentation inst;

    public static void premain(String args, Instrumentation instrumentation) {
        inst = instrumentation;
        System.out.println("premain(" + args + "): redefine " + inst.isRedefineClassesSupported()
                + ", retransform " + inst.isRetransformClassesSupported());
        inst.addTransformer(new Rewriter(), true);
    }
}
