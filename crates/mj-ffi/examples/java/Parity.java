// Java reaching the mj engine through its C ABI over JNA (Debian: default-jdk-headless, libjna-java):
// the protocol in-process and the typed calls, compared with `mj batch` on the same random hands.
//
//   javac -cp /usr/share/java/jna.jar -d /tmp/mj-java crates/mj-ffi/examples/java/Parity.java
//   java -cp /usr/share/java/jna.jar:/tmp/mj-java -Djna.library.path=target/release Parity target/release/mj 1000
//
// Prints "N passed, 0 failed" and exits 0 when every answer agrees.

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.ByteByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;

public class Parity {
    /** include/mj.h, as JNA maps it (a C bool is one byte). */
    public interface Mj extends Library {
        Mj LIB = Native.load("mj_ffi", Mj.class);

        Pointer mj_request(String line);
        void mj_free(Pointer answer);
        int mj_rules_new(String preset, String switches, PointerByReference out);
        void mj_rules_free(Pointer rules);
        int mj_is_winning(Pointer rules, byte[] counts, int wildcards, ByteByReference out);
        int mj_is_ready(Pointer rules, byte[] counts, int wildcards, ByteByReference out);
        int mj_waits(Pointer rules, byte[] counts, int wildcards, LongByReference out);
        int mj_shanten(Pointer rules, byte[] counts, int wildcards, ByteByReference out);
        String mj_last_error();
        String mj_status_name(int status);
    }

    static String request(String line) {
        Pointer p = Mj.LIB.mj_request(line);
        try {
            return p.getString(0, "UTF-8");
        } finally {
            Mj.LIB.mj_free(p);
        }
    }

    static long state = 11;
    static long next() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
    static int below(int n) { return (int) (((next() >>> 32) * n) >>> 32); }

    static String kind(int k) { return (k % 9 + 1) + "" + "mpsz".charAt(k / 9); }

    static int passed, failed;
    static void check(boolean ok, String what) {
        if (ok) { passed++; return; }
        failed++;
        if (failed <= 20) System.err.println("FAIL " + what);
    }

    public static void main(String[] args) throws Exception {
        String mj = args[0];
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        String[] presets = {"generic", "riichi", "sichuan", "mcr"};
        Pointer[] rules = new Pointer[4];
        for (int p = 0; p < 4; p++) {
            PointerByReference out = new PointerByReference();
            if (Mj.LIB.mj_rules_new(presets[p], null, out) != 0) throw new RuntimeException(Mj.LIB.mj_last_error());
            rules[p] = out.getValue();
        }
        Process batch = new ProcessBuilder(mj, "batch").start();
        BufferedWriter in = new BufferedWriter(new OutputStreamWriter(batch.getOutputStream(), StandardCharsets.UTF_8));
        BufferedReader out = new BufferedReader(new InputStreamReader(batch.getInputStream(), StandardCharsets.UTF_8));
        for (int i = 0; i < n; i++) {
            // A random hand: 13 or 14 tiles from a wall, or a built win; some tiles as wildcards.
            byte[] counts = new byte[34];
            int size = below(2) == 0 ? 13 : 14, real = 0;
            if (below(2) == 0) {
                for (int m = 0; m < 4; m++) {
                    int k = below(27), step = k % 9 <= 6 ? 1 : 0;
                    if (counts[k] < 4 && counts[k + step] < 4 && counts[k + 2 * step] < 4 - 2 * (1 - step)) {
                        counts[k]++; counts[k + step]++; counts[k + 2 * step]++; real += 3;
                    }
                }
                int pair = below(34);
                if (counts[pair] <= 2) { counts[pair] += 2; real += 2; }
            }
            while (real < size) { int k = below(34); if (counts[k] < 4) { counts[k]++; real++; } }
            int wildcards = new int[] {0, 0, 1, 2, 4}[below(5)];
            for (int w = 0; w < wildcards; w++) {
                int k = below(34);
                while (counts[k] == 0) k = (k + 1) % 34;
                counts[k]--;
            }
            int preset = below(4);
            // The protocol's hand: the wildcards as a wild kind the counts lack.
            int wild = -1;
            for (int k = preset == 2 ? 26 : 33; k >= 0 && wildcards > 0 && wild < 0; k--) if (counts[k] == 0) wild = k;
            StringBuilder hand = new StringBuilder();
            for (int s = 0; s < 4; s++) {
                boolean any = false;
                for (int r = 0; r < (s == 3 ? 7 : 9); r++) {
                    int c = counts[s * 9 + r] + (s * 9 + r == wild ? wildcards : 0);
                    for (int j = 0; j < c; j++) { hand.append(r + 1); any = true; }
                }
                if (any) hand.append("mpsz".charAt(s));
            }
            String wildList = wild >= 0 ? "\"" + kind(wild) + "\"" : "";
            for (String op : new String[] {"hu", "shanten"}) {
                String line = "{\"op\":\"" + op + "\",\"hand\":\"" + hand + "\",\"wild\":[" + wildList
                        + "],\"rules\":\"" + presets[preset] + "\",\"id\":" + i + "}";
                in.write(line + "\n");
                in.flush();
                String theirs = out.readLine();
                check(theirs.equals(request(line)), "mj_request " + line + " -> " + theirs);
                ByteByReference b = new ByteByReference();
                int status = op.equals("hu") ? Mj.LIB.mj_is_winning(rules[preset], counts, wildcards, b)
                                             : Mj.LIB.mj_shanten(rules[preset], counts, wildcards, b);
                String expected = status != 0 ? "\"kind\":\"" + Mj.LIB.mj_status_name(status) + "\""
                        : op.equals("hu") ? "\"hu\":" + (b.getValue() != 0) : "\"shanten\":" + b.getValue() + ",";
                check(theirs.contains(expected), op + " " + line + ": typed " + expected + ", mj batch " + theirs);
            }
        }
        in.close();
        check(batch.waitFor() == 0, "mj batch exits 0");
        for (Pointer r : rules) Mj.LIB.mj_rules_free(r);
        System.out.println(passed + " passed, " + failed + " failed");
        System.exit(failed == 0 ? 0 : 1);
    }
}
