package ci.ant;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

/** Runs in a forked JVM of its own; prints that JVM's pid (ant's XML report keeps it). */
public class FirstTest {
    @Test
    public void adds() {
        System.out.println("pid " + ProcessHandle.current().pid());
        assertEquals(4, 2 + 2);
    }
}
