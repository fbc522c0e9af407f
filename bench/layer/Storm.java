// Allocates many short-lived objects: with the storm agent every allocation is an event.
public class Storm {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long sum = 0;
        for (int i = 0; i < n; ++i) {
            int[] a = new int[4];
            a[i & 3] = i;
            sum += a[0];
        }
        System.gc();
        System.out.println("sum " + sum);
    }
}
