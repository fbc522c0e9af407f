package agenttest.counter;

/** The class whose MethodEntry events the counter agent counts. */
public class Work implements Shape {
    static int base = 3;

    private int total;

    public int a(int i) {
        total += c(i);
        return total;
    }

    public static int b(int i) {
        return base * i;
    }

    private int c(int i) {
        return i + 1;
    }

    @Override
    public int area(int scale) {
        return scale * scale;
    }
}
