#include <iostream>

#include "cli.hpp"
#include "render.hpp"
#include "guarded_main.hpp"

namespace {

int run(int argc, char** argv) {
    jvmtigen::setRenderReserve(size_t{1} << 20);  // a process that exits soon: see render.hpp
    std::vector<std::string> args(argv + 1, argv + argc);
    return jvmtigen::runJvmtigen(args, std::cout, std::cerr);
}

}  // namespace

int main(int argc, char** argv) {
    return jvmtihelp::guardedMain("jvmtigen", 1, [&] { return run(argc, argv); });
}
