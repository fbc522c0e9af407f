package agenttest.natives;

/**
 * Native methods implemented by the natives agent library. mul is the wrapper a transformer
 * would write around a prefixed native: the VM resolves jvmtitest_mul to Java_..._mul only when
 * an agent has set the native method prefix "jvmtitest_".
 */
public class NativeHello {
    static native int add(int a, int b);

    static native int jvmtitest_mul(int a, int b);

    static int mul(int a, int b) {
        return jvmtitest_mul(a, b);
    }
}
