package checkmod;

/** Says which module it runs in: run with -m, it must be its own. */
public class Main {
    public static void main(String[] args) {
        System.out.println("module: " + Main.class.getModule().getName());
    }
}
