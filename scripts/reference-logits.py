#!/usr/bin/env python3
"""An independent float64 forward pass of a llama-architecture GGUF model, as a yardstick for the
native runtime's logits and llama.cpp's (NumericsReferenceTests, guided-bench --only numerics).

Every tensor is dequantized by the gguf package's own dequantization (llama.cpp's reference
decoding, in float32 as ggml defines a block's values) and widened to float64; everything after
that is float64: no activation quantization, no half-precision KV cache, no fused kernels.

The graph is llama.cpp's for the `llama` architecture: RMSNorm with the file's epsilon, Q/K/V
projections, RoPE on adjacent pairs of each head (ggml's "normal" mode: llama GGUF files store Q
and K permuted so that neighbours rotate together) with the file's frequency base, grouped-query
attention (query head h reads key/value head h // (heads / kv_heads)) scaled by 1/sqrt(head
dimension) under a causal mask, the output projection, RMSNorm, a SwiGLU MLP
(down(silu(gate(x)) * up(x))), residuals around both, the final RMSNorm and the output matrix
(token_embd when the file has no output.weight: tied embeddings).

Usage: reference-logits.py MODEL.gguf [JSON]        (JSON from the argument, else standard input)
  JSON is a list of token ids, or
  {"prompts": [[ids], ...], "top": K, "ids": [ids], "full": bool, "rounding": "exact" | "ggml"}.
Prints, for each prompt, the last position's logits as JSON: the K most likely tokens (default
20) with their logits and log-probabilities, the same for every id in "ids", and with "full" the
whole vocabulary's logits. A plain list of ids gives one result object; "prompts" a list of them.

"rounding": "ggml" is a diagnostic, not the reference: it puts back two of the roundings ggml's CPU
backend (and the native runtime) make — every activation vector multiplied by a quantized matrix
first rounded to 8-bit blocks of 32 with a half-precision scale (Q8_0/Q8_1), and keys and values
stored in half precision — and keeps everything else float64, to show how much of a runtime's
distance from the exact pass those roundings explain.
"""
import json
import sys

import numpy as np
from gguf import GGUFReader
from gguf.quants import dequantize


def fail(message):
    print(f"reference-logits.py: {message}", file=sys.stderr)
    sys.exit(2)


def round_to_blocks(x):
    """x rounded as ggml quantizes an activation row for a quantized matrix: blocks of 32, scale
    amax / 127 stored in half precision, values round(x / scale) (ties to even, as AVX2 rounds)."""
    blocks = x.reshape(x.shape[:-1] + (x.shape[-1] // 32, 32))
    scale = np.abs(blocks).max(axis=-1, keepdims=True) / 127.0
    inverse = np.divide(1.0, scale, out=np.zeros_like(scale), where=scale > 0)
    quants = np.round(blocks * inverse.astype(np.float32).astype(np.float64))
    return (quants * scale.astype(np.float16).astype(np.float64)).reshape(x.shape)


class Weight:
    def __init__(self, values, quantized):
        self.values, self.quantized = values, quantized


class Model:
    def __init__(self, path, rounding="exact"):
        self.ggml_rounding = rounding == "ggml"
        self.reader = GGUFReader(path)
        self.tensors = {tensor.name: tensor for tensor in self.reader.tensors}
        arch = self.value("general.architecture")
        if arch != "llama":
            fail(f"architecture '{arch}' is not llama; this reference only knows llama's graph")
        self.layers = self.value("llama.block_count")
        self.embedding = self.value("llama.embedding_length")
        self.heads = self.value("llama.attention.head_count")
        self.kv_heads = self.value("llama.attention.head_count_kv", self.heads)
        self.head_dim = self.value("llama.attention.key_length", self.embedding // self.heads)
        self.rope_dims = self.value("llama.rope.dimension_count", self.head_dim)
        self.rope_base = float(self.value("llama.rope.freq_base", 10000.0))
        self.eps = float(self.value("llama.attention.layer_norm_rms_epsilon", 1e-5))
        scaling = self.value("llama.rope.scaling.type", "none")
        if scaling not in ("none", "linear"):
            fail(f"RoPE scaling '{scaling}' is not supported")
        factor = float(self.value("llama.rope.scaling.factor", 1.0)) if scaling == "linear" else 1.0
        self.position_scale = 1.0 / factor
        if self.heads % self.kv_heads != 0:
            fail(f"{self.kv_heads} key/value heads do not divide {self.heads} heads")

    def value(self, key, default=None):
        field = self.reader.fields.get(key)
        if field is None:
            if default is None:
                fail(f"the file has no {key}")
            return default
        return field.contents()

    def weight(self, name):
        """The tensor as float64, rows as ggml stores them: shape (out, in) for a matrix."""
        tensor = self.tensors.get(name)
        if tensor is None:
            return None
        values = dequantize(tensor.data, tensor.tensor_type).astype(np.float64)
        shape = tuple(int(n) for n in reversed(tensor.shape))  # ggml lists the fastest dimension first
        return Weight(values.reshape(shape), tensor.tensor_type.name not in ("F32", "F16", "BF16"))

    def product(self, x, weight):
        """x @ weight.T; with ggml rounding, x rounded to 8-bit blocks first for a quantized matrix."""
        if self.ggml_rounding and weight.quantized:
            x = round_to_blocks(x)
        return x @ weight.values.T

    def cached(self, x):
        return x.astype(np.float16).astype(np.float64) if self.ggml_rounding else x

    def rms_norm(self, x, weight):
        return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + self.eps) * weight

    def rope(self, x, positions):
        """x: (tokens, heads, head_dim). Rotates adjacent pairs (2i, 2i+1) of the first rope_dims."""
        half = self.rope_dims // 2
        exponents = np.arange(half, dtype=np.float64) * 2.0 / self.rope_dims
        frequencies = self.rope_base ** (-exponents)
        angles = (positions.astype(np.float64) * self.position_scale)[:, None] * frequencies[None, :]
        cos, sin = np.cos(angles)[:, None, :], np.sin(angles)[:, None, :]
        out = x.copy()
        even, odd = x[:, :, 0:self.rope_dims:2], x[:, :, 1:self.rope_dims:2]
        out[:, :, 0:self.rope_dims:2] = even * cos - odd * sin
        out[:, :, 1:self.rope_dims:2] = even * sin + odd * cos
        return out

    def attention(self, x, layer):
        tokens = x.shape[0]
        q = self.product(x, layer["attn_q"])
        k = self.product(x, layer["attn_k"])
        v = self.cached(self.product(x, layer["attn_v"]))
        q = q.reshape(tokens, self.heads, self.head_dim)
        k = k.reshape(tokens, self.kv_heads, self.head_dim)
        v = v.reshape(tokens, self.kv_heads, self.head_dim)
        positions = np.arange(tokens)
        q, k = self.rope(q, positions), self.cached(self.rope(k, positions))
        group = self.heads // self.kv_heads
        scale = 1.0 / np.sqrt(float(self.head_dim))
        mask = np.triu(np.full((tokens, tokens), -np.inf), k=1)
        out = np.empty((tokens, self.heads, self.head_dim))
        for h in range(self.heads):
            kv = h // group
            scores = (q[:, h, :] @ k[:, kv, :].T) * scale + mask
            scores -= scores.max(axis=1, keepdims=True)
            weights = np.exp(scores)
            weights /= weights.sum(axis=1, keepdims=True)
            out[:, h, :] = weights @ v[:, kv, :]
        return self.product(out.reshape(tokens, self.heads * self.head_dim), layer["attn_output"])

    def feed_forward(self, x, layer):
        gate = self.product(x, layer["ffn_gate"])
        up = self.product(x, layer["ffn_up"])
        return self.product(gate / (1.0 + np.exp(-gate)) * up, layer["ffn_down"])

    def logits(self, prompts):
        """The last position's logits for each prompt. Layer by layer over all prompts, so each
        layer's weights are dequantized once and only one layer is held in float64 at a time."""
        embeddings = self.weight("token_embd.weight")
        vocabulary = embeddings.values.shape[0]
        for prompt in prompts:
            bad = [t for t in prompt if not 0 <= t < vocabulary]
            if not prompt or bad:
                fail(f"a prompt needs token ids in 0..<{vocabulary}: {bad or 'empty'}")
        states = [embeddings.values[np.array(prompt)] for prompt in prompts]
        names = ("attn_norm", "attn_q", "attn_k", "attn_v", "attn_output", "ffn_norm", "ffn_gate", "ffn_up", "ffn_down")
        for index in range(self.layers):
            layer = {name: self.weight(f"blk.{index}.{name}.weight") for name in names}
            for i, x in enumerate(states):
                x = x + self.attention(self.rms_norm(x, layer["attn_norm"].values), layer)
                states[i] = x + self.feed_forward(self.rms_norm(x, layer["ffn_norm"].values), layer)
        output = self.weight("output.weight")
        if output is None:
            output = embeddings
        final = self.weight("output_norm.weight").values
        return [self.product(self.rms_norm(x[-1:], final), output)[0] for x in states]


def log_softmax(logits):
    shifted = logits - logits.max()
    return shifted - np.log(np.exp(shifted).sum())


def describe(logits, top, ids, full):
    logprobs = log_softmax(logits)
    order = np.argsort(-logits, kind="stable")[:top]
    result = {
        "top": [{"id": int(t), "logit": float(logits[t]), "logprob": float(logprobs[t])} for t in order],
        "ids": [{"id": int(t), "logit": float(logits[t]), "logprob": float(logprobs[t])} for t in ids],
    }
    if full:
        result["logits"] = [float(v) for v in logits]
    return result


def main():
    if len(sys.argv) not in (2, 3):
        fail("usage: reference-logits.py MODEL.gguf [JSON]")
    text = sys.argv[2] if len(sys.argv) == 3 else sys.stdin.read()
    try:
        request = json.loads(text)
    except json.JSONDecodeError as error:
        fail(f"the input is not JSON: {error}")
    single = isinstance(request, list)
    if single:
        request = {"prompts": [request]}
    if not isinstance(request, dict) or not isinstance(request.get("prompts"), list):
        fail('the input is a list of token ids or {"prompts": [[ids], ...], "top": K, "ids": [...], "full": bool}')
    prompts = request["prompts"]
    if not all(isinstance(p, list) and all(isinstance(t, int) for t in p) for p in prompts):
        fail("every prompt is a list of integer token ids")
    rounding = request.get("rounding", "exact")
    if rounding not in ("exact", "ggml"):
        fail(f'"rounding" is "exact" or "ggml", not {rounding!r}')
    model = Model(sys.argv[1], rounding)
    top, ids, full = int(request.get("top", 20)), [int(t) for t in request.get("ids", [])], bool(request.get("full", False))
    results = [describe(logits, top, ids, full) for logits in model.logits(prompts)]
    json.dump(results[0] if single else results, sys.stdout)
    print()


if __name__ == "__main__":
    main()
