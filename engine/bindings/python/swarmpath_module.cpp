// The `swarmpath` Python module (pybind11, NumPy): grids from Moving AI files or NumPy arrays, a
// Solver for single queries and GIL-free batches, scenario files and goal fields, all as NumPy
// arrays. Assumes Debian's pybind11 2.10+ and NumPy; built by engine/bindings/python/CMakeLists.txt.
//
// Conventions: coordinates are (x, y), x the column and y the row, (0, 0) top left; paths are
// (k, 2) int64 arrays of [x, y] rows, start first; 2-D grid arrays are indexed [y, x] (NumPy's row,
// column). Per-query outcomes are status strings ("found", "no_path", "start_blocked",
// "goal_blocked", "invalid", "partial", "node_limit"); bad arguments raise TypeError or ValueError,
// a missing file FileNotFoundError, an unreadable or malformed one ValueError naming file and line.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "flat_queries.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/solver.hpp"
#include "swarmpath/search/types.hpp"

namespace py = pybind11;
using namespace swarmpath;

namespace {

[[noreturn]] void raise(PyObject* type, const std::string& message) {
    PyErr_SetString(type, message.c_str());
    throw py::error_already_set();
}

/// A failed read: FileNotFoundError when the file is not there, ValueError (naming file, line and
/// column) when it is but cannot be read or parsed.
[[noreturn]] void raise_file_error(const std::string& path, const Error& error) {
    std::error_code ignored;
    if (!std::filesystem::exists(path, ignored)) raise(PyExc_FileNotFoundError, error.describe());
    raise(PyExc_ValueError, error.describe());
}

/// The engine's letters-to-costs table: the benchmark's, with `terrain` applied, which is None, a
/// spec string "LETTER=COST,..." (COST a number or inf) or a dict {letter: cost}.
grid::TerrainTable terrain_table(const py::object& terrain, grid::TerrainTable base = grid::TerrainTable::benchmark()) {
    if (terrain.is_none()) return base;
    std::string spec;
    if (py::isinstance<py::str>(terrain)) {
        spec = terrain.cast<std::string>();
    } else if (py::isinstance<py::dict>(terrain)) {
        for (auto [key, value] : terrain.cast<py::dict>()) {
            const std::string letter = py::str(key).cast<std::string>();
            const double cost = value.cast<double>();
            if (!spec.empty()) spec += ',';
            spec += letter + '=' + (std::isinf(cost) ? std::string("inf") : py::str(py::float_(cost)).cast<std::string>());
        }
    } else {
        raise(PyExc_TypeError, "terrain must be None, a spec string such as \"W=2,T=inf\" or a dict {letter: cost}");
    }
    if (spec.empty()) return base;
    Expected<grid::TerrainTable> table = io::parse_terrain_spec(spec, base, "terrain");
    if (!table) raise(PyExc_ValueError, table.error().describe());
    return *table;
}

/// A map's letters with the terrain they were read under, and the grid built from them.
struct PythonGrid {
    std::shared_ptr<const io::MapFile> map;
    grid::TerrainTable terrain;
    std::shared_ptr<const grid::Grid> grid;

    static PythonGrid build(io::MapFile map, const grid::TerrainTable& terrain) {
        Expected<grid::Grid> built = grid::Grid::build(map, terrain);
        if (!built) raise(PyExc_ValueError, built.error().describe());
        return {std::make_shared<const io::MapFile>(std::move(map)), terrain,
                std::make_shared<const grid::Grid>(std::move(*built))};
    }

    static PythonGrid from_file(const std::string& path, const py::object& terrain) {
        const grid::TerrainTable table = terrain_table(terrain);
        Expected<io::MapFile> map = io::read_map_file(path, table);
        if (!map) raise_file_error(path, map.error());
        return build(std::move(*map), table);
    }

    static PythonGrid from_array(const py::array& source, const py::object& terrain, const std::string& topology);

    [[nodiscard]] py::array_t<bool> passable() const {
        py::array_t<bool> cells({grid->height(), grid->width()});
        auto view = cells.mutable_unchecked<2>();
        for (std::uint32_t y = 0; y < grid->height(); ++y) {
            for (std::uint32_t x = 0; x < grid->width(); ++x) view(y, x) = grid->passable(x, y);
        }
        return cells;
    }

    /// The cost of entering each cell (inf where blocked), as terrain gives it.
    [[nodiscard]] py::array_t<double> costs() const {
        py::array_t<double> cells({grid->height(), grid->width()});
        auto view = cells.mutable_unchecked<2>();
        for (std::uint32_t y = 0; y < grid->height(); ++y) {
            for (std::uint32_t x = 0; x < grid->width(); ++x) {
                const grid::TerrainRule& rule = terrain.rule(map->letter(x, y));
                view(y, x) = rule.passable ? rule.cost : INFINITY;
            }
        }
        return cells;
    }

    [[nodiscard]] py::array letters() const {
        py::array bytes(py::dtype("S1"), {grid->height(), grid->width()});
        std::copy(map->letters.begin(), map->letters.end(), static_cast<char*>(bytes.mutable_data()));
        return bytes.attr("astype")("U1");
    }
};

PythonGrid PythonGrid::from_array(const py::array& source, const py::object& terrain, const std::string& topology) {
    if (!grid::topology_from_type(topology)) {
        raise(PyExc_ValueError, "topology must be \"octile\", \"hex\" or \"triangle\", not \"" + topology + "\"");
    }
    if (source.ndim() != 2) {
        raise(PyExc_ValueError, "Grid.from_array needs a 2-D array indexed [y, x], not " + std::to_string(source.ndim()) + "-D");
    }
    const auto height = static_cast<std::uint64_t>(source.shape(0));
    const auto width = static_cast<std::uint64_t>(source.shape(1));
    if (width == 0 || height == 0) raise(PyExc_ValueError, "Grid.from_array needs at least one row and one column");
    if (width > io::kMaximumSide || height > io::kMaximumSide || width * height > io::kMaximumCells) {
        raise(PyExc_ValueError, "the array is larger than the engine's largest map (" +
                                    std::to_string(io::kMaximumSide) + " cells a side, " +
                                    std::to_string(io::kMaximumCells) + " cells)");
    }
    io::MapFile map;
    map.path = "array";
    map.type = topology;  // the cell shape, as a map file's `type` line names it
    map.width = static_cast<std::uint32_t>(width);
    map.height = static_cast<std::uint32_t>(height);
    map.letters.resize(static_cast<std::size_t>(width * height));
    const char kind = source.dtype().kind();
    if (kind == 'b' || kind == 'i' || kind == 'u') {
        // Passability: nonzero (True) is ground '.', zero (False) is blocked '@'; uniform cost.
        py::array_t<bool> cells = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(source);
        const bool* data = cells.data();
        for (std::size_t index = 0; index < map.letters.size(); ++index) map.letters[index] = data[index] ? '.' : '@';
        return build(std::move(map), terrain_table(terrain));
    }
    if (kind == 'f') {
        // Costs: each distinct finite positive cost becomes a terrain letter of that cost; inf is blocked.
        py::array_t<double> cells = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(source);
        const double* data = cells.data();
        grid::TerrainTable table;
        table.declare('@', false, 1.0);
        std::map<double, char> letter_of_cost;
        unsigned next_letter = '!';
        for (std::size_t index = 0; index < map.letters.size(); ++index) {
            const double cost = data[index];
            if (std::isnan(cost) || cost <= 0) {
                raise(PyExc_ValueError, "cell (" + std::to_string(index % width) + ", " + std::to_string(index / width) +
                                            ") has cost " + std::to_string(cost) + ": costs must be positive, or inf for blocked");
            }
            if (std::isinf(cost)) {
                map.letters[index] = '@';
                continue;
            }
            auto [entry, inserted] = letter_of_cost.try_emplace(cost, '\0');
            if (inserted) {
                if (next_letter == '@') ++next_letter;
                if (next_letter > 255) raise(PyExc_ValueError, "a cost array may hold at most 222 distinct costs");
                entry->second = static_cast<char>(next_letter++);
                table.declare(entry->second, true, cost);
            }
            map.letters[index] = entry->second;
        }
        if (!terrain.is_none()) raise(PyExc_ValueError, "terrain applies to letter grids; a cost array carries its own costs");
        return build(std::move(map), table);
    }
    if (kind == 'U' || kind == 'S') {
        // Letters, through the terrain table (benchmark letters by default).
        py::array letters = py::array::ensure(source.attr("astype")("U1"), py::array::c_style);
        const auto* data = static_cast<const std::uint32_t*>(letters.data());  // UCS-4 code points
        for (std::size_t index = 0; index < map.letters.size(); ++index) {
            if (data[index] == 0 || data[index] > 127) {
                raise(PyExc_ValueError, "cell (" + std::to_string(index % width) + ", " + std::to_string(index / width) +
                                            ") is not a single ASCII terrain letter");
            }
            map.letters[index] = static_cast<char>(data[index]);
        }
        return build(std::move(map), terrain_table(terrain));
    }
    raise(PyExc_TypeError, std::string("Grid.from_array takes a bool or integer array (passability), a float array "
                                       "(costs) or a str array (terrain letters), not dtype ") +
                               py::str(source.dtype()).cast<std::string>());
}

search::Algorithm parse_algorithm(const std::string& name) {
    if (name == "auto") return search::Algorithm::automatic;
    if (name == "astar") return search::Algorithm::astar;
    if (name == "jps") return search::Algorithm::jps;
    if (name == "jps+" || name == "jps_plus") return search::Algorithm::jps_plus;
    raise(PyExc_ValueError, "algorithm must be \"auto\", \"astar\", \"jps\" or \"jps+\", not \"" + name + "\"");
}

search::DiagonalRule parse_diagonal_rule(const std::string& name) {
    if (name == "both-free" || name == "both_free") return search::DiagonalRule::both_free;
    if (name == "one-free" || name == "one_free") return search::DiagonalRule::one_free;
    if (name == "any") return search::DiagonalRule::any;
    raise(PyExc_ValueError, "diagonal_rule must be \"both-free\", \"one-free\" or \"any\", not \"" + name + "\"");
}

search::HeuristicKind parse_heuristic(const std::string& name) {
    for (auto kind : {search::HeuristicKind::octile, search::HeuristicKind::manhattan, search::HeuristicKind::euclidean,
                      search::HeuristicKind::chebyshev, search::HeuristicKind::zero, search::HeuristicKind::hex,
                      search::HeuristicKind::triangle}) {
        if (name == search::to_string(kind)) return kind;
    }
    if (name == "auto") return search::HeuristicKind::automatic;
    raise(PyExc_ValueError, "heuristic must be auto, octile, manhattan, euclidean, chebyshev, zero, hex or triangle, not \"" + name + "\"");
}

/// (k, 2) int64 array of [x, y] rows from cell indices of a grid `width` wide.
py::array_t<std::int64_t> path_array(const std::vector<grid::CellIndex>& path, std::uint32_t width) {
    py::array_t<std::int64_t> cells({static_cast<py::ssize_t>(path.size()), py::ssize_t{2}});
    std::int64_t* data = cells.mutable_data();
    for (std::size_t index = 0; index < path.size(); ++index) {
        data[2 * index] = path[index].value % width;
        data[2 * index + 1] = path[index].value / width;
    }
    return cells;
}

/// A 1-D array of `count` values taken from each result by `field`.
template <class Value, class Field>
py::array_t<Value> column(const std::vector<search::Result>& results, Field field) {
    py::array_t<Value> values(static_cast<py::ssize_t>(results.size()));
    Value* data = values.mutable_data();
    for (std::size_t index = 0; index < results.size(); ++index) data[index] = static_cast<Value>(field(results[index]));
    return values;
}

std::pair<std::int64_t, std::int64_t> cell_argument(const py::object& cell, const char* what) {
    py::sequence pair;
    try {
        pair = cell.cast<py::sequence>();
    } catch (const py::cast_error&) {
        raise(PyExc_TypeError, std::string(what) + " must be an (x, y) pair of integers");
    }
    if (pair.size() != 2) raise(PyExc_ValueError, std::string(what) + " must be an (x, y) pair, not " + std::to_string(pair.size()) + " values");
    const py::object x = pair[0];
    const py::object y = pair[1];
    // Integers only (Python or NumPy ints, anything with __index__): 1.5 is an error, not cell 1.
    if (!PyIndex_Check(x.ptr()) || !PyIndex_Check(y.ptr()) || py::isinstance<py::bool_>(x) || py::isinstance<py::bool_>(y)) {
        raise(PyExc_TypeError, std::string(what) + " must be an (x, y) pair of integers");
    }
    try {
        return {py::int_(x).cast<std::int64_t>(), py::int_(y).cast<std::int64_t>()};
    } catch (const py::cast_error&) {
        raise(PyExc_ValueError, std::string(what) + " coordinates do not fit in 64 bits");
    }
}

struct PythonResult {
    std::string status;
    double cost = 0;
    py::array_t<std::int64_t> path;
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
};

struct PythonBatch {
    py::array_t<double> costs;
    py::array statuses;
    py::array_t<std::uint8_t> status_codes;
    py::array_t<std::uint64_t> expanded;
    py::array_t<std::uint64_t> generated;
    py::object paths;
    double seconds = 0;   ///< wall time of the solve, GIL released
    double started = 0;   ///< steady-clock seconds when the solve began (comparable within one process)
    double finished = 0;
};

struct PythonGoalField {
    py::array_t<double> costs;
    py::array_t<std::int8_t> directions;
    std::uint64_t expanded = 0;
};

double steady_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

class PythonSolver {
public:
    PythonSolver(const PythonGrid& source, const std::string& algorithm, int moves, const std::string& diagonal_rule,
                 const py::object& terrain, double weight, const std::string& heuristic, const std::string& fallback,
                 std::uint64_t max_expansions, bool record_paths)
        : grid_(source) {
        if (!terrain.is_none()) grid_ = PythonGrid::build(io::MapFile(*source.map), terrain_table(terrain, source.terrain));
        search::SearchSettings settings;
        settings.algorithm = parse_algorithm(algorithm);
        if (moves != 4 && moves != 8) raise(PyExc_ValueError, "moves must be 4 or 8, not " + std::to_string(moves));
        settings.moves = moves == 4 ? search::Moves::four : search::Moves::eight;
        settings.diagonal = parse_diagonal_rule(diagonal_rule);
        settings.heuristic = parse_heuristic(heuristic);
        settings.weight = weight;
        if (fallback != "none" && fallback != "nearest") {
            raise(PyExc_ValueError, "fallback must be \"none\" or \"nearest\", not \"" + fallback + "\"");
        }
        settings.fallback = fallback == "nearest" ? search::Fallback::nearest : search::Fallback::none;
        settings.max_expansions = max_expansions;
        settings.record_paths = record_paths;
        // Preparation (the JPS+ table) runs on a BatchSolver's workers, one per hardware thread.
        batch::BatchSolver preparers;
        Expected<search::Solver> created =
            search::Solver::create(*grid_.grid, settings, {.parallel = preparers.parallel_loop()});
        if (!created) raise(PyExc_ValueError, created.error().describe());
        solver_ = std::make_unique<search::Solver>(std::move(*created));
    }

    PythonResult solve(const py::object& start, const py::object& goal) {
        const auto [start_x, start_y] = cell_argument(start, "start");
        const auto [goal_x, goal_y] = cell_argument(goal, "goal");
        const grid::Grid& grid = *grid_.grid;
        for (auto [x, y, what] : {std::tuple{start_x, start_y, "start"}, std::tuple{goal_x, goal_y, "goal"}}) {
            if (!grid.contains(x, y)) {
                raise(PyExc_ValueError, std::string(what) + " (" + std::to_string(x) + ", " + std::to_string(y) +
                                            ") is off the " + std::to_string(grid.width()) + "x" +
                                            std::to_string(grid.height()) + " map");
            }
        }
        solver_->solve(context_, {start_x, start_y, goal_x, goal_y}, result_);
        return {std::string(search::to_string(result_.status)), result_.cost, path_array(result_.path, grid.width()),
                result_.counters.expanded, result_.counters.generated};
    }

    PythonBatch solve_batch(const py::object& queries_argument, unsigned threads, bool paths) {
        const py::array queries_array = py::array::ensure(queries_argument);
        if (!queries_array) raise(PyExc_TypeError, "queries must be an (N, 4) array of integers");
        const char kind = queries_array.dtype().kind();
        if (kind != 'i' && kind != 'u') {
            raise(PyExc_TypeError, "queries must hold integers (start x, start y, goal x, goal y), not dtype " +
                                       py::str(queries_array.dtype()).cast<std::string>());
        }
        if (queries_array.ndim() != 2 || queries_array.shape(1) != 4) {
            raise(PyExc_ValueError, "queries must be an (N, 4) array: start x, start y, goal x, goal y per row; got shape " +
                                        py::str(queries_array.attr("shape")).cast<std::string>());
        }
        const auto rows = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(queries_array);
        const auto count = static_cast<std::size_t>(rows.shape(0));
        const std::vector<search::Query> queries = bindings::queries_from_flat(rows.data(), count);
        std::vector<search::Result> results(count);
        PythonBatch batch;
        {
            py::gil_scoped_release released;  // the engine touches no Python object while it solves
            // The workers and their search contexts are kept from one call to the next (remade only
            // when the thread count changes), so a small batch pays for its searches, not for
            // starting threads and contexts again (issue 19). A BatchSolver runs one call at a time:
            // a call made while another Python thread's batch holds them gets workers of its own.
            std::unique_lock<std::mutex> lock(workers_mutex_, std::try_to_lock);
            std::optional<batch::BatchSolver> own;
            batch::BatchSolver* workers = nullptr;
            if (lock.owns_lock()) {
                if (!workers_ || workers_threads_ != threads) {
                    workers_ = std::make_unique<batch::BatchSolver>(threads);
                    workers_threads_ = threads;
                    workers_->prepare(grid_.grid->padded_cell_count());
                }
                workers = workers_.get();
            } else {
                workers = &own.emplace(threads);
            }
            batch.started = steady_seconds();
            workers->solve(*solver_, queries, results);
            batch.finished = steady_seconds();
        }
        batch.seconds = batch.finished - batch.started;
        batch.costs = column<double>(results, [](const search::Result& result) { return result.cost; });
        batch.status_codes = column<std::uint8_t>(results, [](const search::Result& result) { return result.status; });
        batch.statuses = status_names().attr("__getitem__")(batch.status_codes);
        batch.expanded = column<std::uint64_t>(results, [](const search::Result& result) { return result.counters.expanded; });
        batch.generated = column<std::uint64_t>(results, [](const search::Result& result) { return result.counters.generated; });
        if (paths && solver_->settings().record_paths) {
            py::list list(count);
            for (std::size_t index = 0; index < count; ++index) list[index] = path_array(results[index].path, grid_.grid->width());
            batch.paths = std::move(list);
        } else {
            batch.paths = py::none();
        }
        return batch;
    }

    PythonGoalField goal_field(const py::object& goal) {
        const auto [goal_x, goal_y] = cell_argument(goal, "goal");
        const grid::Grid& grid = *grid_.grid;
        if (!grid.contains(goal_x, goal_y)) {
            raise(PyExc_ValueError, "goal (" + std::to_string(goal_x) + ", " + std::to_string(goal_y) + ") is off the map");
        }
        const search::SearchSettings& settings = solver_->settings();
        search::FieldWorkspace workspace;
        search::GoalField field;
        {
            py::gil_scoped_release released;
            field = search::GoalField::compute(grid, settings.moves, settings.diagonal, static_cast<std::uint32_t>(goal_x),
                                               static_cast<std::uint32_t>(goal_y), {}, true, workspace);
        }
        PythonGoalField result;
        result.costs = py::array_t<double>({grid.height(), grid.width()});
        result.directions = py::array_t<std::int8_t>({grid.height(), grid.width()});
        auto costs = result.costs.mutable_unchecked<2>();
        auto directions = result.directions.mutable_unchecked<2>();
        for (std::uint32_t y = 0; y < grid.height(); ++y) {
            for (std::uint32_t x = 0; x < grid.width(); ++x) {
                const bool settled = field.settled(x, y);
                costs(y, x) = settled ? grid.to_real_cost(field.cost_units(x, y)) : INFINITY;
                const std::uint8_t direction = field.next_direction(x, y);
                directions(y, x) = direction == search::kNoDirection ? std::int8_t{-1} : static_cast<std::int8_t>(direction);
            }
        }
        result.expanded = field.counters().expanded;
        return result;
    }

    [[nodiscard]] std::string algorithm() const { return std::string(search::to_string(solver_->algorithm())); }
    [[nodiscard]] const PythonGrid& grid() const { return grid_; }

    /// NumPy array of the status names, indexed by status code. Made once and never freed, so no
    /// Python object is destroyed after the interpreter has finalised.
    static py::object status_names() {
        static const py::object* names = [] {
            py::list list;
            for (int status = 0; status < search::kQueryStatusCount; ++status) {
                list.append(std::string(search::to_string(static_cast<search::QueryStatus>(status))));
            }
            return new py::object(py::module_::import("numpy").attr("array")(list));
        }();
        return *names;
    }

private:
    PythonGrid grid_;
    std::unique_ptr<search::Solver> solver_;
    search::SearchContext context_;  // single queries run with the GIL held, so one context suffices
    search::Result result_;
    std::unique_ptr<batch::BatchSolver> workers_;  // solve_batch's workers, kept warm between calls
    unsigned workers_threads_ = 0;
    std::mutex workers_mutex_;  // held by the solve_batch call using workers_
};

struct PythonScenario {
    std::string path;
    std::string map_path;
    py::array_t<std::int64_t> queries;
    py::array_t<double> optimal;
    py::array_t<std::uint32_t> buckets;
    std::vector<std::string> map_names;
};

PythonScenario read_scenario(const std::string& path) {
    Expected<io::ScenarioFile> file = io::read_scenario_file(path);
    if (!file) raise_file_error(path, file.error());
    const std::vector<io::ScenarioRow>& rows = file->rows;
    PythonScenario scenario;
    scenario.path = path;
    scenario.map_path = rows.empty() ? std::string() : io::resolve_map_path(path, rows.front().map_name);
    scenario.queries = py::array_t<std::int64_t>({static_cast<py::ssize_t>(rows.size()), py::ssize_t{4}});
    scenario.optimal = py::array_t<double>(static_cast<py::ssize_t>(rows.size()));
    scenario.buckets = py::array_t<std::uint32_t>(static_cast<py::ssize_t>(rows.size()));
    bindings::write_flat_endpoints(rows, scenario.queries.mutable_data(), scenario.optimal.mutable_data());
    for (std::size_t index = 0; index < rows.size(); ++index) {
        scenario.buckets.mutable_data()[index] = rows[index].bucket;
        scenario.map_names.push_back(rows[index].map_name);
    }
    return scenario;
}

}  // namespace

PYBIND11_MODULE(swarmpath, module) {
    module.doc() =
        "Bulk grid pathfinding (A*, jump point search, goal fields) over Moving AI maps and NumPy arrays.\n"
        "Coordinates are (x, y): x the column, y the row, (0, 0) top left. 2-D arrays are indexed [y, x].";
    module.attr("__version__") = SWARMPATH_VERSION;
    module.attr("STATUSES") = PythonSolver::status_names();

    py::class_<PythonGrid>(module, "Grid", "An immutable map: passability, terrain letters and their costs.")
        .def_static("from_file", &PythonGrid::from_file, py::arg("path"), py::arg("terrain") = py::none(),
                    "Reads a Moving AI .map file. terrain: None, \"LETTER=COST,...\" (inf: blocked) or {letter: cost}.")
        .def_static("from_array", &PythonGrid::from_array, py::arg("array"), py::arg("terrain") = py::none(),
                    py::arg("topology") = "octile",
                    "Builds a grid from a 2-D array indexed [y, x]: bool or integers (nonzero: passable, uniform "
                    "cost), floats (the cost of entering each cell; inf: blocked; at most 222 distinct costs), or "
                    "one-character strings (Moving AI terrain letters, with `terrain` applied). topology: the cell "
                    "shape, \"octile\" (square cells), \"hex\" (pointy-top, odd rows shifted right) or \"triangle\" "
                    "(a cell points up when x + y is even).")
        .def_property_readonly("width", [](const PythonGrid& grid) { return grid.grid->width(); })
        .def_property_readonly("height", [](const PythonGrid& grid) { return grid.grid->height(); })
        .def_property_readonly("shape", [](const PythonGrid& grid) { return py::make_tuple(grid.grid->height(), grid.grid->width()); })
        .def_property_readonly("passable", &PythonGrid::passable, "(height, width) bool array")
        .def_property_readonly("costs", &PythonGrid::costs, "(height, width) float array: cost of entering each cell, inf where blocked")
        .def_property_readonly("letters", &PythonGrid::letters, "(height, width) array of terrain letters")
        .def_property_readonly("topology", [](const PythonGrid& grid) { return std::string(grid::topology_type_name(grid.grid->topology())); },
                               "cell shape, the map's `type`: \"octile\" (square cells), \"hex\" or \"triangle\"")
        .def("__repr__", [](const PythonGrid& grid) {
            return "<swarmpath.Grid " + std::to_string(grid.grid->width()) + "x" + std::to_string(grid.grid->height()) + ">";
        });

    py::class_<PythonResult>(module, "Result", "One query's answer.")
        .def_readonly("status", &PythonResult::status)
        .def_readonly("cost", &PythonResult::cost)
        .def_readonly("path", &PythonResult::path, "(k, 2) int64 array of [x, y], start first; empty when no path")
        .def_readonly("expanded", &PythonResult::expanded)
        .def_readonly("generated", &PythonResult::generated)
        .def_property_readonly("found", [](const PythonResult& result) { return result.status == "found"; })
        .def("__repr__", [](const PythonResult& result) {
            return "<swarmpath.Result " + result.status + " cost=" + py::str(py::float_(result.cost)).cast<std::string>() + ">";
        });

    py::class_<PythonBatch>(module, "BatchResult", "Many queries' answers, row i answering query i.")
        .def_readonly("costs", &PythonBatch::costs)
        .def_readonly("statuses", &PythonBatch::statuses, "status names (str array)")
        .def_readonly("status_codes", &PythonBatch::status_codes, "indices into swarmpath.STATUSES")
        .def_readonly("expanded", &PythonBatch::expanded)
        .def_readonly("generated", &PythonBatch::generated)
        .def_readonly("paths", &PythonBatch::paths, "list of (k, 2) int64 arrays, or None with paths=False")
        .def_readonly("seconds", &PythonBatch::seconds, "wall time of the solve (GIL released)")
        .def_readonly("started", &PythonBatch::started, "steady-clock seconds at the solve's start")
        .def_readonly("finished", &PythonBatch::finished, "steady-clock seconds at the solve's end");

    py::class_<PythonGoalField>(module, "GoalField", "Every cell's optimal cost to one goal.")
        .def_readonly("costs", &PythonGoalField::costs, "(height, width) float array; inf where the goal cannot be reached")
        .def_readonly("directions", &PythonGoalField::directions,
                      "(height, width) int8: first step 0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW; -1 none")
        .def_readonly("expanded", &PythonGoalField::expanded);

    py::class_<PythonSolver>(module, "Solver", "A grid bound to search settings; immutable apart from its own scratch.")
        .def(py::init<const PythonGrid&, const std::string&, int, const std::string&, const py::object&, double,
                      const std::string&, const std::string&, std::uint64_t, bool>(),
             py::arg("grid"), py::kw_only(), py::arg("algorithm") = "auto", py::arg("moves") = 8,
             py::arg("diagonal_rule") = "both-free", py::arg("terrain") = py::none(), py::arg("weight") = 1.0,
             py::arg("heuristic") = "auto", py::arg("fallback") = "none", py::arg("max_expansions") = 0,
             py::arg("record_paths") = true,
             "algorithm: auto, astar, jps, jps+; moves: 8 or 4; diagonal_rule: both-free (Moving AI), one-free, any; "
             "terrain: letter costs applied on top of the grid's; weight >= 1 (weighted A*); heuristic: auto, octile, "
             "manhattan, euclidean, chebyshev, zero, hex, triangle (moves, diagonal_rule, jps and the overestimating "
             "heuristics are refused on hex and triangle grids); fallback: none or nearest; max_expansions: 0 is unlimited.")
        .def("solve", &PythonSolver::solve, py::arg("start"), py::arg("goal"),
             "Solves one query from start (x, y) to goal (x, y). Raises ValueError for a cell off the map.")
        .def("solve_batch", &PythonSolver::solve_batch, py::arg("queries"), py::arg("threads") = 0, py::arg("paths") = true,
             "Solves an (N, 4) integer array of (start x, start y, goal x, goal y) on `threads` workers (0: all), "
             "with the GIL released. Rows off the map get status \"invalid\".")
        .def("goal_field", &PythonSolver::goal_field, py::arg("goal"),
             "Every cell's optimal cost to `goal` under this solver's moves, diagonal rule and terrain (GIL released).")
        .def_property_readonly("algorithm", &PythonSolver::algorithm, "the algorithm in force (auto resolved)")
        .def_property_readonly("grid", &PythonSolver::grid);

    py::class_<PythonScenario>(module, "Scenario", "A Moving AI .scen file's rows.")
        .def_readonly("path", &PythonScenario::path)
        .def_readonly("map_path", &PythonScenario::map_path, "row 0's map, resolved beside the scenario file")
        .def_readonly("queries", &PythonScenario::queries, "(N, 4) int64: start x, start y, goal x, goal y")
        .def_readonly("optimal", &PythonScenario::optimal, "(N,) float64 optimal lengths")
        .def_readonly("buckets", &PythonScenario::buckets)
        .def_readonly("map_names", &PythonScenario::map_names)
        .def("__len__", [](const PythonScenario& scenario) { return scenario.map_names.size(); });

    module.def("read_scenario", &read_scenario, py::arg("path"), "Reads a Moving AI .scen file.");
}
