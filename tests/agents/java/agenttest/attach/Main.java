package agenttest.attach;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Waits to have an agent attached: creates args[0] once running, then waits (at most 30 s)
 * for the harness to create args[1] once the attach is done, and exits 0 when it has, 1 when
 * it never did.
 */
public class Main {
    static int token = 4242;

    public static void main(String[] args) throws Exception {
        Path ready = Path.of(args[0]);
        Path release = Path.of(args[1]);
        Files.writeString(ready, "ready\n");
        for (int i = 0; i < 1500; i++) {
            if (Files.exists(release)) {
                System.out.println("released");
                return;
            }
            Thread.sleep(20);
        }
        System.out.println("never released");
        System.exit(1);
    }
}
