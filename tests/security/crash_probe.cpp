// crash_probe LIBRARY OFFSET: prints how jvmti-check's crash reader names the code at OFFSET in
// LIBRARY (check/sweep_crash.cpp's describeOffset), for the attack tests' no-network check.
#include <cstdlib>
#include <cstdio>

#include "sweep/crash.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: crash_probe LIBRARY OFFSET\n");
        return 2;
    }
    std::printf("%s\n", jvmticheck::describeOffset(argv[1], std::strtoull(argv[2], nullptr, 0), false).c_str());
    return 0;
}
