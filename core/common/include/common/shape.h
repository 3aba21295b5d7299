// A tensor's shape, as every family receives it from JS and reports it in messages.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace core {

// Any rank can be held, so that a wrong one can be reported. Stored inline (no heap), since
// every call makes a few; ranks above kMaxRank keep their count but only their first kMaxRank
// sizes.
class Shape {
 public:
  static constexpr size_t kMaxRank = 8;
  Shape() = default;
  Shape(std::initializer_list<int64_t> dims) : Shape(dims.begin(), dims.end()) {}
  Shape(const std::vector<int64_t>& dims) : Shape(dims.begin(), dims.end()) {}  // NOLINT
  template <class It>
  Shape(It first, It last) {
    for (; first != last; ++first, ++rank_) {
      if (rank_ < kMaxRank) dims_[rank_] = static_cast<int64_t>(*first);
    }
  }
  size_t size() const { return rank_; }
  int64_t operator[](size_t i) const { return dims_[i]; }
  int64_t& operator[](size_t i) { return dims_[i]; }
  const int64_t* begin() const { return dims_.data(); }
  const int64_t* end() const { return dims_.data() + std::min(rank_, kMaxRank); }
  friend bool operator==(const Shape& a, const Shape& b) {
    return a.rank_ == b.rank_ && std::equal(a.begin(), a.end(), b.begin());
  }
  friend bool operator!=(const Shape& a, const Shape& b) { return !(a == b); }

 private:
  std::array<int64_t, kMaxRank> dims_{};
  size_t rank_ = 0;
};

// "(1, 1, 4, 4)": how messages show a shape.
inline std::string describe(const Shape& shape) {
  std::string out = "(";
  for (const int64_t* d = shape.begin(); d != shape.end(); ++d) {
    out += (d != shape.begin() ? ", " : "") + std::to_string(*d);
  }
  if (shape.size() > Shape::kMaxRank) out += ", ...";
  return out + ")";
}

}  // namespace core
