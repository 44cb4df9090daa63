// The kernels compiled for AVX2, FMA and F16C: the same source as the baseline, with the exact
// integer work of a block written for 256-bit registers (so the same bits), and every float
// operation left to the shared source. Only called after CPUID said the CPU has them.
#include "NativeKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

#pragma clang attribute push(__attribute__((target("avx2,fma,f16c"))), apply_to = function)
#define NK_NAME(name) nk_avx2_##name
#define NK_BLOCK_SUMS
#define NK_HARDWARE_HALF

/// The sum of eight 32-bit lanes.
static inline int32_t nk_avx2_lane_sum(__m256i v) {
    __m128i x = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(1, 0, 3, 2)));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(x);
}

/// Σ w[i]·y[i] over 32 signed bytes, |w| ≤ 127: pairs of products (≤ 2·127·127) fit 16 bits.
static inline int32_t nk_avx2_signed_dot(__m256i w, __m256i y) {
    const __m256i pairs = _mm256_maddubs_epi16(_mm256_sign_epi8(w, w), _mm256_sign_epi8(y, w));
    return nk_avx2_lane_sum(_mm256_madd_epi16(pairs, _mm256_set1_epi16(1)));
}

static inline int32_t nk_avx2_q8_sum(const int8_t *q, const int8_t *y) {
    return nk_avx2_signed_dot(_mm256_loadu_si256((const __m256i *)q), _mm256_loadu_si256((const __m256i *)y));
}

/// Eight blocks' lanes reduced together: lane k of the result is the sum of `v[k]`'s lanes
/// (two rounds of pairwise sums, then the halves added) — exact, as all integer sums are.
static inline void nk_avx2_store_sums8(const __m256i *v, int32_t *sums) {
    const __m256i first = _mm256_hadd_epi32(_mm256_hadd_epi32(v[0], v[1]), _mm256_hadd_epi32(v[2], v[3]));
    const __m256i second = _mm256_hadd_epi32(_mm256_hadd_epi32(v[4], v[5]), _mm256_hadd_epi32(v[6], v[7]));
    const __m256i low = _mm256_permute2x128_si256(first, second, 0x20), high = _mm256_permute2x128_si256(first, second, 0x31);
    _mm256_storeu_si256((__m256i *)sums, _mm256_add_epi32(low, high));
}

/// 32 signed weights (|w| ≤ 127) times eight vectors, whose 32 values start at
/// `quants[k] + offset`, each vector's products summed into eight 32-bit lanes: the weights'
/// magnitudes taken once, each vector's values given the weights' signs.
static inline void nk_avx2_signed_lanes_x8(__m256i weights, const int8_t *const *quants, long offset, __m256i *lanes) {
    const __m256i magnitudes = _mm256_sign_epi8(weights, weights);
    for (int k = 0; k < 8; k++) {
        const __m256i y = _mm256_loadu_si256((const __m256i *)(quants[k] + offset));
        lanes[k] = _mm256_madd_epi16(_mm256_maddubs_epi16(magnitudes, _mm256_sign_epi8(y, weights)), _mm256_set1_epi16(1));
    }
}

/// 32 unsigned weights (≤ 63) times eight vectors, as `nk_avx2_signed_lanes_x8` takes them.
static inline void nk_avx2_unsigned_lanes_x8(__m256i weights, const int8_t *const *quants, long offset, __m256i *lanes) {
    for (int k = 0; k < 8; k++) {
        const __m256i y = _mm256_loadu_si256((const __m256i *)(quants[k] + offset));
        lanes[k] = _mm256_madd_epi16(_mm256_maddubs_epi16(weights, y), _mm256_set1_epi16(1));
    }
}

/// One Q8_0 block times eight vectors, the eight vectors' lanes reduced together.
static inline void nk_avx2_q8_sums_x8(const int8_t *w, const int8_t *const *quants, long offset, int32_t *sums) {
    __m256i lanes[8];
    nk_avx2_signed_lanes_x8(_mm256_loadu_si256((const __m256i *)w), quants, offset, lanes);
    nk_avx2_store_sums8(lanes, sums);
}

/// A Q4_K chunk's 32 low or high nibbles times eight vectors, reduced together.
static inline void nk_avx2_q4k_sums_x8(const unsigned char *q, int high, const int8_t *const *quants, long offset, int32_t *sums) {
    __m256i bytes = _mm256_loadu_si256((const __m256i *)q);
    if (high) bytes = _mm256_srli_epi16(bytes, 4);
    __m256i lanes[8];
    nk_avx2_unsigned_lanes_x8(_mm256_and_si256(bytes, _mm256_set1_epi8(0x0F)), quants, offset, lanes);
    nk_avx2_store_sums8(lanes, sums);
}

/// A Q6_K chunk times eight vectors: the unsigned 6-bit weights built once, each vector's
/// products summed into lanes (lanes 0–3 the first 16 values, 4–7 the second), the lanes of
/// four vectors reduced together keeping the halves apart, and 32 times each half's values
/// taken off (the weights less 32).
static inline void nk_avx2_q6k_sums_x8(const unsigned char *low, const unsigned char *high, int nibbleShift, int highShift,
                                       const int8_t *const *quants, long offset, const int32_t *const *sums16, long group,
                                       int32_t *first, int32_t *second) {
    const __m256i nibbles = _mm256_and_si256(_mm256_srl_epi16(_mm256_loadu_si256((const __m256i *)low), _mm_cvtsi32_si128(nibbleShift)),
                                             _mm256_set1_epi8(0x0F));
    const __m256i tops = _mm256_and_si256(_mm256_srl_epi16(_mm256_loadu_si256((const __m256i *)high), _mm_cvtsi32_si128(highShift)),
                                          _mm256_set1_epi8(0x03));
    __m256i lanes[8];
    nk_avx2_unsigned_lanes_x8(_mm256_or_si256(nibbles, _mm256_slli_epi16(tops, 4)), quants, offset, lanes);
    const __m256i front = _mm256_hadd_epi32(_mm256_hadd_epi32(lanes[0], lanes[1]), _mm256_hadd_epi32(lanes[2], lanes[3]));
    const __m256i back = _mm256_hadd_epi32(_mm256_hadd_epi32(lanes[4], lanes[5]), _mm256_hadd_epi32(lanes[6], lanes[7]));
    _mm256_storeu_si256((__m256i *)first, _mm256_permute2x128_si256(front, back, 0x20));
    _mm256_storeu_si256((__m256i *)second, _mm256_permute2x128_si256(front, back, 0x31));
    for (int k = 0; k < 8; k++) {
        first[k] -= 32 * sums16[k][group];
        second[k] -= 32 * sums16[k][group + 1];
    }
}

/// A Q5 block's 32 weights less `offset` as bytes: the nibbles as for Q4, and byte i's fifth
/// bit from bit i of `qh` — each byte takes the byte of `qh` holding its bit, and is all ones
/// where that bit is set once every other bit is forced on.
static inline __m256i nk_avx2_q5_weights(const unsigned char *qh, const unsigned char *qs, int offset) {
    uint32_t high;
    memcpy(&high, qh, 4);
    const __m256i spread = _mm256_shuffle_epi8(_mm256_set1_epi32((int)high),
                                               _mm256_set_epi64x(0x0303030303030303, 0x0202020202020202, 0x0101010101010101, 0));
    const __m256i set = _mm256_cmpeq_epi8(_mm256_or_si256(spread, _mm256_set1_epi64x(0x7fbfdfeff7fbfdfe)), _mm256_set1_epi8(-1));
    const __m128i bytes = _mm_loadu_si128((const __m128i *)qs);
    const __m256i nibbles = _mm256_and_si256(_mm256_set_m128i(_mm_srli_epi16(bytes, 4), bytes), _mm256_set1_epi8(0x0F));
    const __m256i weights = _mm256_or_si256(nibbles, _mm256_and_si256(set, _mm256_set1_epi8(0x10)));
    return _mm256_sub_epi8(weights, _mm256_set1_epi8((char)offset));
}

static inline int32_t nk_avx2_q5_sum(const unsigned char *qh, const unsigned char *qs, const int8_t *y, int offset) {
    return nk_avx2_signed_dot(nk_avx2_q5_weights(qh, qs, offset), _mm256_loadu_si256((const __m256i *)y));
}

/// One Q5 block times eight vectors: the weights built once, the eight vectors' lanes reduced
/// together.
static inline void nk_avx2_q5_sums_x8(const unsigned char *qh, const unsigned char *qs, int offset, const int8_t *const *quants,
                                      long at, int32_t *sums) {
    __m256i lanes[8];
    nk_avx2_signed_lanes_x8(nk_avx2_q5_weights(qh, qs, offset), quants, at, lanes);
    nk_avx2_store_sums8(lanes, sums);
}

static inline int32_t nk_avx2_q4_sum(const unsigned char *packed, const int8_t *y, int offset) {
    const __m128i bytes = _mm_loadu_si128((const __m128i *)packed);
    __m256i w = _mm256_and_si256(_mm256_set_m128i(_mm_srli_epi16(bytes, 4), bytes), _mm256_set1_epi8(0x0F));
    w = _mm256_sub_epi8(w, _mm256_set1_epi8((char)offset));
    return nk_avx2_signed_dot(w, _mm256_loadu_si256((const __m256i *)y));
}

static inline void nk_avx2_q4_lanes(const int16_t *weights, const int16_t *quants, int32_t *sums) {
    __m256i lanes = _mm256_setzero_si256();
    for (int i = 0; i < 16; i++) {
        const __m256i w = _mm256_loadu_si256((const __m256i *)(weights + 16 * i));
        lanes = _mm256_add_epi16(lanes, _mm256_mullo_epi16(w, _mm256_loadu_si256((const __m256i *)(quants + 16 * i))));
    }
    const __m256i low = _mm256_cvtepi16_epi32(_mm256_castsi256_si128(lanes));
    const __m256i high = _mm256_cvtepi16_epi32(_mm256_extracti128_si256(lanes, 1));
    _mm256_storeu_si256((__m256i *)sums, _mm256_add_epi32(low, high));
}

static inline float nk_avx2_half(const unsigned char *at);

static inline __attribute__((always_inline)) void nk_avx2_q4_group_block(const unsigned char *block, const int16_t *weights,
                                                                         const int16_t *quants, const float *scales,
                                                                         const float *sums, const int minimum, float *acc) {
    int32_t lanes[8];
    nk_avx2_q4_lanes(weights, quants, lanes);
    __m256 term = _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(nk_avx2_half(block)), _mm256_loadu_ps(scales)),
                                _mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i *)lanes)));
    if (minimum) term = _mm256_add_ps(term, _mm256_mul_ps(_mm256_set1_ps(nk_avx2_half(block + 2)), _mm256_loadu_ps(sums)));
    _mm256_storeu_ps(acc, _mm256_add_ps(_mm256_loadu_ps(acc), term));
}

#include "KernelBodies.h"
#pragma clang attribute pop

const nk_kernels *nk_avx2_kernels(void) { return &nk_avx2_table; }
#endif
