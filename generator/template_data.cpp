#include "template_data.hpp"

#include <algorithm>

namespace jvmtigen {

// Doubles the capacity, moving the elements over one by one: std::vector would copy them,
// kainjow's move constructor not being noexcept.
void List::grow(kainjow::mustache::list& xs) {
    kainjow::mustache::list bigger;
    bigger.reserve(std::max<size_t>(8, xs.capacity() * 2));
    for (auto& x : xs) bigger.emplace_back(std::move(x));
    xs.swap(bigger);
}

Data withMore(Data list) {
    auto& xs = elements(list);
    for (size_t i = 0; i < xs.size(); ++i) put(xs[i], "more", i + 1 < xs.size());
    return list;
}

}  // namespace jvmtigen
