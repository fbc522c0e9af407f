package agenttest.heap;

/** The root the heapwalker follows references from: it reaches exactly the 100 listed nodes. */
public class Holder {
    Node first;
}
