package ci;

/**
 * A child of ci.Spawn, and the program of the exit-status tests: prints its name (the first
 * argument), then ends as the second says: a number is System.exit's status (default 0),
 * "halt:N" Runtime.halt(N), "wait" sleeps until a signal ends it, "kill" sends itself SIGKILL.
 */
public final class Child {
    private Child() {
    }

    public static void main(String[] args) throws Exception {
        String name = args.length > 0 ? args[0] : "child";
        String end = args.length > 1 ? args[1] : "0";
        System.out.println("child " + name + ": hello");
        System.out.flush();
        if (end.startsWith("halt:")) {
            Runtime.getRuntime().halt(Integer.parseInt(end.substring(5)));
        } else if (end.equals("wait")) {
            System.out.println("child " + name + ": waiting");
            System.out.flush();
            Thread.sleep(60_000);
        } else if (end.equals("kill")) {
            new ProcessBuilder("kill", "-KILL", Long.toString(ProcessHandle.current().pid())).start().waitFor();
            Thread.sleep(10_000);
        }
        System.exit(Integer.parseInt(end.equals("wait") ? "0" : end));
    }
}
