// jvmti-conform's run: the cases of every function at one place, made through a target (a
// real VM's environments, or the generated entries over a runtime), and the rows they give.
#pragma once

#include <string>
#include <vector>

#include "cases.hpp"

namespace conform {

// One call made: what the spec allows and what came back.
struct Row {
    std::string place, function, kind, detail;
    std::vector<std::string> allowed;  // error names
    std::string actual;
    bool pass = false;
    std::string rule;                  // the rule catalogue's id for the case ("GetFrameCount.count_ptr.null")
};

struct Results {
    std::string vm;                    // what was tested: "OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1"
    std::string jvmtiVersion;          // its GetVersionNumber, "17.0.0"
    std::string specVersion;           // the metadata's, "25.0.0"
    std::vector<std::string> places;   // the places reached
    std::vector<Row> rows;
    std::vector<Skip> skips;           // deduplicated
};

// What the cases are made through.
class Target {
public:
    virtual ~Target() = default;
    // Whether the function table has the function (a function later than the VM has none).
    virtual bool hasFunction(int num) = 0;
    // Calls function `num` through the environment holding every offered capability
    // (lackingBit < 0) or all of those but `lackingBit`.
    virtual jvmtiError call(int num, int lackingBit, const std::uint64_t (&words)[kMaxParams]) = 0;
    // Told before each call what it is ("start GetThreadInfo null info_ptr"), so that a run
    // the VM ends can say which call it died in.
    virtual void before(const std::string& /*what*/) {}
};

// Makes every case of every function at `place`, appending rows and skips to `out`.
void runPlace(Target& target, Place place, const Values& values, const Offer& offer, Results& out);

// Totals by kind: cases, passes, deviations.
struct Totals {
    long cases = 0, passes = 0;
    long byKind[static_cast<int>(Kind::Count)][2] = {};  // [kind][0]: cases, [1]: passes
};
Totals totals(const Results& results);

// A deviation as one line: "live GetFrameCount null count_ptr: got JVMTI_ERROR_NONE, allowed JVMTI_ERROR_NULL_POINTER".
std::string deviationLine(const Row& row);

}  // namespace conform
