// Solver set-up: settings validation and the one-time choice of the compiled search (see solver.hpp).
#include "swarmpath/search/solver.hpp"

#include <array>
#include <cmath>
#include <string>
#include <utility>

#include "core/code_warming.hpp"
#include "core/elapsed_time.hpp"
#include "search/astar.hpp"
#include "search/best_first/cost_models.hpp"
#include "search/best_first/search_state.hpp"
#include "search/jump_point_table.hpp"
#include "search/preparations.hpp"
#include "search/search_functions.hpp"

namespace swarmpath::search {
namespace {

/// The window of machine code read into the caches around a new solver's search function
/// (core::warm_code): the search and the helpers and template instances beside it. 56 KB, 896 lines,
/// a few microseconds; the first JPS and JPS+ queries of a process took 22-45 µs without it and
/// 2-5 µs with it on arena (docs/performance-log.md). The window after the entry holds the whole of
/// the largest jump point search (JPS+ with goal bounds through the hash table: 39.1 KB with GCC 12),
/// which the test CodeWindow.JumpPointSearchesFitTheCodeReadAtSetUp checks in Release builds.
constexpr std::size_t kWarmCodeBefore = 16 * 1024;
constexpr std::size_t kWarmCodeAfter = 40 * 1024;

/// The search the Solver dispatches to for `astar`: A* with the solver's own key bounds.
template <class Rule, class CostModel, class Heuristic>
void astar(const Solver& solver, SearchState& state, const Endpoints& endpoints, Result& result) {
    const PreparedAstar& prepared = solver.prepared<PreparedAstar>();
    best_first::astar_with_bounds<Rule, CostModel, Heuristic>(solver.grid(), solver.settings(), solver.weight_fixed(),
                                                              prepared, prepared.bounds, state, endpoints, result);
}

/// A search function picked for a solver, and where its code is (core::warm_code): the function
/// itself, or for A* the search loop the small dispatching function calls, which the linker may
/// place far from it.
struct PickedSearch {
    Solver::SearchFunction search = nullptr;
    const void* code = nullptr;
};

/// A search function whose code is its own.
PickedSearch picked_search(Solver::SearchFunction search) { return {search, reinterpret_cast<const void*>(search)}; }

/// Jump point search's forms, each compiled in: online along the diagonal lines or cell by cell (as
/// the map's JumpPointGrid chose), over the JPS+ table, or over it with goal bounds.
enum class JumpForm { online_lines, online_cells, table, table_bounded };

/// The entry point of `form`: through the per-cell node index, or where `hashed` (large maps:
/// best_first::NodeTable::hashes_nodes) through the node hash table while searches stay small.
PickedSearch pick_jump_search(JumpForm form, bool hashed) {
    static constexpr std::array<std::array<Solver::SearchFunction, 2>, 4> kSearches{{
        {&jump_point_search_online_lines, &jump_point_search_online_lines_hashed},
        {&jump_point_search_online_cells, &jump_point_search_online_cells_hashed},
        {&jump_point_search_table, &jump_point_search_table_hashed},
        {&jump_point_search_table_bounded, &jump_point_search_table_bounded_hashed},
    }};
    return picked_search(kSearches[static_cast<std::size_t>(form)][hashed ? 1 : 0]);
}

template <class Rule, class CostModel, class Heuristic>
PickedSearch picked_astar() {
    return {&astar<Rule, CostModel, Heuristic>,
            reinterpret_cast<const void*>(&best_first::astar_with_bounds<Rule, CostModel, Heuristic>)};
}

template <class Rule, class CostModel>
PickedSearch pick_heuristic(HeuristicKind heuristic) {
    switch (heuristic) {
        case HeuristicKind::manhattan:
            return picked_astar<Rule, CostModel, heuristics::Manhattan>();
        case HeuristicKind::euclidean:
            return picked_astar<Rule, CostModel, heuristics::Euclidean>();
        case HeuristicKind::chebyshev:
            return picked_astar<Rule, CostModel, heuristics::Chebyshev>();
        case HeuristicKind::zero:
            return picked_astar<Rule, CostModel, heuristics::Zero>();
        case HeuristicKind::octile:
        case HeuristicKind::automatic:
        case HeuristicKind::hex:  // refused on square cells by create
        case HeuristicKind::triangle:
            break;
    }
    return picked_astar<Rule, CostModel, heuristics::Octile>();
}

template <class Rule>
PickedSearch pick_cost_model(bool uniform, HeuristicKind heuristic) {
    return uniform ? pick_heuristic<Rule, best_first::UniformCost>(heuristic)
                   : pick_heuristic<Rule, best_first::TerrainCost>(heuristic);
}

/// One legal-moves byte per padded cell (see Solver::legal_moves): `by_neighbourhood` applied to
/// the cell's neighbourhood on its own layer, masked by `directions(x, y)`, exactly what the A* loop
/// would work out per expansion; 0 for a blocked cell. With one layer (every benchmark map) a
/// blocked cell is read from its neighbourhood's middle bit rather than tested with a branch, which
/// a cluttered map mispredicts a third of the time.
template <class Directions>
std::vector<std::uint8_t> legal_moves_per_cell(const grid::Grid& grid,
                                               const std::array<std::uint8_t, 512>& by_neighbourhood,
                                               Directions directions) {
    std::vector<std::uint8_t> legal(grid.padded_cell_count(), 0);
    const std::uint32_t padded_width = grid.padded_width();
    if (grid.layer_count() == 1) {
        constexpr unsigned kMiddle = 1U << neighbourhood_bit(0, 0);  // the cell itself
        std::array<std::uint8_t, 512> when_passable = by_neighbourhood;
        for (unsigned mask = 0; mask < 512; ++mask) {
            if ((mask & kMiddle) == 0) when_passable[mask] = 0;
        }
        // The three rows around 55 cells at a time, each cell's nine bits shifted out of them.
        const grid::Bitset& layer = grid.layer_bits(1);
        constexpr std::uint32_t kSpan = 55;  // read_bits reads at most 57 bits
        for (std::uint32_t y = 0; y < grid.height(); ++y) {
            for (std::uint32_t first = 0; first < grid.width(); first += kSpan) {
                const std::uint32_t corner = grid.padded(first, y).value - padded_width - 1;
                const std::uint64_t above = layer.read_bits(corner, kSpan + 2);
                const std::uint64_t middle = layer.read_bits(corner + padded_width, kSpan + 2);
                const std::uint64_t below = layer.read_bits(corner + 2 * padded_width, kSpan + 2);
                const std::uint32_t end = std::min(grid.width(), first + kSpan);
                std::uint8_t* const out = legal.data() + corner + padded_width + 1;
                for (std::uint32_t x = first; x < end; ++x) {
                    const unsigned shift = x - first;
                    const unsigned neighbourhood =
                        neighbourhood_of_rows(above >> shift, middle >> shift, below >> shift);
                    out[shift] = static_cast<std::uint8_t>(when_passable[neighbourhood] & directions(x, y));
                }
            }
        }
        return legal;
    }
    for (std::uint32_t y = 0; y < grid.height(); ++y) {
        for (std::uint32_t x = 0; x < grid.width(); ++x) {
            const grid::PaddedIndex cell = grid.padded(x, y);
            if (!grid.passable(cell)) continue;
            const grid::Bitset& layer = grid.layer_bits(grid.layer(cell));
            legal[cell.value] = static_cast<std::uint8_t>(
                by_neighbourhood[read_neighbourhood(layer, cell.value, padded_width)] & directions(x, y));
        }
    }
    return legal;
}

/// The legal-moves bytes of a square map under `moves` and `rule`.
std::vector<std::uint8_t> compute_legal_moves(const grid::Grid& grid, Moves moves, DiagonalRule rule) {
    std::array<std::uint8_t, 512> by_neighbourhood{};
    for (unsigned mask = 0; mask < 512; ++mask) by_neighbourhood[mask] = legal_moves(mask, moves, rule);
    return legal_moves_per_cell(grid, by_neighbourhood, [](std::uint32_t, std::uint32_t) { return 0xFFU; });
}

PickedSearch pick_astar(Moves moves, DiagonalRule rule, bool uniform, HeuristicKind heuristic) {
    return with_move_rule(moves, rule,
                          [uniform, heuristic]<class Rule>() { return pick_cost_model<Rule>(uniform, heuristic); });
}

/// A* on a hex or triangle map: the shape's own distance, or one of the weaker heuristics that stay
/// admissible on it (fits_shape, checked by create).
template <class Rule, class CostModel>
PickedSearch pick_shaped_heuristic(HeuristicKind heuristic) {
    switch (heuristic) {
        case HeuristicKind::manhattan:
            return picked_astar<Rule, CostModel, heuristics::Manhattan>();
        case HeuristicKind::chebyshev:
            return picked_astar<Rule, CostModel, heuristics::Chebyshev>();
        case HeuristicKind::zero:
            return picked_astar<Rule, CostModel, heuristics::Zero>();
        default:
            break;
    }
    if constexpr (Rule::topology == grid::Topology::triangle) {
        // A triangle step changes x or y by one, never both: octile and straight-line distance stay
        // below the step count there (on hex cells a step may change both, so they are refused).
        if (heuristic == HeuristicKind::octile) return picked_astar<Rule, CostModel, heuristics::Octile>();
        if (heuristic == HeuristicKind::euclidean) return picked_astar<Rule, CostModel, heuristics::Euclidean>();
        return picked_astar<Rule, CostModel, heuristics::TriangleDistance>();
    } else {
        return picked_astar<Rule, CostModel, heuristics::HexDistance>();
    }
}

PickedSearch pick_shaped_astar(grid::Topology topology, bool uniform, HeuristicKind heuristic) {
    return with_shaped_rule(topology, [uniform, heuristic]<class Rule>() {
        return uniform ? pick_shaped_heuristic<Rule, best_first::ShapedUniformCost>(heuristic)
                       : pick_shaped_heuristic<Rule, best_first::ShapedTerrainCost>(heuristic);
    });
}

/// The legal-moves bytes of a hex or triangle map: the neighbours passable on the cell's layer,
/// masked by the shape's directions for the cell (ShapedRule).
std::vector<std::uint8_t> compute_shaped_legal_moves(const grid::Grid& grid) {
    const grid::Topology topology = grid.topology();
    return legal_moves_per_cell(
        grid, MoveRule<Moves::eight, DiagonalRule::any>::table, [topology](std::uint32_t x, std::uint32_t y) {
            return static_cast<unsigned>(shape_directions(topology, shape_parity(topology, x, y)));
        });
}

/// Why the settings' goal bounds cannot serve a search by `algorithm` on `grid` (they serve JPS+
/// alone, and the map they were built for); success when they can or there are none.
Status check_goal_bounds(const grid::Grid& grid, const SearchSettings& settings, Algorithm algorithm) {
    if (!settings.goal_bounds) return Success{};
    if (algorithm != Algorithm::jps_plus) {
        return Error{"", 0, 0,
                     setting_placeholder(Setting::goal_bounds, "") + " serve " +
                         setting_placeholder(Setting::algorithm, "jps+") + " alone, not " +
                         setting_placeholder(Setting::algorithm, to_string(algorithm))};
    }
    if (!settings.goal_bounds->built_for(grid)) {
        return Error{"", 0, 0,
                     "the " + setting_placeholder(Setting::goal_bounds, "") +
                         " were built for another map (its size or passable cells differ)"};
    }
    return Success{};
}

/// Why `settings` cannot search a hex or triangle map, naming the option; success when they can.
Status check_shaped_settings(grid::Topology topology, const SearchSettings& settings, HeuristicKind heuristic) {
    const std::string maps = std::string(grid::topology_type_name(topology)) + " maps";
    auto fail = [](std::string message, Setting setting, std::string_view value) -> Status {
        return Error{"", 0, 0, std::move(message), setting, std::string(value)};
    };
    if (settings.moves != Moves::eight || settings.moves_chosen) {
        return fail("{{moves}} does not apply to " + maps + " (every neighbour of a cell is one step away)",
                    Setting::moves, to_string(settings.moves));
    }
    if (settings.diagonal != DiagonalRule::both_free || settings.diagonal_chosen) {
        return fail("{{diagonal_rule}} does not apply to " + maps + " (there are no diagonal steps)",
                    Setting::diagonal_rule, to_string(settings.diagonal));
    }
    if (settings.algorithm == Algorithm::jps || settings.algorithm == Algorithm::jps_plus) {
        return fail(setting_placeholder(Setting::algorithm, to_string(settings.algorithm)) + " does not apply to " +
                        maps +
                        " (jump point search is for square cells); use {{algorithm=astar}}, {{algorithm=auto}} or "
                        "{{algorithm=flowfield}}",
                    Setting::algorithm, to_string(settings.algorithm));
    }
    if (!fits_shape(heuristic, topology)) {
        return fail(
            setting_placeholder(Setting::heuristic, to_string(heuristic)) + " overestimates on " + maps + "; use " +
                (topology == grid::Topology::hex ? "auto, hex, chebyshev or zero"
                                                 : "auto, triangle, manhattan, octile, euclidean, chebyshev or zero"),
            Setting::heuristic, to_string(heuristic));
    }
    return Success{};
}

}  // namespace

Status check_jump_point_settings(const grid::Grid& grid, const SearchSettings& settings) {
    auto fail = [&settings](const std::string& reason) -> Status {
        return Error{"",
                     0,
                     0,
                     "jump point search needs the benchmark rule (8-connected moves, both-free diagonals, "
                     "uniform cost): " +
                         reason,
                     Setting::algorithm,
                     std::string(to_string(settings.algorithm))};
    };
    if (grid.topology() != grid::Topology::square) {
        return fail("this is a " + std::string(grid::topology_type_name(grid.topology())) +
                    " map, not a square grid; use {{algorithm=astar}}");
    }
    if (settings.moves != Moves::eight) return fail("{{moves=4}} is set; use {{algorithm=astar}}");
    if (settings.diagonal != DiagonalRule::both_free || settings.diagonal_chosen) {
        return fail(setting_placeholder(Setting::diagonal_rule, to_string(settings.diagonal)) +
                    " is set; use {{algorithm=astar}}");
    }
    if (!grid.uniform_cost()) {
        return fail("this map's passable terrain has different costs or movement layers; use {{algorithm=astar}}");
    }
    if (settings.weight != 1.0) return fail("it finds optimal paths only (no {{weight}}); use {{algorithm=astar}}");
    if (resolve_heuristic(settings.heuristic, settings.moves) != HeuristicKind::octile) {
        return fail("it uses the octile heuristic only; use {{heuristic=auto}} or octile, or {{algorithm=astar}}");
    }
    if (settings.fallback != Fallback::none) {
        return fail("{{fallback=nearest}} needs every reachable cell, which it never visits; use {{algorithm=astar}}");
    }
    return Success{};
}

Status check_shape_settings(const grid::Grid& grid, const SearchSettings& settings) {
    if (grid.topology() == grid::Topology::square) return Success{};
    return check_shaped_settings(grid.topology(), settings,
                                 resolve_heuristic(settings.heuristic, settings.moves, grid.topology()));
}

namespace {

/// The algorithm a Solver runs for `settings` on `grid` (auto resolved), or why it cannot run one.
Expected<Algorithm> concrete_algorithm(const grid::Grid& grid, const SearchSettings& settings) {
    switch (settings.algorithm) {
        case Algorithm::automatic:
            if (settings.goal_bounds) {  // they serve JPS+ alone
                if (Status fits = check_jump_point_settings(grid, settings); !fits) return fits.error();
                return Algorithm::jps_plus;
            }
            // Jump point search where the benchmark rule holds and no expansion limit is set (its
            // expansions count jump points, not cells); A* otherwise.
            return check_jump_point_settings(grid, settings) && settings.max_expansions == 0 ? Algorithm::jps
                                                                                             : Algorithm::astar;
        case Algorithm::astar:
            return Algorithm::astar;
        case Algorithm::jps:
        case Algorithm::jps_plus:
            if (Status fits = check_jump_point_settings(grid, settings); !fits) return fits.error();
            return settings.algorithm;
        case Algorithm::oracle:
            return Error{
                "", 0, 0,
                "the oracle answers from a file built by `swarmpath precompute` (batch::Oracle), not from a Solver"};
        case Algorithm::flowfield:
            // Goal fields answer groups of queries (batch::CrowdSolver, `solve`, `field`), not one.
            return Error{
                "", 0, 0,
                "{{algorithm=flowfield}} answers goal groups (solve, field); one query is searched with astar, "
                "jps, jps+ or auto"};
        default:
            return Error{"", 0, 0,
                         "algorithm " + std::string(to_string(settings.algorithm)) + " is not available in this build"};
    }
}

}  // namespace

Expected<Solver> Solver::create(const grid::Grid& grid, const SearchSettings& settings,
                                const Preparation& preparation) {
    auto fail = [](std::string message) -> Error { return Error{"", 0, 0, std::move(message)}; };
    // A default-constructed Grid has no cells: only Grid::build makes a grid a search can run on.
    if (grid.width() == 0 || grid.height() == 0) return fail("the grid is empty (build it with Grid::build)");
    const grid::Topology topology = grid.topology();
    if (settings.topology && *settings.topology != topology) {
        return fail("the settings are for " + std::string(grid::topology_type_name(*settings.topology)) +
                    " maps, but the grid is a " + std::string(grid::topology_type_name(topology)) + " map");
    }
    if (!std::isfinite(settings.weight) || settings.weight < 1.0 || settings.weight > 1000.0) {
        return fail("{{weight}} must be a number from 1 to 1000");
    }
    const bool shaped = topology != grid::Topology::square;
    Solver solver;
    solver.grid_ = &grid;
    solver.settings_ = settings;
    solver.settings_.topology = topology;
    solver.heuristic_ = resolve_heuristic(settings.heuristic, settings.moves, topology);
    if (shaped) {
        if (Status fits = check_shaped_settings(topology, settings, solver.heuristic_); !fits) return fits.error();
    } else if (solver.heuristic_ == HeuristicKind::hex || solver.heuristic_ == HeuristicKind::triangle) {
        return fail(setting_placeholder(Setting::heuristic, to_string(solver.heuristic_)) + " is for " +
                    std::string(to_string(solver.heuristic_)) + " maps; this map has square cells");
    } else if (!is_admissible(solver.heuristic_, settings.moves, settings.diagonal) && !settings.allow_inadmissible) {
        return fail(setting_placeholder(Setting::heuristic, to_string(solver.heuristic_)) + " overestimates with " +
                    std::string(to_string(settings.moves)) +
                    "-connected moves; choose another or accept suboptimal paths with an explicit {{weight}}");
    }
    solver.weight_fixed_ = static_cast<std::uint64_t>(std::llround(settings.weight * 65536.0));
    Expected<Algorithm> algorithm = concrete_algorithm(grid, settings);
    if (!algorithm) return algorithm.error();
    solver.algorithm_ = *algorithm;
    if (Status bounds_fit = check_goal_bounds(grid, settings, solver.algorithm_); !bounds_fit)
        return bounds_fit.error();
    solver.components_ =
        preparation.components
            ? preparation.components
            : std::make_shared<const Components>(Components::compute(grid, settings.moves, settings.diagonal));
    const best_first::KeyBounds bounds =
        best_first::key_bounds(grid, best_first::dearest_step(grid), solver.weight_fixed_);
    PickedSearch picked;
    // Large maps' JPS and JPS+ searches find their nodes through a hash table while they stay small.
    const bool hashed = best_first::NodeTable::hashes_nodes(grid.padded_cell_count());
    auto hashing = hashed ? std::make_shared<const best_first::HashingChoice>() : nullptr;
    if (solver.algorithm_ == Algorithm::jps) {
        auto lines = preparation.jump_grid ? preparation.jump_grid : std::make_shared<const JumpPointGrid>(grid);
        // The diagonal walk the grid chose (it keeps its choice through refreshes), compiled in.
        picked = pick_jump_search(lines->diagonal_lines() ? JumpForm::online_lines : JumpForm::online_cells, hashed);
        solver.prepared_ = std::make_shared<const PreparedJumpPoints>(
            PreparedJumpPoints{std::move(lines), bounds, std::move(hashing)});
    } else if (solver.algorithm_ == Algorithm::jps_plus) {
        solver.prepared_ = std::make_shared<const PreparedJumpTable>(PreparedJumpTable{
            preparation.jump_table
                ? preparation.jump_table
                : std::make_shared<const JumpPointTable>(JumpPointTable::build(grid, preparation.parallel)),
            bounds, settings.goal_bounds, std::move(hashing)});
        picked = pick_jump_search(settings.goal_bounds ? JumpForm::table_bounded : JumpForm::table, hashed);
    } else if (shaped) {
        solver.prepared_ =
            std::make_shared<const PreparedAstar>(PreparedAstar{compute_shaped_legal_moves(grid), bounds});
        picked = pick_shaped_astar(topology, grid.uniform_cost(), solver.heuristic_);
    } else {
        solver.prepared_ = std::make_shared<const PreparedAstar>(
            PreparedAstar{compute_legal_moves(grid, settings.moves, settings.diagonal), bounds});
        picked = pick_astar(settings.moves, settings.diagonal, grid.uniform_cost(), solver.heuristic_);
    }
    solver.search_ = picked.search;
    // The search's code into the caches now, so that the first query does not fetch it miss by miss.
    core::warm_code(picked.code, kWarmCodeBefore, kWarmCodeAfter);
    return solver;
}

const JumpPointGrid* Solver::jump_grid() const {
    const auto* prepared = std::get_if<std::shared_ptr<const PreparedJumpPoints>>(&prepared_);
    return prepared != nullptr ? (*prepared)->lines.get() : nullptr;
}

const JumpPointTable* Solver::jump_table() const {
    const auto* prepared = std::get_if<std::shared_ptr<const PreparedJumpTable>>(&prepared_);
    return prepared != nullptr ? (*prepared)->table.get() : nullptr;
}

void Solver::prepare(SearchContext& context) const {
    // The room a JPS+ table, or online JPS's lines, set aside for one search state (each in pages its
    // build faulted in).
    const core::LentPages* lender = nullptr;
    if (const JumpPointTable* table = jump_table()) {
        lender = &table->search_pages();
    } else if (const JumpPointGrid* lines = jump_grid()) {
        lender = &lines->search_pages();
    }
    context.state().prepare(grid_->padded_cell_count(), lender);
}

Result Solver::solve(SearchContext& context, const Query& query) const {
    Result result;
    solve(context, query, result);
    return result;
}

void Solver::solve(SearchContext& context, const Query& query, Result& result) const {
    solve(context, query, result, 0);
}

void Solver::solve(SearchContext& context, const Query& query, Result& result, std::uint64_t expansion_limit) const {
    if (!settings_.time_queries) {
        solve_untimed(context, query, result, expansion_limit);
        return;
    }
    const auto before = std::chrono::steady_clock::now();
    solve_untimed(context, query, result, expansion_limit);
    result.nanoseconds = core::elapsed_nanoseconds(before);
}

void Solver::solve_untimed(SearchContext& context, const Query& query, Result& result,
                           std::uint64_t expansion_limit) const {
    const grid::Grid& grid = *grid_;
    result.cost = 0;
    result.cost_units = 0;
    result.counters = {};
    result.path.clear();
    result.nanoseconds = 0;
    // A query not yet started when the batch is cancelled is answered without searching.
    if (settings_.cancel != nullptr && settings_.cancel->cancelled()) {
        result.status = QueryStatus::cancelled;
        return;
    }
    if (!grid.contains(query.start_x, query.start_y) || !grid.contains(query.goal_x, query.goal_y)) {
        result.status = QueryStatus::invalid;
        return;
    }
    Endpoints endpoints{};
    endpoints.start_x = static_cast<std::uint32_t>(query.start_x);
    endpoints.start_y = static_cast<std::uint32_t>(query.start_y);
    endpoints.goal_x = static_cast<std::uint32_t>(query.goal_x);
    endpoints.goal_y = static_cast<std::uint32_t>(query.goal_y);
    endpoints.start = grid.padded(endpoints.start_x, endpoints.start_y).value;
    endpoints.goal = grid.padded(endpoints.goal_x, endpoints.goal_y).value;
    const bool nearest = settings_.fallback == Fallback::nearest;
    if (!grid.passable(grid::PaddedIndex{endpoints.start})) {
        result.status = QueryStatus::start_blocked;
        return;
    }
    if (!grid.passable(grid::PaddedIndex{endpoints.goal}) && !nearest) {
        result.status = QueryStatus::goal_blocked;
        return;
    }
    if (endpoints.start == endpoints.goal) {
        result.status = QueryStatus::found;
        if (settings_.record_paths) result.path.push_back(grid.cell(endpoints.start_x, endpoints.start_y));
        return;
    }
    if (!components_->connected(grid::PaddedIndex{endpoints.start}, grid::PaddedIndex{endpoints.goal}) && !nearest) {
        result.status = QueryStatus::no_path;
        return;
    }
    endpoints.stop = StopConditions::for_query(settings_);
    if (expansion_limit != 0 &&
        (endpoints.stop.max_expansions == 0 || expansion_limit < endpoints.stop.max_expansions)) {
        endpoints.stop.max_expansions = expansion_limit;
    }
    SearchState& state = context.state();
    if (state.capacity() < grid.padded_cell_count()) prepare(context);
    search_(*this, state, endpoints, result);
}

}  // namespace swarmpath::search
