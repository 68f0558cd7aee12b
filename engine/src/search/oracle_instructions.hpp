// Which copy of the path oracle's query code runs (search/oracle_tables.cpp): plain C++, one built
// for POPCNT, or one built for AVX-512 with POPCNT and BMI2, taken at run time by what the processor
// has (the widest it runs; path following stops at POPCNT), and how the batched lookups read a row
// (the one line its entry names, where rows are on lines; block keys on large files): the AVX-512
// copy with its own instructions, the others with SSE2, so a processor without AVX-512 reads the
// same few lines a lookup. Internal to the engine; tests run every copy and reading the processor
// can and check that they answer alike, so that one the test machine would not pick by itself is
// still tested.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "swarmpath/grid/padded_layout.hpp"

namespace swarmpath::search {

struct OracleTables;  // swarmpath/search/oracle_tables.hpp, which this header's functions live beside
struct OracleMoveRequest;

enum class OracleInstructions { plain, popcount, avx512 };

/// The copy oracle_lookup and oracle_lookups take on this processor. Following a path (oracle_solve)
/// never takes the AVX-512 copy: it was measured slower there (search/oracle_tables.cpp).
[[nodiscard]] OracleInstructions oracle_instructions();

/// Whether this build has the copy and this processor can run it (plain: always).
[[nodiscard]] bool processor_runs(OracleInstructions instructions);

/// Where the runs take at least this many bytes, the AVX-512 lookups (one call or many) read a row's
/// block keys and then one block of it, instead of every line of the row: beyond the caches the lines
/// a lookup reads from memory bound its time, and the keys (a sixteenth of the runs) mostly stay in
/// cache. Below it the row's lines come from the cache anyway, and the extra step costs more than
/// it saves. Measured (docs/path-oracle.md): Berlin_1_256 (14 MB of runs) and AR0011SR (52 MB) a
/// third faster with the keys; brc202d (5 MB) and den312d (0.15 MB) 10% and 40% slower.
inline constexpr std::size_t kBlockLookupsFromBytes = std::size_t{8} << 20;

/// How the AVX-512 lookups read a row: every line of it; its block keys and then one block
/// (OracleTables::block_keys); or the one line its entry names (OracleTables::row_entries, rows on
/// lines: what oracle_lookups takes wherever the entries and block keys were made).
enum class OracleRowReading { whole_rows, block_keys, lines };

/// oracle_lookup with the copy `instructions`, which the processor must run (processor_runs); the
/// plain copy otherwise. Each copy reads the block keys where the runs are large (see
/// kBlockLookupsFromBytes) and it reads blocks at all (the AVX-512 copy; the others with SSE2).
[[nodiscard]] int oracle_lookup_with(OracleInstructions instructions, const OracleTables& tables, std::uint32_t source,
                                     std::uint32_t target);

/// oracle_lookups with the copy `instructions`, which the processor must run (processor_runs); the
/// plain copy otherwise. `reading` is taken where the tables hold what it reads (whole rows
/// otherwise); copies without block reading (a build without SSE2 or AVX-512) read whole rows.
void oracle_lookups_with(OracleInstructions instructions, OracleRowReading reading, const OracleTables& tables,
                         std::span<const std::uint32_t> sources, std::span<const std::uint32_t> targets,
                         std::span<std::int8_t> moves);

/// oracle_request_lookups with the copy `instructions` and the reading `reading`, as oracle_lookups_with.
void oracle_request_lookups_with(OracleInstructions instructions, OracleRowReading reading, const OracleTables& tables,
                                 grid::PaddedLayout layout, std::span<const OracleMoveRequest> requests,
                                 std::span<std::int8_t> moves);

}  // namespace swarmpath::search
