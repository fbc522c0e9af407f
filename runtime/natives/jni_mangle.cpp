#include "natives/jni_mangle.hpp"

#include <cstdint>

namespace jvmtilayer::jni {

namespace {

bool continuation(std::string_view s, std::size_t at) {
    return at < s.size() && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80;
}

unsigned bits(std::string_view s, std::size_t at) { return static_cast<unsigned char>(s[at]) & 0x3Fu; }

// Calls `emit` with each UTF-16 code unit of `s`, decoded from modified UTF-8. Standard
// UTF-8's four-byte form is accepted too and yields its surrogate pair.
template <typename Emit>
void forEachCodeUnit(std::string_view s, Emit emit) {
    std::size_t i = 0;
    while (i < s.size()) {
        const unsigned b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {
            emit(static_cast<std::uint16_t>(b));
            i += 1;
        } else if ((b & 0xE0) == 0xC0 && continuation(s, i + 1)) {
            emit(static_cast<std::uint16_t>(((b & 0x1Fu) << 6) | bits(s, i + 1)));
            i += 2;
        } else if ((b & 0xF0) == 0xE0 && continuation(s, i + 1) && continuation(s, i + 2)) {
            emit(static_cast<std::uint16_t>(((b & 0x0Fu) << 12) | (bits(s, i + 1) << 6) | bits(s, i + 2)));
            i += 3;
        } else if ((b & 0xF8) == 0xF0 && continuation(s, i + 1) && continuation(s, i + 2) && continuation(s, i + 3)) {
            const std::uint32_t cp =
                ((b & 0x07u) << 18) | (bits(s, i + 1) << 12) | (bits(s, i + 2) << 6) | bits(s, i + 3);
            if (cp >= 0x10000 && cp <= 0x10FFFF) {
                const std::uint32_t v = cp - 0x10000;
                emit(static_cast<std::uint16_t>(0xD800 + (v >> 10)));
                emit(static_cast<std::uint16_t>(0xDC00 + (v & 0x3FF)));
            } else {
                emit(static_cast<std::uint16_t>(cp & 0xFFFF));
            }
            i += 4;
        } else {
            emit(static_cast<std::uint16_t>(b));  // malformed: the byte as it is
            i += 1;
        }
    }
}

bool asciiAlnum(std::uint16_t c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

void mangleInto(std::string& out, std::string_view name) {
    static constexpr char kHex[] = "0123456789abcdef";
    forEachCodeUnit(name, [&out](std::uint16_t c) {
        if (asciiAlnum(c)) {
            out += static_cast<char>(c);
        } else if (c == '/') {
            out += '_';
        } else if (c == '_') {
            out += "_1";
        } else if (c == ';') {
            out += "_2";
        } else if (c == '[') {
            out += "_3";
        } else {
            out += "_0";
            for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(c >> shift) & 0xF];
        }
    });
}

// Whether the class has a non-native method `name` with descriptor `signature`: a wrapper.
bool hasNonNative(std::span<const Method> methods, std::string_view name, std::string_view signature) {
    for (const Method& m : methods)
        if (!m.isNative && m.name == name && m.signature == signature) return true;
    return false;
}

std::optional<Resolution> lookupNames(std::string_view mangledClassName, std::string_view method,
                                      std::string_view signature, const SymbolLookup& lookup) {
    std::string name = shortName(mangledClassName, method);
    if (void* address = lookup(name)) return Resolution{address, std::move(name), std::string(method)};
    if (std::optional<std::string> full = longName(mangledClassName, method, signature)) {
        if (void* address = lookup(*full)) return Resolution{address, std::move(*full), std::string(method)};
    }
    return std::nullopt;
}

}  // namespace

std::string mangle(std::string_view modifiedUtf8) {
    std::string out;
    out.reserve(modifiedUtf8.size() + 8);
    mangleInto(out, modifiedUtf8);
    return out;
}

std::string mangledClass(std::string_view classSignature) {
    if (classSignature.size() < 3 || classSignature.front() != 'L' || classSignature.back() != ';') return {};
    return mangle(classSignature.substr(1, classSignature.size() - 2));
}

std::optional<std::string> mangledArguments(std::string_view methodSignature) {
    if (methodSignature.empty() || methodSignature.front() != '(') return std::nullopt;
    const std::size_t close = methodSignature.find(')');
    if (close == std::string_view::npos) return std::nullopt;
    return mangle(methodSignature.substr(1, close - 1));
}

std::string classSymbolPrefix(std::string_view mangledClassName) {
    std::string out = "Java_";
    out += mangledClassName;
    out += '_';
    return out;
}

std::string shortName(std::string_view mangledClassName, std::string_view method) {
    std::string out = classSymbolPrefix(mangledClassName);
    mangleInto(out, method);
    return out;
}

std::optional<std::string> longName(std::string_view mangledClassName, std::string_view method,
                                    std::string_view signature) {
    std::optional<std::string> arguments = mangledArguments(signature);
    if (!arguments) return std::nullopt;
    std::string out = shortName(mangledClassName, method);
    out += "__";
    out += *arguments;
    return out;
}

std::string_view stripPrefixes(std::string_view name, std::string_view signature, std::span<const Method> methods,
                               std::span<const std::string> prefixes) {
    // The last prefix applied is outermost: strip from the end of the list. A prefix counts as
    // applied only when the class keeps the wrapper it produced, a non-native method of the
    // stripped name and the same descriptor.
    for (auto p = prefixes.rbegin(); p != prefixes.rend(); ++p) {
        if (p->empty() || !name.starts_with(*p)) continue;
        const std::string_view inner = name.substr(p->size());
        if (!inner.empty() && hasNonNative(methods, inner, signature)) name = inner;
    }
    return name;
}

std::optional<Resolution> resolve(std::string_view mangledClassName, std::span<const Method> methods,
                                  std::size_t index, std::span<const std::string> prefixes,
                                  const SymbolLookup& lookup) {
    if (index >= methods.size()) return std::nullopt;
    const Method& method = methods[index];
    if (std::optional<Resolution> found = lookupNames(mangledClassName, method.name, method.signature, lookup))
        return found;
    // Normal resolution failed: the method may be a prefixed native whose implementation
    // carries the name the prefixes wrapped.
    const std::string_view implementation = stripPrefixes(method.name, method.signature, methods, prefixes);
    if (implementation == method.name) return std::nullopt;
    return lookupNames(mangledClassName, implementation, method.signature, lookup);
}

}  // namespace jvmtilayer::jni
