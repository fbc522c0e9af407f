// The data templates are rendered with: kainjow mustache's own, built in place. Emitters used
// to describe their views as nlohmann JSON, which was then converted; building kainjow's data
// directly saves that copy and the JSON tree (once the larger part of every emitter's time).
//
// kainjow's public interface copies whatever it is handed (set(), push_back(), the string
// constructor), and its move constructor is not noexcept, so a growing std::vector of it copies
// every element deeply. The helpers here move instead: values go into their place by move
// assignment, and a List grows by moving its elements itself. Where they reach into the
// stored object, string or list through a const accessor, the const_cast is sound: kainjow
// keeps those behind unique_ptrs to non-const objects.
#pragma once

#include <cstddef>
#include <string>
#include <utility>

#include <kainjow/mustache.hpp>

namespace jvmtigen {

using Data = kainjow::mustache::data;

// A string value that takes over `s` instead of copying it.
inline Data stringValue(std::string s) {
    Data d{Data::type::string};
    const_cast<std::string&>(d.string_value()) = std::move(s);
    return d;
}

// The elements of a list value, to change in place.
inline kainjow::mustache::list& elements(Data& list) {
    return const_cast<kainjow::mustache::list&>(list.list_value());
}

// What a value of a view becomes. Null (nullptr) is false to mustache: a section over it is
// skipped and an inverted one shown, and it stops the lookup from reaching outer objects.
// Numbers are given as strings by the callers, as the templates print them.
inline Data value(Data&& d) { return std::move(d); }
inline Data value(std::string&& s) { return stringValue(std::move(s)); }
inline Data value(const std::string& s) { return Data{s}; }
inline Data value(const char* s) { return Data{s}; }
inline Data value(bool b) { return Data{b}; }
inline Data value(std::nullptr_t) { return Data{false}; }

// Gives `key` of the object `obj` the value `v`, replacing any it had. Through operator[],
// one lookup; the empty object it puts in place first is freed again by the assignment.
template <class V>
void put(Data& obj, const std::string& key, V&& v) {
    obj[key] = value(std::forward<V>(v));
}

// An object written as key, value, key, value... Within braces, Object{"id", a, "anchor", b},
// the values are evaluated in the order written, which matters where computing one has side
// effects (the docs' anchors).
class Object : public Data {
public:
    Object() : Data(Data::type::object) {}
    template <class... KV>
    explicit Object(const char* key, KV&&... rest) : Data(Data::type::object) {
        add(key, std::forward<KV>(rest)...);
    }

private:
    void add() {}
    template <class V, class... KV>
    void add(const char* key, V&& v, KV&&... rest) {
        put(*this, key, std::forward<V>(v));
        add(std::forward<KV>(rest)...);
    }
};

// A list that grows by moving its elements.
class List : public Data {
public:
    List() : Data(Data::type::list) {}
    explicit List(size_t expected) : Data(Data::type::list) { items().reserve(expected); }

    template <class V>
    void push(V&& v) {
        auto& xs = items();
        if (xs.size() == xs.capacity()) grow(xs);
        xs.emplace_back(value(std::forward<V>(v)));
    }
    size_t size() const { return list_value().size(); }
    bool empty() const { return list_value().empty(); }
    Data& operator[](size_t i) { return items()[i]; }

private:
    kainjow::mustache::list& items() { return elements(*this); }
    static void grow(kainjow::mustache::list& xs);
};

// Sets "more" on every element (objects) but the last, so templates can place separators.
Data withMore(Data list);

}  // namespace jvmtigen
