// Which variants this CPU runs, asked of CPUID once per call (callers keep the answer).
#include "NativeKernels.h"

const nk_kernels *nk_baseline_kernels(void);

#if defined(__x86_64__)
#include <cpuid.h>

const nk_kernels *nk_avx2_kernels(void);

/// AVX2, FMA and F16C, with the operating system saving the 256-bit registers (XCR0 bits 1–2).
static int nk_has_avx2(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned fma = 1u << 12, osxsave = 1u << 27, avx = 1u << 28, f16c = 1u << 29;
    if ((ecx & (fma | osxsave | avx | f16c)) != (fma | osxsave | avx | f16c)) return 0;
    unsigned xcr0, xcr0High;
    __asm__ volatile("xgetbv" : "=a"(xcr0), "=d"(xcr0High) : "c"(0));
    if ((xcr0 & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx >> 5) & 1;
}
#endif

int nk_supported(nk_variant variant) {
    switch (variant) {
    case NK_VARIANT_BASELINE: return 1;
    case NK_VARIANT_AVX2:
#if defined(__x86_64__)
        return nk_has_avx2();
#else
        return 0;
#endif
    }
    return 0;
}

const nk_kernels *nk_table(nk_variant variant) {
    if (!nk_supported(variant)) return 0;
    switch (variant) {
    case NK_VARIANT_BASELINE: return nk_baseline_kernels();
    case NK_VARIANT_AVX2:
#if defined(__x86_64__)
        return nk_avx2_kernels();
#else
        return 0;
#endif
    }
    return 0;
}
