// The reader: the minimal spec gives exactly the model it describes, and the real specs
// (OpenJDK's of JDK 16 and of the JDK 11 snapshot, and the project's own) read and validate
// with the totals they really have.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "minimal_spec.hpp"
#include "reader.hpp"
#include "support.hpp"
#include "validate.hpp"
#include "xml_text.hpp"

using namespace jvmtigen;

namespace {

Spec readMinimal() {
    Spec spec;
    Diagnostics diag("mini.xml");
    const bool ok = readSpecText(minispec::text(), spec, diag);
    INFO((diag.messages().empty() ? std::string() : diag.messages().front()));
    REQUIRE(ok);
    REQUIRE(validateSpec(spec, diag));
    return spec;
}

template <class T>
const T& byId(const std::vector<T>& items, const std::string& id) {
    auto it = std::find_if(items.begin(), items.end(), [&](const T& x) { return x.id == id; });
    if (it == items.end()) FAIL("no item with id " << id);
    return *it;
}

const Param& param(const std::vector<Param>& ps, const std::string& id) { return byId(ps, id); }

std::vector<std::string> paramIds(const std::vector<Param>& ps) {
    std::vector<std::string> ids;
    for (const auto& p : ps) ids.push_back(p.id);
    return ids;
}

Spec readReal(const testsupport::fs::path& file) {
    Spec spec;
    Diagnostics diag(file.string());
    const bool ok = readSpecFile(file.string(), spec, diag) && validateSpec(spec, diag);
    for (const auto& m : diag.messages()) UNSCOPED_INFO(m);
    REQUIRE(ok);
    return spec;
}

size_t countIf(const auto& items, auto pred) { return std::count_if(items.begin(), items.end(), pred); }
const auto isElided = [](const auto& x) { return x.elided; };
const auto isActive = [](const auto& x) { return !x.elided; };

size_t constantCount(const Spec& s) {
    size_t n = 0;
    for (const auto& g : s.constants) n += g.constants.size();
    return n;
}

}  // namespace

TEST_CASE("minimal spec: header, version and section labels", "[reader]") {
    const Spec s = readMinimal();
    CHECK(s.file == "mini.xml");
    CHECK(s.label == "Tiny Tool Interface");
    CHECK(s.title == "The Tiny JVM TI");
    CHECK(s.subtitle == "A specification for unit tests");
    REQUIRE(s.version.has_value());
    CHECK(s.version->major == 1);
    CHECK(s.version->minor == 2);
    CHECK(s.version->micro == 3);
    CHECK(s.version->str() == "1.2.3");
    CHECK(s.line == 2);
    CHECK(s.functionSectionLabel == "Functions");
    CHECK(s.errorSectionLabel == "Errors");
    CHECK(s.eventSectionLabel == "Events");
    CHECK(s.issuesSectionLabel == "Open Issues");
    CHECK(s.changeHistoryId == "ChangeHistory");
    CHECK(s.changeHistoryUpdate == "01/02/03");
}

TEST_CASE("minimal spec: counts of every kind of item", "[reader]") {
    const Spec s = readMinimal();
    CHECK(s.categories.size() == 1);
    CHECK(s.functions.size() == 3);
    CHECK(countIf(s.functions, isElided) == 1);
    CHECK(s.callbacks.size() == 1);
    CHECK(s.typedefs.size() == 1);
    CHECK(s.capabilities.size() == 1);
    CHECK(s.constants.size() == 1);
    CHECK(s.events.size() == 3);
    CHECK(countIf(s.events, isElided) == 1);
    CHECK(s.errorCategories.size() == 2);
    CHECK(s.errors.size() == 6);
    CHECK(s.baseTypeGroups.size() == 1);
    CHECK(s.baseTypes.size() == 2);
    CHECK(s.changes.size() == 1);
    // aboutTiny, gadgetIntro, the error, event and data section intros, noIssues
    CHECK(s.intros.size() == 6);
}

TEST_CASE("minimal spec: functions in document order with their attributes", "[reader]") {
    const Spec s = readMinimal();
    const std::string text = minispec::text();
    REQUIRE(s.functions.size() == 3);

    const Function& count = s.functions[0];
    CHECK(count.id == "GetGadgetCount");
    CHECK(count.num == 1);
    CHECK(count.phase == "live");
    CHECK(count.since == "1.1");
    CHECK(count.category == "gadgetCategory");
    CHECK_FALSE(count.elided);
    CHECK(count.synopsis == "Get Gadget Count");
    CHECK(count.origin == "new");
    CHECK(count.line == minispec::lineOf(text, "<function id=\"GetGadgetCount\""));

    const Function& names = s.functions[1];
    CHECK(names.id == "GetGadgetNames");
    CHECK(names.num == 2);
    CHECK(names.phase == "any");
    CHECK(names.since == "1.0");  // the default
    CHECK_FALSE(names.elided);
    CHECK(names.line == minispec::lineOf(text, "<function id=\"GetGadgetNames\""));

    const Function& polish = s.functions[2];
    CHECK(polish.id == "PolishGadget");
    CHECK(polish.num == 3);
    CHECK(polish.phase.empty());
    CHECK(polish.category == "gadgetCategory");
    CHECK(polish.elided);
    CHECK(polish.params.empty());
}

TEST_CASE("minimal spec: parameters of GetGadgetCount", "[reader]") {
    const Spec s = readMinimal();
    const Function& f = byId(s.functions, "GetGadgetCount");
    CHECK(paramIds(f.params) == std::vector<std::string>{"thread", "mode", "min_weight", "count_ptr"});

    const Param& thread = param(f.params, "thread");
    CHECK(thread.type.kind == Kind::Value);
    CHECK(thread.type.base == "jthread");
    CHECK(thread.type.baseAttrs == std::map<std::string, std::string>{{"null", "current"}});
    CHECK_FALSE(thread.type.nullok);
    CHECK(thread.type.cType() == "jthread");
    CHECK(plainText(thread.description) == "The thread whose gadgets are counted.");
    CHECK(thread.line == minispec::lineOf(minispec::text(), "<param id=\"thread\">\n            <jthread null"));

    const Param& mode = param(f.params, "mode");
    CHECK(mode.type.kind == Kind::Value);
    CHECK(mode.type.base == "enum");
    CHECK(mode.type.name == "tinyCountMode");
    CHECK(mode.type.cType() == "tinyCountMode");

    const Param& minWeight = param(f.params, "min_weight");
    CHECK(minWeight.type.kind == Kind::Value);
    CHECK(minWeight.type.base == "jint");
    CHECK(minWeight.type.baseAttrs == std::map<std::string, std::string>{{"min", "0"}});
    CHECK(minWeight.type.cType() == "jint");

    const Param& countPtr = param(f.params, "count_ptr");
    CHECK(countPtr.type.kind == Kind::OutPtr);
    CHECK(countPtr.type.base == "jint");
    CHECK(countPtr.type.baseAttrs.empty());
    CHECK(countPtr.type.cType() == "jint*");
    CHECK(countPtr.type.baseCType() == "jint");
}

TEST_CASE("minimal spec: parameters of GetGadgetNames", "[reader]") {
    const Spec s = readMinimal();
    const std::string text = minispec::text();
    const Function& f = byId(s.functions, "GetGadgetNames");
    CHECK(paramIds(f.params) == std::vector<std::string>{"gadget_count", "owners", "names_ptr", "filter"});

    const Param& owners = param(f.params, "owners");
    CHECK(owners.type.kind == Kind::InBuf);
    CHECK(std::string(kindName(owners.type.kind)) == "inbuf");
    CHECK(owners.type.base == "jthread");
    CHECK(owners.type.incount == "gadget_count");
    CHECK(owners.type.outcount.empty());
    CHECK(owners.type.cType() == "const jthread*");
    const int ownersLine = minispec::lineOf(text, "<inbuf incount=");
    CHECK(owners.type.wrapperLine == ownersLine);
    CHECK(owners.type.line == ownersLine);  // base element on the same line

    const Param& names = param(f.params, "names_ptr");
    CHECK(names.type.kind == Kind::AllocBuf);
    CHECK(names.type.base == "char");
    CHECK(names.type.incount.empty());
    CHECK(names.type.cType() == "char**");

    const Param& filter = param(f.params, "filter");
    CHECK(filter.type.kind == Kind::InPtr);
    CHECK(filter.type.base == "struct");
    CHECK(filter.type.name == "tinyGadgetInfo");
    CHECK(filter.type.nullok);
    CHECK(plainText(filter.type.nullokText) == "every gadget is named");
    CHECK(filter.type.cType() == "const tinyGadgetInfo*");

    CHECK_FALSE(param(f.params, "gadget_count").type.nullok);
    CHECK(param(f.params, "gadget_count").type.cType() == "jint");
}

TEST_CASE("minimal spec: capability uses and errors of functions", "[reader]") {
    const Spec s = readMinimal();
    const std::string text = minispec::text();

    const Function& count = byId(s.functions, "GetGadgetCount");
    REQUIRE(count.required.size() == 1);
    CHECK(count.required[0].id == "can_count_gadgets");
    CHECK(plainText(count.required[0].text) == "Counting needs this.");
    CHECK(count.required[0].line == minispec::lineOf(text, "<required id=\"can_count_gadgets\">"));
    CHECK(count.optional.empty());
    CHECK_FALSE(count.eventCapabilities);
    REQUIRE(count.errors.size() == 1);
    CHECK(count.errors[0].id == "JVMTI_ERROR_ABSENT_INFORMATION");
    CHECK(plainText(count.errors[0].text) == "The thread holds no gadget.");

    const Function& names = byId(s.functions, "GetGadgetNames");
    CHECK(names.required.empty());
    REQUIRE(names.optional.size() == 1);
    CHECK(names.optional[0].id == "can_name_gadgets");
    CHECK(names.errors.empty());

    const Function& polish = byId(s.functions, "PolishGadget");
    REQUIRE(polish.required.size() == 1);
    CHECK(polish.required[0].id == "can_polish_gadgets");  // elided: may name a capability that does not exist
}

TEST_CASE("minimal spec: typedef, capabilities and callback", "[reader]") {
    const Spec s = readMinimal();
    const std::string text = minispec::text();

    const Typedef& info = s.typedefs.at(0);
    CHECK(info.id == "tinyGadgetInfo");
    CHECK(info.form == Typedef::Form::Struct);
    CHECK(info.label == "Gadget information");
    CHECK(info.owner == "gadgetCategory");
    CHECK_FALSE(info.elided);
    CHECK(info.line == minispec::lineOf(text, "<typedef id=\"tinyGadgetInfo\""));
    REQUIRE(info.fields.size() == 2);
    CHECK(info.fields[0].id == "name");
    CHECK(info.fields[0].type.kind == Kind::AllocFieldBuf);
    CHECK(info.fields[0].type.cType() == "char*");
    CHECK(info.fields[1].id == "weight");
    CHECK(info.fields[1].type.cType() == "jint");

    const CapabilitiesTypedef& caps = s.capabilities.at(0);
    CHECK(caps.id == "jvmtiCapabilities");
    CHECK(caps.category == "gadgetCategory");
    REQUIRE(caps.fields.size() == 2);
    CHECK(caps.fields[0].id == "can_count_gadgets");
    CHECK(caps.fields[0].disp1 == "count gadgets");
    CHECK(caps.fields[0].since == "1.0");
    CHECK(caps.fields[1].id == "can_name_gadgets");
    CHECK(caps.fields[1].since == "1.1");
    CHECK(caps.fields[1].line == minispec::lineOf(text, "<capabilityfield id=\"can_name_gadgets\""));

    const Callback& cb = s.callbacks.at(0);
    CHECK(cb.id == "tinyGadgetVisitor");
    CHECK(cb.category == "gadgetCategory");
    CHECK_FALSE(cb.elided);
    CHECK(cb.returns.base == "jint");
    CHECK(cb.returns.cType() == "jint");
    CHECK(cb.synopsis == "Gadget Visitor");
    CHECK(paramIds(cb.params) == std::vector<std::string>{"gadget_index", "user_data"});
    CHECK(cb.params[1].type.cType() == "void*");
}

TEST_CASE("minimal spec: constants group owned by its function", "[reader]") {
    const Spec s = readMinimal();
    const ConstantsGroup& g = s.constants.at(0);
    CHECK(g.id == "tinyCountMode");
    CHECK(g.label == "Count Modes");
    CHECK(g.kind == "enum");
    CHECK(g.owner == "GetGadgetCount");
    CHECK(g.line == minispec::lineOf(minispec::text(), "<constants id="));
    REQUIRE(g.constants.size() == 2);
    CHECK(g.constants[0].id == "TINY_COUNT_QUICK");
    CHECK(g.constants[0].num == "1");
    CHECK(plainText(g.constants[0].description) == "Count quickly.");
    CHECK(g.constants[1].id == "TINY_COUNT_EXACT");
    CHECK(g.constants[1].num == "2");
}

TEST_CASE("minimal spec: events with const, num, filtered and phase", "[reader]") {
    const Spec s = readMinimal();
    REQUIRE(s.events.size() == 3);

    const Event& made = s.events[0];
    CHECK(made.id == "GadgetMade");
    CHECK(made.label == "Gadget Made");
    CHECK(made.constName == "TINY_EVENT_GADGET_MADE");
    CHECK(made.num == 50);
    CHECK(made.filtered == "thread");
    CHECK(made.phase == "live");
    CHECK(made.since == "1.0");
    CHECK_FALSE(made.elided);
    CHECK(made.line == minispec::lineOf(minispec::text(), "label=\"Gadget Made\" id=\"GadgetMade\""));
    REQUIRE(made.required.size() == 1);
    CHECK(made.required[0].id == "can_count_gadgets");
    REQUIRE(made.params.size() == 2);
    CHECK(made.params[0].type.cType() == "JNIEnv*");
    CHECK(made.params[1].type.cType() == "jthread");

    const Event& lost = s.events[1];
    CHECK(lost.id == "GadgetLost");
    CHECK(lost.num == 51);
    CHECK(lost.filtered == "global");
    CHECK(lost.phase.empty());
    CHECK(lost.since == "1.2");
    CHECK(lost.params.empty());

    const Event& polished = s.events[2];
    CHECK(polished.id == "GadgetPolished");
    CHECK(polished.constName == "TINY_EVENT_GADGET_POLISHED");
    CHECK(polished.num == 52);
    CHECK(polished.elided);
}

TEST_CASE("minimal spec: errors, base types, intros and change history", "[reader]") {
    const Spec s = readMinimal();
    const std::string text = minispec::text();

    // Two of the tiny spec's own universal errors, the three its entry checks need, one more.
    REQUIRE(s.errors.size() == 6);
    CHECK(s.errors[0].id == "TINY_ERROR_NONE");
    CHECK(s.errors[0].num == 0);
    CHECK(s.errors[0].category == "universal-error");
    CHECK(s.errors[1].id == "JVMTI_ERROR_NULL_POINTER");
    CHECK(s.errors[1].num == 100);
    CHECK(s.errors[4].id == "JVMTI_ERROR_INVALID_ENVIRONMENT");
    CHECK(s.errors[4].category == "universal-error");
    CHECK(s.errors[5].id == "JVMTI_ERROR_ABSENT_INFORMATION");
    CHECK(s.errors[5].num == 20);
    CHECK(s.errors[5].category == "function-specific-error");
    CHECK(s.errors[5].line == minispec::lineOf(text, "<errorid id=\"JVMTI_ERROR_ABSENT_INFORMATION\""));

    REQUIRE(s.baseTypes.size() == 2);
    CHECK(s.baseTypes[0].id == "jthread");
    CHECK(s.baseTypes[0].group == "tinyTypes");
    CHECK(s.baseTypes[0].definition == "typedef jobject jthread;");  // blank lines and indentation trimmed
    CHECK(s.baseTypes[1].id == "jint");
    CHECK(s.baseTypes[1].definition.empty());
    CHECK(s.baseTypeGroups.at(0).id == "tinyTypes");

    const Intro& about = byId(s.intros, "aboutTiny");
    CHECK(about.label == "About this spec");
    CHECK(about.where == "spec");
    CHECK(about.line == minispec::lineOf(text, "<intro id=\"aboutTiny\""));
    CHECK(byId(s.intros, "gadgetIntro").where == "gadgetCategory");
    CHECK(byId(s.intros, "noIssues").where == "IssuesSection");

    REQUIRE(s.changes.size() == 1);
    CHECK(s.changes[0].date == "1 Feb 2003");
    CHECK(s.changes[0].version == "1.2.3");
    CHECK(plainText(s.changes[0].text) == "First version of the tiny spec.");
}

TEST_CASE("readSpecFile reports a file it cannot open", "[reader]") {
    testsupport::TempDir dir;
    const std::string missing = (dir / "absent.xml").string();
    Spec spec;
    Diagnostics diag(missing);
    CHECK_FALSE(readSpecFile(missing, spec, diag));
    CHECK(diag.messages() == std::vector<std::string>{missing + ": error: cannot open the file: No such file or directory"});
}

TEST_CASE("upstream jdk16 spec: totals", "[reader][upstream]") {
    const Spec s = readReal(testsupport::upstreamSpec("jdk16"));
    CHECK_FALSE(s.version.has_value());  // OpenJDK's file declares no version since JDK 10

    CHECK(s.functions.size() == 154);
    CHECK(countIf(s.functions, isActive) == 148);
    CHECK(countIf(s.functions, isElided) == 6);
    CHECK(s.events.size() == 34);
    CHECK(countIf(s.events, isActive) == 32);
    CHECK(countIf(s.events, isElided) == 2);
    REQUIRE(s.capabilities.size() == 1);
    CHECK(s.capabilities[0].fields.size() == 44);
    CHECK(s.errors.size() == 52);
    CHECK(s.constants.size() == 23);
    CHECK(constantCount(s) == 138);
    // 21 <typedef> and 1 <uniontypedef>
    CHECK(s.typedefs.size() == 22);
    CHECK(countIf(s.typedefs, [](const Typedef& t) { return t.form == Typedef::Form::Union; }) == 1);
    CHECK(s.baseTypes.size() == 21);
}

TEST_CASE("upstream jdk11-ea spec: reads, validates and declares 9.0.0", "[reader][upstream]") {
    const Spec s = readReal(testsupport::upstreamSpec("jdk11-ea"));
    REQUIRE(s.version.has_value());
    CHECK(s.version->str() == "9.0.0");
    CHECK(s.functions.size() == 154);
    CHECK(s.errors.size() == 51);
    CHECK(std::any_of(s.functions.begin(), s.functions.end(),
                      [](const Function& f) { return f.id == "SetHeapSamplingRate"; }));
}

TEST_CASE("project spec/jvmti.xml (JVMTI 28): totals", "[reader]") {
    const Spec s = readReal(testsupport::sourceDir() / "spec" / "jvmti.xml");
    REQUIRE(s.version.has_value());
    CHECK(s.version->str() == "28.0.0");
    CHECK(countIf(s.functions, isActive) == 151);
    CHECK(countIf(s.functions, isElided) == 6);
    CHECK(countIf(s.events, isActive) == 34);
    CHECK(countIf(s.events, isElided) == 4);
    REQUIRE(s.capabilities.size() == 1);
    CHECK(s.capabilities[0].fields.size() == 46);
    // JDK 28's preview capability follows JDK 21's, as in OpenJDK's 28 early-access file.
    CHECK(s.capabilities[0].fields[44].id == "can_support_virtual_threads");
    CHECK(s.capabilities[0].fields[45].id == "can_support_value_objects");
    CHECK(s.capabilities[0].fields[45].since == "28");
    CHECK(s.capabilities[0].fields[45].preview);
    CHECK_FALSE(s.capabilities[0].fields[44].preview);
    CHECK(s.errors.size() == 53);
}

TEST_CASE("firstInvalidUtf8: well-formed sequences pass, the first bad byte is found") {
    CHECK_FALSE(firstInvalidUtf8("").has_value());
    CHECK_FALSE(firstInvalidUtf8("plain ASCII, long enough for the eight-byte path").has_value());
    CHECK_FALSE(firstInvalidUtf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 \xF4\x8F\xBF\xBF").has_value());  // é € 😀 U+10FFFF
    CHECK(firstInvalidUtf8("12345678\x80") == std::optional<size_t>(8));           // a lone continuation byte
    CHECK(firstInvalidUtf8("ab\xC1\xBF") == std::optional<size_t>(2));            // overlong two-byte form
    CHECK(firstInvalidUtf8("ab\xE0\x80\x80") == std::optional<size_t>(2));       // overlong three-byte form
    CHECK(firstInvalidUtf8("ab\xED\xA0\x80") == std::optional<size_t>(2));       // a surrogate
    CHECK(firstInvalidUtf8("ab\xF4\x90\x80\x80") == std::optional<size_t>(2));  // past U+10FFFF
    CHECK(firstInvalidUtf8("ab\xF0\x9F\x98") == std::optional<size_t>(2));       // cut short at the end
    CHECK(firstInvalidUtf8("ab\xE2\x82x") == std::optional<size_t>(2));           // cut short by ASCII
}
