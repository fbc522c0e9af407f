package agenttest.heap;

/** The objects the heapwalker agent counts. */
public class Node {
    int value;
    Node next;

    Node(int value, Node next) {
        this.value = value;
        this.next = next;
    }
}
