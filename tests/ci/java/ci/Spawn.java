package ci;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts child JVMs with ProcessBuilder, one after the other: one per group of arguments, the
 * groups separated by "--" (java ci.Spawn ARGS... -- ARGS... -- ...). Each child is the same
 * java as this one (java.home/bin/java) with its group as arguments, and inherits the standard
 * streams. Prints "spawn: pid P" for itself and "spawn: child N pid P exit S" for each child,
 * then exits 0 when every child exited 0, else with the first nonzero status.
 */
public final class Spawn {
    private Spawn() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        List<List<String>> groups = new ArrayList<>();
        List<String> group = new ArrayList<>();
        for (String arg : args) {
            if (arg.equals("--")) {
                groups.add(group);
                group = new ArrayList<>();
            } else {
                group.add(arg);
            }
        }
        groups.add(group);
        String java = System.getProperty("java.home") + "/bin/java";
        System.out.println("spawn: pid " + ProcessHandle.current().pid());
        System.out.flush();
        int status = 0;
        for (int i = 0; i < groups.size(); i++) {
            if (groups.get(i).isEmpty()) {
                continue;
            }
            List<String> command = new ArrayList<>();
            command.add(java);
            command.addAll(groups.get(i));
            Process child = new ProcessBuilder(command).inheritIO().start();
            int exit = child.waitFor();
            System.out.println("spawn: child " + (i + 1) + " pid " + child.pid() + " exit " + exit);
            System.out.flush();
            if (status == 0) {
                status = exit;
            }
        }
        System.exit(status);
    }
}
