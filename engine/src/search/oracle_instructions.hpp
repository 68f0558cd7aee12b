// Which copy of the path oracle's query code runs (search/oracle_tables.cpp): plain C++, one built
// for POPCNT, or one built for AVX-512 with POPCNT and BMI2, taken at run time by what the processor
// has (the widest it runs; path following stops at POPCNT). Internal to the engine; tests run every copy the processor
// can and check that they answer alike, so that a copy the test machine would not pick by itself is still tested.
#pragma once

#include <cstdint>
#include <span>

namespace swarmpath::search {

struct OracleTables;  // swarmpath/search/oracle_tables.hpp, which this header's functions live beside

enum class OracleInstructions { plain, popcount, avx512 };

/// The copy oracle_lookup and oracle_lookups take on this processor. Following a path (oracle_solve)
/// never takes the AVX-512 copy: it was measured slower there (search/oracle_tables.cpp).
[[nodiscard]] OracleInstructions oracle_instructions();

/// Whether this build has the copy and this processor can run it (plain: always).
[[nodiscard]] bool processor_runs(OracleInstructions instructions);

/// oracle_lookups with the copy `instructions`, which the processor must run (processor_runs); the
/// plain copy otherwise.
void oracle_lookups_with(OracleInstructions instructions, const OracleTables& tables,
                         std::span<const std::uint32_t> sources, std::span<const std::uint32_t> targets,
                         std::span<std::int8_t> moves);

}  // namespace swarmpath::search
