// Helpers of the pooling tests: the shared ones (tests/cpp/common), and a plan described for
// failure messages.
#pragma once

#include <string>

#include "common/test_util.h"
#include "pool/pool2d.h"

namespace pool::testing {

using core::testing::bitwise_equal;
using core::testing::iota_values;
using core::testing::near_all;
using core::testing::random_values;
using core::testing::same_float;

inline std::string describe_plan(const PoolPlan& p) {
  return "planes " + std::to_string(p.planes) + ", " + std::to_string(p.H) + "x" +
         std::to_string(p.W) + " -> " + std::to_string(p.OH) + "x" + std::to_string(p.OW) +
         ", kernel " + std::to_string(p.kh) + "x" + std::to_string(p.kw) + ", stride " +
         std::to_string(p.sh) + "x" + std::to_string(p.sw) + ", padding " +
         std::to_string(p.ph) + "x" + std::to_string(p.pw) + ", dilation " +
         std::to_string(p.dh) + "x" + std::to_string(p.dw) + ", count_include_pad " +
         std::to_string(p.count_include_pad) + ", divisor_override " +
         std::to_string(p.divisor_override);
}

}  // namespace pool::testing
