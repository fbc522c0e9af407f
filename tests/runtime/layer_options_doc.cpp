// layer_options_doc DOC: rewrites the settings table of DOC (docs/layer-options.md) from the
// embedded settings schema, only when it changed. The test "schema: docs/layer-options.md
// holds the current table" fails until this has been run after a schema edit.
#include <cstdio>
#include <exception>

#include "runtime_test_support.hpp"
#include "settings/settings.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: layer_options_doc docs/layer-options.md\n");
        return 2;
    }
    if (!jvmtilayer::embeddedSchemaError().empty()) {
        std::fprintf(stderr, "layer_options_doc: %s\n", jvmtilayer::embeddedSchemaError().c_str());
        return 1;
    }
    try {
        const std::string doc = runtimetest::readFile(argv[1]);
        const auto updated = runtimetest::withTable(doc, jvmtilayer::renderSettingsTable(jvmtilayer::embeddedSchema()));
        if (!updated) {
            std::fprintf(stderr, "layer_options_doc: %s: the table markers are missing\n", argv[1]);
            return 1;
        }
        if (*updated != doc) runtimetest::writeFile(argv[1], *updated);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "layer_options_doc: %s\n", e.what());
        return 1;
    }
}
