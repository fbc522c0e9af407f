#include "layer/api_version.hpp"

#include "jvmti_metadata.hpp"

namespace jvmtilayer::api_version {

namespace md = jvmti_metadata;

namespace {

int played = 0;  // the release played; 0: none (set once at start-up, before any agent runs)

int major(int release) { return release >> 16; }

std::string text(int release) {
    return std::to_string(release >> 16) + "." + std::to_string(release >> 8 & 0xff) + "." + std::to_string(release & 0xff);
}

}  // namespace

std::optional<std::string> configure(int release, jint vmVersion) {
    const int vm = vmVersion & (JVMTI_VERSION_MASK_MAJOR | JVMTI_VERSION_MASK_MINOR | JVMTI_VERSION_MASK_MICRO);
    // The micro part of 1.x releases differs between builds of one release: releases compare
    // by major and minor.
    if ((release & ~0xff) > (vm & ~0xff))
        return "api-version=" + text(release) + " is later than this JVM's JVMTI " + text(vm) +
               ": the layer can only present an earlier interface than the JVM's own";
    played = release;
    return std::nullopt;
}

bool active() noexcept { return played != 0; }

std::string releaseName() { return text(played); }

jint versionNumber() noexcept { return JVMTI_VERSION_INTERFACE_JVMTI | played; }

bool acceptsGetEnv(jint version) noexcept {
    if (played == 0 || (version & JVMTI_VERSION_MASK_INTERFACE_TYPE) != JVMTI_VERSION_INTERFACE_JVMTI) return true;
    const int asked = version & (JVMTI_VERSION_MASK_MAJOR | JVMTI_VERSION_MASK_MINOR);
    // A VM knows its own release and the ones before: 1.0 to 1.2, then each major up to its own.
    if (major(asked) == 1) return major(played) > 1 || asked <= (played & ~0xff);
    return major(asked) <= major(played);
}

bool hasFunction(int num) noexcept {
    if (played == 0) return true;
    const md::Function* f = md::functionByNum(num);
    return f == nullptr || f->sinceRelease <= played;
}

bool hasEvent(int num) noexcept {
    if (played == 0) return true;
    const md::Event* e = md::eventByNum(num);
    return e == nullptr || e->sinceRelease <= played;
}

bool dropLaterCapabilities(jvmtiCapabilities& caps) noexcept {
    bool dropped = false;
    if (played == 0) return false;
    for (const auto& c : md::capabilities)
        if (c.sinceRelease > played && c.get(caps)) {
            c.set(caps, false);
            dropped = true;
        }
    return dropped;
}

}  // namespace jvmtilayer::api_version
