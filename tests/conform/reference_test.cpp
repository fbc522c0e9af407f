// The conformance suite against the project's own generated checking entries (spec/jvmti.xml),
// over the recording runtime: every case the suite makes must get an answer the spec allows,
// in each place, so a VM built on jvmtigen_generate starts from 100%.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>

#include "check_args.hpp"
#include "results.hpp"

namespace {

using namespace conform;

// The generated entries, through jvmti_runtime::checkedFunctionTable, with the runtime's phase
// set to the place's and the capabilities to all or all but one. A call that passes the
// checks gets JVMTI_ERROR_NONE from the recording runtime.
class GeneratedEntries : public Target {
public:
    explicit GeneratedEntries(jvmtiPhase phase, const jvmtiInterface_1_& table = jvmti_runtime::checkedFunctionTable)
        : phase_(phase), table_(table) {}
    bool hasFunction(int num) override { return reinterpret_cast<void* const*>(&table_)[num - 1] != nullptr; }
    jvmtiError call(int num, int lackingBit, const std::uint64_t (&words)[kMaxParams]) override {
        rec::reset();
        env_.functions = &table_;
        rec::state().liveEnv = &env_;
        rec::state().phase = phase_;
        rec::state().capabilities = allCapabilities();
        for (const auto& c : md::capabilities)
            if (c.bit == lackingBit) c.set(rec::state().capabilities, false);
        rec::state().result = JVMTI_ERROR_NONE;
        return rec::invoke(table_, num, &env_, words);
    }

private:
    jvmtiPhase phase_;
    const jvmtiInterface_1_& table_;
    _jvmtiEnv env_{};
};

Offer everything() {
    Offer offer;
    offer.potential = allCapabilities();
    for (const auto& c : md::capabilities) {
        jvmtiCapabilities lacking = allCapabilities();
        c.set(lacking, false);
        offer.lacking.emplace_back(c.bit, lacking);
    }
    offer.tellsHandleKinds = false;  // the recording runtime has no objects
    return offer;
}

// Distinct addresses standing for the handles: the entries never look behind them.
Values fakeHandles() {
    static char handles[8];
    Values v;
    v.thread = reinterpret_cast<jthread>(&handles[1]);
    v.klass = reinterpret_cast<jclass>(&handles[2]);
    v.object = reinterpret_cast<jobject>(&handles[3]);
    v.group = reinterpret_cast<jthreadGroup>(&handles[4]);
    v.method = reinterpret_cast<jmethodID>(&handles[5]);
    v.field = reinterpret_cast<jfieldID>(&handles[6]);
    v.monitor = reinterpret_cast<jrawMonitorID>(&handles[7]);
    return v;
}

}  // namespace

TEST_CASE("conform: the generated entries answer every case of every place as the spec allows") {
    Results results;
    const Offer offer = everything();
    const struct {
        Place place;
        jvmtiPhase phase;
    } places[] = {{Place::OnLoad, JVMTI_PHASE_ONLOAD}, {Place::Start, JVMTI_PHASE_START}, {Place::Live, JVMTI_PHASE_LIVE}};
    for (const auto& p : places) {
        GeneratedEntries target(p.phase);
        runPlace(target, p.place, fakeHandles(), offer, results);
    }
    for (const Row& row : results.rows) {
        INFO(deviationLine(row));
        CHECK(row.pass);
    }
    const Totals t = totals(results);
    CHECK(t.cases == t.passes);
    // Each row's rule is in the catalogue (the page links jvmti.html#rule-<id>; rules.md has the
    // same anchors), and each well-formed call's function has its entry.
    std::ifstream catalogue(CONFORM_RULES_MD), page(CONFORM_DOCS_HTML);
    const std::string rules((std::istreambuf_iterator<char>(catalogue)), std::istreambuf_iterator<char>());
    const std::string html((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
    REQUIRE(rules.size() > 1000);
    for (const Row& row : results.rows) {
        INFO(row.rule);
        if (row.kind == "well_formed") CHECK(html.find("id=\"" + row.rule + "\"") != std::string::npos);
        else CHECK(rules.find("<a id=\"rule-" + row.rule + "\">") != std::string::npos);
    }
    // The whole result, as jvmti-conform would print it, for a reader of the build tree.
    results.vm = "the generated entries (spec/jvmti.xml) over the recording runtime";
    results.jvmtiVersion = results.specVersion = std::to_string(JVMTI_VERSION >> 16 & 0xfff) + ".0.0";
    std::ofstream(CONFORM_REFERENCE_REPORT) << renderText(results, false);
    // Every kind but wrong_handle (the runtime has no objects) is made, and many times.
    for (int k = 0; k < static_cast<int>(Kind::Count); ++k) {
        INFO(kindName(static_cast<Kind>(k)));
        if (static_cast<Kind>(k) == Kind::WrongHandle) CHECK(t.byKind[k][0] == 0);
        else CHECK(t.byKind[k][0] > 10);
    }
    CHECK(t.cases > 900);
    // What was not made is only what the suite never makes on any target.
    for (const Skip& s : results.skips) {
        INFO(s.function << " " << s.kind << ": " << s.reason);
        CHECK((s.source.rfind("the spec", 0) == 0 || s.source == "the suite" || s.source == "the target"));
    }
}

TEST_CASE("conform: a deviation is found and named: an entry that lets a NULL through") {
    // The same run over a table whose GetFrameCount slot skips the checks: the suite must catch it.
    jvmtiInterface_1_ unchecked = jvmti_runtime::checkedFunctionTable;
    unchecked.GetFrameCount = [](jvmtiEnv*, jthread, jint*) { return JVMTI_ERROR_NONE; };
    GeneratedEntries target(JVMTI_PHASE_LIVE, unchecked);
    Results results;
    runPlace(target, Place::Live, fakeHandles(), everything(), results);
    const auto lines = deviationLines(results);
    CHECK(lines == std::vector<std::string>{
                       "live GetFrameCount null count_ptr: got JVMTI_ERROR_NONE, allowed JVMTI_ERROR_NULL_POINTER"});
}
