// Every rejected argument is a core::Error naming the parameter (PyTorch's name) and its value,
// and a call after it runs as if nothing had happened.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/sizes.h"
#include "layers/layers.h"

namespace layers {
namespace {

template <class T>
void expect_error(const Checked<T>& result, const std::string& parameter, const std::string& message) {
  ASSERT_FALSE(result.ok()) << "expected an error about " << parameter;
  EXPECT_EQ(result.error->parameter, parameter);
  EXPECT_EQ(result.error->message, message);
}

const std::vector<float> kSix = {1, 2, 3, 4, 5, 6};

TEST(LayersValidation, Softmax) {
  expect_error(softmax(kSix, {2, 3}, {2, 1.0}), "dim",
               "dim 2 is out of range for shape (2, 3) (dim must be in [-2, 1])");
  expect_error(softmax(kSix, {2, 3}, {-3, 1.0}), "dim",
               "dim -3 is out of range for shape (2, 3) (dim must be in [-2, 1])");
  expect_error(softmax(kSix, {2, 3}, {-1, 0.0}), "temperature",
               "temperature must be a positive finite float32 number, got 0");
  expect_error(log_softmax(kSix, {2, 3}, {-1, -1.0}), "temperature",
               "temperature must be a positive finite float32 number, got -1");
  expect_error(softmax(kSix, {2, 3}, {-1, std::nan("")}), "temperature",
               "temperature must be a positive finite float32 number, got nan");
  expect_error(softmax(kSix, {2, 3}, {-1, 1e-50}), "temperature",
               "temperature must be a positive finite float32 number, got 1e-50");
  expect_error(softmax(kSix, {2, 4}), "input", "input has 6 values but shape (2, 4) needs 8");
  expect_error(softmax(kSix, {2, -3}), "shape", "shape (2, -3) has a negative dimension");
  expect_error(softmax_backward(std::vector<float>{1, 2}, kSix, {2, 3}), "grad_output",
               "grad_output has 2 values but shape (2, 3) needs 6");
  EXPECT_TRUE(softmax(std::vector<float>{}, {0, 3}).ok());
  EXPECT_TRUE(softmax(std::vector<float>{}, {core::kMaxElements, 0}).ok());  // no work
  // Its other sizes are still bounded (the kernels multiply them), and the refusal says the
  // shape has no elements rather than too many.
  expect_error(softmax(std::vector<float>{}, {0, core::kMaxElements + 1}), "shape",
               "shape (0, 67108865) has no elements, but its sizes other than 0 multiply to more "
               "than 67108864, the most the core takes");
  expect_error(softmax(std::vector<float>{}, {core::kMaxElements, 2, 0}), "shape",
               "shape (67108864, 2, 0) has no elements, but its sizes other than 0 multiply to "
               "more than 67108864, the most the core takes");
  EXPECT_EQ(softmax(kSix, {2, 3}).value->size(), 6u);              // after the errors
}

TEST(LayersValidation, Embedding) {
  const std::vector<float> weight(12, 0.5f);
  const Shape shape{4, 3};
  expect_error(embedding(std::vector<int32_t>{0, 4}, weight, shape), "indices",
               "indices[1] is 4, out of range for 4 embeddings (0 to 3)");
  expect_error(embedding(std::vector<int32_t>{-1}, weight, shape), "indices",
               "indices[0] is -1, out of range for 4 embeddings (0 to 3)");
  expect_error(embedding(std::vector<int32_t>{0}, weight, shape, {4}), "padding_idx",
               "padding_idx 4 is out of range for 4 embeddings (it must be in [-4, 3])");
  expect_error(embedding(std::vector<int32_t>{0}, weight, shape, {-5}), "padding_idx",
               "padding_idx -5 is out of range for 4 embeddings (it must be in [-4, 3])");
  expect_error(embedding(std::vector<int32_t>{0}, weight, {12}), "weight_shape",
               "weight_shape must be [num_embeddings, embedding_dim], got (12)");
  expect_error(embedding(std::vector<int32_t>{0}, kSix, shape), "weight",
               "weight has 6 values but weight_shape (4, 3) needs 12");
  expect_error(embedding_backward(kSix, std::vector<int32_t>{0}, shape), "grad_output",
               "grad_output has 6 values but 1 indices of embedding_dim 3 need 3");
  EXPECT_TRUE(embedding(std::vector<int32_t>{3, 3}, weight, shape, {-4}).ok());
}

TEST(LayersValidation, Dropout) {
  const std::vector<uint8_t> mask = {1, 0, 1, 1, 0, 1};
  expect_error(dropout(kSix, mask, 1.5), "p", "p must be in [0, 1], got 1.5");
  expect_error(dropout(kSix, mask, -0.1), "p", "p must be in [0, 1], got -0.1");
  expect_error(dropout_backward(kSix, mask, std::nan("")), "p", "p must be in [0, 1], got nan");
  expect_error(dropout(kSix, std::vector<uint8_t>{1, 0}, 0.5), "mask",
               "mask has 2 values but input has 6");
  expect_error(dropout(kSix, std::vector<uint8_t>{1, 0, 2, 1, 0, 1}, 0.5), "mask",
               "mask[2] is 2; a mask holds 0 (dropped) or 1 (kept)");
  expect_error(dropout_mask(-1, 0.5, 0), "length", "length must be in [0, 67108864], got -1");
  expect_error(dropout_mask(4, 2, 0), "p", "p must be in [0, 1], got 2");
  expect_error(dropout_mask(4, 0.5, -1), "seed", "seed must be an integer in [0, 4294967295], got -1");
  expect_error(dropout_mask(4, 0.5, kMaxSeed + 1), "seed",
               "seed must be an integer in [0, 4294967295], got 4294967296");
  const auto ones = dropout(kSix, mask, 1.0);
  ASSERT_TRUE(ones.ok());
  for (float value : *ones.value) EXPECT_EQ(value, 0.0f);  // p = 1 drops everything
}

TEST(LayersValidation, BatchNorm2d) {
  const std::vector<float> x(12, 1.0f);
  expect_error(batch_norm2d(x, {2, 6}), "shape", "shape must be [N, C, H, W], got (2, 6)");
  expect_error(batch_norm2d(std::vector<float>{}, {2, 0, 2, 2}), "shape",
               "shape (2, 0, 2, 2) has no channels");
  // An empty batch however large its other sizes: no work, the statistics as they were.
  const auto empty = batch_norm2d(std::vector<float>{}, {core::kMaxElements / 2, 2, 1, 0});
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty.value->running_var, (std::vector<float>{1, 1}));
  expect_error(batch_norm2d(x, {1, 3, 2, 3}), "input", "input has 12 values but shape (1, 3, 2, 3) needs 18");
  expect_error(batch_norm2d(std::vector<float>(3), {1, 3, 1, 1}), "input",
               "Expected more than 1 value per channel when training, got input of shape (1, 3, 1, 1)");
  EXPECT_TRUE(batch_norm2d(std::vector<float>(3), {1, 3, 1, 1}, [] {
                BatchNormOptions o;
                o.training = false;
                return o;
              }()).ok());
  BatchNormOptions bad;
  bad.momentum = 1.5;
  expect_error(batch_norm2d(x, {2, 3, 2, 1}, bad), "momentum", "momentum must be in [0, 1], got 1.5");
  bad = {};
  bad.eps = 0;
  expect_error(batch_norm2d(x, {2, 3, 2, 1}, bad), "eps", "eps must be a positive finite number, got 0");
  bad = {};
  const std::vector<float> two = {1, 2};
  bad.running_var = FloatView(two);
  expect_error(batch_norm2d(x, {2, 3, 2, 1}, bad), "running_var",
               "running_var has 2 values but input has 3 channels");
  expect_error(batch_norm2d_backward(x, x, {2, 3, 2, 1}, FloatView(two)), "weight",
               "weight has 2 values but input has 3 channels");
  expect_error(batch_norm2d_backward(kSix, x, {2, 3, 2, 1}), "grad_output",
               "grad_output has 6 values but shape (2, 3, 2, 1) needs 12");
}

TEST(LayersValidation, LayerNorm) {
  expect_error(layer_norm(kSix, {}), "shape", "shape must have at least one dimension, got ()");
  expect_error(layer_norm(std::vector<float>{}, {3, 0}), "shape",
               "shape (3, 0) has an empty last dimension, the one layer norm normalises");
  const std::vector<float> two = {1, 2};
  expect_error(layer_norm(kSix, {2, 3}, {FloatView(two), std::nullopt, 1e-5}), "weight",
               "weight has 2 values but the last dimension of shape (2, 3) is 3");
  expect_error(layer_norm(kSix, {2, 3}, {std::nullopt, std::nullopt, -1}), "eps",
               "eps must be a positive finite number, got -1");
  expect_error(layer_norm_backward(two, kSix, {2, 3}), "grad_output",
               "grad_output has 2 values but shape (2, 3) needs 6");
  EXPECT_TRUE(layer_norm(std::vector<float>{}, {0, 3}).ok());
}

TEST(LayersValidation, ArraysBeyondTheCoresLimitAreRejected) {
  const auto too_many = static_cast<size_t>(core::kMaxElements) + 1;
  const auto error = check_count(too_many, "input");
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->message, "input has 67108865 values, more than 67108864, the most the core takes");
  EXPECT_FALSE(check_count(static_cast<size_t>(core::kMaxElements), "input"));
}

}  // namespace
}  // namespace layers
