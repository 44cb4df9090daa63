// The kernels for the architecture's baseline instruction set, which every CPU of it runs.
#include "NativeKernels.h"

#define NK_NAME(name) nk_baseline_##name
#include "KernelBodies.h"

const nk_kernels *nk_baseline_kernels(void) { return &nk_baseline_table; }
