// The generated page for each spec: valid HTML5 by tidy, every internal link lands, every
// item of the model has its anchor; and what the page says about a few functions and events.
#include <catch2/catch.hpp>

#include <algorithm>

#include "docs_support.hpp"
#include "emitters.hpp"

using namespace docstest;
using namespace testsupport;

namespace {

// The text of the element that starts at id="id", up to the next element of the same kind
// of entry (good enough to look at one function's or event's section).
std::string sectionOf(const std::string& html, const std::string& id) {
    const std::string open = "<section class=\"entry";
    const size_t at = html.find("id=\"" + id + "\"");
    REQUIRE(at != std::string::npos);
    const size_t start = html.rfind(open, at);
    REQUIRE(start != std::string::npos);
    size_t end = html.find(open, at);
    if (end == std::string::npos) end = html.size();
    return html.substr(start, end - start);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("the docs emitter is registered as docs and writes docs/jvmti.html") {
    const auto& all = jvmtigen::allEmitters();
    auto it = std::find_if(all.begin(), all.end(), [](const auto& e) { return e.name == "docs"; });
    REQUIRE(it != all.end());
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    CHECK(page.html.starts_with("<!DOCTYPE html>"));
    CHECK(page.html.size() > 100000);
}

TEST_CASE("the page of each spec is valid HTML5 by tidy") {
    for (const auto& c : specCases()) {
        SECTION(c.name) {
            GeneratedPage page;
            generate(page, c.spec, c.version);
            requireTidyClean(page.file);
        }
    }
}

TEST_CASE("every internal link of each page lands on an element, and no id is used twice") {
    for (const auto& c : specCases()) {
        SECTION(c.name) {
            GeneratedPage page;
            generate(page, c.spec, c.version);
            const auto tags = scanTags(page.html);
            size_t links = 0;
            for (const auto& t : tags)
                if (t.attrs.count("href") && t.attrs.at("href").starts_with("#")) ++links;
            CHECK(links > 500);  // the page is cross-linked, not just anchored
            const auto problems = linkProblems(tags);
            for (const auto& p : problems) UNSCOPED_INFO(p);
            CHECK(problems.empty());
        }
    }
}

TEST_CASE("every function, event, type, constant, error and capability of the model has its anchor") {
    for (const auto& c : specCases()) {
        SECTION(c.name) {
            GeneratedPage page;
            generate(page, c.spec, c.version);
            std::set<std::string> ids;
            for (const auto& t : scanTags(page.html))
                if (t.attrs.count("id")) ids.insert(t.attrs.at("id"));
            const auto required = requiredAnchors(readSpec(c.spec));
            CHECK(required.size() > 900);
            std::vector<std::string> missing;
            for (const auto& id : required)
                if (!ids.count(id)) missing.push_back(id);
            for (const auto& m : missing) UNSCOPED_INFO("no anchor: " << m);
            CHECK(missing.empty());
        }
    }
}

TEST_CASE("the page says what a function needs: signature, phase, position, parameters and errors") {
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    const std::string fc = sectionOf(page.html, "GetFrameCount");
    CHECK(has(fc, "<b>GetFrameCount</b>("));
    CHECK(has(fc, "<a href=\"#jthread\">jthread</a> thread,"));
    CHECK(has(fc, "<a href=\"#jint\">jint</a>* count_ptr)"));
    CHECK(has(fc, "May be called only in the live phase."));
    CHECK(has(fc, "<dd>16 in the"));
    CHECK(has(fc, "id=\"GetFrameCount.count_ptr\""));
    CHECK(has(fc, "<code>NULL</code> stands for the current thread."));
    CHECK(has(fc, "Must not be <code>NULL</code>."));
    // errors implied by the parameters, then the universal ones
    CHECK(has(fc, "<a href=\"#JVMTI_ERROR_INVALID_THREAD\">"));
    CHECK(has(fc, "<a href=\"#JVMTI_ERROR_NULL_POINTER\"><code>JVMTI_ERROR_NULL_POINTER</code></a></td><td><a "
                  "href=\"#GetFrameCount.count_ptr\"><code>count_ptr</code></a> is <code>NULL</code>."));
    CHECK(has(fc, "<a href=\"#JVMTI_ERROR_WRONG_PHASE\">"));
    CHECK_FALSE(has(fc, "<a href=\"#JVMTI_ERROR_NONE\">"));

    // Memory JVM TI allocates: who frees it, with what.
    const std::string all = sectionOf(page.html, "GetAllThreads");
    CHECK(has(all, "newly allocated array of"));
    CHECK(has(all, "which the agent releases with <a href=\"#Deallocate\"><code>Deallocate</code></a>."));
    CHECK(has(all, "Its elements are JNI local references."));

    // A required capability, with what it enables, and the error for lacking it.
    const std::string pop = sectionOf(page.html, "PopFrame");
    CHECK(has(pop, "<a href=\"#jvmtiCapabilities.can_pop_frame\"><code>can_pop_frame</code></a>"));
    CHECK(has(pop, "JVMTI_ERROR_MUST_POSSESS_CAPABILITY"));
    CHECK(has(pop, "Required capabilities"));

    // A parameter that may be NULL says so, with the spec's own words on what NULL means.
    const std::string sig = sectionOf(page.html, "GetClassSignature");
    CHECK(has(sig, "May be <code>NULL</code>: "));
}

TEST_CASE("the page says how an event is sent and enabled, with its handler's prototype") {
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    const std::string init = sectionOf(page.html, "VMInit");
    CHECK(has(init, "void JNICALL <b>VMInit</b>("));
    CHECK(has(init, "<a href=\"#jvmtiEnv\">jvmtiEnv</a>* jvmti_env,"));
    CHECK(has(init, "<code><a href=\"#SetEventNotificationMode\">SetEventNotificationMode</a>(JVMTI_ENABLE, "
                    "JVMTI_EVENT_VM_INIT, NULL)</code>"));
    CHECK(has(init, "Sent only in the live phase."));
    CHECK(has(init, "id=\"VMInit.thread\""));
    CHECK(has(init, "A JNI local reference, valid until the handler returns."));

    const std::string step = sectionOf(page.html, "SingleStep");
    CHECK(has(step, "JVMTI_EVENT_SINGLE_STEP, thread)</code> for one thread only."));
    CHECK(has(step, "can_generate_single_step_events"));
}

TEST_CASE("prose placeholders become content: constants tables and phase lists") {
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    const std::string state = sectionOf(page.html, "GetThreadState");
    CHECK(has(state, "<div class=\"constants\" id=\"jvmtiThreadState\">"));
    CHECK(has(state, "<tr id=\"JVMTI_THREAD_STATE_ALIVE\">"));
    const std::string phase = sectionOf(page.html, "GetPhase");
    CHECK(has(phase, "<ul class=\"phaselist\"><li><a href=\"#"));
    CHECK(has(phase, "<a href=\"#AddCapabilities\"><code>AddCapabilities</code></a>"));
}

TEST_CASE("links out of the page are absolute: JNI, the JVM specification, the API docs") {
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    size_t jni = 0, jvms = 0, api = 0;
    for (const auto& t : scanTags(page.html)) {
        auto href = t.attrs.find("href");
        if (href == t.attrs.end() || href->second.starts_with("#")) continue;
        INFO(href->second);
        CHECK(href->second.starts_with("https://"));
        if (href->second.starts_with("https://docs.oracle.com/en/java/javase/25/docs/specs/jni/")) ++jni;
        if (href->second.starts_with("https://docs.oracle.com/javase/specs/jvms/se25/html/jvms-")) ++jvms;
        if (href->second.starts_with("https://docs.oracle.com/en/java/javase/25/docs/api/java.base/")) ++api;
    }
    CHECK(jni > 5);
    CHECK(jvms > 5);
    CHECK(api > 3);
    CHECK(has(page.html, "https://docs.oracle.com/javase/specs/jvms/se25/html/jvms-4.html#jvms-4.3.2"));
}

TEST_CASE("the page stands alone: inline style, no scripts or styles fetched, light and dark, print") {
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    for (const auto& t : scanTags(page.html)) {
        CHECK_FALSE(t.attrs.count("src"));
        if (t.name == "link") CHECK(t.attrs.at("rel") != "stylesheet");
    }
    CHECK(has(page.html, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"));
    CHECK(has(page.html, "@media (prefers-color-scheme: dark)"));
    CHECK(has(page.html, "@media print"));
}
