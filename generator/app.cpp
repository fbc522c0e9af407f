// runJvmtigen: the whole tool behind main(), callable in-process by tests.
#include <algorithm>
#include <filesystem>
#include <future>
#include <ostream>
#include <stdexcept>

#include "cli.hpp"
#include "emitters.hpp"
#include "model_json.hpp"
#include "reader.hpp"
#include "validate.hpp"

namespace jvmtigen {

namespace fs = std::filesystem;

static void printDiagnostics(const Diagnostics& d, std::ostream& err) {
    for (const auto& m : d.messages()) err << m << "\n";
    err << d.messages().size() << (d.messages().size() == 1 ? " error" : " errors") << " in " << d.file()
        << "; nothing written\n";
}

int runJvmtigen(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Options opts;
    if (auto problem = parseOptions(args, opts)) {
        err << "jvmtigen: " << *problem << "\n(run jvmtigen --help for the options)\n";
        return 2;
    }
    if (opts.help) {
        out << usage();
        return 0;
    }

    Spec spec;
    Diagnostics diag(opts.spec);
    if (!readSpecFile(opts.spec, spec, diag) || !validateSpec(spec, diag)) {
        printDiagnostics(diag, err);
        return 1;
    }
    Version version;
    if (opts.version) {
        version = *opts.version;
    } else if (spec.version) {
        version = *spec.version;
    } else {
        diag.error(spec.line, "the spec declares no version (majorversion/minorversion/microversion on "
                              "<specification>); pass --version X.Y.Z");
        printDiagnostics(diag, err);
        return 1;
    }

    if (opts.check) {
        out << opts.spec << ": valid, JVMTI " << version.str() << "\n";
        return 0;
    }

    // Produce everything in memory first: a failure here writes nothing at all.
    std::vector<Output> outputs;
    const bool emit = opts.dumpModel.empty() || opts.outGiven;
    try {
        if (emit) {
            // Emitters share nothing but the read-only model: run them side by side.
            const EmitContext ctx{spec, version, fs::path(opts.spec).filename().string()};
            std::vector<std::future<std::vector<Output>>> running;
            for (const auto& e : allEmitters()) {
                if (!opts.only.empty() && std::find(opts.only.begin(), opts.only.end(), e.name) == opts.only.end())
                    continue;
                running.push_back(std::async(std::launch::async, [&ctx, &e] { return e.run(ctx); }));
            }
            for (auto& r : running)
                for (auto& o : r.get()) {
                    o.path = (fs::path(opts.out) / o.path).string();
                    outputs.push_back(std::move(o));
                }
        }
        if (!opts.dumpModel.empty()) outputs.push_back({opts.dumpModel, modelJson(spec, version).dump(1) + "\n"});
    } catch (const std::exception& e) {
        err << "jvmtigen: internal error while generating: " << e.what() << "; nothing written\n";
        return 1;
    }

    try {
        for (const auto& o : outputs) {
            const auto r = writeIfChanged(o.path, o.text);
            out << (r == WriteResult::Written ? "wrote     " : "unchanged ") << o.path << "\n";
        }
    } catch (const std::exception& e) {
        err << "jvmtigen: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

}  // namespace jvmtigen
