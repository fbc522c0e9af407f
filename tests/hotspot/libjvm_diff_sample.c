/* Built twice, differing in one constant only: scripts/hotspot/libjvm-diff.py must find the one
   byte, in .data, with the build-id that hashes it. */
int sample_table[4] = {1, 2, 3, SAMPLE_VALUE};
int sample_value(int i) { return sample_table[i & 3]; }
