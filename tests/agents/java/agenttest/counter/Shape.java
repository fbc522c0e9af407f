package agenttest.counter;

/** Loaded because Work implements it. */
public interface Shape {
    int area(int scale);
}
