#include <iostream>

#include "cli.hpp"

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    return jvmtigen::runJvmtigen(args, std::cout, std::cerr);
}
