// runJvmtigen: the whole tool behind main(), callable in-process by tests.
#include <algorithm>
#include <filesystem>
#include <exception>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "api_version.hpp"
#include "cli.hpp"
#include "diff_command.hpp"
#include "emit_run.hpp"
#include "emitters.hpp"
#include "help.hpp"
#include "model_json.hpp"
#include "reader.hpp"
#include "validate.hpp"

namespace jvmtigen {

namespace fs = std::filesystem;

static void printDiagnostics(const Diagnostics& d, std::ostream& err) { err << diagnosticsText(d, "; nothing written"); }

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

    // The emitters asked for: their run starts now, parsing their templates on a second thread
    // while this one reads the spec.
    const bool emit = !opts.check && (opts.dumpModel.empty() || opts.outGiven);
    std::vector<const Emitter*> chosen;
    if (emit)
        for (const auto& e : allEmitters())
            if (opts.only.empty() ? !e.optIn : std::find(opts.only.begin(), opts.only.end(), e.name) != opts.only.end())
                chosen.push_back(&e);
    std::optional<EmitRun> emitting;
    if (!chosen.empty()) emitting.emplace(chosen, opts.out);

    Spec spec;
    Diagnostics diag(opts.spec);
    if (!readSpecFile(opts.spec, spec, diag) || !validateSpec(spec, diag)) {
        printDiagnostics(diag, err);
        return 1;
    }
    // Problems inside <elide> only: the spec reads, and they are said once.
    err << diagnosticsText(diag, "");
    Diagnostics later(opts.spec);  // what the steps after reading find
    Version version;
    if (opts.version) {
        version = *opts.version;
    } else if (spec.version) {
        version = *spec.version;
    } else {
        later.error(spec.line, "the spec declares no version (majorversion/minorversion/microversion on "
                              "<specification>); pass --jvmti-version X.Y.Z");
        printDiagnostics(later, err);
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
        spec = specAsOf(std::move(spec), *opts.apiVersion, later);
        version = *opts.apiVersion;
        if (!later.ok()) {
            err << "for --api-version " << version.str() << ":\n";
            printDiagnostics(later, err);
            return 1;
        }
    }

    if (opts.check) {
        out << opts.spec << ": valid, JVMTI " << version.str() << "\n";
        return 0;
    }

    // Every output is made (and in its temp file) before any is renamed into place: a failure
    // anywhere writes nothing at all (the temp files go with their StagedWrite).
    std::vector<Made> made;
    try {
        if (emitting) {
            made = emitting->run(EmitContext{spec, version, fs::path(opts.spec).filename().string()});
            for (const auto& m : made)
                if (m.failure) std::rethrow_exception(m.failure);
        }
        made.emplace_back();  // --dump-model's file, if asked for
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
