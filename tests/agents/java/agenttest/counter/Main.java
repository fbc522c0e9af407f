package agenttest.counter;

/** Calls Work's methods a known number of times: a 10, b 5, c 10, area 2, plus <init> and <clinit>. */
public class Main {
    public static void main(String[] args) {
        Work w = new Work();
        int sum = 0;
        for (int i = 0; i < 10; i++) {
            sum += w.a(i);
        }
        for (int i = 0; i < 5; i++) {
            sum += Work.b(i);
        }
        Shape s = w;
        sum += s.area(2) + s.area(3);
        System.out.println(sum);
    }
}
