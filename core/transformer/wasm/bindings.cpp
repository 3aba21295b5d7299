// The only file of the family that includes Emscripten, and a thin one: free functions and a
// single EMSCRIPTEN_BINDINGS block at the bottom.
//
// Values cross as typed arrays: JS passes Float32Arrays (the input's shape as an Int32Array,
// the layer's parameters as an object of twelve arrays named as the state_dict names
// them, in camelCase), which are copied into the heap once, and results leave as fresh
// Float32Arrays (copies, never views into the heap, which would go stale when memory grows).
// Options cross as a plain struct (value_object), the activation as an Embind enum. Every size is
// checked before any values are copied in. A rejected argument comes back as
// { error, parameter }, which core/transformer/js/index.js throws as a TransformerError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <vector>

#include "transformer/transformer.h"

using emscripten::val;

namespace {

// The parameters' camelCase names, in transformer::Param's order.
const char* const kJsNames[transformer::kParamCount] = {
    "inProjWeight",  "inProjBias",  "outProjWeight", "outProjBias", "linear1Weight", "linear1Bias",
    "linear2Weight", "linear2Bias", "norm1Weight",   "norm1Bias",   "norm2Weight",   "norm2Bias"};

val error_object(const transformer::Error& error) {
  val out = val::object();
  out.set("error", error.message);
  out.set("parameter", error.parameter);
  return out;
}

val copy_out(const std::vector<float>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

size_t length_of(const val& values) { return values["length"].as<size_t>(); }

std::vector<float> floats(const val& values) {
  return emscripten::convertJSArrayToNumberVector<float>(values);
}

std::vector<int32_t> shape(const val& values) {
  return emscripten::convertJSArrayToNumberVector<int32_t>(values);
}

// The layer's parameters: their lengths for the checks, then (once the checks pass) their values.
struct Params {
  transformer::ParamArray<std::vector<float>> values;

  static transformer::ParamArray<size_t> lengths(const val& params) {
    transformer::ParamArray<size_t> out{};
    for (size_t p = 0; p < transformer::kParamCount; ++p) out[p] = length_of(params[kJsNames[p]]);
    return out;
  }

  transformer::EncoderParams copied(const val& params) {
    for (size_t p = 0; p < transformer::kParamCount; ++p) values[p] = floats(params[kJsNames[p]]);
    return transformer::views_of(values);
  }
};

// { output, attentionWeights, attentionOutput, residual1, norm1, norm2, hidden, feedForward,
// residual2 }.
val encoder_layer(const val& input, const val& input_shape, const val& params,
                  const transformer::EncoderOptions& options) {
  const auto in_shape = shape(input_shape);
  const auto sizes =
      transformer::check_encoder(in_shape, length_of(input), Params::lengths(params), options);
  if (!sizes.ok()) return error_object(*sizes.error);
  Params p;
  const auto result =
      transformer::encoder_layer(floats(input), in_shape, p.copied(params), options);
  if (!result.ok()) return error_object(*result.error);
  const auto& r = *result.value;
  val out = val::object();
  out.set("output", copy_out(r.output));
  out.set("attentionWeights", copy_out(r.attention_weights));
  out.set("attentionOutput", copy_out(r.attention_output));
  out.set("residual1", copy_out(r.residual1));
  out.set("norm1", copy_out(r.norm1));
  out.set("norm2", copy_out(r.norm2));
  out.set("hidden", copy_out(r.hidden));
  out.set("feedForward", copy_out(r.feed_forward));
  out.set("residual2", copy_out(r.residual2));
  return out;
}

// { gradInput, gradParams: { inProjWeight, ... } }.
val encoder_layer_backward(const val& grad_output, const val& input, const val& input_shape,
                           const val& params, const transformer::EncoderOptions& options) {
  const auto in_shape = shape(input_shape);
  const auto sizes = transformer::check_encoder(in_shape, length_of(input), Params::lengths(params),
                                                options, length_of(grad_output));
  if (!sizes.ok()) return error_object(*sizes.error);
  Params p;
  const auto result = transformer::encoder_layer_backward(floats(grad_output), floats(input),
                                                          in_shape, p.copied(params), options);
  if (!result.ok()) return error_object(*result.error);
  val grads = val::object();
  for (size_t k = 0; k < transformer::kParamCount; ++k) {
    grads.set(kJsNames[k], copy_out(result.value->grad_params[k]));
  }
  val out = val::object();
  out.set("gradInput", copy_out(result.value->grad_input));
  out.set("gradParams", grads);
  return out;
}

// { inProjWeight, ..., norm2Bias }: the seeded start. JS passes integers (a seed may exceed
// int32).
val encoder_init(double d_model, double nhead, double dim_feedforward, double seed) {
  const auto result =
      transformer::encoder_init(static_cast<int64_t>(d_model), static_cast<int64_t>(nhead),
                                static_cast<int64_t>(dim_feedforward), static_cast<int64_t>(seed));
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  for (size_t p = 0; p < transformer::kParamCount; ++p) {
    out.set(kJsNames[p], copy_out((*result.value)[p]));
  }
  return out;
}

// { table, frequencies }.
val positional_encoding(int32_t length, int32_t d_model) {
  const auto result = transformer::positional_encoding(length, d_model);
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("table", copy_out(result.value->table));
  out.set("frequencies", copy_out(result.value->frequencies));
  return out;
}

// { attention, feedForward, norms, total }, as numbers (every count is below 2^53).
val parameter_count(int32_t d_model, int32_t nhead, int32_t dim_feedforward) {
  const auto result = transformer::parameter_count(d_model, nhead, dim_feedforward);
  if (!result.ok()) return error_object(*result.error);
  const auto& c = *result.value;
  val out = val::object();
  out.set("attention", static_cast<double>(c.attention));
  out.set("feedForward", static_cast<double>(c.feed_forward));
  out.set("norms", static_cast<double>(c.norms));
  out.set("total", static_cast<double>(c.total));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(transformer_core) {
  // index.js maps an activation's name to its code through Module.Activation, never by number.
  emscripten::enum_<transformer::Activation>("Activation")
      .value("relu", transformer::Activation::kRelu)
      .value("gelu", transformer::Activation::kGelu);
  emscripten::value_object<transformer::EncoderOptions>("EncoderOptions")
      .field("nhead", &transformer::EncoderOptions::nhead)
      .field("activation", &transformer::EncoderOptions::activation)
      .field("normFirst", &transformer::EncoderOptions::norm_first)
      .field("layerNormEps", &transformer::EncoderOptions::layer_norm_eps);
  emscripten::function("encoderLayer", &encoder_layer);
  emscripten::function("encoderLayerBackward", &encoder_layer_backward);
  emscripten::function("positionalEncoding", &positional_encoding);
  emscripten::function("parameterCount", &parameter_count);
  emscripten::function("encoderInit", &encoder_init);
}
