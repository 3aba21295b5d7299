// The only file that includes Emscripten, and a thin one: a call block of int32 slots in the
// heap, a few free functions, and a single EMSCRIPTEN_BINDINGS block at the bottom.
//
// Why a call block: a call on the lesson's 4 x 4 input should cost well under a microsecond,
// and marshalling a dozen options through Embind per call costs more than the pooling. So JS
// writes the settings into the block (plain int32 stores), copies the input into a reusable
// heap buffer, and calls pool_run(op), a plain export with no Embind wrapper; Embind carries
// only what is not per call (the layout, error text, kernel names). The result stays in a reusable
// buffer; JS copies it out at once (results are copies, never views, which would go stale
// when memory grows). A rejected argument leaves an Error that lastError() returns as
// { error, parameter }; core/js/index.js turns it into a PoolError.
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "pool/pool2d.h"

using emscripten::val;

namespace {

// Slots of the call block, in int32 words. JS learns them from slots(), never by copy.
enum Slot : int {
  kRank, kShape0, kShape1, kShape2, kShape3,
  kKernelH, kKernelW, kHasStride, kStrideH, kStrideW, kPaddingH, kPaddingW,
  kDilationH, kDilationW, kCeilMode, kCountIncludePad, kHasDivisor, kDivisor,
  kOutputH, kOutputW,                    // adaptive pooling's output_size
  kValuesLength, kIndicesLength,         // how much of the input buffers holds data
  kResultPtr, kResultLength, kResultIndicesPtr,
  kOutRank, kOutShape0, kOutShape1, kOutShape2, kOutShape3,
  kSlotCount
};

const char* const kSlotNames[kSlotCount] = {  // NOLINT: one name per Slot, in order
    "rank", "shape0", "shape1", "shape2", "shape3",
    "kernelH", "kernelW", "hasStride", "strideH", "strideW", "paddingH", "paddingW",
    "dilationH", "dilationW", "ceilMode", "countIncludePad", "hasDivisor", "divisor",
    "outputH", "outputW", "valuesLength", "indicesLength",
    "resultPtr", "resultLength", "resultIndicesPtr",
    "outRank", "outShape0", "outShape1", "outShape2", "outShape3"};

// Operations of pool_run(): pool::Operation's eight in its order, then two that only plan.
enum Op : int {
  kAvgForward, kAvgBackward, kMaxForward, kMaxBackward,
  kAdaptiveAvgForward, kAdaptiveAvgBackward, kAdaptiveMaxForward, kAdaptiveMaxBackward,
  kAvgOutputShape, kMaxOutputShape,
  kOpCount
};

static_assert(kAdaptiveMaxBackward == static_cast<int>(pool::Operation::kAdaptiveMaxBackward) &&
                  kMaxBackward == static_cast<int>(pool::Operation::kMaxBackward),
              "Op must list pool::Operation's operations in its order");

const char* const kOpNames[kOpCount] = {
    "avgPool2d", "avgPool2dBackward", "maxPool2d", "maxPool2dBackward",
    "adaptiveAvgPool2d", "adaptiveAvgPool2dBackward", "adaptiveMaxPool2d",
    "adaptiveMaxPool2dBackward", "avgOutputShape", "maxOutputShape"};

int32_t block[kSlotCount];
std::vector<float> values_buffer;      // input, or grad_output
std::vector<int32_t> indices_buffer;   // max pooling's indices, for backward
pool::PoolOutput result;               // forward results; backward uses result.data
pool::Error last_error;

pool::Shape shape_in_block() {
  // JS refuses more than four dimensions; the core judges any rank up to that.
  const int rank = std::min(std::max(block[kRank], 0), 4);
  return pool::Shape(block + kShape0, block + kShape0 + rank);
}

pool::PoolOptions options_in_block() {
  pool::PoolOptions o;
  o.kernel = {block[kKernelH], block[kKernelW]};
  if (block[kHasStride]) o.stride = pool::Size2{block[kStrideH], block[kStrideW]};
  o.padding = {block[kPaddingH], block[kPaddingW]};
  o.dilation = {block[kDilationH], block[kDilationW]};
  o.ceil_mode = block[kCeilMode] != 0;
  o.count_include_pad = block[kCountIncludePad] != 0;
  if (block[kHasDivisor]) o.divisor_override = block[kDivisor];
  return o;
}

// The input buffers as far as JS filled them (they may be longer). The lengths come from JS,
// so they are held within the buffers whatever the block says.
size_t filled(int32_t length, size_t capacity) {
  return std::min(static_cast<size_t>(std::max(length, 0)), capacity);
}
pool::FloatView values() {
  return {values_buffer.data(), filled(block[kValuesLength], values_buffer.size())};
}
pool::IndexView indices() {
  return {indices_buffer.data(), filled(block[kIndicesLength], indices_buffer.size())};
}

void publish_shape(const pool::Shape& shape) {
  block[kOutRank] = static_cast<int32_t>(shape.size());
  for (size_t i = 0; i < shape.size(); ++i) block[kOutShape0 + i] = static_cast<int32_t>(shape[i]);
}

void publish_result() {
  block[kResultPtr] = static_cast<int32_t>(reinterpret_cast<uintptr_t>(result.data.data()));
  block[kResultLength] = static_cast<int32_t>(result.data.size());
  block[kResultIndicesPtr] = static_cast<int32_t>(reinterpret_cast<uintptr_t>(result.indices.data()));
}

int reject(const pool::Error& error) {
  last_error = error;
  return 1;
}

}  // namespace

// The per-call entry points: plain exports (Module._pool_run and friends).
extern "C" {

// Runs `op` on the block and the buffers: 0 on success, 1 when an argument was rejected.
EMSCRIPTEN_KEEPALIVE int pool_run(int op) {
  if (op == kAvgOutputShape || op == kMaxOutputShape) {
    auto plan = pool::plan_pool2d(op == kMaxOutputShape ? pool::PoolKind::kMax : pool::PoolKind::kAverage,
                                  shape_in_block(), options_in_block());
    if (!plan.ok()) return reject(*plan.error);
    publish_shape(plan.value->output_shape);
    return 0;
  }
  if (op < 0 || op >= kAvgOutputShape) return reject({"op", "unknown operation " + std::to_string(op)});
  pool::PoolCall call;
  call.op = static_cast<pool::Operation>(op);  // Op and pool::Operation list the eight alike
  call.values = values();
  call.indices = indices();
  call.shape = shape_in_block();
  call.options = options_in_block();
  call.output_size = {block[kOutputH], block[kOutputW]};
  if (auto error = pool::run_pool2d(call, result)) return reject(*error);
  publish_shape(result.shape);
  publish_result();
  return 0;
}

// Input buffers with room for at least `length` values; they only grow, so JS calls these
// only when it needs more room than it was last given.
EMSCRIPTEN_KEEPALIVE float* pool_values_buffer(int length) {
  if (values_buffer.size() < static_cast<size_t>(length)) values_buffer.resize(length);
  return values_buffer.data();
}
EMSCRIPTEN_KEEPALIVE int32_t* pool_indices_buffer(int length) {
  if (indices_buffer.size() < static_cast<size_t>(length)) indices_buffer.resize(length);
  return indices_buffer.data();
}

}  // extern "C"

namespace {

uintptr_t block_address() { return reinterpret_cast<uintptr_t>(block); }

// The block's layout and the operation codes, by name, so JS never copies the numbers.
val layout() {
  val slots = val::object(), ops = val::object();
  for (int i = 0; i < kSlotCount; ++i) slots.set(kSlotNames[i], i);
  for (int i = 0; i < kOpCount; ++i) ops.set(kOpNames[i], i);
  val out = val::object();
  out.set("slots", slots);
  out.set("ops", ops);
  return out;
}

val last_error_object() {
  val out = val::object();
  out.set("error", last_error.message);
  out.set("parameter", last_error.parameter);
  return out;
}

// The name of the kernel function that `op` (one of the first four) runs for the block's
// settings; empty when the settings are rejected.
std::string kernel_name(int op) {
  const bool is_max = op == kMaxForward || op == kMaxBackward;
  auto plan = pool::plan_pool2d(is_max ? pool::PoolKind::kMax : pool::PoolKind::kAverage,
                                shape_in_block(), options_in_block());
  if (!plan.ok()) return "";
  return pool::kernel_name(static_cast<pool::Operation>(op), *plan.value);
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
  emscripten::function("blockAddress", &block_address);
  emscripten::function("layout", &layout);
  emscripten::function("lastError", &last_error_object);
  emscripten::function("kernelName", &kernel_name);
  emscripten::function("memoryStats", &memory_stats);
}
