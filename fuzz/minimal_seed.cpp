// Prints the unit tests' minimal valid spec: a small seed that gets through validation, so the
// fuzzer reaches the emitters from its first runs.
#include <cstdio>

#include "minimal_spec.hpp"

int main() {
    std::fputs(minispec::text().c_str(), stdout);
    return 0;
}
