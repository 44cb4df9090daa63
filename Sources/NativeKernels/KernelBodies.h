// The kernels' one source, included once per CPU variant by a file that defines NK_NAME(name)
// (the variant's function names) and, where needed, compiles it for wider registers. The loops
// are written for the vectoriser: fixed trip counts, one accumulator per lane, no contraction
// of a·b + c into a fused multiply-add (which would round differently from the baseline).

#include <math.h>
#include <stdint.h>
#include <string.h>

#pragma STDC FP_CONTRACT OFF

/// A half-precision bit pattern's value: one instruction where the variant has F16C
/// (NK_HARDWARE_HALF); elsewhere the magnitude bits moved into a float read as 2⁻¹¹² times the
/// value (subnormals too), so one exact multiplication rescales it, with infinities and NaNs set
/// apart. Both are exact.
static inline float NK_NAME(widen)(uint16_t h) {
#ifdef NK_HARDWARE_HALF
    _Float16 value;
    memcpy(&value, &h, 2);
    return (float)value;
#else
    uint32_t magnitude = (uint32_t)(h & 0x7FFF) << 13, bits;
    float value;
    if ((h & 0x7C00) == 0x7C00) {
        bits = magnitude | 0x7F800000u;
        memcpy(&value, &bits, 4);
    } else {
        memcpy(&value, &magnitude, 4);
        value *= 0x1p112f;
    }
    memcpy(&bits, &value, 4);
    bits |= (uint32_t)(h & 0x8000) << 16;
    memcpy(&value, &bits, 4);
    return value;
#endif
}

/// The half-precision value stored (unaligned) at `at`.
static inline float NK_NAME(half)(const unsigned char *at) {
    uint16_t h;
    memcpy(&h, at, 2);
    return NK_NAME(widen)(h);
}

/// A float rounded to the nearest half (ties to even), as a float.
static inline float NK_NAME(round_half)(float value) { return (float)(_Float16)value; }

// Inlined into `attend`, which calls it once per cached position and head.
static inline __attribute__((always_inline)) float NK_NAME(dot_f32)(const void *row, const float *x, long count) {
    const unsigned char *a = row;
    float lanes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    long whole = count & ~7L;
    for (long i = 0; i < whole; i += 8) {
        float w[8];
        memcpy(w, a + 4 * i, sizeof w);
        for (int l = 0; l < 8; l++) lanes[l] += w[l] * x[i + l];
    }
    float total = -0.0f;
    for (int l = 0; l < 8; l++) total += lanes[l];
    for (long i = whole; i < count; i++) {
        float w;
        memcpy(&w, a + 4 * i, 4);
        total += w * x[i];
    }
    return total;
}

static float NK_NAME(dot_half)(const void *row, const float *rounded, long count, int brain) {
    const unsigned char *a = row;
    float total = 0;
    for (long i = 0; i < count; i++) {
        float weight;
        if (brain) {
            uint16_t h;
            memcpy(&h, a + 2 * i, 2);
            uint32_t bits = (uint32_t)h << 16;
            memcpy(&weight, &bits, 4);
        } else {
            weight = NK_NAME(half)(a + 2 * i);
        }
        total += weight * rounded[i];
    }
    return total;
}

// The exact integer work of one block. A variant may define NK_BLOCK_SUMS and its own versions
// (same results, wider instructions) before including this file.
#ifndef NK_BLOCK_SUMS
/// Σ q[i]·y[i] over a block of 32 signed bytes.
static inline int32_t NK_NAME(q8_sum)(const int8_t *q, const int8_t *y) {
    int32_t sum = 0;
    for (int i = 0; i < 32; i++) sum += q[i] * y[i];
    return sum;
}

/// One Q8_0 block's weights `w` times eight vectors: `sums[k]` for vector k, whose block
/// starts at `quants[k] + offset`.
static inline void NK_NAME(q8_sums_x8)(const int8_t *w, const int8_t *const *quants, long offset, int32_t *sums) {
    for (int k = 0; k < 8; k++) sums[k] = NK_NAME(q8_sum)(w, quants[k] + offset);
}

/// The 32 low (`high` 0) or high nibbles of a Q4_K chunk `q` times eight vectors: `sums[k]`
/// for vector k, whose 32 values start at `quants[k] + offset`.
static inline void NK_NAME(q4k_sums_x8)(const unsigned char *q, int high, const int8_t *const *quants, long offset, int32_t *sums) {
    for (int k = 0; k < 8; k++) {
        const int8_t *y = quants[k] + offset;
        int32_t sum = 0;
        for (int i = 0; i < 32; i++) sum += (high ? q[i] >> 4 : q[i] & 0xF) * y[i];
        sums[k] = sum;
    }
}

/// A Q6_K chunk of 32 weights — low 4 bits from `low` shifted right by `nibbleShift`, top 2
/// from `high` shifted right by `highShift`, less 32 — times eight vectors, whose 32 values
/// start at `quants[k] + offset`: `first[k]` and `second[k]` the sums over each half. (A variant
/// may multiply the unsigned weights and take 32 times the values' sum, `sums16[k][group]` and
/// `[group + 1]`, off each.)
static inline void NK_NAME(q6k_sums_x8)(const unsigned char *low, const unsigned char *high, int nibbleShift, int highShift,
                                        const int8_t *const *quants, long offset, const int32_t *const *sums16, long group,
                                        int32_t *first, int32_t *second) {
    (void)sums16;
    (void)group;
    for (int k = 0; k < 8; k++) {
        const int8_t *y = quants[k] + offset;
        int32_t halves[2] = {0, 0};
        for (int l = 0; l < 32; l++) {
            const int32_t q = (((low[l] >> nibbleShift) & 0xF) | ((high[l] >> highShift) & 3) << 4) - 32;
            halves[l / 16] += q * y[l];
        }
        first[k] = halves[0];
        second[k] = halves[1];
    }
}

/// Σ over a block of 32 4-bit weights (16 packed bytes: values 0–15 in the low nibbles, 16–31
/// in the high ones) less `offset`, times y.
static inline int32_t NK_NAME(q4_sum)(const unsigned char *packed, const int8_t *y, int offset) {
    int32_t sum = 0;
    for (int i = 0; i < 16; i++) sum += ((packed[i] & 0xF) - offset) * y[i] + ((packed[i] >> 4) - offset) * y[i + 16];
    return sum;
}

/// Σ over a Q5 block's 32 five-bit weights — 4 bytes of high bits at `qh` (bit i for weight
/// i), 16 bytes of nibbles at `qs` (weights 0–15 low, 16–31 high) — less `offset`, times y.
static inline int32_t NK_NAME(q5_sum)(const unsigned char *qh, const unsigned char *qs, const int8_t *y, int offset) {
    uint32_t high;
    memcpy(&high, qh, 4);
    int32_t sum = 0;
    for (int i = 0; i < 16; i++) {
        const int32_t low = (int32_t)((qs[i] & 0xF) | ((high >> i) & 1) << 4) - offset;
        const int32_t top = (int32_t)((qs[i] >> 4) | ((high >> (i + 16)) & 1) << 4) - offset;
        sum += low * y[i] + top * y[i + 16];
    }
    return sum;
}

/// One Q5 block (`qh` and `qs` as `q5_sum` takes them) times eight vectors, whose blocks start
/// at `quants[k] + offset`.
static inline void NK_NAME(q5_sums_x8)(const unsigned char *qh, const unsigned char *qs, int offset, const int8_t *const *quants,
                                       long at, int32_t *sums) {
    for (int k = 0; k < 8; k++) sums[k] = NK_NAME(q5_sum)(qh, qs, quants[k] + at, offset);
}

/// One block of an unpacked Q4 row (`unpack_q4`) times eight vectors laid out as `dot_q4_group`
/// takes them: lane k of `sums` gets vector k's sum. Sixteen products per lane stay within
/// ±16·15·127, so 16-bit lanes hold them.
static inline void NK_NAME(q4_lanes)(const int16_t *weights, const int16_t *quants, int32_t *sums) {
    int16_t lanes[16] = {0};
    for (int i = 0; i < 16; i++) {
        for (int l = 0; l < 16; l++) lanes[l] = (int16_t)(lanes[l] + weights[16 * i + l] * quants[16 * i + l]);
    }
    for (int l = 0; l < 8; l++) sums[l] = (int32_t)lanes[l] + (int32_t)lanes[l + 8];
}

/// Adds one block's eight terms to `acc`, each formed as `q4_term` forms it: d·scale·sum, plus
/// m·(scale × sum) for Q4_1.
static inline __attribute__((always_inline)) void NK_NAME(q4_group_block)(const unsigned char *block, const int16_t *weights,
                                                                          const int16_t *quants, const float *scales,
                                                                          const float *sums, const int minimum, float *acc) {
    int32_t lanes[8];
    NK_NAME(q4_lanes)(weights, quants, lanes);
    const float d = NK_NAME(half)(block);
    float term[8];
    for (int l = 0; l < 8; l++) term[l] = d * scales[l] * (float)lanes[l];
    if (minimum) {
        const float m = NK_NAME(half)(block + 2);
        for (int l = 0; l < 8; l++) term[l] = term[l] + m * sums[l];
    }
    for (int l = 0; l < 8; l++) acc[l] += term[l];
}
#endif

// The 32-block kernels keep two running sums, even blocks and odd blocks, added at the end: the
// float additions then form two chains instead of one, which halves the time a row waits on
// them. Every variant and the batched kernels sum in this same order.
/// Block `b`'s term of a Q8_0 row: d·scale·sum.
static inline float NK_NAME(q8_term)(const unsigned char *r, const int8_t *quants, const float *scales, long b) {
    const unsigned char *block = r + 34 * b;
    return NK_NAME(half)(block) * scales[b] * (float)NK_NAME(q8_sum)((const int8_t *)(block + 2), quants + 32 * b);
}

static float NK_NAME(dot_q8_0)(const void *row, const int8_t *quants, const float *scales, long blocks) {
    float even = 0, odd = 0;
    long b = 0;
    for (; b + 1 < blocks; b += 2) {
        even += NK_NAME(q8_term)(row, quants, scales, b);
        odd += NK_NAME(q8_term)(row, quants, scales, b + 1);
    }
    if (b < blocks) even += NK_NAME(q8_term)(row, quants, scales, b);
    return even + odd;
}

/// Adds eight vectors' terms of block `b` to the even blocks' sums or the odd blocks' (the
/// two chains every 32-value kernel keeps).
static inline void NK_NAME(add_terms_x8)(long b, const float *term, float *even, float *odd) {
    float *sums = b % 2 == 0 ? even : odd;
    for (int k = 0; k < 8; k++) sums[k] += term[k];
}

static void NK_NAME(dot_q8_0_x8)(const void *row, const int8_t *const *quants, const float *const *scales, long blocks,
                                 float *totals) {
    const unsigned char *r = row;
    float even[8] = {0, 0, 0, 0, 0, 0, 0, 0}, odd[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (long b = 0; b < blocks; b++) {
        const unsigned char *block = r + 34 * b;
        int32_t sums[8];
        NK_NAME(q8_sums_x8)((const int8_t *)(block + 2), quants, 32 * b, sums);
        const float d = NK_NAME(half)(block);
        // The eight scales gathered first, so the terms and sums below run eight lanes wide.
        float scale[8], term[8];
        for (int k = 0; k < 8; k++) scale[k] = scales[k][b];
        for (int k = 0; k < 8; k++) term[k] = d * scale[k] * (float)sums[k];
        NK_NAME(add_terms_x8)(b, term, even, odd);
    }
    for (int k = 0; k < 8; k++) totals[k] = even[k] + odd[k];
}

// The Q4 kernels take `minimum` as a constant (the wrappers below), so no branch is left in
// their loops.
/// One Q4 or Q5 block's term from its integer sum: d·scale·total, plus m·(scale × sum) for
/// the types with a minimum (Q4_1, Q5_1), whose d and m lead the block.
static inline __attribute__((always_inline)) float NK_NAME(block_term)(const unsigned char *block, float scale, int32_t total,
                                                                       float sum, const int minimum) {
    float term = NK_NAME(half)(block) * scale * (float)total;
    if (minimum) term = term + NK_NAME(half)(block + 2) * sum;
    return term;
}

/// One block's term of a Q4 row: d·scale·sum, plus m·(scale × sum) for Q4_1.
static inline __attribute__((always_inline)) float NK_NAME(q4_term)(const unsigned char *block, const int8_t *y, float scale,
                                                                    const float *sum, const int minimum) {
    const long blockBytes = minimum ? 20 : 18;
    const int32_t total = NK_NAME(q4_sum)(block + blockBytes - 16, y, minimum ? 0 : 8);
    return NK_NAME(block_term)(block, scale, total, minimum ? *sum : 0, minimum);
}


static inline __attribute__((always_inline)) float NK_NAME(q4_row)(const unsigned char *r, const int8_t *quants,
                                                                   const float *scales, const float *sums, long blocks,
                                                                   const int minimum) {
    const long blockBytes = minimum ? 20 : 18;
    float even = 0, odd = 0;
    long b = 0;
    for (; b + 1 < blocks; b += 2) {
        even += NK_NAME(q4_term)(r + blockBytes * b, quants + 32 * b, scales[b], sums + b, minimum);
        odd += NK_NAME(q4_term)(r + blockBytes * (b + 1), quants + 32 * (b + 1), scales[b + 1], sums + b + 1, minimum);
    }
    if (b < blocks) even += NK_NAME(q4_term)(r + blockBytes * b, quants + 32 * b, scales[b], sums + b, minimum);
    return even + odd;
}

static float NK_NAME(dot_q4)(const void *row, const int8_t *quants, const float *scales, const float *sums, long blocks,
                             int minimum) {
    return minimum ? NK_NAME(q4_row)(row, quants, scales, sums, blocks, 1) : NK_NAME(q4_row)(row, quants, scales, sums, blocks, 0);
}

static inline __attribute__((always_inline)) float NK_NAME(q5_row)(const unsigned char *r, const int8_t *quants,
                                                                   const float *scales, const float *sums, long blocks,
                                                                   const int minimum) {
    const long blockBytes = minimum ? 24 : 22, high = minimum ? 4 : 2;
    float even = 0, odd = 0;
    for (long b = 0; b < blocks; b++) {
        const unsigned char *block = r + blockBytes * b;
        const int32_t total = NK_NAME(q5_sum)(block + high, block + high + 4, quants + 32 * b, minimum ? 0 : 16);
        const float term = NK_NAME(block_term)(block, scales[b], total, minimum ? sums[b] : 0, minimum);
        if (b % 2 == 0) even += term;
        else odd += term;
    }
    return even + odd;
}

static float NK_NAME(dot_q5)(const void *row, const int8_t *quants, const float *scales, const float *sums, long blocks,
                             int minimum) {
    return minimum ? NK_NAME(q5_row)(row, quants, scales, sums, blocks, 1) : NK_NAME(q5_row)(row, quants, scales, sums, blocks, 0);
}

static inline __attribute__((always_inline)) void NK_NAME(q5_row_x8)(const unsigned char *r, const int8_t *const *quants,
                                                                     const float *const *scales, const float *const *sums,
                                                                     long blocks, const int minimum, float *totals) {
    const long blockBytes = minimum ? 24 : 22, high = minimum ? 4 : 2;
    float even[8] = {0, 0, 0, 0, 0, 0, 0, 0}, odd[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (long b = 0; b < blocks; b++) {
        const unsigned char *block = r + blockBytes * b;
        int32_t totalsOfBlock[8];
        NK_NAME(q5_sums_x8)(block + high, block + high + 4, minimum ? 0 : 16, quants, 32 * b, totalsOfBlock);
        float term[8];
        for (int k = 0; k < 8; k++) term[k] = NK_NAME(block_term)(block, scales[k][b], totalsOfBlock[k], minimum ? sums[k][b] : 0, minimum);
        NK_NAME(add_terms_x8)(b, term, even, odd);
    }
    for (int k = 0; k < 8; k++) totals[k] = even[k] + odd[k];
}

static void NK_NAME(dot_q5_x8)(const void *row, const int8_t *const *quants, const float *const *scales, const float *const *sums,
                               long blocks, int minimum, float *totals) {
    if (minimum) NK_NAME(q5_row_x8)(row, quants, scales, sums, blocks, 1, totals);
    else NK_NAME(q5_row_x8)(row, quants, scales, sums, blocks, 0, totals);
}

static void NK_NAME(unpack_q4)(const void *row, long blocks, int minimum, int16_t *weights) {
    const unsigned char *r = row;
    const long blockBytes = minimum ? 20 : 18;
    const int offset = minimum ? 0 : 8;
    for (long b = 0; b < blocks; b++) {
        const unsigned char *packed = r + blockBytes * b + blockBytes - 16;
        for (int i = 0; i < 16; i++) {
            int16_t *w = weights + 16 * (16 * b + i);
            const int16_t low = (int16_t)((packed[i] & 0xF) - offset), high = (int16_t)((packed[i] >> 4) - offset);
            for (int l = 0; l < 8; l++) w[l] = low;
            for (int l = 8; l < 16; l++) w[l] = high;
        }
    }
}

static inline __attribute__((always_inline)) void NK_NAME(q4_group_row)(const unsigned char *r, const int16_t *weights,
                                                                        long blocks, const int minimum,
                                                                        const int16_t *quants, const float *scales,
                                                                        const float *sums, float *totals) {
    const long blockBytes = minimum ? 20 : 18;
    float even[8] = {0, 0, 0, 0, 0, 0, 0, 0}, odd[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    long b = 0;
    for (; b + 1 < blocks; b += 2) {
        NK_NAME(q4_group_block)(r + blockBytes * b, weights + 256 * b, quants + 256 * b, scales + 8 * b, sums + 8 * b, minimum, even);
        NK_NAME(q4_group_block)(r + blockBytes * (b + 1), weights + 256 * (b + 1), quants + 256 * (b + 1), scales + 8 * (b + 1),
                                sums + 8 * (b + 1), minimum, odd);
    }
    if (b < blocks) NK_NAME(q4_group_block)(r + blockBytes * b, weights + 256 * b, quants + 256 * b, scales + 8 * b, sums + 8 * b, minimum, even);
    for (int l = 0; l < 8; l++) totals[l] = even[l] + odd[l];
}

static void NK_NAME(dot_q4_group)(const void *row, const int16_t *weights, long blocks, int minimum, const int16_t *quants,
                                  const float *scales, const float *sums, float *totals) {
    if (minimum) NK_NAME(q4_group_row)(row, weights, blocks, 1, quants, scales, sums, totals);
    else NK_NAME(q4_group_row)(row, weights, blocks, 0, quants, scales, sums, totals);
}

/// The 6-bit scale and minimum of sub-block `j` (of 8) from the 12 packed bytes of a Q4_K/Q5_K block.
static inline void NK_NAME(scale_min)(int j, const unsigned char *packed, int32_t *scale, int32_t *min) {
    if (j < 4) {
        *scale = packed[j] & 63;
        *min = packed[j + 4] & 63;
    } else {
        *scale = (packed[j + 4] & 0xF) | ((packed[j - 4] >> 6) << 4);
        *min = (packed[j + 4] >> 4) | ((packed[j] >> 6) << 4);
    }
}

static float NK_NAME(dot_q45_K)(const void *row, const int8_t *quants, const float *scales, const int32_t *sums16,
                                long blocks, int five_bits) {
    const unsigned char *r = row;
    const long blockBytes = five_bits ? 176 : 144;
    float total = 0;
    for (long b = 0; b < blocks; b++) {
        const unsigned char *block = r + blockBytes * b, *packed = block + 4, *qh = block + 16;
        const unsigned char *qs = block + (five_bits ? 48 : 16);
        const int8_t *y = quants + 256 * b;
        const int32_t *sums = sums16 + 16 * b;
        int32_t scaled = 0, mins = 0;
        for (int pair = 0; pair < 4; pair++) {
            const unsigned char *q = qs + 32 * pair;
            const int8_t *low = y + 64 * pair, *high = low + 32;
            int32_t dotLow = 0, dotHigh = 0;
            if (five_bits) {
                const int lowShift = 2 * pair, highShift = 2 * pair + 1;
                for (int i = 0; i < 32; i++) {
                    dotLow += ((q[i] & 0xF) | ((qh[i] >> lowShift) & 1) << 4) * low[i];
                    dotHigh += ((q[i] >> 4) | ((qh[i] >> highShift) & 1) << 4) * high[i];
                }
            } else {
                for (int i = 0; i < 32; i++) {
                    dotLow += (q[i] & 0xF) * low[i];
                    dotHigh += (q[i] >> 4) * high[i];
                }
            }
            int32_t scale1, min1, scale2, min2;
            NK_NAME(scale_min)(2 * pair, packed, &scale1, &min1);
            NK_NAME(scale_min)(2 * pair + 1, packed, &scale2, &min2);
            scaled += scale1 * dotLow + scale2 * dotHigh;
            mins += min1 * (sums[4 * pair] + sums[4 * pair + 1]) + min2 * (sums[4 * pair + 2] + sums[4 * pair + 3]);
        }
        const float dy = scales[b];
        total += NK_NAME(half)(block) * dy * (float)scaled - NK_NAME(half)(block + 2) * dy * (float)mins;
    }
    return total;
}

/// A Q4_K row times eight vectors, each as `dot_q45_K` takes one; lane k of `totals` gets the
/// bits `dot_q45_K` gives vector k. Each chunk's nibbles and each block's scales are read once
/// for the eight.
static void NK_NAME(dot_q4_K_x8)(const void *row, const int8_t *const *quants, const float *const *scales,
                                 const int32_t *const *sums16, long blocks, float *totals) {
    const unsigned char *r = row;
    float total[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (long b = 0; b < blocks; b++) {
        const unsigned char *block = r + 144 * b, *packed = block + 4, *qs = block + 16;
        int32_t scaled[8] = {0, 0, 0, 0, 0, 0, 0, 0}, mins[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        for (int pair = 0; pair < 4; pair++) {
            int32_t dotLow[8], dotHigh[8];
            NK_NAME(q4k_sums_x8)(qs + 32 * pair, 0, quants, 256 * b + 64 * pair, dotLow);
            NK_NAME(q4k_sums_x8)(qs + 32 * pair, 1, quants, 256 * b + 64 * pair + 32, dotHigh);
            int32_t scale1, min1, scale2, min2;
            NK_NAME(scale_min)(2 * pair, packed, &scale1, &min1);
            NK_NAME(scale_min)(2 * pair + 1, packed, &scale2, &min2);
            for (int k = 0; k < 8; k++) {
                const int32_t *sums = sums16[k] + 16 * b;
                scaled[k] += scale1 * dotLow[k] + scale2 * dotHigh[k];
                mins[k] += min1 * (sums[4 * pair] + sums[4 * pair + 1]) + min2 * (sums[4 * pair + 2] + sums[4 * pair + 3]);
            }
        }
        const float d = NK_NAME(half)(block), dmin = NK_NAME(half)(block + 2);
        for (int k = 0; k < 8; k++) {
            const float dy = scales[k][b];
            total[k] += d * dy * (float)scaled[k] - dmin * dy * (float)mins[k];
        }
    }
    for (int k = 0; k < 8; k++) totals[k] = total[k];
}

static float NK_NAME(dot_q6_K)(const void *row, const int8_t *quants, const float *scales, long blocks) {
    const unsigned char *r = row;
    float total = 0;
    for (long b = 0; b < blocks; b++) {
        const unsigned char *block = r + 210 * b, *ql = block, *qh = block + 128;
        const int8_t *blockScales = (const int8_t *)(block + 192), *y = quants + 256 * b;
        int32_t scaled = 0;
        for (int n = 0; n < 2; n++) {
            for (int k = 0; k < 4; k++) {
                const unsigned char *low = ql + 64 * n + 32 * (k & 1), *high = qh + 32 * n;
                const int8_t *target = y + 128 * n + 32 * k;
                const int nibbleShift = 4 * (k >> 1), highShift = 2 * k;
                for (int half = 0; half < 2; half++) {
                    int32_t sum = 0;
                    for (int l = 16 * half; l < 16 * half + 16; l++) {
                        const int32_t q = (((low[l] >> nibbleShift) & 0xF) | ((high[l] >> highShift) & 3) << 4) - 32;
                        sum += q * target[l];
                    }
                    scaled += blockScales[8 * n + 2 * k + half] * sum;
                }
            }
        }
        total += NK_NAME(half)(block + 208) * scales[b] * (float)scaled;
    }
    return total;
}

/// `heads` query heads that share one key-value head: each cached key and value is widened
/// once for all of them, and each head's sums run in the order one head alone would take.
static void NK_NAME(attend)(const float *queries, long heads, const uint16_t *keys, const uint16_t *values, long stride,
                            long span, long d, float scale, float *scratch, float *out) {
    float *scores = scratch, *q = scratch + heads * span, *row = q + heads * d;
    for (long i = 0; i < heads * d; i++) q[i] = NK_NAME(round_half)(queries[i]);
    for (long t = 0; t < span; t++) {
        const uint16_t *k = keys + t * stride;
        for (long i = 0; i < d; i++) row[i] = NK_NAME(widen)(k[i]);
        for (long h = 0; h < heads; h++) scores[h * span + t] = NK_NAME(dot_f32)(row, q + h * d, d) * scale;
    }
    for (long h = 0; h < heads; h++) {
        float *headScores = scores + h * span, largest = -INFINITY;
        for (long t = 0; t < span; t++) largest = headScores[t] >= largest ? headScores[t] : largest;
        double total = 0;
        for (long t = 0; t < span; t++) {
            headScores[t] = expf(headScores[t] - largest);
            total += (double)headScores[t];
        }
        const float normalizer = (float)(1 / total);
        for (long t = 0; t < span; t++) headScores[t] = NK_NAME(round_half)(headScores[t] * normalizer);
    }
    for (long i = 0; i < heads * d; i++) out[i] = 0;
    for (long t = 0; t < span; t++) {
        const uint16_t *v = values + t * stride;
        for (long i = 0; i < d; i++) row[i] = NK_NAME(widen)(v[i]);
        for (long h = 0; h < heads; h++) {
            const float weight = scores[h * span + t];
            float *target = out + h * d;
            for (long i = 0; i < d; i++) target[i] += weight * row[i];
        }
    }
}

/// A Q6_K row times eight vectors, each as `dot_q6_K` takes one (with its `sums16`); lane k of
/// `totals` gets the bits `dot_q6_K` gives vector k. Each chunk's weights are read once for the
/// eight.
static void NK_NAME(dot_q6_K_x8)(const void *row, const int8_t *const *quants, const float *const *scales,
                                 const int32_t *const *sums16, long blocks, float *totals) {
    const unsigned char *r = row;
    float total[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (long b = 0; b < blocks; b++) {
        const unsigned char *block = r + 210 * b, *ql = block, *qh = block + 128;
        const int8_t *blockScales = (const int8_t *)(block + 192);
        int32_t scaled[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        for (int n = 0; n < 2; n++) {
            for (int k = 0; k < 4; k++) {
                int32_t first[8], second[8];
                const long group = 16 * b + 8 * n + 2 * k;
                NK_NAME(q6k_sums_x8)(ql + 64 * n + 32 * (k & 1), qh + 32 * n, 4 * (k >> 1), 2 * k, quants, 256 * b + 128 * n + 32 * k,
                                     sums16, group, first, second);
                for (int v = 0; v < 8; v++) scaled[v] += blockScales[8 * n + 2 * k] * first[v] + blockScales[8 * n + 2 * k + 1] * second[v];
            }
        }
        const float d = NK_NAME(half)(block + 208);
        for (int v = 0; v < 8; v++) total[v] += d * scales[v][b] * (float)scaled[v];
    }
    for (int v = 0; v < 8; v++) totals[v] = total[v];
}

/// The variant's table, named by the including file.
static const nk_kernels NK_NAME(table) = {
    NK_NAME(dot_f32), NK_NAME(dot_half), NK_NAME(dot_q8_0), NK_NAME(dot_q4), NK_NAME(unpack_q4), NK_NAME(dot_q4_group),
    NK_NAME(dot_q45_K), NK_NAME(dot_q6_K), NK_NAME(attend), NK_NAME(dot_q8_0_x8), NK_NAME(dot_q4_K_x8),
    NK_NAME(dot_q6_K_x8), NK_NAME(dot_q5), NK_NAME(dot_q5_x8),
};
