#ifndef NATIVE_KERNELS_H
#define NATIVE_KERNELS_H

#include <stdint.h>

// The native runtime's hot loops: one weight row (in its GGUF block type) times an activation
// vector in the form ggml's CPU backend pairs with that type. Each kernel is compiled once per
// CPU variant from the same source, with floating-point contraction off and every float summed
// in the same order, so all variants give the same bits; only the integer work inside a block,
// which is exact, is vectorised differently.

/// The CPU variants the kernels are built for.
typedef enum {
    /// The architecture's baseline: SSE2 on x86-64, NEON on arm64, plain C elsewhere.
    NK_VARIANT_BASELINE = 0,
    /// x86-64 with AVX2, FMA and F16C (Intel Haswell, AMD Excavator and later).
    NK_VARIANT_AVX2 = 1,
} nk_variant;

/// One variant's kernels. Quantised activations come as ggml prepares them: `quants` in blocks
/// of 32 (Q8_0/Q4_0/Q4_1 weights) or 256 (k-quant weights), `scales` one per block, `sums` the
/// block's "scale × sum" (blocks of 32) or the integer sums per 16 values (blocks of 256).
typedef struct {
    /// Σ row[i]·x[i] over `count` floats (F32 weights, or two float rows).
    float (*dot_f32)(const void *row, const float *x, long count);
    /// F16 (`brain` 0) or BF16 weights, times activations rounded to the same precision.
    float (*dot_half)(const void *row, const float *rounded, long count, int brain);
    float (*dot_q8_0)(const void *row, const int8_t *quants, const float *scales, long blocks);
    /// Q4_0 (`minimum` 0) or Q4_1 weights.
    float (*dot_q4)(const void *row, const int8_t *quants, const float *scales, const float *sums, long blocks, int minimum);
    /// A Q4_0/Q4_1 row's 4-bit weights as 16-bit lanes for `dot_q4_group`, once per row for all of
    /// a batch's groups: per block of 32 and i < 16, weight i in lanes 0–7 and weight i + 16 in
    /// lanes 8–15 (`weights` holds 256 per block).
    void (*unpack_q4)(const void *row, long blocks, int minimum, int16_t *weights);
    /// That row times eight vectors at once: `quants` holds, per block and i < 16, 16 lanes — the
    /// eight vectors' value i, then their value i + 16 — and `scales`/`sums` 8 lanes per block.
    /// Lane k of `totals` gets the bits `dot_q4` gives vector k.
    void (*dot_q4_group)(const void *row, const int16_t *weights, long blocks, int minimum, const int16_t *quants,
                         const float *scales, const float *sums, float *totals);
    /// Q4_K (`five_bits` 0) or Q5_K weights.
    float (*dot_q45_K)(const void *row, const int8_t *quants, const float *scales, const int32_t *sums16, long blocks,
                       int five_bits);
    float (*dot_q6_K)(const void *row, const int8_t *quants, const float *scales, long blocks);
    /// `heads` query heads (`d` floats each, one after another) that share one key-value head,
    /// attending to `span` cached positions of half-precision keys and values (`stride` halves
    /// apart), as ggml's CPU backend computes each: the query rounded to half, scores = query ·
    /// key × `scale`, a softmax whose sum is kept in double precision, each weight rounded to
    /// half, and the weighted values summed into `out` (`heads · d` floats, head after head).
    /// Each key and value is widened once for all the heads. `scratch` holds
    /// `heads · (span + d) + d` floats.
    void (*attend)(const float *queries, long heads, const uint16_t *keys, const uint16_t *values, long stride, long span,
                   long d, float scale, float *scratch, float *out);
    /// A Q8_0 row times eight vectors (`quants[k]` and `scales[k]` vector k's blocks); lane k of
    /// `totals` gets the bits `dot_q8_0` gives vector k. Each block's weights are read once for
    /// all eight.
    void (*dot_q8_0_x8)(const void *row, const int8_t *const *quants, const float *const *scales, long blocks, float *totals);
    /// A Q4_K row times eight vectors (each vector's `quants`, `scales` and `sums16` as
    /// `dot_q45_K` takes them); lane k of `totals` gets the bits `dot_q45_K` gives vector k.
    void (*dot_q4_K_x8)(const void *row, const int8_t *const *quants, const float *const *scales, const int32_t *const *sums16,
                        long blocks, float *totals);
    /// A Q6_K row times eight vectors (each vector's `quants`, `scales` and `sums16`); lane k of
    /// `totals` gets the bits `dot_q6_K` gives vector k.
    void (*dot_q6_K_x8)(const void *row, const int8_t *const *quants, const float *const *scales, const int32_t *const *sums16,
                        long blocks, float *totals);
    /// Q5_0 (`minimum` 0) or Q5_1 weights, as `dot_q4` takes Q4_0/Q4_1.
    float (*dot_q5)(const void *row, const int8_t *quants, const float *scales, const float *sums, long blocks, int minimum);
    /// A Q5_0/Q5_1 row times eight vectors (each vector's `quants`, `scales` and `sums`); lane k of
    /// `totals` gets the bits `dot_q5` gives vector k.
    void (*dot_q5_x8)(const void *row, const int8_t *const *quants, const float *const *scales, const float *const *sums,
                      long blocks, int minimum, float *totals);
} nk_kernels;

/// Whether this CPU (and its operating system, for the wide registers' state) runs `variant`.
int nk_supported(nk_variant variant);

/// The kernels of `variant`, or NULL when this build or this CPU has none.
const nk_kernels *nk_table(nk_variant variant);

#endif
