package agenttest.debug;

/** The program a scripted jdb session debugs: a breakpoint in compute, its locals, a step. */
public class Main {
    static int compute(int n) {
        int sum = 0;
        for (int i = 1; i <= n; i++) {
            sum += i * i;
        }
        String label = "squares";
        return label.length() + sum;
    }

    public static void main(String[] args) {
        int result = compute(4);
        System.out.println("result " + result);
    }
}
