// The documented limits of every number a user gives the command line (docs/reliability.md lists
// them), and a CLI11 validator that enforces them on the text before it is converted: a whole
// decimal number, digits only — no sign, no exponent, no fraction, nothing beyond the limit — so a
// value is refused, never wrapped or clamped, and checked before anything is allocated for it.
#pragma once

#include <cstdint>
#include <limits>

#include <CLI/CLI.hpp>

namespace swarmpath::cli {

inline constexpr std::uint64_t kMaximumThreads = 1024;
inline constexpr std::uint64_t kMaximumExpansions = std::numeric_limits<std::uint64_t>::max();
/// --deadline-ms: one day.
inline constexpr std::uint64_t kMaximumDeadlineMilliseconds = 86'400'000;
/// Coordinates fit 32 bits; whether they are on the map is checked against the map.
inline constexpr std::uint64_t kMaximumCoordinate = std::numeric_limits<std::uint32_t>::max();
/// generate --scenarios: each row costs one shortest-path search on the map.
inline constexpr std::uint64_t kMaximumGeneratedScenarios = 1'000'000;
/// generate crowd --agents (about 60 bytes of scenario text each) and --goals (one Dijkstra each).
inline constexpr std::uint64_t kMaximumAgents = 10'000'000;
inline constexpr std::uint64_t kMaximumGoals = 100'000;
inline constexpr std::uint64_t kMaximumSeed = std::numeric_limits<std::uint64_t>::max();

/// Accepts a whole decimal number from `minimum` to `maximum`; CLI11 reports a refusal as
/// "--option: <reason>" with exit code 2.
CLI::Validator whole_number(std::uint64_t minimum, std::uint64_t maximum);

}  // namespace swarmpath::cli
