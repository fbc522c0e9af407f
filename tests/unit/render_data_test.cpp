// The data templates are rendered with (template_data.hpp), the renderer's marked-line
// handling, outer objects and templates parsed ahead (render.hpp), and the side worker the docs
// emitter renders on.
#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "emitters.hpp"
#include "minimal_spec.hpp"
#include "reader.hpp"
#include "render.hpp"
#include "side_worker.hpp"
#include "template_data.hpp"
#include "validate.hpp"

using namespace jvmtigen;

TEST_CASE("a list keeps every element, in order, as it grows past what it reserved") {
    List xs(2);
    for (int i = 0; i < 100; ++i) xs.push(Object{"n", std::to_string(i), "nested", Object{"deep", "x"}});
    REQUIRE(xs.size() == 100);
    const Data data = withMore(std::move(xs));
    const auto& items = data.list_value();
    for (size_t i = 0; i < items.size(); ++i) {
        CHECK(items[i].get("n")->string_value() == std::to_string(i));
        CHECK(items[i].get("nested")->get("deep")->string_value() == "x");
        CHECK(items[i].get("more")->is_true() == (i + 1 < items.size()));
    }
}

TEST_CASE("put replaces a value, and null becomes false") {
    Object o{"a", "1", "b", true, "c", nullptr};
    put(o, "a", std::string("2"));
    CHECK(o.get("a")->string_value() == "2");
    CHECK(o.get("b")->is_true());
    CHECK(o.get("c")->is_false());
}

TEST_CASE("a template renders a view inside outer objects: names the view lacks come from them") {
    Template t("jvmti-constants.html", Escape::Html);  // rendered twice from one parse
    const Object outer{"anchor", "OUTER-ANCHOR", "since", "9.9"};
    const Object inner{"id", "G", "anchor", nullptr, "label", "in <b>", "kind", "constants", "constants", List()};
    for (int i = 0; i < 2; ++i) {
        const std::string html = t.render(inner, {&outer});
        CHECK(html.find("in &lt;b&gt;") != std::string::npos);         // escaped for HTML
        CHECK(html.find("since 9.9") != std::string::npos);            // absent here, found outside
        CHECK(html.find("OUTER-ANCHOR") == std::string::npos);         // null here hides the outer one
        CHECK(html.find('\x01') == std::string::npos);                 // no standalone-tag marks left
        CHECK(html.find("\n\n") == std::string::npos);                 // nor the lines they stood on
    }
}

TEST_CASE("parsed templates are shared: threads render the same template at once, and a failed render is not "
          "passed on") {
    const Object outer{"since", "1.0"};
    const auto view = [](const std::string& label) {
        return Object{"id", "G", "anchor", nullptr, "label", label, "kind", "constants", "constants", List()};
    };
    // Two threads, each with its own Template of the same name, render at the same time.
    std::vector<int> good(2, 0);
    std::vector<std::thread> threads;
    for (int n = 0; n < 2; ++n) {
        threads.emplace_back([&, n] {
            const std::string label = "L" + std::to_string(n);
            for (int i = 0; i < 200; ++i) {
                Template t("jvmti-constants.html", Escape::Html);
                if (t.render(view(label), {&outer}).find(label + " <span class=\"muted\">(constants, since 1.0)") !=
                    std::string::npos)
                    ++good[n];
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(good == std::vector<int>{200, 200});

    // A lambda whose text is an unclosed section makes kainjow fail, and keep the error.
    {
        Template broken("jvmti-constants.html", Escape::Html);
        Object v = view("x");
        put(v, "label", Data(kainjow::mustache::lambda{[](const std::string&) { return std::string("{{#open}}"); }}));
        CHECK_THROWS_WITH(broken.render(v, {&outer}), Catch::Contains("template jvmti-constants.html"));
    }
    // The failed copy went away with its Template: the next one renders.
    Template next("jvmti-constants.html", Escape::Html);
    CHECK(next.render(view("after"), {&outer}).find("after <span") != std::string::npos);
    CHECK(renderTemplate("jvmti-constants.html", view("once"), Escape::Html).find("once <span") != std::string::npos);
}

TEST_CASE("an emitter's templates, prepared ahead, are all it renders: it parses none itself") {
    Spec spec;
    Diagnostics diag("mini.xml");
    REQUIRE((readSpecText(minispec::text(), spec, diag) && validateSpec(spec, diag)));
    const EmitContext ctx{spec, *spec.version, "mini.xml"};
    for (const auto& e : allEmitters()) {
        INFO(e.name);
        CHECK_FALSE(e.templates.empty());
        prepareTemplates(e.templates);
        const size_t before = templatesParsed();
        CHECK_FALSE(e.run(ctx).empty());
        CHECK(templatesParsed() == before);
    }
    prepareTemplates({{"no such template", Escape::None}});  // skipped; Template reports it
    CHECK_THROWS_WITH(Template("no such template", Escape::None), Catch::Contains("no template"));
}

TEST_CASE("the side worker runs jobs in order and finish() waits for them") {
    std::vector<int> ran;
    SideWorker w;
    for (int i = 0; i < 50; ++i) w.submit([&ran, i] { ran.push_back(i); });
    w.finish();
    REQUIRE(ran.size() == 50);
    for (int i = 0; i < 50; ++i) CHECK(ran[i] == i);
    w.submit([&ran] { ran.push_back(50); });  // usable again after finish()
    w.finish();
    CHECK(ran.size() == 51);
}

TEST_CASE("a failing job: finish() rethrows it and the jobs after it are skipped") {
    std::atomic<int> after{0};
    SideWorker w;
    w.submit([] { throw std::runtime_error("job failed"); });
    for (int i = 0; i < 5; ++i) w.submit([&after] { ++after; });
    CHECK_THROWS_WITH(w.finish(), "job failed");
    CHECK(after == 0);
    w.finish();  // the failure was reported once
}

TEST_CASE("the side worker's destructor waits for the jobs still queued") {
    std::atomic<int> done{0};
    {
        SideWorker w;
        for (int i = 0; i < 20; ++i) w.submit([&done] { ++done; });
    }
    CHECK(done == 20);
}
