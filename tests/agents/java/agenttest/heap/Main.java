package agenttest.heap;

/**
 * Leaves a known heap for the heapwalker agent's VMDeath: 100 Nodes in a list under
 * Main.list (values 0..99), 20 more in Main.extra (values 1000..1019), and 30 garbage Nodes
 * that a forced collection removes.
 */
public class Main {
    static Holder list;
    static Node[] extra;

    public static void main(String[] args) {
        list = new Holder();
        for (int i = 0; i < 100; i++) {
            list.first = new Node(i, list.first);
        }
        extra = new Node[20];
        for (int i = 0; i < extra.length; i++) {
            extra[i] = new Node(1000 + i, null);
        }
        Node garbage = null;
        for (int i = 0; i < 30; i++) {
            garbage = new Node(-1, garbage);
        }
        System.out.println(garbage.next != null);
    }
}
