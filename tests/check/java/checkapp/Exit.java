package checkapp;

/**
 * jvmti-check's test program: prints its arguments and the property checkapp.x, then ends
 * with the status its first argument names ("kill": killed by SIGKILL).
 */
public class Exit {
    public static void main(String[] args) throws Exception {
        for (String a : args) System.out.println("arg: " + a);
        String x = System.getProperty("checkapp.x");
        if (x != null) System.out.println("property: " + x);
        System.out.flush();
        if (args.length > 0 && args[0].equals("kill")) {
            new ProcessBuilder("kill", "-KILL", Long.toString(ProcessHandle.current().pid())).start().waitFor();
            Thread.sleep(10_000);
        }
        System.exit(args.length > 0 ? Integer.parseInt(args[0]) : 0);
    }
}
