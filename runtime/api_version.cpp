#include "api_version.hpp"

#include <cstring>

#include "jvmti_metadata.hpp"

namespace jvmtilayer::api_version {

namespace md = jvmti_metadata;

namespace {

int played = 0;  // the release played; 0: none (set once at start-up, before any agent runs)

int major(int release) { return release >> 16; }

}  // namespace

int sinceRelease(const char* since) noexcept {
    if (since == nullptr || *since == '\0') return 0;
    int part[3] = {0, 0, 0};
    int i = 0;
    for (const char* p = since; *p != '\0'; ++p) {
        if (*p == '.') {
            if (++i > 2) return 0;
        } else if (*p >= '0' && *p <= '9' && part[i] < 100000) {
            part[i] = part[i] * 10 + (*p - '0');
        } else {
            return 0;
        }
    }
    return part[0] << 16 | part[1] << 8 | part[2];
}

std::optional<std::string> configure(int release, jint vmVersion) {
    const int vm = vmVersion & (JVMTI_VERSION_MASK_MAJOR | JVMTI_VERSION_MASK_MINOR | JVMTI_VERSION_MASK_MICRO);
    // The micro part of 1.x releases differs between builds of one release: releases compare
    // by major and minor.
    if ((release & ~0xff) > (vm & ~0xff)) {
        const auto name = [](int r) {
            return std::to_string(r >> 16) + "." + std::to_string(r >> 8 & 0xff) + "." + std::to_string(r & 0xff);
        };
        return "api-version=" + name(release) + " is later than this JVM's JVMTI " + name(vm) +
               ": the layer can only present an earlier interface than the JVM's own";
    }
    played = release;
    return std::nullopt;
}

bool active() noexcept { return played != 0; }

std::string releaseName() {
    return std::to_string(played >> 16) + "." + std::to_string(played >> 8 & 0xff) + "." + std::to_string(played & 0xff);
}

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
    return f == nullptr || sinceRelease(f->since) <= played;
}

bool hasEvent(int num) noexcept {
    if (played == 0) return true;
    const md::Event* e = md::eventByNum(num);
    return e == nullptr || sinceRelease(e->since) <= played;
}

bool hasCapability(int bit) noexcept {
    if (played == 0) return true;
    for (const auto& c : md::capabilities)
        if (c.bit == bit) return sinceRelease(c.since) <= played;
    return true;
}

bool dropLaterCapabilities(jvmtiCapabilities& caps) noexcept {
    bool dropped = false;
    if (played == 0) return false;
    for (const auto& c : md::capabilities)
        if (sinceRelease(c.since) > played && c.get(caps)) {
            c.set(caps, false);
            dropped = true;
        }
    return dropped;
}

void dropLaterFunctions(jvmtiInterface_1_& table) noexcept {
    if (played == 0) return;
    static_assert(sizeof(jvmtiInterface_1_) % sizeof(void*) == 0);
    constexpr std::size_t slots = sizeof(jvmtiInterface_1_) / sizeof(void*);
    void* pointers[slots];
    std::memcpy(pointers, &table, sizeof table);
    // Slot i holds function number i + 1.
    for (std::size_t i = 0; i < slots; ++i)
        if (!hasFunction(static_cast<int>(i) + 1)) pointers[i] = nullptr;
    std::memcpy(&table, pointers, sizeof table);
}

}  // namespace jvmtilayer::api_version
