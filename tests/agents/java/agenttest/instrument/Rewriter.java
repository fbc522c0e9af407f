package agenttest.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;

/**
 * A transformer that swaps Greeter's five-letter greeting for the word it is told to use. A
 * UTF-8 constant of the same length is replaced byte for byte, so the class file stays valid
 * without a bytecode library.
 */
public class Rewriter implements ClassFileTransformer {
    static volatile String word = "HOWDY";
    static final List<String> seen = new ArrayList<>();

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
        if (!"agenttest/instrument/Greeter".equals(name)) {
            return null;
        }
        synchronized (seen) {
            seen.add((redefined == null ? "load" : "redefine/retransform") + " -> " + word);
        }
        return replace(bytes, "hello", word);
    }

    /** The class file with every UTF-8 constant equal to `from` replaced by `to` (same length). */
    static byte[] replace(byte[] bytes, String from, String to) {
        byte[] f = from.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] t = to.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] out = bytes.clone();
        for (int i = 0; i + 3 + f.length <= out.length; i++) {
            if (out[i] != 1 || out[i + 1] != 0 || out[i + 2] != f.length) {
                continue;
            }
            boolean match = true;
            for (int j = 0; j < f.length && match; j++) {
                match = out[i + 3 + j] == f[j];
            }
            if (match) {
                System.arraycopy(t, 0, out, i + 3, t.length);
            }
        }
        return out;
    }
}
