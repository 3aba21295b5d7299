// Every loss against PyTorch 1.13's golden data (tests/golden/losses): the loss for every
// reduction, and the gradient for a grad_output other than 1, within max(1e-6, 1e-5 * |expected|),
// NaN where PyTorch has NaN (the mean of an empty batch).
#include "golden.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "losses/losses.h"

namespace losses {
namespace {

using core::testing::near_golden;
using core::testing::value_of;

TEST(LossesGolden, FileCoversEveryLossReductionAndEdge) {
  std::set<std::string> seen;
  for (const auto& c : golden::cases()) {
    seen.insert(c.op + "/" + std::to_string(static_cast<int>(c.options.reduction)));
    for (const char* edge : {"_empty", "_single", "_extreme", "_at_delta", "_outlier", "_ties",
                             "unbatched"}) {
      if (c.name.find(edge) != std::string::npos) seen.insert(edge);
    }
  }
  EXPECT_EQ(seen.size(), 9u + 7u);
}

TEST(LossesGolden, ForwardMatchesPyTorch) {
  for (const auto& c : golden::cases()) {
    SCOPED_TRACE("case " + c.name + " (line " + std::to_string(c.line) + ")");
    EXPECT_TRUE(near_golden(c.output, value_of(golden::run_forward(c))));
  }
}

TEST(LossesGolden, BackwardMatchesPyTorch) {
  for (const auto& c : golden::cases()) {
    SCOPED_TRACE("case " + c.name + " (line " + std::to_string(c.line) + ")");
    EXPECT_TRUE(near_golden(c.grad_input, value_of(golden::run_backward(c))));
  }
}

}  // namespace
}  // namespace losses
