// The only file of the family that includes Emscripten, and a thin one: free functions and a
// single EMSCRIPTEN_BINDINGS block at the bottom.
//
// Values cross as typed arrays: JS passes Float32Arrays (shapes as Int32Arrays, a
// layer's parameters as { wIh, wHh, bIh, bHh } with null biases for none, an LSTM's state as
// { h0, c0 } or null), which are copied into the heap once, and results leave as fresh
// Float32Arrays (copies, never views into the heap, which would go stale when memory grows).
// Options cross as plain structs (value_object), the nonlinearity as an Embind enum. Every size
// is checked before any values are copied in, so a call too large for the core never reaches
// the heap. A rejected argument comes back as { error, parameter }, which
// core/sequence/js/index.js throws as a SequenceError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <optional>
#include <utility>
#include <vector>

#include "sequence/sequence.h"

using emscripten::val;

namespace {

val error_object(const sequence::Error& error) {
  val out = val::object();
  out.set("error", error.message);
  out.set("parameter", error.parameter);
  return out;
}

val copy_out(const std::vector<float>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

val copy_out(const std::optional<std::vector<float>>& values) {
  return values ? copy_out(*values) : val::null();
}

size_t length_of(const val& values) { return values["length"].as<size_t>(); }

std::optional<size_t> length_if(const val& values) {
  return values.isNull() ? std::nullopt : std::optional<size_t>(length_of(values));
}

std::vector<float> floats(const val& values) {
  return emscripten::convertJSArrayToNumberVector<float>(values);
}

std::vector<int32_t> shape(const val& values) {
  return emscripten::convertJSArrayToNumberVector<int32_t>(values);
}

// A view with a length and no values behind it: what the checks read before anything is copied.
sequence::FloatView sized(const val& values) { return {nullptr, length_of(values)}; }

// Values that may be null, copied in; the view of them (nullopt for null).
struct Optional {
  std::vector<float> values;
  bool given = false;
  explicit Optional(const val& from) : given(!from.isNull()) {
    if (given) values = floats(from);
  }
  std::optional<sequence::FloatView> view() const {
    return given ? std::optional<sequence::FloatView>(values) : std::nullopt;
  }
};

// A layer's parameters from { wIh, wHh, bIh, bHh }: their lengths for the checks, then (once
// the checks pass) their values.
struct Params {
  val source;
  std::vector<float> w_ih, w_hh;
  std::optional<std::vector<float>> b_ih, b_hh;

  explicit Params(val params) : source(std::move(params)) {}

  sequence::RecurrentParams lengths() const {
    const val b_ih_in = source["bIh"], b_hh_in = source["bHh"];
    return {sized(source["wIh"]), sized(source["wHh"]),
            b_ih_in.isNull() ? std::nullopt : std::optional<sequence::FloatView>(sized(b_ih_in)),
            b_hh_in.isNull() ? std::nullopt : std::optional<sequence::FloatView>(sized(b_hh_in))};
  }

  sequence::RecurrentParams copied() {
    w_ih = floats(source["wIh"]);
    w_hh = floats(source["wHh"]);
    if (!source["bIh"].isNull()) b_ih = floats(source["bIh"]);
    if (!source["bHh"].isNull()) b_hh = floats(source["bHh"]);
    return {w_ih, w_hh, b_ih ? std::optional<sequence::FloatView>(*b_ih) : std::nullopt,
            b_hh ? std::optional<sequence::FloatView>(*b_hh) : std::nullopt};
  }
};

val gradients_out(const sequence::ParamGradients& g) {
  val out = val::object();
  out.set("wIh", copy_out(g.w_ih));
  out.set("wHh", copy_out(g.w_hh));
  out.set("bIh", copy_out(g.b_ih));
  out.set("bHh", copy_out(g.b_hh));
  return out;
}

// { output, hN }.
val rnn(const val& input, const val& input_shape, const val& params, const val& h0,
        const sequence::RnnOptions& options) {
  const auto in_shape = shape(input_shape);
  Params p(params);
  sequence::RecurrentLengths lengths;
  lengths.h0 = length_if(h0);
  const auto sizes = sequence::check_recurrent(sequence::Cell::kRnn, in_shape, length_of(input),
                                               p.lengths(), lengths);
  auto error = sizes.ok() ? sequence::check_rnn_options(options) : sizes.error;
  if (error) return error_object(*error);
  const Optional start(h0);
  const auto result = sequence::rnn(floats(input), in_shape, p.copied(), start.view(), options);
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("output", copy_out(result.value->output));
  out.set("hN", copy_out(result.value->h_n));
  return out;
}

// { gradInput, gradH0, gradParams: { wIh, wHh, bIh, bHh }, gradHidden }.
val rnn_backward(const val& grad_output, const val& grad_hn, const val& input,
                 const val& input_shape, const val& params, const val& h0,
                 const sequence::RnnOptions& options) {
  const auto in_shape = shape(input_shape);
  Params p(params);
  sequence::RecurrentLengths lengths;
  lengths.h0 = length_if(h0);
  lengths.grad_output = length_of(grad_output);
  lengths.grad_hn = length_if(grad_hn);
  const auto sizes = sequence::check_recurrent(sequence::Cell::kRnn, in_shape, length_of(input),
                                               p.lengths(), lengths);
  auto error = sizes.ok() ? sequence::check_rnn_options(options) : sizes.error;
  if (error) return error_object(*error);
  const Optional start(h0), from_end(grad_hn);
  const auto result = sequence::rnn_backward(floats(grad_output), from_end.view(), floats(input),
                                             in_shape, p.copied(), start.view(), options);
  if (!result.ok()) return error_object(*result.error);
  const auto& g = *result.value;
  val out = val::object();
  out.set("gradInput", copy_out(g.grad_input));
  out.set("gradH0", copy_out(g.grad_h0));
  out.set("gradParams", gradients_out(g.grad_params));
  out.set("gradHidden", copy_out(g.grad_hidden));
  return out;
}

// An LSTM's state { h0, c0 } (or null), its lengths, then its values.
struct State {
  std::vector<float> h0, c0;
  bool given;
  explicit State(const val& state) : given(!state.isNull()) {}
  void add_lengths(const val& state, sequence::RecurrentLengths& lengths) const {
    if (!given) return;
    lengths.h0 = length_of(state["h0"]);
    lengths.c0 = length_of(state["c0"]);
  }
  std::optional<sequence::LstmState> copied(const val& state) {
    if (!given) return std::nullopt;
    h0 = floats(state["h0"]);
    c0 = floats(state["c0"]);
    return sequence::LstmState{h0, c0};
  }
};

// { output, hN, cN, cells, gates: { input, forget, cell, output } }.
val lstm(const val& input, const val& input_shape, const val& params, const val& state) {
  const auto in_shape = shape(input_shape);
  Params p(params);
  State s(state);
  sequence::RecurrentLengths lengths;
  s.add_lengths(state, lengths);
  const auto sizes = sequence::check_recurrent(sequence::Cell::kLstm, in_shape, length_of(input),
                                               p.lengths(), lengths);
  if (!sizes.ok()) return error_object(*sizes.error);
  const auto result = sequence::lstm(floats(input), in_shape, p.copied(), s.copied(state));
  if (!result.ok()) return error_object(*result.error);
  const auto& r = *result.value;
  val gates = val::object();
  gates.set("input", copy_out(r.gates.input));
  gates.set("forget", copy_out(r.gates.forget));
  gates.set("cell", copy_out(r.gates.cell));
  gates.set("output", copy_out(r.gates.output));
  val out = val::object();
  out.set("output", copy_out(r.output));
  out.set("hN", copy_out(r.h_n));
  out.set("cN", copy_out(r.c_n));
  out.set("cells", copy_out(r.cells));
  out.set("gates", gates);
  return out;
}

// { gradInput, gradH0, gradC0, gradParams, gradHidden, gradCells }.
val lstm_backward(const val& grad_output, const val& grad_hn, const val& grad_cn, const val& input,
                  const val& input_shape, const val& params, const val& state) {
  const auto in_shape = shape(input_shape);
  Params p(params);
  State s(state);
  sequence::RecurrentLengths lengths;
  s.add_lengths(state, lengths);
  lengths.grad_output = length_of(grad_output);
  lengths.grad_hn = length_if(grad_hn);
  lengths.grad_cn = length_if(grad_cn);
  const auto sizes = sequence::check_recurrent(sequence::Cell::kLstm, in_shape, length_of(input),
                                               p.lengths(), lengths);
  if (!sizes.ok()) return error_object(*sizes.error);
  const Optional from_h(grad_hn), from_c(grad_cn);
  const auto result = sequence::lstm_backward(floats(grad_output), from_h.view(), from_c.view(),
                                              floats(input), in_shape, p.copied(), s.copied(state));
  if (!result.ok()) return error_object(*result.error);
  const auto& g = *result.value;
  val out = val::object();
  out.set("gradInput", copy_out(g.grad_input));
  out.set("gradH0", copy_out(g.grad_h0));
  out.set("gradC0", copy_out(g.grad_c0));
  out.set("gradParams", gradients_out(g.grad_params));
  out.set("gradHidden", copy_out(g.grad_hidden));
  out.set("gradCells", copy_out(g.grad_cells));
  return out;
}

// { output, weights, scores }.
val attention(const val& query, const val& query_shape, const val& key, const val& key_shape,
              const val& value, const val& value_shape, const sequence::AttentionOptions& options) {
  const auto qs = shape(query_shape), ks = shape(key_shape), vs = shape(value_shape);
  const auto sizes =
      sequence::check_attention(qs, ks, vs, length_of(query), length_of(key), length_of(value));
  if (!sizes.ok()) return error_object(*sizes.error);
  const auto result =
      sequence::attention(floats(query), qs, floats(key), ks, floats(value), vs, options);
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("output", copy_out(result.value->output));
  out.set("weights", copy_out(result.value->weights));
  out.set("scores", copy_out(result.value->scores));
  return out;
}

// { gradQuery, gradKey, gradValue }.
val attention_backward(const val& grad_output, const val& query, const val& query_shape,
                       const val& key, const val& key_shape, const val& value,
                       const val& value_shape, const sequence::AttentionOptions& options) {
  const auto qs = shape(query_shape), ks = shape(key_shape), vs = shape(value_shape);
  const auto sizes = sequence::check_attention(qs, ks, vs, length_of(query), length_of(key),
                                               length_of(value), length_of(grad_output));
  if (!sizes.ok()) return error_object(*sizes.error);
  const auto result = sequence::attention_backward(floats(grad_output), floats(query), qs,
                                                   floats(key), ks, floats(value), vs, options);
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("gradQuery", copy_out(result.value->grad_query));
  out.set("gradKey", copy_out(result.value->grad_key));
  out.set("gradValue", copy_out(result.value->grad_value));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(sequence_core) {
  // index.js maps a nonlinearity's name to its code through Module.Nonlinearity, never by number.
  emscripten::enum_<sequence::Nonlinearity>("Nonlinearity")
      .value("tanh", sequence::Nonlinearity::kTanh)
      .value("relu", sequence::Nonlinearity::kRelu);
  emscripten::value_object<sequence::RnnOptions>("RnnOptions")
      .field("nonlinearity", &sequence::RnnOptions::nonlinearity);
  emscripten::value_object<sequence::AttentionOptions>("AttentionOptions")
      .field("causal", &sequence::AttentionOptions::causal);
  emscripten::function("rnn", &rnn);
  emscripten::function("rnnBackward", &rnn_backward);
  emscripten::function("lstm", &lstm);
  emscripten::function("lstmBackward", &lstm_backward);
  emscripten::function("attention", &attention);
  emscripten::function("attentionBackward", &attention_backward);
}
