// The only file that includes Emscripten, and a thin one: a call block of int32 slots in the
// heap, a few free functions, and a single EMSCRIPTEN_BINDINGS block at the bottom.
//
// Why a call block: a call on the lesson's 4 x 4 input should cost well under a microsecond,
// and marshalling a dozen options through Embind per call costs more than the pooling. So JS
// writes the settings into the block (plain int32 stores) and calls plain exports with no
// Embind wrapper; Embind carries only what is not per call (the layout, error text, kernel
// names).
//
// A call is two steps. pool_plan(op) validates the whole call from the block (shape, options,
// and the lengths JS will pass) and keeps the plan. pool_run_planes(first, count, gather) then
// pools a batch of planes that JS has copied into the input buffers, and JS sends the next
// batch. A large input thus streams through buffers small enough to stay in cache, and the
// heap never grows to the input's size. The results either stream too (gather = 0: each batch's
// result starts the result buffer, and JS copies it out at once), or, when JS asks for it
// because the whole result is small enough, gather (gather = 1: batch results are put side by
// side in a buffer for the whole result, which JS copies out once at the end). Results are
// copies, never views, which would go stale when memory grows. A rejected argument leaves an
// Error that lastError() returns as { error, parameter }; core/pool/js/index.js turns it into a
// PoolError.
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include "pool/pool2d.h"

using emscripten::val;

namespace {

// Slots of the call block, in int32 words. JS learns them from slots(), never by copy.
enum Slot : int {
  kRank, kShape0, kShape1, kShape2, kShape3,
  kKernelH, kKernelW, kHasStride, kStrideH, kStrideW, kPaddingH, kPaddingW,
  kDilationH, kDilationW, kCeilMode, kCountIncludePad, kHasDivisor, kDivisor,
  kOutputH, kOutputW,                    // adaptive pooling's output_size
  kHasOutputH, kHasOutputW,              // 0: that side keeps the input's (PyTorch's None)
  kReturnIndices,                        // max forward: 0 for the values alone
  kValuesLength, kIndicesLength,         // the lengths of the whole call's inputs
  kResultPtr, kResultIndicesPtr,         // where pool_run_planes() left its results
  kOutRank, kOutShape0, kOutShape1, kOutShape2, kOutShape3,
  kPlanes, kPlaneValues, kPlaneIndices, kPlaneResult,  // the plan's planes, and per plane
  kPlaneGroup,                           // planes the kernel takes at a time
  kSlotCount
};

const char* const kSlotNames[kSlotCount] = {  // NOLINT: one name per Slot, in order
    "rank", "shape0", "shape1", "shape2", "shape3",
    "kernelH", "kernelW", "hasStride", "strideH", "strideW", "paddingH", "paddingW",
    "dilationH", "dilationW", "ceilMode", "countIncludePad", "hasDivisor", "divisor",
    "outputH", "outputW", "hasOutputH", "hasOutputW", "returnIndices", "valuesLength", "indicesLength",
    "resultPtr", "resultIndicesPtr",
    "outRank", "outShape0", "outShape1", "outShape2", "outShape3",
    "planes", "planeValues", "planeIndices", "planeResult", "planeGroup"};

// Operations of pool_plan(): pool::Operation's eight in its order, then two that only plan.
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
// A heap buffer that only grows, and gives up what it held when it does: every call fills
// what it uses before reading it (unlike std::vector::resize, which would copy and zero).
template <class T>
class Buffer {
 public:
  T* data() const { return data_.get(); }
  size_t size() const { return size_; }
  void grow(size_t length) {
    if (length <= size_) return;
    release();  // first, so the old and the new never share the heap
    data_.reset(new T[length]);
    size_ = length;
  }
  void release() {
    data_.reset();
    size_ = 0;
  }

 private:
  std::unique_ptr<T[]> data_;
  size_t size_ = 0;
};

Buffer<float> values_buffer;      // a batch of input, or of grad_output
Buffer<int32_t> indices_buffer;   // a batch of max pooling's indices, for backward
Buffer<float> result_buffer;      // a batch's result, or the gathered whole result
Buffer<int32_t> result_indices;   // and max forward's indices
pool::Operation planned_op;
pool::Checked<pool::PoolPlan> planned;  // from the last pool_plan(); a value if it succeeded
bool planned_indices = false;           // does it write max forward's indices?
int planned_from_op = -1;               // the op and the block's first slots it was planned from
int32_t planned_from[kResultPtr];
pool::PlaneSizes plane;
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

// A length from JS, never negative.
size_t length_in_block(Slot slot) { return static_cast<size_t>(std::max(block[slot], 0)); }

void publish_shape(const pool::Shape& shape) {
  block[kOutRank] = static_cast<int32_t>(shape.size());
  for (size_t i = 0; i < shape.size(); ++i) block[kOutShape0 + i] = static_cast<int32_t>(shape[i]);
}

// The result's shape and the sizes of one plane, for JS.
void publish_plan() {
  publish_shape(pool::is_backward(planned_op) ? planned.value->input_shape
                                              : planned.value->output_shape);
  block[kPlanes] = static_cast<int32_t>(planned.value->planes);
  block[kPlaneValues] = static_cast<int32_t>(plane.values);
  block[kPlaneIndices] = static_cast<int32_t>(plane.indices);
  block[kPlaneResult] = static_cast<int32_t>(plane.result);
  block[kPlaneGroup] = static_cast<int32_t>(plane.group);
}

int32_t address(const void* pointer) {
  return static_cast<int32_t>(reinterpret_cast<uintptr_t>(pointer));
}

int reject(const pool::Error& error) {
  last_error = error;
  return 1;
}

}  // namespace

// The per-call entry points: plain exports (Module._pool_run and friends).
extern "C" {

// Validates `op` with the block's settings and lengths, and keeps its plan: 0 on success, 1
// when an argument was rejected. Publishes the result's shape and the sizes of one plane.
EMSCRIPTEN_KEEPALIVE int pool_plan(int op) {
  // A page calls with the same settings again and again (every tap of a widget): the plan is a
  // function of `op` and the block's settings and lengths alone, so when those are the last
  // successful plan's, it is kept. The kernel still runs on every call.
  static_assert(kRank == 0 && kIndicesLength + 1 == kResultPtr,
                "the settings and lengths are the block's first slots");
  constexpr size_t kInputBytes = sizeof(int32_t) * (kIndicesLength + 1);
  if (planned.ok() && op == planned_from_op && std::memcmp(block, planned_from, kInputBytes) == 0) {
    publish_plan();
    return 0;
  }
  planned.value.reset();
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
  // Only the lengths are read here: the data arrives batch by batch.
  call.values = {nullptr, length_in_block(kValuesLength)};
  call.indices = {nullptr, length_in_block(kIndicesLength)};
  call.shape = shape_in_block();
  call.options = options_in_block();
  call.output_size = {block[kHasOutputH] ? std::optional<int64_t>(block[kOutputH]) : std::nullopt,
                      block[kHasOutputW] ? std::optional<int64_t>(block[kOutputW]) : std::nullopt};
  planned = pool::plan_call(call);
  if (!planned.ok()) return reject(*planned.error);
  planned_op = call.op;
  planned_indices = pool::is_max(call.op) && !pool::is_backward(call.op) && block[kReturnIndices] != 0;
  plane = pool::plane_sizes(planned_op, *planned.value);
  planned_from_op = op;
  std::memcpy(planned_from, block, kInputBytes);
  publish_plan();
  return 0;
}

// Pools planes [first, first + count) of the last plan, whose inputs JS has copied to the
// start of the input buffers. The batch's result goes to the start of the result buffers, or,
// with `gather`, to plane `first` of result buffers sized for the whole plan. Leaves the
// buffers' addresses in the block. 0 on success, 1 when an index lies outside its plane, or
// the batch does not fit the plan or the buffers.
EMSCRIPTEN_KEEPALIVE int pool_run_planes(int first, int count, int gather) {
  if (!planned.ok()) return reject({"op", "no call has been planned"});
  const int64_t planes = planned.value->planes;
  const auto values_needed = static_cast<size_t>(count) * static_cast<size_t>(plane.values);
  const auto indices_needed = static_cast<size_t>(count) * static_cast<size_t>(plane.indices);
  // Checked here too (run_planes checks the plan's range) because the result buffer is sized
  // from `count` before the run.
  if (first < 0 || count < 0 || first > planes || count > planes - first ||
      values_needed > values_buffer.size() || indices_needed > indices_buffer.size()) {
    return reject({"op", "planes " + std::to_string(first) + " + " + std::to_string(count) +
                             " do not fit the plan or the buffers"});
  }
  const auto per_plane = static_cast<size_t>(plane.result);
  const size_t offset = gather != 0 ? static_cast<size_t>(first) * per_plane : 0;
  // Sized once for a gathered call (not batch by batch, which would copy what is there).
  const size_t needed = (gather != 0 ? static_cast<size_t>(planes) : static_cast<size_t>(count)) * per_plane;
  // A gathered call's buffer grows, if at all, on its first batch, before any of it is there.
  result_buffer.grow(needed);
  if (planned_indices) result_indices.grow(needed);
  if (auto error = pool::run_planes(planned_op, *planned.value, first, count,
                                    {values_buffer.data(), values_needed},
                                    {indices_buffer.data(), indices_needed},
                                    result_buffer.data() + offset,
                                    planned_indices ? result_indices.data() + offset : nullptr)) {
    return reject(*error);
  }
  block[kResultPtr] = address(result_buffer.data());
  block[kResultIndicesPtr] = address(result_indices.data());
  return 0;
}

// Gives the heap back every buffer that holds more than kKeptBytes: JS calls it after a call
// that needed more, so that a large call's buffers do not stay for the lesson's small ones.
// WASM memory never shrinks, but what is freed here is what the next large call reuses, so
// the memory does not grow again for a call no larger. The plan is kept.
constexpr size_t kKeptBytes = size_t{4} << 20;
EMSCRIPTEN_KEEPALIVE void pool_release_buffers() {
  if (values_buffer.size() * sizeof(float) > kKeptBytes) values_buffer.release();
  if (indices_buffer.size() * sizeof(int32_t) > kKeptBytes) indices_buffer.release();
  if (result_buffer.size() * sizeof(float) > kKeptBytes) result_buffer.release();
  if (result_indices.size() * sizeof(int32_t) > kKeptBytes) result_indices.release();
}

// Input buffers with room for at least `length` values; they only grow, so JS calls these
// only when it needs more room than it was last given.
EMSCRIPTEN_KEEPALIVE float* pool_values_buffer(int length) {
  values_buffer.grow(static_cast<size_t>(length));
  return values_buffer.data();
}
EMSCRIPTEN_KEEPALIVE int32_t* pool_indices_buffer(int length) {
  indices_buffer.grow(static_cast<size_t>(length));
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
