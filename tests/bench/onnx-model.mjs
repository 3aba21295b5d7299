// Builds a one-node ONNX model (AveragePool or MaxPool) as protobuf bytes, so the benchmark
// needs no model files and no protobuf library. Only the fields ONNX Runtime reads are
// written; field numbers are those of onnx/onnx.proto.

const WIRE_VARINT = 0;
const WIRE_BYTES = 2;
const ELEM_FLOAT = 1;          // TensorProto.DataType.FLOAT
const ATTR_INT = 2;            // AttributeProto.AttributeType.INT
const ATTR_INTS = 7;           // AttributeProto.AttributeType.INTS

function varint(value) {
  const bytes = [];
  let rest = BigInt(value);
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    bytes.push(rest > 0n ? low | 0x80 : low);
  } while (rest > 0n);
  return bytes;
}

// A message is a list of fields; each field is [number, value], where a value is an integer
// (varint), a string, or a nested message (an array of fields).
function encode(fields) {
  const out = [];
  for (const [number, value] of fields) {
    if (typeof value === 'number') {
      out.push(...varint((number << 3) | WIRE_VARINT), ...varint(value));
    } else {
      const payload = typeof value === 'string' ? [...new TextEncoder().encode(value)] : encode(value);
      out.push(...varint((number << 3) | WIRE_BYTES), ...varint(payload.length), ...payload);
    }
  }
  return out;
}

// ValueInfoProto { name = 1; type = 2 { tensor_type = 1 { elem_type = 1; shape = 2 { dim = 1 { dim_value = 1 } } } } }
function floatTensor(name, shape) {
  const dims = shape.map((size) => [1, [[1, size]]]);
  return [[1, name], [2, [[1, [[1, ELEM_FLOAT], [2, dims]]]]]];
}

// AttributeProto { name = 1; i = 3; ints = 8; type = 20 }
function intAttribute(name, value) {
  return [[1, name], [3, value], [20, ATTR_INT]];
}
function intsAttribute(name, values) {
  return [[1, name], ...values.map((v) => [8, v]), [20, ATTR_INTS]];
}

/**
 * opType: 'AveragePool' or 'MaxPool'. Square kernel, stride and padding, as in PyTorch.
 * Returns the model's bytes for `new InferenceSession.create(bytes)`.
 */
export function poolModel({ opType, inputShape, outputShape, kernel, stride, padding, countIncludePad }) {
  const attributes = [
    intsAttribute('kernel_shape', [kernel, kernel]),
    intsAttribute('strides', [stride, stride]),
    intsAttribute('pads', [padding, padding, padding, padding]),
  ];
  if (opType === 'AveragePool') {
    attributes.push(intAttribute('count_include_pad', countIncludePad ? 1 : 0));
  }
  // NodeProto { input = 1; output = 2; name = 3; op_type = 4; attribute = 5 }
  const node = [[1, 'x'], [2, 'y'], [3, 'pool'], [4, opType], ...attributes.map((a) => [5, a])];
  // GraphProto { node = 1; name = 2; input = 11; output = 12 }
  const graph = [[1, node], [2, 'bench'], [11, floatTensor('x', inputShape)], [12, floatTensor('y', outputShape)]];
  // ModelProto { ir_version = 1; producer_name = 2; graph = 7; opset_import = 8 { domain = 1; version = 2 } }
  const model = [[1, 8], [2, 'pooling-course-bench'], [7, graph], [8, [[1, ''], [2, 13]]]];
  return Uint8Array.from(encode(model));
}
