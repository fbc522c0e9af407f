// runJvmtigen: the whole tool behind main(), callable in-process by tests.
#include <algorithm>
#include <filesystem>
#include <atomic>
#include <exception>
#include <thread>
#include <ostream>
#include <stdexcept>

#include "api_version.hpp"
#include "cli.hpp"
#include "diff_command.hpp"
#include "emitters.hpp"
#include "help.hpp"
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
    if (opts.showVersion) {
        out << jvmtihelp::versionLine("jvmtigen");
        return 0;
    }
    if (!opts.diff.empty() || !opts.diffApiVersions.empty()) return runDiff(opts, out, err);

    // The emitters asked for, and their templates parsed on a second thread while this one
    // reads the spec (joined before the emitters start, or when this function returns).
    const bool emit = !opts.check && (opts.dumpModel.empty() || opts.outGiven);
    std::vector<const Emitter*> chosen;
    if (emit)
        for (const auto& e : allEmitters())
            if (opts.only.empty() || std::find(opts.only.begin(), opts.only.end(), e.name) != opts.only.end())
                chosen.push_back(&e);
    std::jthread preparer;
    if (!chosen.empty()) {
        std::vector<TemplateName> names;
        for (const auto* e : chosen) names.insert(names.end(), e->templates.begin(), e->templates.end());
        preparer = std::jthread([names = std::move(names)] { prepareTemplates(names); });
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
                              "<specification>); pass --jvmti-version X.Y.Z");
        printDiagnostics(diag, err);
        return 1;
    }

    if (opts.apiVersion) {
        if (*opts.apiVersion > version) {
            err << "jvmtigen: --api-version " << opts.apiVersion->str() << " is later than the spec's version "
                << version.str() << "\n(run jvmtigen --help for the options)\n";
            return 2;
        }
        // From here on the spec is that release's: every output follows the same selection.
        // (The selection checks what it could break itself; the tests validate its results.)
        spec = specAsOf(std::move(spec), *opts.apiVersion, diag);
        version = *opts.apiVersion;
        if (!diag.ok()) {
            err << "for --api-version " << version.str() << ":\n";
            printDiagnostics(diag, err);
            return 1;
        }
    }

    if (opts.check) {
        out << opts.spec << ": valid, JVMTI " << version.str() << "\n";
        return 0;
    }

    // Produce everything in memory first: a failure here writes nothing at all.
    std::vector<Output> outputs;
    if (preparer.joinable()) preparer.join();
    try {
        if (emit) {
            // Emitters share nothing but the read-only model: as many workers as cores take
            // them one by one, in list order, so the big ones (listed early) start first and
            // the small ones fill in. Results keep the list's order.
            const EmitContext ctx{spec, version, fs::path(opts.spec).filename().string()};
            std::vector<std::vector<Output>> results(chosen.size());
            std::vector<std::exception_ptr> failures(chosen.size());
            std::atomic<size_t> next{0};
            auto work = [&] {
                for (size_t i; (i = next.fetch_add(1)) < chosen.size();) {
                    try {
                        results[i] = chosen[i]->run(ctx);
                    } catch (...) {
                        failures[i] = std::current_exception();
                    }
                }
            };
            const unsigned workers = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(),
                                                                     static_cast<unsigned>(chosen.size())));
            std::vector<std::thread> threads;
            for (unsigned w = 1; w < workers; ++w) threads.emplace_back(work);
            work();
            for (auto& t : threads) t.join();
            for (size_t i = 0; i < chosen.size(); ++i) {
                if (failures[i]) std::rethrow_exception(failures[i]);
                for (auto& o : results[i]) {
                    o.path = (fs::path(opts.out) / o.path).string();
                    outputs.push_back(std::move(o));
                }
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
