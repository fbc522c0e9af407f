#include "emit_run.hpp"

#include <algorithm>
#include <filesystem>
#include <utility>

#include "render.hpp"

namespace jvmtigen {

EmitRun::EmitRun(std::vector<const Emitter*> chosen, std::string outDir)
    : chosen_(std::move(chosen)), outDir_(std::move(outDir)), made_(chosen_.size()) {
    std::vector<TemplateName> names;
    for (const auto* e : chosen_) names.insert(names.end(), e->templates.begin(), e->templates.end());
    helper_ = std::jthread([this, names = std::move(names), go = go_.get_future()]() mutable {
        for (const auto& n : names) {
            if (abandoned_) return;  // the spec had errors: no emitter will run
            prepareTemplates({n});
        }
        if (const EmitContext* ctx = go.get()) work(*ctx);
    });
}

EmitRun::~EmitRun() {
    if (started_) return;
    abandoned_ = true;
    go_.set_value(nullptr);
}

std::vector<Made> EmitRun::run(const EmitContext& ctx) {
    started_ = true;
    go_.set_value(&ctx);
    // The helper is one worker and this thread another; a machine with more cores gets more.
    const unsigned workers = std::min<unsigned>(std::thread::hardware_concurrency(), static_cast<unsigned>(chosen_.size()));
    std::vector<std::jthread> more;
    for (unsigned w = 2; w < workers; ++w) more.emplace_back([this, &ctx] { work(ctx); });
    work(ctx);
    more.clear();  // joins them
    helper_.join();
    return std::move(made_);
}

// Takes the emitters one by one, in list order, so the big ones (listed early) start first and
// the small ones fill in; they share nothing but the read-only model.
void EmitRun::work(const EmitContext& ctx) {
    for (size_t i; (i = next_.fetch_add(1)) < chosen_.size();) {
        Made& m = made_[i];
        try {
            m.outputs = chosen_[i]->run(ctx);
        } catch (...) {
            m.failure = std::current_exception();
            failed_ = true;
        }
        try {
            for (auto& o : m.outputs) {
                if (failed_) break;  // nothing will be written
                o.path = (std::filesystem::path(outDir_) / o.path).string();
                m.staged.push_back(StagedWrite::stage(o.path, o.text));
                std::string().swap(o.text);
            }
        } catch (...) {
            m.ioFailure = std::current_exception();
            failed_ = true;
        }
    }
}

}  // namespace jvmtigen
