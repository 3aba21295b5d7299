// Validation and the calls: the checks every call passes before a kernel runs, and the results
// cut into the API's pieces.
#include "transformer/transformer.h"

#include <cmath>
#include <string>
#include <utility>

#include "common/splitmix64.h"
#include "transformer/kernels.h"

namespace transformer {

const char* const kParamNames[kParamCount] = {
    "in_proj_weight", "in_proj_bias", "out_proj_weight", "out_proj_bias",
    "linear1_weight", "linear1_bias", "linear2_weight",  "linear2_bias",
    "norm1_weight",   "norm1_bias",   "norm2_weight",    "norm2_bias"};

namespace {

using core::show;

template <class T>
Checked<T> failed(const Error& error) {
  return core::fail<T>(error.parameter, error.message);
}

std::string text(int64_t n) { return std::to_string(n); }

std::string describe(ShapeView shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size; ++i) out += (i ? ", " : "") + text(shape[i]);
  return out + ")";
}

bool within(int64_t value, int64_t most) { return value >= 1 && value <= most; }

std::optional<Error> check_range(const char* name, int64_t value, int64_t most) {
  if (within(value, most)) return std::nullopt;
  return Error{name, std::string(name) + " must be from 1 to " + text(most) + ", got " +
                         text(value)};
}

// Each parameter's shape as the messages write it, and its length, for sizes d and ff.
struct Expected {
  const char* letters;  // "[3d, d]"
  int64_t rows, columns;
};

Expected expected(size_t param, int64_t d, int64_t ff) {
  switch (param) {
    case kInProjWeight: return {"[3d, d]", 3 * d, d};
    case kInProjBias: return {"[3d]", 3 * d, 0};
    case kOutProjWeight: return {"[d, d]", d, d};
    case kLinear1Weight: return {"[ff, d]", ff, d};
    case kLinear1Bias: return {"[ff]", ff, 0};
    case kLinear2Weight: return {"[d, ff]", d, ff};
    default: return {"[d]", d, 0};
  }
}

std::optional<Error> check_params(const ParamArray<size_t>& lengths, int64_t d, int64_t& ff) {
  const size_t l1 = lengths[kLinear1Weight];
  const int64_t most = kMaxFeedforward * d;
  if (l1 < 1 || l1 > static_cast<size_t>(most) || static_cast<int64_t>(l1) % d != 0) {
    return Error{"params", "params.linear1_weight has " + std::to_string(l1) +
                               " values, but linear1_weight is [ff, d] with d = " + text(d) +
                               " and ff from 1 to " + text(kMaxFeedforward) + ": a multiple of " +
                               text(d) + " up to " + text(most)};
  }
  ff = static_cast<int64_t>(l1) / d;
  for (size_t p = 0; p < kParamCount; ++p) {
    const auto e = expected(p, d, ff);
    const int64_t count = e.columns ? e.rows * e.columns : e.rows;
    if (static_cast<int64_t>(lengths[p]) == count) continue;
    const std::string shape =
        e.columns ? "(" + text(e.rows) + ", " + text(e.columns) + "), " + text(count) + " values"
                  : text(count) + " values";
    return Error{"params", std::string("params.") + kParamNames[p] + " has " +
                               std::to_string(lengths[p]) + " values but " + kParamNames[p] +
                               " is " + e.letters + " = " + shape};
  }
  return std::nullopt;
}

std::optional<Error> check_options(const EncoderOptions& options, ShapeView input_shape,
                                   int64_t d) {
  if (!within(options.nhead, kMaxHeads)) {
    return Error{"nhead", "nhead must be from 1 to " + text(kMaxHeads) + ", got " +
                              text(options.nhead)};
  }
  if (d % options.nhead != 0) {
    return Error{"nhead", "nhead " + text(options.nhead) + " must divide d = " + text(d) +
                              " (input_shape " + describe(input_shape) +
                              "): each head takes d / nhead features"};
  }
  const auto code = static_cast<int32_t>(options.activation);
  if (code != 0 && code != 1) {
    return Error{"activation", "activation must be 'relu' or 'gelu', got " + text(code)};
  }
  const double eps = options.layer_norm_eps;
  if (!(eps > 0) || !std::isfinite(eps)) {
    return Error{"layer_norm_eps",
                 "layer_norm_eps must be a positive finite number, got " + show(eps)};
  }
  return std::nullopt;
}

ParamArray<size_t> lengths_of(const EncoderParams& params) {
  ParamArray<size_t> lengths{};
  for (size_t p = 0; p < kParamCount; ++p) lengths[p] = params[p].size;
  return lengths;
}

EncoderWeights weights_of(const EncoderParams& params) {
  EncoderWeights w{};
  for (size_t p = 0; p < kParamCount; ++p) w[p] = params[p].data;
  return w;
}

EncoderSettings settings_of(const EncoderOptions& options) {
  return {options.nhead, options.activation, options.norm_first, options.layer_norm_eps};
}

}  // namespace

Checked<EncoderSizes> check_encoder(ShapeView input_shape, size_t input_length,
                                    const ParamArray<size_t>& param_lengths,
                                    const EncoderOptions& options,
                                    std::optional<size_t> grad_output_length) {
  if (input_shape.size != 2) {
    return core::fail<EncoderSizes>("input_shape",
                                    "input_shape must be [L, d], got " + describe(input_shape));
  }
  if (!within(input_shape[0], kMaxLength) || !within(input_shape[1], kMaxModel)) {
    return core::fail<EncoderSizes>(
        "input_shape", "input_shape [L, d] must have L from 1 to " + text(kMaxLength) +
                           " and d from 1 to " + text(kMaxModel) + ", got " +
                           describe(input_shape));
  }
  EncoderSizes s{input_shape[0], input_shape[1], 0, options.nhead};
  auto error = check_options(options, input_shape, s.d);
  if (!error) error = check_params(param_lengths, s.d, s.ff);
  const int64_t work = s.L * s.d * (4 * s.d + 2 * s.ff + 2 * s.L);
  if (!error && work > kMaxWork) {
    error = Error{"input_shape", "input_shape " + describe(input_shape) + " with ff = " +
                                     text(s.ff) + " makes L * d * (4d + 2ff + 2L) = " + text(work) +
                                     " multiply-adds, more than " + text(kMaxWork) +
                                     ", the most a call takes"};
  }
  const int64_t n = s.L * s.d;
  if (!error && static_cast<int64_t>(input_length) != n) {
    error = Error{"input", "input has " + std::to_string(input_length) +
                               " values but input_shape " + describe(input_shape) + " needs " +
                               text(n)};
  }
  if (!error && grad_output_length && static_cast<int64_t>(*grad_output_length) != n) {
    error = Error{"grad_output", "grad_output has " + std::to_string(*grad_output_length) +
                                     " values but the output is " + describe(input_shape) + ", " +
                                     text(n) + " values"};
  }
  return core::to_checked(std::move(error), EncoderSizes(s));
}

Checked<EncoderOutputs> encoder_layer(FloatView input, ShapeView input_shape,
                                      const EncoderParams& params, const EncoderOptions& options) {
  const auto sizes = check_encoder(input_shape, input.size, lengths_of(params), options);
  if (!sizes.ok()) return failed<EncoderOutputs>(*sizes.error);
  const auto [L, d, ff, nhead] = *sizes.value;
  EncoderTrace t;
  kernels::encoder_forward(t, input.data, weights_of(params), L, d, ff, settings_of(options));
  EncoderOutputs out;
  out.output = std::move(t.output);
  out.attention_weights = std::move(t.weights);
  out.attention_output = std::move(t.attention);
  out.residual1 = std::move(t.residual1);
  out.norm1 = std::move(t.norm1);
  out.norm2 = std::move(t.norm2);
  out.hidden = std::move(t.hidden);
  out.feed_forward = std::move(t.feed_forward);
  out.residual2 = std::move(t.residual2);
  return core::succeed(std::move(out));
}

Checked<EncoderGradientsOut> encoder_layer_backward(FloatView grad_output, FloatView input,
                                                    ShapeView input_shape,
                                                    const EncoderParams& params,
                                                    const EncoderOptions& options) {
  const auto sizes =
      check_encoder(input_shape, input.size, lengths_of(params), options, grad_output.size);
  if (!sizes.ok()) return failed<EncoderGradientsOut>(*sizes.error);
  const auto [L, d, ff, nhead] = *sizes.value;
  const auto w = weights_of(params);
  const auto settings = settings_of(options);
  EncoderTrace t;
  kernels::encoder_forward(t, input.data, w, L, d, ff, settings);
  EncoderGradientsOut g;
  g.grad_input.resize(input.size);
  EncoderGradients pointers{};
  for (size_t p = 0; p < kParamCount; ++p) {
    g.grad_params[p].resize(params[p].size);
    pointers[p] = g.grad_params[p].data();
  }
  kernels::encoder_backward(g.grad_input.data(), pointers, grad_output.data, input.data, w, t, L,
                            d, ff, settings);
  return core::succeed(std::move(g));
}

Checked<ParamArray<std::vector<float>>> encoder_init(int64_t d_model, int64_t nhead,
                                                     int64_t dim_feedforward, int64_t seed) {
  using Start = ParamArray<std::vector<float>>;
  auto error = check_range("d_model", d_model, kMaxModel);
  if (!error) error = check_range("nhead", nhead, kMaxHeads);
  if (!error && d_model % nhead != 0) {
    error = Error{"nhead", "nhead " + text(nhead) + " must divide d_model = " + text(d_model) +
                               ": each head takes d_model / nhead features"};
  }
  if (!error) error = check_range("dim_feedforward", dim_feedforward, kMaxFeedforward);
  if (!error) error = core::check_seed(seed);
  if (error) return failed<Start>(*error);
  Start start;
  EncoderGradients pointers{};
  for (size_t p = 0; p < kParamCount; ++p) {
    const auto e = expected(p, d_model, dim_feedforward);
    start[p].resize(static_cast<size_t>(e.columns ? e.rows * e.columns : e.rows));
    pointers[p] = start[p].data();
  }
  reference::encoder_init(pointers, d_model, dim_feedforward, static_cast<uint64_t>(seed));
  return core::succeed(std::move(start));
}

Checked<PositionalTable> positional_encoding(int64_t length, int64_t d_model) {
  auto error = check_range("length", length, kMaxTableSide);
  if (!error) error = check_range("d_model", d_model, kMaxTableSide);
  if (error) return failed<PositionalTable>(*error);
  PositionalTable out{std::vector<float>(static_cast<size_t>(length * d_model)),
                      std::vector<float>(static_cast<size_t>((d_model + 1) / 2))};
  reference::positional_encoding(out.table.data(), out.frequencies.data(), length, d_model);
  return core::succeed(std::move(out));
}

Checked<ParameterCount> parameter_count(int64_t d_model, int64_t nhead, int64_t dim_feedforward) {
  auto error = check_range("d_model", d_model, kMaxCountModel);
  if (!error && !within(nhead, d_model)) {
    error = Error{"nhead", "nhead must be from 1 to d_model = " + text(d_model) + ", got " +
                               text(nhead)};
  }
  if (!error && d_model % nhead != 0) {
    error = Error{"nhead", "nhead " + text(nhead) + " must divide d_model = " + text(d_model) +
                               ": each head takes d_model / nhead features"};
  }
  if (!error) error = check_range("dim_feedforward", dim_feedforward, kMaxCountFeedforward);
  if (error) return failed<ParameterCount>(*error);
  const int64_t d = d_model, ff = dim_feedforward;
  ParameterCount count;
  count.attention = (3 * d * d + 3 * d) + (d * d + d);
  count.feed_forward = (ff * d + ff) + (d * ff + d);
  count.norms = 4 * d;
  count.total = count.attention + count.feed_forward + count.norms;
  return core::succeed(count);
}

}  // namespace transformer
