// SPDX-License-Identifier: MIT
// Chooses the one SIMD path of the move generators: REVERSI_AVX512 is defined when the
// compiler targets every AVX-512 subset the kernels use (built with -march=native on such a
// CPU) and REVERSI_PORTABLE is not defined; otherwise only the portable code is compiled.
#pragma once

#if defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512BW__) &&           \
    defined(__AVX512CD__) && defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VBMI__) && \
    defined(__AVX512VBMI2__) && !defined(REVERSI_PORTABLE)
#define REVERSI_AVX512 1
#include <immintrin.h>
#endif
