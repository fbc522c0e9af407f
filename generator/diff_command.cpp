#include "diff_command.hpp"

#include <stdexcept>

#include "api_version.hpp"
#include "output.hpp"
#include "reader.hpp"
#include "spec_diff.hpp"
#include "validate.hpp"

namespace jvmtigen {

namespace {

void printDiagnostics(const Diagnostics& d, std::ostream& err) { err << diagnosticsText(d, ""); }

// One spec, read and validated as usual, with its version: `given` (FILE@X.Y.Z or
// --jvmti-version), else the one it declares. Problems are printed; nothing when there were.
struct Loaded {
    Spec spec;
    Version version;
};
std::optional<Loaded> load(const std::string& file, const std::optional<Version>& given, std::ostream& err) {
    Loaded l;
    Diagnostics diag(file);
    if (readSpecFile(file, l.spec, diag) && validateSpec(l.spec, diag)) {
        if (given || l.spec.version) {
            l.version = given ? *given : *l.spec.version;
            printDiagnostics(diag, err);  // its warnings, if any
            return l;
        }
        diag.error(l.spec.line, "the spec declares no version (majorversion/minorversion/microversion on "
                                "<specification>); pass --jvmti-version X.Y.Z, or FILE@X.Y.Z with --diff");
    }
    printDiagnostics(diag, err);
    return std::nullopt;
}

// The two sides of --diff-api-version: the spec as of each release.
bool loadReleases(const Options& opts, Loaded& from, Loaded& to, std::ostream& err, int& status) {
    auto full = load(opts.spec, opts.version, err);
    status = 1;
    if (!full) return false;
    for (const auto& v : opts.diffApiVersions) {
        if (v > full->version) {
            err << "jvmtigen: --diff-api-version " << v.str() << " is later than the spec's version "
                << full->version.str() << "\n(run jvmtigen --help for the options)\n";
            status = 2;
            return false;
        }
    }
    Loaded* sides[] = {&from, &to};
    for (int i = 0; i < 2; ++i) {
        const Version v = opts.diffApiVersions[i];
        Diagnostics diag(opts.spec);
        if (i == 0)
            sides[i]->spec = specAsOf(full->spec, v, diag);  // a copy: the second release needs the spec too
        else
            sides[i]->spec = specAsOf(std::move(full->spec), v, diag);
        sides[i]->version = v;
        if (!diag.ok()) {
            err << "for --diff-api-version " << v.str() << ":\n";
            printDiagnostics(diag, err);
            return false;
        }
    }
    return true;
}

}  // namespace

int runDiff(const Options& opts, std::ostream& out, std::ostream& err) {
    Loaded from, to;
    DiffSide fromSide, toSide;
    if (!opts.diff.empty()) {
        // Both are read, so that the problems of both are printed in one run.
        auto a = load(opts.diff[0].file, opts.diff[0].version ? opts.diff[0].version : opts.version, err);
        auto b = load(opts.diff[1].file, opts.diff[1].version ? opts.diff[1].version : opts.version, err);
        if (!a || !b) return 1;
        from = std::move(*a);
        to = std::move(*b);
        fromSide.spec = opts.diff[0].file;
        toSide.spec = opts.diff[1].file;
    } else {
        int status = 0;
        if (!loadReleases(opts, from, to, err, status)) return status;
        fromSide.spec = toSide.spec = opts.spec;
    }
    fromSide.version = from.version.str();
    toSide.version = to.version.str();

    const SpecDiff diff = diffFacts(specFacts(from.spec, from.version), specFacts(to.spec, to.version));
    if (!opts.json.empty()) {
        try {
            writeIfChanged(opts.json, diffJson(diff, fromSide, toSide).dump(1) + "\n");
        } catch (const std::exception& e) {
            err << "jvmtigen: " << e.what() << "\n";
            return 1;
        }
    }
    out << diffText(diff, fromSide, toSide);
    return diff.identical() ? 0 : kExitDiffer;
}

}  // namespace jvmtigen
