// --dump-model round trip: everything the reader puts in the model of a real spec is in the
// JSON, in the same order, with the same ids and numbers; parameters carry kind, base and C type.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model_json.hpp"
#include "reader.hpp"
#include "support.hpp"

using namespace jvmtigen;
using nlohmann::json;
namespace ts = testsupport;

namespace {

Spec readModel(const std::string& file) {
    Spec spec;
    Diagnostics diag(file);
    const bool ok = readSpecFile(file, spec, diag);
    for (const auto& m : diag.messages()) UNSCOPED_INFO(m);
    REQUIRE(ok);
    return spec;
}

json dumpModel(const std::string& file, const std::vector<std::string>& extraArgs) {
    ts::TempDir dir;
    const std::string model = (dir / "model.json").string();
    std::vector<std::string> args = {"--spec", file, "--dump-model", model};
    args.insert(args.end(), extraArgs.begin(), extraArgs.end());
    const auto r = ts::runTool(args);
    INFO(r.err);
    REQUIRE(r.status == 0);
    REQUIRE(ts::listFiles(dir.path()) == std::vector<std::string>{"model.json"});
    return json::parse(ts::readFile(model));
}

void checkParams(const std::vector<Param>& params, const json& j, const std::string& owner) {
    REQUIRE(j.size() == params.size());
    for (size_t i = 0; i < params.size(); ++i) {
        const Param& p = params[i];
        INFO(owner << " parameter " << p.id);
        CHECK(j[i].at("id") == p.id);
        CHECK(j[i].at("kind") == kindName(p.type.kind));
        CHECK(j[i].at("base") == p.type.base);
        CHECK(j[i].at("ctype") == p.type.cType());
        CHECK(j[i].at("nullok") == p.type.nullok);
        if (!p.type.name.empty()) CHECK(j[i].at("name") == p.type.name);
        if (!p.type.incount.empty()) CHECK(j[i].at("incount") == p.type.incount);
        if (!p.type.outcount.empty()) CHECK(j[i].at("outcount") == p.type.outcount);
        CHECK(j[i].at("attrs").size() == p.type.baseAttrs.size());
        for (const auto& [k, v] : p.type.baseAttrs) CHECK(j[i].at("attrs").at(k) == v);
    }
}

size_t checkRoundTrip(const Spec& s, const json& j) {
    size_t params = 0;
    CHECK(j.at("schema") == "jvmtigen-model");
    CHECK(j.at("schemaVersion") == kModelSchemaVersion);

    REQUIRE(j.at("functions").size() == s.functions.size());
    for (size_t i = 0; i < s.functions.size(); ++i) {
        const Function& f = s.functions[i];
        const json& jf = j["functions"][i];
        INFO("function " << f.id);
        CHECK(jf.at("id") == f.id);
        CHECK(jf.at("num") == f.num);
        CHECK(jf.at("elided") == f.elided);
        CHECK(jf.at("phase") == f.phase);
        CHECK(jf.at("since") == f.since);
        CHECK(jf.at("category") == f.category);
        REQUIRE(jf.at("errors").size() == f.errors.size());
        for (size_t e = 0; e < f.errors.size(); ++e) CHECK(jf["errors"][e].at("id") == f.errors[e].id);
        REQUIRE(jf.at("capabilities").at("required").size() == f.required.size());
        for (size_t c = 0; c < f.required.size(); ++c) CHECK(jf["capabilities"]["required"][c].at("id") == f.required[c].id);
        checkParams(f.params, jf.at("params"), f.id);
        params += f.params.size();
    }

    REQUIRE(j.at("events").size() == s.events.size());
    for (size_t i = 0; i < s.events.size(); ++i) {
        const Event& e = s.events[i];
        const json& je = j["events"][i];
        INFO("event " << e.id);
        CHECK(je.at("id") == e.id);
        CHECK(je.at("num") == e.num);
        CHECK(je.at("const") == e.constName);
        CHECK(je.at("filtered") == e.filtered);
        CHECK(je.at("elided") == e.elided);
        checkParams(e.params, je.at("params"), e.id);
        params += e.params.size();
    }

    REQUIRE(s.capabilities.size() == 1);
    const auto& caps = s.capabilities[0].fields;
    CHECK(j.at("capabilitiesTypedef").at("id") == s.capabilities[0].id);
    REQUIRE(j.at("capabilities").size() == caps.size());
    for (size_t i = 0; i < caps.size(); ++i) {
        CHECK(j["capabilities"][i].at("id") == caps[i].id);
        CHECK(j["capabilities"][i].at("bit") == i);
        CHECK(j["capabilities"][i].at("since") == caps[i].since);
    }

    REQUIRE(j.at("errors").size() == s.errors.size());
    for (size_t i = 0; i < s.errors.size(); ++i) {
        CHECK(j["errors"][i].at("id") == s.errors[i].id);
        CHECK(j["errors"][i].at("num") == s.errors[i].num);
        CHECK(j["errors"][i].at("category") == s.errors[i].category);
    }

    REQUIRE(j.at("constants").size() == s.constants.size());
    for (size_t i = 0; i < s.constants.size(); ++i) {
        const ConstantsGroup& g = s.constants[i];
        const json& jg = j["constants"][i];
        INFO("constants group " << g.id);
        CHECK(jg.at("id") == g.id);
        CHECK(jg.at("kind") == g.kind);
        CHECK(jg.at("owner") == g.owner);
        REQUIRE(jg.at("constants").size() == g.constants.size());
        for (size_t k = 0; k < g.constants.size(); ++k) {
            CHECK(jg["constants"][k].at("id") == g.constants[k].id);
            CHECK(jg["constants"][k].at("num") == g.constants[k].num);
        }
    }

    REQUIRE(j.at("typedefs").size() == s.typedefs.size());
    for (size_t i = 0; i < s.typedefs.size(); ++i) {
        const Typedef& t = s.typedefs[i];
        const json& jt = j["typedefs"][i];
        INFO("typedef " << t.id);
        CHECK(jt.at("id") == t.id);
        CHECK(jt.at("form") == (t.form == Typedef::Form::Union ? "union" : "struct"));
        REQUIRE(jt.at("fields").size() == t.fields.size());
        for (size_t k = 0; k < t.fields.size(); ++k) {
            CHECK(jt["fields"][k].at("id") == t.fields[k].id);
            CHECK(jt["fields"][k].at("ctype") == t.fields[k].type.cType());
        }
    }

    REQUIRE(j.at("callbacks").size() == s.callbacks.size());
    for (size_t i = 0; i < s.callbacks.size(); ++i) {
        CHECK(j["callbacks"][i].at("id") == s.callbacks[i].id);
        CHECK(j["callbacks"][i].at("returns").at("ctype") == s.callbacks[i].returns.cType());
        checkParams(s.callbacks[i].params, j["callbacks"][i].at("params"), s.callbacks[i].id);
    }

    REQUIRE(j.at("baseTypes").size() == s.baseTypes.size());
    for (size_t i = 0; i < s.baseTypes.size(); ++i) {
        CHECK(j["baseTypes"][i].at("id") == s.baseTypes[i].id);
        CHECK(j["baseTypes"][i].at("definition") == s.baseTypes[i].definition);
    }
    return params;
}

}  // namespace

TEST_CASE("dump-model round trip of spec/jvmti.xml", "[dump-model]") {
    const std::string file = (ts::sourceDir() / "spec" / "jvmti.xml").string();
    const Spec s = readModel(file);
    const json j = dumpModel(file, {});
    CHECK(j.at("spec").at("version") == "28.0.0");
    CHECK(j.at("spec").at("declaredVersion") == "28.0.0");
    CHECK(j.at("functions").size() == 157);
    CHECK(j.at("events").size() == 38);
    CHECK(j.at("capabilities").size() == 46);
    CHECK(j.at("errors").size() == 53);
    CHECK(checkRoundTrip(s, j) > 400);  // the comparison really covered the parameters
}

TEST_CASE("dump-model round trip of the jdk16 spec with --jvmti-version 17.0.0", "[dump-model]") {
    const std::string file = ts::upstreamSpec("jdk16").string();
    const Spec s = readModel(file);
    const json j = dumpModel(file, {"--jvmti-version", "17.0.0"});
    CHECK(j.at("spec").at("version") == "17.0.0");
    CHECK(j.at("spec").at("declaredVersion").is_null());
    CHECK(j.at("functions").size() == 154);
    CHECK(j.at("events").size() == 34);
    CHECK(j.at("capabilities").size() == 44);
    CHECK(j.at("errors").size() == 52);
    CHECK(j.at("typedefs").size() == 22);
    CHECK(j.at("baseTypes").size() == 21);
    CHECK(checkRoundTrip(s, j) > 400);
}

TEST_CASE("dump-model parameter entries spell kind, base and C type", "[dump-model]") {
    const std::string file = (ts::sourceDir() / "spec" / "jvmti.xml").string();
    const json j = dumpModel(file, {});
    const json* getThreadState = nullptr;
    for (const auto& f : j.at("functions"))
        if (f.at("id") == "GetThreadState") getThreadState = &f;
    REQUIRE(getThreadState != nullptr);
    const json& ps = getThreadState->at("params");
    REQUIRE(ps.size() == 2);
    CHECK(ps[0].at("id") == "thread");
    CHECK(ps[0].at("kind") == "value");
    CHECK(ps[0].at("base") == "jthread");
    CHECK(ps[0].at("ctype") == "jthread");
    CHECK(ps[0].at("attrs").at("null") == "current");
    CHECK(ps[1].at("id") == "thread_state_ptr");
    CHECK(ps[1].at("kind") == "outptr");
    CHECK(ps[1].at("base") == "jint");
    CHECK(ps[1].at("ctype") == "jint*");
}
