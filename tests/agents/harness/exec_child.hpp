// The last step of starting a test child, shared by the harness programs: in the forked child,
// with its standard streams in place, run argv[0] with argv; on failure say why and exit 127.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

[[noreturn]] inline void execChild(const std::vector<std::string>& argv) {
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    std::perror(args[0]);
    _exit(127);
}
