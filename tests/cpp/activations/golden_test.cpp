// Every activation against PyTorch 1.13's golden data (tests/golden/activations): forward, the
// gradient for a random grad_output, and the derivative itself (grad_output of ones), within
// max(1e-6, 1e-5 * |expected|), NaN where PyTorch has NaN and infinities exactly. The edge
// cases (both zeros, the kinks, tiny and huge values, the infinities, NaN) are pinned too, so
// they hold exactly what PyTorch gives there.
#include "golden.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "activations/activations.h"
#include "common/test_util.h"

namespace activations {
namespace {

using core::testing::near_golden;
using core::testing::value_of;

std::vector<float> ones(size_t n) { return std::vector<float>(n, 1.0f); }

TEST(ActivationsGolden, FileCoversEveryActivationAtTheEdges) {
  std::set<std::string> with_edges;
  for (const auto& c : golden::cases()) {
    if (c.name.find("_edges") != std::string::npos) with_edges.insert(c.op);
  }
  EXPECT_EQ(with_edges.size(), 6u);
}

TEST(ActivationsGolden, ForwardMatchesPyTorch) {
  for (const auto& c : golden::cases()) {
    SCOPED_TRACE("case " + c.name + " (line " + std::to_string(c.line) + ")");
    EXPECT_TRUE(
        near_golden(c.output, value_of(forward(c.activation, c.input, c.options))));
  }
}

TEST(ActivationsGolden, BackwardMatchesPyTorch) {
  for (const auto& c : golden::cases()) {
    SCOPED_TRACE("case " + c.name + " (line " + std::to_string(c.line) + ")");
    EXPECT_TRUE(near_golden(c.grad_input,
                            value_of(backward(c.activation, c.grad_output, c.input, c.options))));
  }
}

TEST(ActivationsGolden, DerivativeMatchesPyTorch) {
  for (const auto& c : golden::cases()) {
    SCOPED_TRACE("case " + c.name + " (line " + std::to_string(c.line) + ")");
    EXPECT_TRUE(near_golden(c.derivative,
                            value_of(backward(c.activation, ones(c.input.size()), c.input, c.options))));
  }
}

TEST(ActivationsGolden, EmptyInputGivesEmptyResult) {
  for (const auto& c : golden::cases()) {
    EXPECT_TRUE(value_of(forward(c.activation, std::vector<float>{}, c.options)).empty()) << c.name;
    EXPECT_TRUE(
        value_of(backward(c.activation, std::vector<float>{}, std::vector<float>{}, c.options))
            .empty())
        << c.name;
  }
}

}  // namespace
}  // namespace activations
