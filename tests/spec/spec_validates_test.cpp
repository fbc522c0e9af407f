// spec/jvmti.xml reads and validates cleanly, declares JVMTI 28.0.0, and documents every
// active function, event, parameter and error use, so the HTML is a usable reference.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "spec_model.hpp"
#include "validate.hpp"

using namespace jvmtigen;

namespace {

const Spec& ours() {
    const auto& l = spectest::loadSpec(spectest::ourSpecPath());
    INFO("diagnostics reading spec/jvmti.xml:\n" << spectest::joinLines(l.diagnostics));
    REQUIRE(l.diagnostics.empty());
    return l.spec;
}

bool blank(const Prose& p) { return plainText(p).empty(); }

std::string at(const Spec& s, int line) { return s.file + ":" + std::to_string(line); }

}  // namespace

TEST_CASE("spec/jvmti.xml reads and validates with no diagnostics") {
    const Spec& s = ours();
    Diagnostics diag(s.file);
    const bool ok = validateSpec(s, diag);
    INFO("validation diagnostics:\n" << spectest::joinLines(diag.messages()));
    CHECK(diag.messages().empty());
    INFO("warnings:\n" << spectest::joinLines(diag.warnings()));
    CHECK(diag.warnings().empty());  // our own elided parts are as sound as the rest
    CHECK(ok);
}

TEST_CASE("spec/jvmti.xml declares version 28.0.0") {
    const Spec& s = ours();
    REQUIRE(s.version.has_value());
    CHECK(s.version->major == 28);
    CHECK(s.version->minor == 0);
    CHECK(s.version->micro == 0);
    CHECK(s.version->str() == "28.0.0");
}

TEST_CASE("every function, event, parameter and error use of spec/jvmti.xml has text") {
    // Active functions and events need a description; parameters and error uses need text
    // everywhere (elided entries included, so un-eliding one never yields an empty entry).
    // Callbacks and typedef fields are rendered in the reference too, so they are held to
    // the same rule.
    const Spec& s = ours();
    std::vector<std::string> offenders;
    auto params = [&](const std::string& owner, const std::vector<Param>& ps) {
        for (const auto& p : ps)
            if (blank(p.description))
                offenders.push_back(at(s, p.line) + ": " + owner + ": param " + p.id + " has no description");
    };
    for (const auto& f : s.functions) {
        const std::string owner = "function " + f.id;
        if (!f.elided && blank(f.description))
            offenders.push_back(at(s, f.line) + ": " + owner + " has no description");
        params(owner, f.params);
        for (const auto& e : f.errors)
            if (blank(e.text))
                offenders.push_back(at(s, e.line) + ": " + owner + ": error " + e.id + " has no text");
    }
    for (const auto& e : s.events) {
        const std::string owner = "event " + e.id;
        if (!e.elided && blank(e.description))
            offenders.push_back(at(s, e.line) + ": " + owner + " has no description");
        params(owner, e.params);
    }
    for (const auto& c : s.callbacks) {
        const std::string owner = "callback " + c.id;
        if (!c.elided && blank(c.description))
            offenders.push_back(at(s, c.line) + ": " + owner + " has no description");
        params(owner, c.params);
    }
    for (const auto& t : s.typedefs)
        for (const auto& f : t.fields)
            if (blank(f.description))
                offenders.push_back(at(s, f.line) + ": typedef " + t.id + ": field " + f.id + " has no description");
    INFO("offenders (" << offenders.size() << "):\n" << spectest::joinLines(offenders));
    CHECK(offenders.empty());
}
