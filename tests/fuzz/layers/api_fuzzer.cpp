// Every public entry point of the layer family (layers/layers.h) on arguments decoded from the
// fuzzer's bytes (tests/fuzz/layers/decode.h): shapes of rank 0 to 5 with sizes anywhere in
// int32, dims, temperatures, p, eps, momentum, seeds and padding rows anywhere in their types,
// indices in and out of range, masks with values other than 0 and 1, lengths right or off.
//
// A result must be a value or an Error naming a parameter of the call with a message; an
// accepted call must give results of the documented sizes, with the bits of the reference
// kernel called directly (dropout_mask: reproducible, 0 and 1 only). A call too large to run
// (more than 2^12 elements in its input, or in a result sized by one dimension: an empty batch
// of 2^26 channels or columns has 2^26 statistics or gradients of weights, whose loops take
// seconds under the sanitizers) is given views with no data and a wrong length: it must be
// rejected before anything is read.
#include <cstring>
#include <set>
#include <string>

#include "layers/decode.h"

namespace {

using namespace fuzz::layers_fuzz;

void require(bool condition, const char* what) {
  fuzz::layers_fuzz::require(condition, "layers_api_fuzzer", what);
}

const std::set<std::string> kParameters = {
    "input", "grad_output", "shape", "dim", "temperature", "indices", "weight", "weight_shape",
    "padding_idx", "mask", "p", "length", "seed", "bias", "running_mean", "running_var",
    "momentum", "eps"};

template <class T>
bool accepted(const Checked<T>& result) {
  require(result.ok() != result.error.has_value(), "a result is a value or an error");
  if (result.error) {
    require(kParameters.count(result.error->parameter) == 1, "an error names a parameter");
    require(!result.error->message.empty(), "an error says why");
  }
  return result.ok();
}

bool same(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && fuzz::same_floats(a.data(), b.data(), a.size());
}

// Values of `length`, or a view with no data when the call is too large to run (its length
// then one off what the shape needs, so the checks must refuse it).
struct Input {
  std::vector<float> values;
  FloatView view;
};
Input values_for(FuzzedDataProvider& in, int64_t elements) {
  Input input;
  if (elements < 0) {
    input.view = FloatView(nullptr, static_cast<size_t>(core::kMaxElements) + 1);
    return input;
  }
  input.values = fuzz::float_values(in, nearby(in, elements));
  input.view = FloatView(input.values);
  return input;
}

void fuzz_softmax(FuzzedDataProvider& in, bool log) {
  const Shape shape = decode_shape(in, 5, 6);
  const SoftmaxOptions o{fuzz::size_value(in, -6, 5), option_value(in, 0.01, 100)};
  const int64_t n = small_elements(shape);
  const Input x = values_for(in, n), g = values_for(in, n);
  const auto forward = log ? log_softmax(x.view, shape, o) : softmax(x.view, shape, o);
  if (accepted(forward)) {
    require(forward.value->size() == x.view.size, "softmax keeps the size");
    int64_t rank = static_cast<int64_t>(shape.size()), outer = 1, size = 1, inner = 1;
    const int64_t d = rank == 0 ? 0 : (o.dim < 0 ? o.dim + rank : o.dim);
    for (int64_t i = 0; i < rank; ++i) (i < d ? outer : i > d ? inner : size) *= shape[i];
    std::vector<float> expected(x.values.size());
    if (n > 0) {
      reference::softmax_forward(expected.data(), x.values.data(), outer, size, inner,
                                 static_cast<float>(o.temperature), log);
    }
    require(same(*forward.value, expected), "softmax == the reference");
  }
  const auto backward = log ? log_softmax_backward(g.view, x.view, shape, o)
                            : softmax_backward(g.view, x.view, shape, o);
  if (accepted(backward)) require(backward.value->size() == x.view.size, "its gradient too");
}

void fuzz_embedding(FuzzedDataProvider& in) {
  const Shape shape = decode_shape(in, 3, 8);
  const int64_t n = small_elements(shape);
  const int64_t rows = shape.size() == 2 ? shape[0] : 1;
  const int64_t dim = shape.size() == 2 ? shape[1] : 1;
  EmbeddingOptions o;
  if (in.ConsumeBool()) o.padding_idx = fuzz::size_value(in, -8, 8);
  const auto indices = index_values(in, in.ConsumeIntegralInRange<size_t>(0, 16), rows);
  const Input weight = values_for(in, n);
  const auto forward = embedding(indices, weight.view, shape, o);
  if (accepted(forward)) {
    std::vector<float> expected(indices.size() * static_cast<size_t>(dim));
    reference::embedding_forward(expected.data(), indices.data(), weight.values.data(),
                                 static_cast<int64_t>(indices.size()), dim);
    require(same(*forward.value, expected), "embedding == the reference");
  }
  const int64_t grad_n = static_cast<int64_t>(indices.size()) * dim;  // dim <= int32's largest
  const Input g = values_for(in, n < 0 || grad_n > kLargestRun ? -1 : grad_n);
  const auto backward = embedding_backward(g.view, indices, shape, o);
  if (accepted(backward)) require(static_cast<int64_t>(backward.value->size()) == rows * dim, "weight-sized");
}

void fuzz_dropout(FuzzedDataProvider& in) {
  const size_t n = in.ConsumeIntegralInRange<size_t>(0, 64);
  const double p = option_value(in, 0, 1);
  const auto x = fuzz::float_values(in, n);
  const auto mask = mask_values(in, nearby(in, static_cast<int64_t>(n)));
  const auto forward = dropout(x, mask, p);
  if (accepted(forward)) {
    std::vector<float> expected(n);
    reference::dropout_forward(expected.data(), x.data(), mask.data(), static_cast<int64_t>(n), p);
    require(same(*forward.value, expected), "dropout == the reference");
    require(same(*dropout_backward(x, mask, p).value, expected), "its backward is the same product");
  }
  const int64_t length = in.ConsumeBool() ? in.ConsumeIntegralInRange<int64_t>(-2, 300)
                                          : in.ConsumeIntegral<int64_t>();
  const int64_t seed = in.ConsumeBool() ? in.ConsumeIntegral<int64_t>()
                                        : in.ConsumeIntegralInRange<int64_t>(0, kMaxSeed);
  if (length > kLargestRun) return;
  const auto mask_a = dropout_mask(length, p, seed);
  if (accepted(mask_a)) {
    require(static_cast<int64_t>(mask_a.value->size()) == length, "length values");
    for (uint8_t bit : *mask_a.value) require(bit <= 1, "a mask holds 0 and 1");
    require(*dropout_mask(length, p, seed).value == *mask_a.value, "the same seed, the same mask");
  }
}

void fuzz_batch_norm(FuzzedDataProvider& in) {
  const Shape shape = decode_shape(in, 5, 4);
  const int64_t n = small_elements(shape);
  // An empty batch may have many channels: their statistics arrays are given only when small.
  const int64_t channels = shape.size() >= 2 && shape[1] > 0 ? shape[1] : 1;
  BatchNormOptions o;
  o.training = in.ConsumeBool();
  o.momentum = option_value(in, 0, 1);
  o.eps = option_value(in, 1e-6, 1);
  std::vector<float> stats[4];
  std::optional<FloatView>* slots[4] = {&o.weight, &o.bias, &o.running_mean, &o.running_var};
  for (int i = 0; i < 4; ++i) {
    if (channels > kLargestRun || !in.ConsumeBool()) continue;
    stats[i] = fuzz::float_values(in, nearby(in, channels));
    *slots[i] = FloatView(stats[i]);
  }
  const int64_t run = channels > kLargestRun ? -1 : n;
  const Input x = values_for(in, run), g = values_for(in, run);
  const auto forward = batch_norm2d(x.view, shape, o);
  if (accepted(forward)) {
    require(forward.value->output.size() == x.view.size, "output has input's size");
    require(static_cast<int64_t>(forward.value->running_mean.size()) == channels &&
                static_cast<int64_t>(forward.value->running_var.size()) == channels,
            "running statistics per channel");
  }
  const auto backward = batch_norm2d_backward(g.view, x.view, shape, o.weight, o.eps);
  if (accepted(backward)) {
    require(backward.value->grad_input.size() == x.view.size, "grad_input has input's size");
    require(static_cast<int64_t>(backward.value->grad_weight.size()) == channels, "grad_weight per channel");
  }
}

void fuzz_layer_norm(FuzzedDataProvider& in) {
  const Shape shape = decode_shape(in, 4, 6);
  const int64_t n = small_elements(shape);
  const int64_t last = shape.size() > 0 ? shape[shape.size() - 1] : 0;
  const bool small = last > 0 && last <= kLargestRun;  // weight and bias only then
  LayerNormOptions o;
  o.eps = option_value(in, 1e-6, 1);
  std::vector<float> weight, bias;
  if (small && in.ConsumeBool()) {
    weight = fuzz::float_values(in, nearby(in, last));
    o.weight = FloatView(weight);
  }
  if (small && in.ConsumeBool()) {
    bias = fuzz::float_values(in, nearby(in, last));
    o.bias = FloatView(bias);
  }
  const int64_t run = last > kLargestRun ? -1 : n;
  const Input x = values_for(in, run), g = values_for(in, run);
  const auto forward = layer_norm(x.view, shape, o);
  if (accepted(forward)) require(forward.value->size() == x.view.size, "layer norm keeps the size");
  const auto backward = layer_norm_backward(g.view, x.view, shape, o);
  if (accepted(backward)) {
    require(static_cast<int64_t>(backward.value->grad_bias.size()) == last, "grad_bias per column");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0: fuzz_softmax(in, false); break;
    case 1: fuzz_softmax(in, true); break;
    case 2: fuzz_embedding(in); break;
    case 3: fuzz_dropout(in); break;
    case 4: fuzz_batch_norm(in); break;
    default: fuzz_layer_norm(in); break;
  }
  return 0;
}
