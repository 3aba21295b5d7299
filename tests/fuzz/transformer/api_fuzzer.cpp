// The transformer family's API target: bytes decoded into shapes, parameter lengths, options and
// values, through every public entry point (check_encoder, encoder_layer,
// encoder_layer_backward, positional_encoding, parameter_count, encoder_init). Each call is
// refused exactly when the rules of README.md ("Limits", "Errors") say so, naming the first wrong
// parameter in the documented order; an accepted encoder call gives the reference's bits (any NaN
// equals any NaN), an accepted table has its documented shape with every value in [-1, 1], an
// accepted count is the sum of its parts, and an accepted start has every parameter's length,
// each value within its PyTorch bound (the zeros and ones exactly), and is the same start again
// for the same seed.
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "common/decode.h"
#include "common/splitmix64.h"
#include "transformer/reference.h"
#include "transformer/transformer.h"

namespace {

using namespace transformer;
constexpr const char* kTarget = "transformer_api_fuzzer";

void require(bool condition, const char* what) { fuzz::require(condition, kTarget, what); }

template <class Checked>
void require_outcome(const Checked& result, const char* wrong) {
  fuzz::require_outcome(result, wrong, kTarget);
}

bool within(int64_t v, int64_t most) { return v >= 1 && v <= most; }

size_t length_near(FuzzedDataProvider& in, int64_t expected) {
  switch (in.ConsumeIntegralInRange<int>(0, 9)) {
    case 0: return static_cast<size_t>(in.ConsumeIntegralInRange<int64_t>(0, 70000));
    case 1: return static_cast<size_t>(std::max<int64_t>(0, expected - 1));
    case 2: return static_cast<size_t>(expected + 1);
    default: return static_cast<size_t>(expected);
  }
}

void fuzz_encoder(FuzzedDataProvider& in) {
  std::vector<int32_t> shape = {fuzz::size_value(in, 1, 9), fuzz::size_value(in, 1, 12)};
  if (in.ConsumeIntegralInRange<int>(0, 15) == 0) shape.push_back(1);
  EncoderOptions options;
  options.nhead = fuzz::size_value(in, 1, 4);
  options.activation = static_cast<Activation>(in.ConsumeIntegralInRange<int32_t>(0, 2) % 3 == 2
                                                   ? in.ConsumeIntegral<int32_t>()
                                                   : in.ConsumeIntegralInRange<int32_t>(0, 1));
  options.norm_first = in.ConsumeBool();
  const double epsilons[] = {1e-5, 1e-6, 0.5, 0.0, -1e-5, INFINITY, NAN};
  options.layer_norm_eps = epsilons[in.ConsumeIntegralInRange<int>(0, 6) * (in.ConsumeBool() ? 1 : 0)];
  const bool shaped = shape.size() == 2 && within(shape[0], kMaxLength) && within(shape[1], kMaxModel);
  const int64_t L = shaped ? shape[0] : 1, d = shaped ? shape[1] : 1;
  const int64_t ff = in.ConsumeIntegralInRange<int64_t>(1, in.ConsumeBool() ? 14 : 600);
  const int64_t counts[kParamCount] = {3 * d * d, 3 * d, d * d, d, ff * d, ff,
                                       d * ff,    d,     d,     d, d,      d};
  ParamArray<size_t> lengths{};
  for (size_t p = 0; p < kParamCount; ++p) lengths[p] = length_near(in, counts[p]);
  const size_t input_length = length_near(in, L * d);
  const std::optional<size_t> grad_length =
      in.ConsumeBool() ? std::optional<size_t>(length_near(in, L * d)) : std::nullopt;

  // The verdict the rules give, in their order.
  const char* wrong = nullptr;
  const int64_t l1 = static_cast<int64_t>(lengths[kLinear1Weight]);
  const int64_t given_ff = l1 / d;
  const auto code = static_cast<int32_t>(options.activation);
  if (!shaped) {
    wrong = "input_shape";
  } else if (!within(options.nhead, kMaxHeads) || d % options.nhead != 0) {
    wrong = "nhead";
  } else if (code != 0 && code != 1) {
    wrong = "activation";
  } else if (!(options.layer_norm_eps > 0) || !std::isfinite(options.layer_norm_eps)) {
    wrong = "layer_norm_eps";
  } else {
    const int64_t want[kParamCount] = {3 * d * d, 3 * d, d * d, d, l1, given_ff,
                                       d * given_ff, d, d, d, d, d};
    bool params_ok = l1 >= 1 && l1 % d == 0 && given_ff <= kMaxFeedforward;
    for (size_t p = 0; params_ok && p < kParamCount; ++p) {
      params_ok = static_cast<int64_t>(lengths[p]) == want[p];
    }
    if (!params_ok) {
      wrong = "params";
    } else if (L * d * (4 * d + 2 * given_ff + 2 * L) > kMaxWork) {
      wrong = "input_shape";
    } else if (static_cast<int64_t>(input_length) != L * d) {
      wrong = "input";
    } else if (grad_length && static_cast<int64_t>(*grad_length) != L * d) {
      wrong = "grad_output";
    }
  }
  const auto verdict = check_encoder(shape, input_length, lengths, options, grad_length);
  require_outcome(verdict, wrong);
  if (wrong || !grad_length || L * d * ff > 4000) return;

  // An accepted call, with values: the reference's bits.
  ParamArray<std::vector<float>> params;
  EncoderParams views{};
  EncoderWeights weights{};
  for (size_t p = 0; p < kParamCount; ++p) {
    params[p] = fuzz::input_values(in, lengths[p]);
    views[p] = params[p];
    weights[p] = params[p].data();
  }
  const auto input = fuzz::input_values(in, input_length);
  const auto grad_output = fuzz::input_values(in, *grad_length);
  const auto out = encoder_layer(input, shape, views, options);
  require_outcome(out, nullptr);
  EncoderTrace trace;
  const EncoderSettings settings{options.nhead, options.activation, options.norm_first,
                                 options.layer_norm_eps};
  reference::encoder_forward(trace, input.data(), weights, L, d, ff, settings);
  require(fuzz::same_floats(out.value->output.data(), trace.output.data(), trace.output.size()),
          "the output is the reference's");
  require(out.value->attention_weights.size() == static_cast<size_t>(options.nhead * L * L),
          "one L x L table of weights per head");
  require(out.value->hidden.size() == static_cast<size_t>(L * ff), "the hidden layer is [L, ff]");
  const auto back = encoder_layer_backward(grad_output, input, shape, views, options);
  require_outcome(back, nullptr);
  std::vector<float> grad_input(input.size());
  ParamArray<std::vector<float>> grads;
  EncoderGradients pointers{};
  for (size_t p = 0; p < kParamCount; ++p) {
    grads[p].resize(params[p].size());
    pointers[p] = grads[p].data();
  }
  reference::encoder_backward(grad_input.data(), pointers, grad_output.data(), input.data(),
                              weights, trace, L, d, ff, settings);
  require(fuzz::same_floats(back.value->grad_input.data(), grad_input.data(), grad_input.size()),
          "the input's gradient is the reference's");
  for (size_t p = 0; p < kParamCount; ++p) {
    require(fuzz::same_floats(back.value->grad_params[p].data(), grads[p].data(), grads[p].size()),
            "every parameter's gradient is the reference's");
  }
}

void fuzz_positional(FuzzedDataProvider& in) {
  const int32_t length = fuzz::size_value(in, 1, 40), d_model = fuzz::size_value(in, 1, 40);
  const char* wrong = !within(length, kMaxTableSide) ? "length"
                      : !within(d_model, kMaxTableSide) ? "d_model"
                                                        : nullptr;
  if (!wrong && int64_t{length} * d_model > 20000) return;
  const auto table = positional_encoding(length, d_model);
  require_outcome(table, wrong);
  if (wrong) return;
  require(table.value->table.size() == static_cast<size_t>(length * d_model), "the table is [L, d]");
  require(table.value->frequencies.size() == static_cast<size_t>((d_model + 1) / 2),
          "one frequency per pair of columns");
  require(table.value->frequencies[0] == 1.0f, "the first pair turns one radian per position");
  for (const float v : table.value->table) require(v >= -1.0f && v <= 1.0f, "sines and cosines");
}

void fuzz_count(FuzzedDataProvider& in) {
  const int32_t d = fuzz::size_value(in, 1, 1024), nhead = fuzz::size_value(in, 1, 16),
                ff = fuzz::size_value(in, 1, 4096);
  const char* wrong = !within(d, kMaxCountModel)                     ? "d_model"
                      : !within(nhead, d) || d % nhead != 0          ? "nhead"
                      : !within(ff, kMaxCountFeedforward)            ? "dim_feedforward"
                                                                     : nullptr;
  const auto count = parameter_count(d, nhead, ff);
  require_outcome(count, wrong);
  if (wrong) return;
  const auto& c = *count.value;
  require(c.total == c.attention + c.feed_forward + c.norms, "the total is the sum of the parts");
  require(c.attention == 4 * int64_t{d} * d + 4 * int64_t{d}, "attention is 4d^2 + 4d");
}

// A seed anywhere in int64: the edges of [0, 2^32 - 1] and past them, or any value.
int64_t seed_value(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0: return -1;
    case 1: return core::kMaxSeed;
    case 2: return core::kMaxSeed + 1;
    case 3: return in.ConsumeIntegral<int64_t>();
    default: return in.ConsumeIntegralInRange<int64_t>(0, core::kMaxSeed);
  }
}

void fuzz_init(FuzzedDataProvider& in) {
  const int32_t d = fuzz::size_value(in, 1, 24), nhead = fuzz::size_value(in, 1, 8),
                ff = fuzz::size_value(in, 1, 40);
  const int64_t seed = seed_value(in);
  const char* wrong = !within(d, kMaxModel)                        ? "d_model"
                      : !within(nhead, kMaxHeads)                  ? "nhead"
                      : d % nhead != 0                             ? "nhead"
                      : !within(ff, kMaxFeedforward)               ? "dim_feedforward"
                      : seed < 0 || seed > core::kMaxSeed          ? "seed"
                                                                   : nullptr;
  const auto start = encoder_init(d, nhead, ff, seed);
  require_outcome(start, wrong);
  if (wrong) return;
  const auto& p = *start.value;
  const int64_t counts[kParamCount] = {3 * d * d, 3 * d, d * d, d, ff * d, ff,
                                       d * ff,    d,     d,     d, d,      d};
  // Each tensor's bound, as reference::encoder_init draws it; 0 for a tensor of zeros, -1 for ones.
  const double from_d = 1 / std::sqrt(static_cast<double>(d));
  const double from_ff = 1 / std::sqrt(static_cast<double>(ff));
  const double bounds[kParamCount] = {std::sqrt(6.0 / (4.0 * d)), 0, from_d, 0, from_d, from_d,
                                      from_ff, from_ff, -1, 0, -1, 0};
  for (size_t k = 0; k < kParamCount; ++k) {
    require(static_cast<int64_t>(p[k].size()) == counts[k], "every parameter has its length");
    const auto most = static_cast<float>(bounds[k]);
    for (const float v : p[k]) {
      if (bounds[k] < 0) {
        require(v == 1.0f, "a norm's weight starts at 1");
      } else if (bounds[k] == 0) {
        require(v == 0.0f && !std::signbit(v), "a bias PyTorch zeroes starts at +0");
      } else {
        require(std::isfinite(v) && std::fabs(v) <= most, "a drawn value is within its bound");
      }
    }
  }
  const auto again = encoder_init(d, nhead, ff, seed);
  require_outcome(again, nullptr);
  for (size_t k = 0; k < kParamCount; ++k) {
    require(fuzz::same_floats(p[k].data(), again.value->at(k).data(), p[k].size()),
            "a seed gives the same start again");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  switch (in.ConsumeIntegralInRange<int>(0, 4)) {
    case 0: fuzz_positional(in); break;
    case 1: fuzz_count(in); break;
    case 2: fuzz_init(in); break;
    default: fuzz_encoder(in); break;
  }
  return 0;
}
