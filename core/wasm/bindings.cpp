// The only file that includes Emscripten: one free function per operation, and a single
// EMSCRIPTEN_BINDINGS block at the bottom. Options cross as a plain struct (value_object), so
// JS passes a plain object and has nothing to delete. Results leave as copies (new typed
// arrays), so JS never holds a view into the heap, which goes stale when memory grows. A
// rejected argument comes back as { error, parameter }; core/js/index.js turns it into a
// PoolError.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <string>
#include <vector>

#include "pool/pool2d.h"

using emscripten::val;

namespace {

// The options as JS normalises them: every size already split into (h, w).
struct WireOptions {
  int kernel_h = 1, kernel_w = 1;
  bool has_stride = false;
  int stride_h = 0, stride_w = 0;
  int padding_h = 0, padding_w = 0;
  int dilation_h = 1, dilation_w = 1;
  bool ceil_mode = false;
  bool count_include_pad = true;
  bool has_divisor_override = false;
  int divisor_override = 0;
};

pool::PoolOptions to_options(const WireOptions& w) {
  pool::PoolOptions o;
  o.kernel = {w.kernel_h, w.kernel_w};
  if (w.has_stride) o.stride = pool::Size2{w.stride_h, w.stride_w};
  o.padding = {w.padding_h, w.padding_w};
  o.dilation = {w.dilation_h, w.dilation_w};
  o.ceil_mode = w.ceil_mode;
  o.count_include_pad = w.count_include_pad;
  if (w.has_divisor_override) o.divisor_override = w.divisor_override;
  return o;
}

pool::Shape to_shape(const val& shape) {
  std::vector<int32_t> dims = emscripten::convertJSArrayToNumberVector<int32_t>(shape);
  return pool::Shape(dims.begin(), dims.end());
}

template <class T>
val copy_out(const char* array_type, const std::vector<T>& values) {
  return val::global(array_type).new_(emscripten::typed_memory_view(values.size(), values.data()));
}

val shape_array(const pool::Shape& shape) {
  val out = val::array();
  for (size_t i = 0; i < shape.size(); ++i) out.set(i, static_cast<double>(shape[i]));
  return out;
}

val error_object(const pool::Error& error) {
  val out = val::object();
  out.set("error", error.message);
  out.set("parameter", error.parameter);
  return out;
}

val forward_result(const pool::Checked<pool::PoolOutput>& result) {
  if (!result.ok()) return error_object(*result.error);
  val out = val::object();
  out.set("data", copy_out("Float32Array", result.value->data));
  out.set("shape", shape_array(result.value->shape));
  if (!result.value->indices.empty()) {
    out.set("indices", copy_out("Int32Array", result.value->indices));
  }
  return out;
}

val backward_result(const pool::Checked<std::vector<float>>& result) {
  if (!result.ok()) return error_object(*result.error);
  return copy_out("Float32Array", *result.value);
}

std::vector<float> floats(const val& values) {
  return emscripten::convertJSArrayToNumberVector<float>(values);
}

std::vector<int32_t> ints(const val& values) {
  return emscripten::convertJSArrayToNumberVector<int32_t>(values);
}

val avg_pool2d(val input, val shape, WireOptions options) {
  return forward_result(pool::avg_pool2d(floats(input), to_shape(shape), to_options(options)));
}

val avg_pool2d_backward(val grad_output, val input_shape, WireOptions options) {
  return backward_result(
      pool::avg_pool2d_backward(floats(grad_output), to_shape(input_shape), to_options(options)));
}

val max_pool2d(val input, val shape, WireOptions options) {
  return forward_result(pool::max_pool2d(floats(input), to_shape(shape), to_options(options)));
}

val max_pool2d_backward(val grad_output, val indices, val input_shape, WireOptions options) {
  return backward_result(pool::max_pool2d_backward(floats(grad_output), ints(indices),
                                                   to_shape(input_shape), to_options(options)));
}

val adaptive_avg_pool2d(val input, val shape, int out_h, int out_w) {
  return forward_result(pool::adaptive_avg_pool2d(floats(input), to_shape(shape), {out_h, out_w}));
}

val adaptive_avg_pool2d_backward(val grad_output, val input_shape, int out_h, int out_w) {
  return backward_result(
      pool::adaptive_avg_pool2d_backward(floats(grad_output), to_shape(input_shape), {out_h, out_w}));
}

val adaptive_max_pool2d(val input, val shape, int out_h, int out_w) {
  return forward_result(pool::adaptive_max_pool2d(floats(input), to_shape(shape), {out_h, out_w}));
}

val adaptive_max_pool2d_backward(val grad_output, val indices, val input_shape, int out_h,
                                 int out_w) {
  return backward_result(pool::adaptive_max_pool2d_backward(
      floats(grad_output), ints(indices), to_shape(input_shape), {out_h, out_w}));
}

pool::Checked<pool::PoolPlan> plan_for(bool is_max, val shape, const WireOptions& options) {
  return pool::plan_pool2d(is_max ? pool::PoolKind::kMax : pool::PoolKind::kAverage,
                           to_shape(shape), to_options(options));
}

val pool2d_output_shape(val shape, WireOptions options, bool is_max) {
  auto plan = plan_for(is_max, shape, options);
  if (!plan.ok()) return error_object(*plan.error);
  return shape_array(plan.value->output_shape);
}

// op: 0 average forward, 1 average backward, 2 max forward, 3 max backward.
val kernel_name(int op, val shape, WireOptions options) {
  auto plan = plan_for(op >= 2, shape, options);
  if (!plan.ok()) return error_object(*plan.error);
  return val(std::string(pool::kernel_name(static_cast<pool::PoolOp>(op), *plan.value)));
}

// For leak tests: the size of WASM memory and the bytes malloc has handed out.
val memory_stats() {
  val out = val::object();
  out.set("heapBytes", static_cast<double>(__builtin_wasm_memory_size(0)) * 65536.0);
  out.set("mallocBytes", static_cast<double>(mallinfo().uordblks));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(pool_core) {
  emscripten::value_object<WireOptions>("WireOptions")
      .field("kernelH", &WireOptions::kernel_h)
      .field("kernelW", &WireOptions::kernel_w)
      .field("hasStride", &WireOptions::has_stride)
      .field("strideH", &WireOptions::stride_h)
      .field("strideW", &WireOptions::stride_w)
      .field("paddingH", &WireOptions::padding_h)
      .field("paddingW", &WireOptions::padding_w)
      .field("dilationH", &WireOptions::dilation_h)
      .field("dilationW", &WireOptions::dilation_w)
      .field("ceilMode", &WireOptions::ceil_mode)
      .field("countIncludePad", &WireOptions::count_include_pad)
      .field("hasDivisorOverride", &WireOptions::has_divisor_override)
      .field("divisorOverride", &WireOptions::divisor_override);
  emscripten::function("avgPool2d", &avg_pool2d);
  emscripten::function("avgPool2dBackward", &avg_pool2d_backward);
  emscripten::function("maxPool2d", &max_pool2d);
  emscripten::function("maxPool2dBackward", &max_pool2d_backward);
  emscripten::function("adaptiveAvgPool2d", &adaptive_avg_pool2d);
  emscripten::function("adaptiveAvgPool2dBackward", &adaptive_avg_pool2d_backward);
  emscripten::function("adaptiveMaxPool2d", &adaptive_max_pool2d);
  emscripten::function("adaptiveMaxPool2dBackward", &adaptive_max_pool2d_backward);
  emscripten::function("pool2dOutputShape", &pool2d_output_shape);
  emscripten::function("kernelName", &kernel_name);
  emscripten::function("memoryStats", &memory_stats);
}
