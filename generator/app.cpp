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

    // Each output goes to a temp file as soon as it is made, on the thread that made it; only
    // once every output is made are the temp files renamed into place, so a failure anywhere
    // writes nothing at all (the temp files go with their StagedWrite).
    struct Made {
        std::vector<Output> outputs;
        std::vector<StagedWrite> staged;
        std::exception_ptr failure, ioFailure;
    };
    std::vector<Made> made(chosen.size() + 1);  // the last for --dump-model's file
    if (preparer.joinable()) preparer.join();
    try {
        if (emit) {
            // Emitters share nothing but the read-only model: as many workers as cores take
            // them one by one, in list order, so the big ones (listed early) start first and
            // the small ones fill in. Results keep the list's order.
            const EmitContext ctx{spec, version, fs::path(opts.spec).filename().string()};
            std::atomic<size_t> next{0};
            std::atomic<bool> failed{false};
            auto work = [&] {
                for (size_t i; (i = next.fetch_add(1)) < chosen.size();) {
                    Made& m = made[i];
                    try {
                        m.outputs = chosen[i]->run(ctx);
                    } catch (...) {
                        m.failure = std::current_exception();
                        failed = true;
                    }
                    try {
                        for (auto& o : m.outputs) {
                            if (failed) break;  // nothing will be written
                            o.path = (fs::path(opts.out) / o.path).string();
                            m.staged.push_back(StagedWrite::stage(o.path, o.text));
                            std::string().swap(o.text);
                        }
                    } catch (...) {
                        m.ioFailure = std::current_exception();
                        failed = true;
                    }
                }
            };
            const unsigned workers = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(),
                                                                     static_cast<unsigned>(chosen.size())));
            std::vector<std::thread> threads;
            for (unsigned w = 1; w < workers; ++w) threads.emplace_back(work);
            work();
            for (auto& t : threads) t.join();
            for (const auto& m : made)
                if (m.failure) std::rethrow_exception(m.failure);
        }
        if (!opts.dumpModel.empty())
            made.back().outputs.push_back({opts.dumpModel, modelJson(spec, version).dump(1) + "\n"});
    } catch (const std::exception& e) {
        err << "jvmtigen: internal error while generating: " << e.what() << "; nothing written\n";
        return 1;
    }

    try {
        for (auto& o : made.back().outputs) made.back().staged.push_back(StagedWrite::stage(o.path, o.text));
        for (const auto& m : made)
            if (m.ioFailure) std::rethrow_exception(m.ioFailure);
        for (auto& m : made)
            for (size_t k = 0; k < m.staged.size(); ++k) {
                const auto r = m.staged[k].commit();
                out << (r == WriteResult::Written ? "wrote     " : "unchanged ") << m.outputs[k].path << "\n";
            }
    } catch (const std::exception& e) {
        err << "jvmtigen: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

}  // namespace jvmtigen
