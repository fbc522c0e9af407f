package ci.ant;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** Runs in a forked JVM of its own; prints that JVM's pid (ant's XML report keeps it). */
public class SecondTest {
    @Test
    public void concatenates() {
        System.out.println("pid " + ProcessHandle.current().pid());
        assertEquals("ab", "a" + "b");
    }

    @Test
    public void sorts() {
        int[] values = {3, 1, 2};
        java.util.Arrays.sort(values);
        assertTrue(values[0] == 1 && values[2] == 3);
    }
}
