// The program scale_bench runs, with its agent (scale_agent.cpp), for one dimension and size:
//   classes N   defines Shape N times, each in a loader of its own that is then dropped
//   heap N      keeps N objects, which the agent tags and walks
//   threads T   T threads call the agent at once, 1,000,000 calls in all
//   allocate N  the agent holds N blocks of JVMTI memory at once, then frees them
//   flood N     the agent makes N calls the layer refuses
//   vthreads N  starts N virtual threads (JDK 21 and later), with their events enabled
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

public class ScaleApp {
    static native long walk(Class<?> of);
    static native long calls(long n);
    static native long allocate(long n);
    static native long flood(long n);
    static native long vthreadEvents();

    static final class Node {
        Node next;
    }

    // A loader for one class, dropped after use so that the class can be unloaded.
    static final class OneClass extends ClassLoader {
        OneClass() { super(null); }
        Class<?> define(byte[] b) { return defineClass("Shape", b, 0, b.length); }
    }

    public static void main(String[] args) throws Exception {
        final long n = Long.parseLong(args[1]);
        long result = 0;
        switch (args[0]) {
        case "classes": {
            byte[] bytes;
            try (InputStream in = ScaleApp.class.getResourceAsStream("/Shape.class")) {
                bytes = in.readAllBytes();
            }
            for (long i = 0; i < n; ++i) {
                Class<?> c = new OneClass().define(bytes);
                result += c.getDeclaredMethods().length;  // links the class: ClassPrepare
                if (i % 5000 == 4999) System.gc();
            }
            break;
        }
        case "heap": {
            Node head = null;
            for (long i = 0; i < n; ++i) {
                Node x = new Node();
                x.next = head;
                head = x;
            }
            result = walk(Node.class);
            if (head == null) result = -1;
            break;
        }
        case "threads": {
            List<Thread> threads = new ArrayList<>();
            final long each = 1_000_000 / n;
            for (long t = 0; t < n; ++t) threads.add(new Thread(() -> calls(each)));
            for (Thread t : threads) t.start();
            for (Thread t : threads) t.join();
            result = each * n;
            break;
        }
        case "allocate": result = allocate(n); break;
        case "flood": result = flood(n); break;
        case "vthreads": {
            Method start = Thread.class.getMethod("startVirtualThread", Runnable.class);
            List<Thread> threads = new ArrayList<>();
            for (long i = 0; i < n; ++i) {
                threads.add((Thread) start.invoke(null, (Runnable) () -> {}));
                if (threads.size() == 10000) {
                    for (Thread t : threads) t.join();
                    threads.clear();
                }
            }
            for (Thread t : threads) t.join();
            result = vthreadEvents();
            break;
        }
        default: throw new IllegalArgumentException(args[0]);
        }
        System.out.println("result " + result);
    }
}
