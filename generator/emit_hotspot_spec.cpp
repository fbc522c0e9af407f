// Emitters of jvmtifiles/jvmti.h and jvmtifiles/jvmti.html: the header (include/jvmti.h) and the
// page (docs/jvmti.html) where HotSpot's build keeps them, so that one jvmtigen run writes all
// of HotSpot's JVMTI step. The bytes are those of the `header` and `docs` outputs.
#include <stdexcept>

#include "emitters.hpp"

namespace jvmtigen {

namespace {

std::vector<Output> rehomed(std::vector<Output> outs, const std::string& from, const std::string& to) {
    for (auto& o : outs)
        if (o.path == from) {
            o.path = to;
            return {std::move(o)};
        }
    throw std::logic_error("no " + from + " among the outputs to place at " + to);
}

}  // namespace

std::vector<Output> emitHotspotJvmtiH(const EmitContext& ctx) {
    return rehomed(emitHeader(ctx), "include/jvmti.h", "jvmtifiles/jvmti.h");
}

std::vector<Output> emitHotspotJvmtiHtml(const EmitContext& ctx) {
    return rehomed(emitDocs(ctx), "docs/jvmti.html", "jvmtifiles/jvmti.html");
}

}  // namespace jvmtigen
