package agenttest.vthreads;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Starts four named virtual threads that wait on a latch, loads Checkpoint while they wait (the
 * agent suspends and resumes them there), then lets them finish. Uses reflection for the
 * virtual-thread API so that it compiles with the JDK 17 javac of the other test programs; it
 * needs JDK 21 or later to run.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        CountDownLatch started = new CountDownLatch(4);
        CountDownLatch release = new CountDownLatch(1);
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        Class<?> builderType = Class.forName("java.lang.Thread$Builder");
        Method name = builderType.getMethod("name", String.class, long.class);
        builder = name.invoke(builder, "agenttest-vt-", 0L);
        Method start = builderType.getMethod("start", Runnable.class);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            threads.add((Thread) start.invoke(builder, (Runnable) () -> {
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        started.await();
        System.out.println("checkpoint " + Checkpoint.reached());
        release.countDown();
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("joined " + threads.size());
    }
}
