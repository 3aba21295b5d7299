// Read-only runs of values that cross from the WASM bindings into a family without a copy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace core {

// A vector, or a pointer and a length (the WASM bindings pass their heap buffers this way).
template <class T>
struct ArrayView {
  const T* data = nullptr;
  size_t size = 0;
  ArrayView() = default;
  ArrayView(const T* values, size_t length) : data(values), size(length) {}
  ArrayView(const std::vector<T>& values) : data(values.data()), size(values.size()) {}  // NOLINT
  const T& operator[](size_t i) const { return data[i]; }
};
using FloatView = ArrayView<float>;
using IndexView = ArrayView<int32_t>;

}  // namespace core
