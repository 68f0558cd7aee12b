// Which platform-specific fast paths the A* search's internals (astar.hpp and the open lists) and
// the path oracle's queries (search/oracle_tables.cpp) may use. Internal to the engine, never installed. Each fast path
// has a portable fallback in plain C++20, selected when the compiler or target lacks the feature, or everywhere when
// the build defines SWARMPATH_PORTABLE (CMake option SWARMPATH_PORTABLE), which CI builds and tests so the fallbacks
// stay correct. The fast and portable forms give the same results and counters.
#pragma once

// GNU inline assembly on x86-64: conditional moves the compiler cannot turn back into branches.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(SWARMPATH_PORTABLE)
#define SWARMPATH_X86_64_ASSEMBLY 1
#endif

// An empty GNU asm statement that hides a value from the optimiser (compact_open_list.hpp).
#if defined(__GNUC__) && !defined(SWARMPATH_PORTABLE)
#define SWARMPATH_OPTIMISER_BARRIER 1
#endif

// The compiler's unsigned 128-bit integer, for the packed open list's keys (packed_open_list.hpp);
// two 64-bit halves otherwise.
#if defined(__SIZEOF_INT128__) && !defined(SWARMPATH_PORTABLE)
#define SWARMPATH_INT128_KEYS 1
#endif

// SSE2 intrinsics for reading a cell's neighbours' stamps (astar.hpp).
#if defined(__SSE2__) && !defined(SWARMPATH_PORTABLE)
#define SWARMPATH_SSE2 1
#endif

// A copy of the path oracle's query code compiled for the POPCNT instruction, taken at run time
// where the processor has it (search/oracle_tables.cpp); a build that already targets it (-march=native)
// needs no copy.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__) && !defined(SWARMPATH_PORTABLE)
#define SWARMPATH_POPCNT_CLONE 1
#endif

// A copy of the path oracle's query code compiled for AVX-512 (with POPCNT), taken at run time where
// the processor has it (search/oracle_tables.cpp): a row's window of 16 runs is compared in one
// instruction.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(SWARMPATH_PORTABLE)
#define SWARMPATH_AVX512_CLONE 1
#endif
