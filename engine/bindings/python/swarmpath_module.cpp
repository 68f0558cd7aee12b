// The extension of the `swarmpath` Python package, swarmpath._core (pybind11, NumPy), re-exported by
// swarmpath/__init__.py: grids from Moving AI files or NumPy array-likes, a Solver for single
// queries and GIL-free, interruptible batches, scenario files and goal fields, all as NumPy arrays.
// Assumes Debian's pybind11 2.10+ and NumPy; built by engine/bindings/python/CMakeLists.txt.
//
// Conventions: coordinates are (x, y), x the column and y the row, (0, 0) top left; paths are
// (k, 2) int64 arrays of [x, y] rows, start first; 2-D grid arrays are indexed [y, x] (NumPy's row,
// column), and a cell of one is named by row and column in errors. Per-query outcomes are members
// of the str-valued enum swarmpath.Status ("found", "no_path", ...); bad arguments raise TypeError
// or ValueError worded in keyword arguments, a missing file FileNotFoundError, an unreadable or
// malformed one ValueError naming file and line, an allocation that fails MemoryError.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include <sys/types.h>
#include <unistd.h>

#include "cell_edits.hpp"
#include "flat_queries.hpp"
#include "search/moves.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/crowd_solver.hpp"
#include "swarmpath/batch/editable_map.hpp"
#include "swarmpath/batch/path_oracle.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/grid/agent_grid.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/field_file.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/goal_bounds.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/goal_field_record.hpp"
#include "swarmpath/search/path_shapes.hpp"
#include "swarmpath/search/solver.hpp"
#include "swarmpath/search/types.hpp"

namespace py = pybind11;
using namespace swarmpath;

namespace {

[[noreturn]] void raise(PyObject* type, const std::string& message) {
    PyErr_SetString(type, message.c_str());
    throw py::error_already_set();
}

/// A setting as this module names it: its keyword argument, with the value as Python spells it
/// (`moves=4`, `algorithm="astar"`). The engine writes settings as placeholders
/// (core/settings_words.hpp); every engine message reaches Python through this wording.
std::string python_setting_wording(Setting setting, std::string_view value) {
    std::string keyword(setting_key(setting));
    if (setting == Setting::deadline) keyword = "deadline_ms";
    keyword.append("=");
    if (value.empty()) return keyword;
    const bool number = setting == Setting::moves || setting == Setting::weight || setting == Setting::max_expansions ||
                        setting == Setting::deadline || setting == Setting::threads || setting == Setting::agent_size;
    return number ? keyword.append(value) : keyword.append("\"").append(value).append("\"");
}

/// An engine message (not a whole Error) in this module's words.
std::string in_python_words(const std::string& message) { return word_message(message, python_setting_wording); }

/// A ValueError carrying an engine Error, in this module's words.
[[noreturn]] void raise_engine_error(const Error& error) {
    raise(PyExc_ValueError, error.describe(python_setting_wording));
}

/// A file path argument: str, bytes or os.PathLike (os.fspath), refused with ValueError when it
/// holds a NUL byte (the file system would see only the part before it).
std::string path_argument(const py::object& path, const char* keyword) {
    py::object text;
    try {
        text = py::module_::import("os").attr("fsdecode")(path);
    } catch (const py::error_already_set& error) {
        if (!error.matches(PyExc_TypeError)) throw;
        raise(PyExc_TypeError, std::string(keyword) + " must be a str, bytes or os.PathLike path, not " +
                                   py::str(py::type::of(path).attr("__name__")).cast<std::string>());
    }
    const std::string value = text.cast<std::string>();
    if (value.find('\0') != std::string::npos) {
        raise(PyExc_ValueError, std::string(keyword) + " holds a NUL byte: " + py::repr(text).cast<std::string>());
    }
    return value;
}

/// "row R, column C" of cell `index` in a grid `width` wide (row = y, column = x).
std::string row_and_column(std::size_t index, std::uint64_t width) {
    return "row " + std::to_string(index / width) + ", column " + std::to_string(index % width);
}

/// A failed read: FileNotFoundError when the file is not there, ValueError (naming file, line and
/// column) when it is but cannot be read or parsed.
[[noreturn]] void raise_file_error(const std::string& path, const Error& error) {
    std::error_code ignored;
    if (!std::filesystem::exists(path, ignored)) raise(PyExc_FileNotFoundError, error.describe());
    raise_engine_error(error);
}

/// A terrain cost given from Python as a number: passable with that cost, or blocked for inf.
/// Finite costs must lie in the engine's range, so that no path sum overflows.
void declare_terrain_cost(grid::TerrainTable& table, char letter, const py::handle& value, const std::string& where) {
    // Numbers are what float() takes without parsing: int, float, NumPy scalars; not str, not bool.
    if (py::isinstance<py::bool_>(value) || py::isinstance<py::str>(value) || !py::hasattr(value, "__float__")) {
        raise(PyExc_TypeError, where + ": a terrain cost must be a number (inf: blocked), not " +
                                   py::str(py::type::of(value).attr("__name__")).cast<std::string>());
    }
    const double cost = py::float_(py::reinterpret_borrow<py::object>(value)).cast<double>();
    if (std::isinf(cost) && cost > 0) {
        table.declare(letter, false, 1.0);
        return;
    }
    if (!(cost >= grid::kMinimumCost && cost <= grid::kMaximumCost)) {
        raise(PyExc_ValueError, where + ": cost " + py::repr(py::float_(cost)).cast<std::string>() +
                                    " is out of range: a terrain cost must be from 1e-06 to 1e+12 (so that path sums "
                                    "cannot overflow), or inf for blocked");
    }
    table.declare(letter, true, cost);
}

/// The engine's letters-to-costs table: `base` (the benchmark's by default) with `terrain` applied,
/// which is None, a spec string "LETTER=COST,..." (COST a number or inf) or a dict {letter: cost}
/// whose keys are one-character str and whose values are numbers.
grid::TerrainTable terrain_table(const py::object& terrain, grid::TerrainTable base = grid::TerrainTable::benchmark()) {
    if (terrain.is_none()) return base;
    if (py::isinstance<py::str>(terrain)) {
        const std::string spec = terrain.cast<std::string>();
        if (spec.empty()) return base;
        Expected<grid::TerrainTable> table = io::parse_terrain_spec(spec, base, "terrain");
        if (!table) {
            const Error& error = table.error();
            raise(PyExc_ValueError,
                  "terrain=" + py::repr(terrain).cast<std::string>() + ": " +
                      (error.column != 0 ? "at character " + std::to_string(error.column) + ": " : "") +
                      in_python_words(error.message));
        }
        return *table;
    }
    if (!py::isinstance<py::dict>(terrain)) {
        raise(PyExc_TypeError,
              "terrain must be None, a spec string such as \"W=2,T=inf\" or a dict {letter: cost}, not " +
                  py::str(py::type::of(terrain).attr("__name__")).cast<std::string>());
    }
    for (auto [key, value] : terrain.cast<py::dict>()) {
        if (!py::isinstance<py::str>(key)) {
            raise(PyExc_TypeError, "terrain keys must be one-character str letters, not " +
                                       py::str(py::type::of(key).attr("__name__")).cast<std::string>() + " " +
                                       py::repr(key).cast<std::string>());
        }
        const std::string letter = key.cast<std::string>();
        if (letter.size() != 1 || static_cast<unsigned char>(letter[0]) <= 32 ||
            static_cast<unsigned char>(letter[0]) >= 127) {
            raise(PyExc_ValueError, "terrain key " + py::repr(key).cast<std::string>() +
                                        " must be exactly one printable, non-space ASCII character");
        }
        declare_terrain_cost(base, letter[0], value, "terrain[" + py::repr(key).cast<std::string>() + "]");
    }
    return base;
}

/// An array argument: a NumPy array as it is, anything else (lists, array-likes) through
/// numpy.asarray, so conversion errors (MemoryError included) reach the caller as they are.
py::array array_argument(const py::object& source) {
    if (py::isinstance<py::array>(source)) return py::reinterpret_borrow<py::array>(source);
    return py::reinterpret_steal<py::array>(py::module_::import("numpy").attr("asarray")(source).release());
}

/// A C-contiguous copy (or view) of `source` as `Value`, or the exception NumPy raised making it
/// (MemoryError when the copy cannot be allocated): never a null array.
template <class Value>
py::array_t<Value, py::array::c_style | py::array::forcecast> contiguous(const py::array& source) {
    return py::array_t<Value, py::array::c_style | py::array::forcecast>(source);
}

/// The (height, width) of a 2-D grid array, checked against the engine's largest map.
std::pair<std::uint64_t, std::uint64_t> grid_shape(const py::array& source, const char* function) {
    if (source.ndim() != 2) {
        raise(PyExc_ValueError,
              std::string(function) + " needs a 2-D array indexed [y, x], not " + std::to_string(source.ndim()) + "-D");
    }
    const auto height = static_cast<std::uint64_t>(source.shape(0));
    const auto width = static_cast<std::uint64_t>(source.shape(1));
    if (width == 0 || height == 0)
        raise(PyExc_ValueError, std::string(function) + " needs at least one row and one column");
    if (width > io::kMaximumSide || height > io::kMaximumSide || width * height > io::kMaximumCells) {
        raise(PyExc_ValueError, "the array is larger than the engine's largest map (" +
                                    std::to_string(io::kMaximumSide) + " cells a side, " +
                                    std::to_string(io::kMaximumCells) + " cells)");
    }
    return {height, width};
}

/// The engine's one parser of cell-shape names (grid/topology.hpp): "square" (or "octile"), "hex", "triangle".
void check_topology(const std::string& topology) {
    if (Expected<grid::Topology> parsed = grid::parse_topology(topology); !parsed) {
        raise(PyExc_ValueError, parsed.error().describe(python_setting_wording));
    }
}

/// A map's letters with the terrain they were read under, and the grid built from them.
struct PythonGrid {
    std::shared_ptr<const io::MapFile> map;
    grid::TerrainTable terrain;
    std::shared_ptr<const grid::Grid> grid;

    static PythonGrid build(io::MapFile map, const grid::TerrainTable& terrain) {
        Expected<grid::Grid> built = grid::Grid::build(map, terrain);
        if (!built) raise_engine_error(built.error());
        return {std::make_shared<const io::MapFile>(std::move(map)), terrain,
                std::make_shared<const grid::Grid>(std::move(*built))};
    }

    static PythonGrid from_file(const py::object& path_object, const py::object& terrain) {
        const std::string path = path_argument(path_object, "path");
        const grid::TerrainTable table = terrain_table(terrain);
        Expected<io::MapFile> map = io::read_map_file(path, table);
        if (!map) raise_file_error(path, map.error());
        return build(std::move(*map), table);
    }

    static io::MapFile empty_map(std::uint64_t height, std::uint64_t width, const std::string& topology) {
        io::MapFile map;
        map.path = "array";
        map.type = topology == "square" ? "octile" : topology;  // the cell shape, as a map file's `type` line names it
        map.width = static_cast<std::uint32_t>(width);
        map.height = static_cast<std::uint32_t>(height);
        map.letters.resize(static_cast<std::size_t>(width * height));
        return map;
    }

    static PythonGrid from_array(const py::object& source, const py::object& terrain, const std::string& topology);
    static PythonGrid from_costs(const py::object& source, const py::object& blocked, const std::string& topology);

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

    /// The letters as a (height, width) str array, each byte its own code point (a cost array's
    /// generated letters may lie above ASCII).
    [[nodiscard]] py::array letters() const {
        py::array_t<std::uint32_t> codes({grid->height(), grid->width()});
        std::uint32_t* data = codes.mutable_data();
        for (std::size_t index = 0; index < map->letters.size(); ++index) {
            data[index] = static_cast<unsigned char>(map->letters[index]);
        }
        return codes.attr("view")("U1");
    }
};

/// Costs: each distinct passable cost becomes a terrain letter of that cost. Blocked: inf, NaN
/// and cells equal to `blocked`; any other cost must lie in the engine's range (1e-6 to 1e12).
template <class Value>
PythonGrid costs_to_grid(const Value* data, io::MapFile map, std::optional<double> blocked) {
    grid::TerrainTable table;
    table.declare('@', false, 1.0);
    std::map<double, char> letter_of_cost;
    unsigned next_letter = '!';
    for (std::size_t index = 0; index < map.letters.size(); ++index) {
        const auto cost = static_cast<double>(data[index]);
        if (std::isnan(cost) || (std::isinf(cost) && cost > 0) || (blocked && cost == *blocked)) {
            map.letters[index] = '@';
            continue;
        }
        if (!(cost >= grid::kMinimumCost && cost <= grid::kMaximumCost)) {
            raise(PyExc_ValueError,
                  "array: the cell at " + row_and_column(index, map.width) + " costs " +
                      py::repr(py::float_(cost)).cast<std::string>() +
                      ": costs must be from 1e-06 to 1e+12 (so that path sums cannot overflow); inf and NaN "
                      "mark blocked cells" +
                      (blocked ? "" : ", and blocked= names a value that does (such as blocked=0)"));
        }
        auto [entry, inserted] = letter_of_cost.try_emplace(cost, '\0');
        if (inserted) {
            if (next_letter == '@') ++next_letter;
            if (next_letter > 255) raise(PyExc_ValueError, "array: a cost array may hold at most 222 distinct costs");
            entry->second = static_cast<char>(next_letter++);
            table.declare(entry->second, true, cost);
        }
        map.letters[index] = entry->second;
    }
    return PythonGrid::build(std::move(map), table);
}

PythonGrid PythonGrid::from_costs(const py::object& source_object, const py::object& blocked_object,
                                  const std::string& topology) {
    check_topology(topology);
    const py::array source = array_argument(source_object);
    const char kind = source.dtype().kind();
    if (kind != 'i' && kind != 'u' && kind != 'f') {
        raise(PyExc_TypeError, "Grid.from_costs takes an integer or float array of costs, not dtype " +
                                   py::str(source.dtype()).cast<std::string>() +
                                   (kind == 'b' ? " (a bool array is passability: use Grid.from_array)" : ""));
    }
    std::optional<double> blocked;
    if (!blocked_object.is_none()) {
        if (py::isinstance<py::bool_>(blocked_object) || !py::hasattr(blocked_object, "__float__")) {
            raise(PyExc_TypeError, "blocked must be None or a number (the cost value that marks a blocked cell)");
        }
        blocked = py::float_(blocked_object).cast<double>();
    }
    const auto [height, width] = grid_shape(source, "Grid.from_costs");
    io::MapFile map = empty_map(height, width, topology);
    if (kind == 'f') return costs_to_grid(contiguous<double>(source).data(), std::move(map), blocked);
    if (kind == 'u') return costs_to_grid(contiguous<std::uint64_t>(source).data(), std::move(map), blocked);
    return costs_to_grid(contiguous<std::int64_t>(source).data(), std::move(map), blocked);
}

PythonGrid PythonGrid::from_array(const py::object& source_object, const py::object& terrain,
                                  const std::string& topology) {
    check_topology(topology);
    const py::array source = array_argument(source_object);
    const char kind = source.dtype().kind();
    if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f' && kind != 'U' && kind != 'S') {
        raise(PyExc_TypeError,
              std::string("Grid.from_array takes a bool array or an integer array of 0 and 1 "
                          "(passability), a float array (costs) or a str array (terrain letters), not dtype ") +
                  py::str(source.dtype()).cast<std::string>());
    }
    const auto [height, width] = grid_shape(source, "Grid.from_array");
    io::MapFile map = empty_map(height, width, topology);
    if (kind == 'b' || kind == 'i' || kind == 'u') {
        // Passability: True (1) is ground '.', False (0) is blocked '@'; uniform cost. Any other
        // integer is refused: it is likely a cost map, which from_costs reads.
        const auto cells = contiguous<std::int64_t>(source);
        const std::int64_t* data = cells.data();
        for (std::size_t index = 0; index < map.letters.size(); ++index) {
            if (data[index] != 0 && data[index] != 1) {
                raise(PyExc_ValueError, "Grid.from_array: the integer array holds " + std::to_string(data[index]) +
                                            " at " + row_and_column(index, width) +
                                            "; an integer array is passability, 1 passable and 0 blocked. For a cost "
                                            "map use Grid.from_costs(array, blocked=...); for nonzero-is-passable "
                                            "pass array != 0");
            }
            map.letters[index] = data[index] != 0 ? '.' : '@';
        }
        return build(std::move(map), terrain_table(terrain));
    }
    if (kind == 'f') {
        if (!terrain.is_none())
            raise(PyExc_ValueError, "terrain applies to letter grids; a cost array carries its own costs");
        return costs_to_grid(contiguous<double>(source).data(), std::move(map), std::nullopt);
    }
    // Letters, one per cell, through the terrain table (benchmark letters by default). Cells of
    // more than one character are refused, not cut to their first.
    const py::array letters = py::array(source.attr("astype")("U"));
    const auto characters = static_cast<std::size_t>(letters.itemsize()) / 4;
    const py::array contiguous_letters = py::array::ensure(letters, py::array::c_style);
    if (!contiguous_letters) throw py::error_already_set();
    const auto* data = static_cast<const std::uint32_t*>(contiguous_letters.data());  // UCS-4 code points
    const grid::TerrainTable table = terrain_table(terrain);
    for (std::size_t index = 0; index < map.letters.size(); ++index) {
        const std::uint32_t* cell = data + index * characters;
        const bool single = characters >= 1 && cell[0] != 0 &&
                            std::all_of(cell + 1, cell + characters, [](std::uint32_t code) { return code == 0; });
        if (!single || cell[0] > 127) {
            std::string shown;
            for (std::size_t offset = 0; offset < characters && cell[offset] != 0; ++offset) {
                shown += py::str(py::module_::import("builtins").attr("chr")(cell[offset])).cast<std::string>();
            }
            raise(PyExc_ValueError, "Grid.from_array: the cell at " + row_and_column(index, width) + " holds " +
                                        py::repr(py::str(shown)).cast<std::string>() +
                                        ": each cell must be exactly one ASCII terrain letter");
        }
        map.letters[index] = static_cast<char>(cell[0]);
        if (!table.rule(map.letters[index]).defined) {
            raise(PyExc_ValueError, "Grid.from_array: unknown terrain letter '" + std::string(1, map.letters[index]) +
                                        "' at " + row_and_column(index, width) + " (declare it with terrain=)");
        }
    }
    return build(std::move(map), table);
}

/// The value of an enumeration keyword, by the engine's one parser for it (search/types.hpp): the
/// names the command line and C accept; an unknown name is a ValueError listing the valid ones.
template <class Value>
Value parsed_or_raise(Expected<Value> parsed) {
    if (!parsed) raise(PyExc_ValueError, parsed.error().describe(python_setting_wording));
    return *parsed;
}

search::Algorithm parse_algorithm(const std::string& name) {
    if (name == "oracle") {
        raise(PyExc_ValueError,
              "algorithm=\"oracle\" answers from a file: use swarmpath.Oracle; a Solver takes \"auto\", "
              "\"astar\", \"jps\", \"jps+\" or \"flowfield\"");
    }
    return parsed_or_raise(search::parse_algorithm(name));
}

search::DiagonalRule parse_diagonal_rule(const std::string& name) {
    return parsed_or_raise(search::parse_diagonal_rule(name));
}

search::HeuristicKind parse_heuristic(const std::string& name) {
    return parsed_or_raise(search::parse_heuristic(name));
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
    for (std::size_t index = 0; index < results.size(); ++index)
        data[index] = static_cast<Value>(field(results[index]));
    return values;
}

std::pair<std::int64_t, std::int64_t> cell_argument(const py::object& cell, const char* what) {
    py::sequence pair;
    try {
        pair = cell.cast<py::sequence>();
    } catch (const py::cast_error&) {
        raise(PyExc_TypeError, std::string(what) + " must be an (x, y) pair of integers");
    }
    if (pair.size() != 2)
        raise(PyExc_ValueError,
              std::string(what) + " must be an (x, y) pair, not " + std::to_string(pair.size()) + " values");
    const py::object x = pair[0];
    const py::object y = pair[1];
    // Integers only (Python or NumPy ints, anything with __index__): 1.5 is an error, not cell 1.
    if (!PyIndex_Check(x.ptr()) || !PyIndex_Check(y.ptr()) || py::isinstance<py::bool_>(x) ||
        py::isinstance<py::bool_>(y)) {
        raise(PyExc_TypeError, std::string(what) + " must be an (x, y) pair of integers");
    }
    try {
        return {py::int_(x).cast<std::int64_t>(), py::int_(y).cast<std::int64_t>()};
    } catch (const py::cast_error&) {
        raise(PyExc_ValueError, std::string(what) + " coordinates do not fit in 64 bits");
    }
}

/// The query from `start` to `goal`, both (x, y) pairs on `grid`'s map; a ValueError names the
/// endpoint that is off it.
search::Query query_on_map(const grid::Grid& grid, const py::object& start, const py::object& goal) {
    const auto [start_x, start_y] = cell_argument(start, "start");
    const auto [goal_x, goal_y] = cell_argument(goal, "goal");
    for (auto [x, y, what] : {std::tuple{start_x, start_y, "start"}, std::tuple{goal_x, goal_y, "goal"}}) {
        if (!grid.contains(x, y)) {
            raise(PyExc_ValueError, std::string(what) + " (" + std::to_string(x) + ", " + std::to_string(y) +
                                        ") is off the " + std::to_string(grid.width()) + "x" +
                                        std::to_string(grid.height()) + " map");
        }
    }
    return {start_x, start_y, goal_x, goal_y};
}

/// The query statuses as Python sees them: `Status`, a str-valued enum.Enum subclass whose members
/// compare equal to their names ("found"); its members by status code; and the names by code, a
/// plain list (status_names() makes the NumPy array from it). Made once and never freed, so no
/// Python object is destroyed after the interpreter has finalised.
struct StatusVocabulary {
    py::object enumeration;
    py::tuple members;
    py::list names;
};

const StatusVocabulary& statuses() {
    static const StatusVocabulary* vocabulary = [] {
        const py::module_ enum_module = py::module_::import("enum");
        py::list pairs;
        py::list names;
        for (int status = 0; status < search::kQueryStatusCount; ++status) {
            const std::string name(search::to_string(static_cast<search::QueryStatus>(status)));
            pairs.append(py::make_tuple(name, name));
            names.append(name);
        }
        py::object enumeration;
        if (py::hasattr(enum_module, "StrEnum")) {
            enumeration = enum_module.attr("StrEnum")("Status", pairs, py::arg("module") = "swarmpath");
        } else {
            enumeration = enum_module.attr("Enum")("Status", pairs, py::arg("module") = "swarmpath",
                                                   py::arg("type") = py::type::of(py::str()));
        }
        auto* made = new StatusVocabulary;
        made->enumeration = enumeration;
        made->members = py::tuple(py::module_::import("builtins").attr("list")(enumeration));
        made->names = names;
        return made;
    }();
    return *vocabulary;
}

/// The status names by code in a read-only NumPy array, from which a batch's statuses are taken.
/// Made with the first batch, not on import: importing NumPy was 120 ms of `import swarmpath`'s
/// 130, which a program that never asks for a batch need not pay. Never freed, as statuses().
const py::object& status_names() {
    static const py::object* names = [] {
        auto* made = new py::object(py::module_::import("numpy").attr("array")(statuses().names));
        made->attr("setflags")(py::arg("write") = false);
        return made;
    }();
    return *names;
}

/// The cost a query reports: the path's for `found`, inf for every other status (an unsolved
/// query has no cost; a mean over costs then shows it instead of counting it as free).
double reported_cost(const search::Result& result) {
    return result.status == search::QueryStatus::found ? result.cost : INFINITY;
}

struct PythonResult {
    std::uint8_t status = 0;
    double cost = 0;
    double path_cost = 0;
    py::array_t<std::int64_t> path;
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
};

struct PythonBatch {
    py::array_t<double> costs;
    py::array_t<double> path_costs;
    py::array statuses;
    py::array_t<std::uint8_t> status_codes;
    py::array_t<std::uint64_t> expanded;
    py::array_t<std::uint64_t> generated;
    py::array_t<std::uint64_t> heap_operations;  ///< heap pushes, pops and decrease-keys of each query
    py::array_t<std::uint64_t> nanoseconds;      ///< wall time of each query's solve (0 where not timed)
    std::vector<search::Query> queries;          ///< as solved: write_stats writes their endpoints
    py::object paths;
    py::object path_coordinates;  ///< flat_paths: (M, 2) int32 of every path's [x, y], query by query
    py::object path_offsets;      ///< flat_paths: (N + 1,) int64; path i is rows offsets[i] to offsets[i + 1]
    py::object lengths;           ///< Euclidean length of each path as returned; None without paths
    py::object crowd;             ///< auto and flowfield: what the crowd solver did (a dict); else None
    bool shaped = false;          ///< the paths are waypoints or smoothed (write_paths adds a length column)
    unsigned threads = 0;
    /// Whether worker threads shared the batch's work: with more than one worker, a batch runs on the
    /// calling thread until it has taken a millisecond (batch::BatchSolver::set_workers_start_after).
    bool workers_started = false;
    double seconds = 0;  ///< wall time of the solve, GIL released
    double started = 0;  ///< steady-clock seconds when the solve began (comparable within one process)
    double finished = 0;
};

struct PythonGoalField {
    py::array_t<double> costs;
    py::array_t<std::int8_t> directions;
    std::uint64_t expanded = 0;
    std::shared_ptr<const io::FieldFile> record;  ///< what save() writes: the command line's field file

    /// Each cell's first step as (dx, dy), (0, 0) where there is none: [y, x, 0] is dx, [y, x, 1] dy.
    [[nodiscard]] py::array_t<std::int8_t> steps() const {
        const auto height = directions.shape(0);
        const auto width = directions.shape(1);
        py::array_t<std::int8_t> result({height, width, py::ssize_t{2}});
        const std::int8_t* direction = directions.data();
        std::int8_t* step = result.mutable_data();
        for (py::ssize_t index = 0; index < height * width; ++index) {
            const int code = direction[index];
            step[2 * index] =
                static_cast<std::int8_t>(code < 0 ? 0 : search::kDirectionX[static_cast<std::size_t>(code)]);
            step[2 * index + 1] =
                static_cast<std::int8_t>(code < 0 ? 0 : search::kDirectionY[static_cast<std::size_t>(code)]);
        }
        return result;
    }

    /// A field as a field file holds it: float32 costs widened, directions with -1 for none.
    static PythonGoalField from_record(io::FieldFile file) {
        PythonGoalField field;
        const py::ssize_t height = file.height;
        const py::ssize_t width = file.width;
        field.costs = py::array_t<double>({height, width});
        field.directions = py::array_t<std::int8_t>({height, width});
        double* cost = field.costs.mutable_data();
        std::int8_t* direction = field.directions.mutable_data();
        for (std::size_t index = 0; index < file.costs.size(); ++index) {
            cost[index] = static_cast<double>(file.costs[index]);
            direction[index] = file.directions[index] == search::kNoDirection
                                   ? std::int8_t{-1}
                                   : static_cast<std::int8_t>(file.directions[index]);
        }
        field.record = std::make_shared<const io::FieldFile>(std::move(file));
        return field;
    }

    void save(const py::object& path_object) const {
        const std::string path = path_argument(path_object, "path");
        Status written = io::write_field_file(path, *record);
        if (!written) raise_engine_error(written.error());
    }
};

PythonGoalField read_field(const py::object& path_object) {
    const std::string path = path_argument(path_object, "path");
    Expected<io::FieldFile> file = io::read_field_file(path);
    if (!file) raise_file_error(path, file.error());
    return PythonGoalField::from_record(std::move(*file));
}

/// A stop signal for a Solver's searches, usable from any thread: cancel() ends every query of
/// every batch running on the solvers that hold it at their next checkpoint (status "cancelled").
struct PythonCancelToken {
    search::CancelToken token;
};

double steady_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// The command line's thread limit: --threads takes 0 to 1024.
constexpr std::int64_t kMaximumThreads = 1024;
/// The command line's deadline limit: --deadline-ms takes 0 to one day.
constexpr std::int64_t kMaximumDeadlineMilliseconds = 86'400'000;
/// How often a waiting solve_batch looks for a signal (Ctrl-C) while the workers run.
constexpr std::chrono::milliseconds kSignalPollInterval{10};

/// A whole-number keyword argument from `minimum` to `maximum` (Python or NumPy int, not bool).
std::int64_t whole_number_argument(const py::object& value, const char* keyword, std::int64_t minimum,
                                   std::int64_t maximum) {
    if (!PyIndex_Check(value.ptr()) || py::isinstance<py::bool_>(value)) {
        raise(PyExc_TypeError, std::string(keyword) + " must be an integer, not " +
                                   py::str(py::type::of(value).attr("__name__")).cast<std::string>());
    }
    const py::int_ number(value);
    if (number < py::int_(minimum) || number > py::int_(maximum)) {
        raise(PyExc_ValueError, std::string(keyword) + " must be from " + std::to_string(minimum) + " to " +
                                    std::to_string(maximum) + ", not " + py::repr(number).cast<std::string>());
    }
    return number.cast<std::int64_t>();
}

/// The worker count in force for `threads=` (0 to 1024): as on the command line, 0 and anything
/// above the hardware's thread count mean one worker per hardware thread.
unsigned worker_count(const py::object& threads_argument) {
    return batch::worker_threads(
        static_cast<unsigned>(whole_number_argument(threads_argument, "threads", 0, kMaximumThreads)));
}

/// The rows of an (N, 4) integer array-like of queries, checked and made contiguous 64-bit
/// integers. NumPy's own errors (MemoryError when its int64 copy cannot be allocated) propagate.
py::array_t<std::int64_t, py::array::c_style | py::array::forcecast> query_rows(const py::object& argument) {
    const py::array queries = array_argument(argument);
    const char kind = queries.dtype().kind();
    if (kind != 'i' && kind != 'u') {
        raise(PyExc_TypeError, "queries must hold integers (start x, start y, goal x, goal y), not dtype " +
                                   py::str(queries.dtype()).cast<std::string>());
    }
    if (queries.ndim() != 2 || queries.shape(1) != 4) {
        raise(PyExc_ValueError,
              "queries must be an (N, 4) array: start x, start y, goal x, goal y per row; got shape " +
                  py::str(queries.attr("shape")).cast<std::string>());
    }
    return contiguous<std::int64_t>(queries);
}

/// The engine's queries from an (N, 4) integer array-like (query_rows); a std::bad_alloc becomes
/// MemoryError.
std::vector<search::Query> batch_queries(const py::object& argument) {
    const auto rows = query_rows(argument);
    return bindings::queries_from_flat(rows.data(), static_cast<std::size_t>(rows.shape(0)));
}

/// Every path of a batch, flat: (M, 2) int32 [x, y] rows and (N + 1,) int64 offsets.
std::pair<py::array_t<std::int32_t>, py::array_t<std::int64_t>> flat_path_arrays(
    const std::vector<search::Result>& results, std::uint32_t width) {
    py::array_t<std::int64_t> offsets(static_cast<py::ssize_t>(results.size() + 1));
    std::int64_t* offset = offsets.mutable_data();
    offset[0] = 0;
    for (std::size_t index = 0; index < results.size(); ++index) {
        offset[index + 1] = offset[index] + static_cast<std::int64_t>(results[index].path.size());
    }
    py::array_t<std::int32_t> coordinates({static_cast<py::ssize_t>(offset[results.size()]), py::ssize_t{2}});
    std::int32_t* cell = coordinates.mutable_data();
    for (const search::Result& result : results) {
        for (const grid::CellIndex index : result.path) {
            *cell++ = static_cast<std::int32_t>(index.value % width);
            *cell++ = static_cast<std::int32_t>(index.value / width);
        }
    }
    return {std::move(coordinates), std::move(offsets)};
}

/// The batch arrays of a finished set of results, with paths as a list or flat (solve_batch's).
void fill_batch(PythonBatch& batch, std::vector<search::Result>& results, std::uint32_t width, bool paths,
                bool flat_paths) {
    batch.costs = column<double>(results, reported_cost);
    batch.path_costs = column<double>(results, [](const search::Result& result) { return result.cost; });
    batch.status_codes = column<std::uint8_t>(results, [](const search::Result& result) { return result.status; });
    batch.statuses = status_names().attr("__getitem__")(batch.status_codes);
    batch.expanded =
        column<std::uint64_t>(results, [](const search::Result& result) { return result.counters.expanded; });
    batch.generated =
        column<std::uint64_t>(results, [](const search::Result& result) { return result.counters.generated; });
    batch.heap_operations = column<std::uint64_t>(results, [](const search::Result& result) {
        return result.counters.heap_pushes + result.counters.heap_pops + result.counters.decrease_keys;
    });
    batch.nanoseconds = column<std::uint64_t>(results, [](const search::Result& result) { return result.nanoseconds; });
    batch.paths = py::none();
    batch.path_coordinates = py::none();
    batch.path_offsets = py::none();
    if (!paths) return;
    if (flat_paths) {
        auto [coordinates, offsets] = flat_path_arrays(results, width);
        batch.path_coordinates = std::move(coordinates);
        batch.path_offsets = std::move(offsets);
        return;
    }
    py::list list(results.size());
    for (std::size_t index = 0; index < results.size(); ++index) list[index] = path_array(results[index].path, width);
    batch.paths = std::move(list);
}

/// The form a batch returns its paths in: every cell, the turning points, or smoothed by string
/// pulling (search/path_shapes.hpp), as the command line's paths file without and with
/// --waypoints / --smooth.
enum class PathShape { cells, waypoints, smooth };

PathShape parse_path_shape(const std::string& name) {
    if (name == "cells") return PathShape::cells;
    if (name == "waypoints") return PathShape::waypoints;
    if (name == "smooth") return PathShape::smooth;
    raise(PyExc_ValueError, "path_shape must be \"cells\", \"waypoints\" or \"smooth\", not \"" + name + "\"");
}

/// Waypoints and smoothing need straight segments: square cells only, as on the command line.
void check_path_shapes_apply(const grid::Grid& grid, const char* what) {
    if (grid.topology() == grid::Topology::square) return;
    raise(PyExc_ValueError, std::string(what) + " is for square maps: this map is type " +
                                std::string(grid::topology_type_name(grid.topology())) +
                                ", whose paths have no straight segments");
}

/// Points from a (k, 2) integer array-like of [x, y] rows; on `grid` when it is given, else within
/// 32 bits. `grid_path` also asks that consecutive points be at most one cell apart, as a search
/// returns them (what smoothing assumes).
std::vector<search::Point> points_argument(const py::object& argument, const char* keyword, const grid::Grid* grid,
                                           bool grid_path) {
    const py::array array = array_argument(argument);
    const char kind = array.dtype().kind();
    if (kind != 'i' && kind != 'u') {
        raise(PyExc_TypeError, std::string(keyword) + " must hold integers ([x, y] rows), not dtype " +
                                   py::str(array.dtype()).cast<std::string>());
    }
    if (!(array.ndim() == 2 && array.shape(1) == 2) && !(array.ndim() == 2 && array.shape(0) == 0)) {
        raise(PyExc_ValueError, std::string(keyword) + " must be a (k, 2) array of [x, y] rows; got shape " +
                                    py::str(array.attr("shape")).cast<std::string>());
    }
    const auto rows = contiguous<std::int64_t>(array);
    const auto count = static_cast<std::size_t>(rows.shape(0));
    std::vector<search::Point> points(count);
    const std::int64_t* data = rows.data();
    for (std::size_t index = 0; index < count; ++index) {
        const std::int64_t x = data[2 * index];
        const std::int64_t y = data[2 * index + 1];
        const bool inside =
            grid != nullptr ? grid->contains(x, y) : x >= 0 && y >= 0 && x <= 0xFFFFFFFFLL && y <= 0xFFFFFFFFLL;
        if (!inside) {
            raise(PyExc_ValueError,
                  std::string(keyword) + " row " + std::to_string(index) + " (" + std::to_string(x) + ", " +
                      std::to_string(y) + ") is off the " +
                      (grid != nullptr ? std::to_string(grid->width()) + "x" + std::to_string(grid->height()) + " map"
                                       : std::string("32-bit range")));
        }
        points[index] = {static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)};
        if (grid_path && index > 0) {
            const std::int64_t step_x = x - static_cast<std::int64_t>(points[index - 1].x);
            const std::int64_t step_y = y - static_cast<std::int64_t>(points[index - 1].y);
            if (step_x < -1 || step_x > 1 || step_y < -1 || step_y > 1) {
                raise(PyExc_ValueError, std::string(keyword) + " rows " + std::to_string(index - 1) + " and " +
                                            std::to_string(index) +
                                            " are not neighbouring cells: a grid path, as a "
                                            "search returns it, steps one cell at a time");
            }
        }
    }
    return points;
}

py::array_t<std::int64_t> points_array(const std::vector<search::Point>& points) {
    py::array_t<std::int64_t> cells({static_cast<py::ssize_t>(points.size()), py::ssize_t{2}});
    std::int64_t* data = cells.mutable_data();
    for (std::size_t index = 0; index < points.size(); ++index) {
        data[2 * index] = points[index].x;
        data[2 * index + 1] = points[index].y;
    }
    return cells;
}

/// A thread that runs one job at a time for a Python thread that hands it over and waits, kept from
/// one job to the next so that a small batch does not pay for starting a thread. Started on first
/// use; in a process forked from the one that started it, the thread does not exist, so a new one
/// is started (the old handle is let go, never joined). Idle between jobs, so a fork finds it so.
class JobThread {
public:
    JobThread() = default;
    JobThread(const JobThread&) = delete;
    JobThread& operator=(const JobThread&) = delete;
    ~JobThread() {
        if (!thread_ || owner_ != ::getpid()) return;
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            stopping_ = true;
        }
        signal_.notify_all();
        thread_->join();
    }

    /// Hands `job` to the thread; wait_for tells when it has finished. One job at a time.
    void start(std::function<void()> job) {
        if (!thread_ || owner_ != ::getpid()) {
            // In a forked child the parent's thread is gone but may still count as a waiter of the
            // condition variable: the handle is let go and the mutex and condition made anew.
            (void)thread_.release();
            new (&mutex_) std::mutex();
            new (&signal_) std::condition_variable();
            job_ = nullptr;
            stopping_ = false;
            owner_ = ::getpid();
            thread_ = std::make_unique<std::thread>([this] { loop(); });
        }
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            job_ = std::move(job);
            finished_ = false;
        }
        signal_.notify_all();
    }

    /// True once the job handed over has finished, waiting at most `interval` for it.
    bool wait_for(std::chrono::milliseconds interval) {
        std::unique_lock<std::mutex> lock(mutex_);
        return signal_.wait_for(lock, interval, [this] { return finished_; });
    }

private:
    void loop() {
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            signal_.wait(lock, [this] { return stopping_ || job_ != nullptr; });
            if (stopping_) return;
            std::function<void()> job = std::move(job_);
            job_ = nullptr;
            lock.unlock();
            job();  // catches its own exceptions
            lock.lock();
            finished_ = true;
            signal_.notify_all();
        }
    }

    std::mutex mutex_;
    std::condition_variable signal_;
    std::function<void()> job_;
    bool finished_ = true;
    bool stopping_ = false;
    pid_t owner_ = 0;
    std::unique_ptr<std::thread> thread_;
};

/// A grid for sized or classed agents (grid/agent_grid.hpp).
struct AgentsGrid {
    PythonGrid grid;     ///< the derived grid and its class's terrain, or the grid itself
    std::string suffix;  ///< what follows the map's name for these agents: " 2x2 tank" (grid::agent_suffix)
    bool derived = false;
};

/// `grid` for agents of `agent_size` and class `agent_class` among `classes` (a dict of names to
/// terrains over the grid's own; the first is the default class): the grid derived for them, on
/// which a position is the block's top-left cell; `grid` itself for one-cell agents of its terrain.
AgentsGrid agents_grid(const PythonGrid& grid, const py::object& agent_size, const py::object& agent_class,
                       const py::object& classes) {
    const auto size =
        static_cast<std::uint32_t>(whole_number_argument(agent_size, "agent_size", 0, grid::kMaximumAgentSize));
    if (size == 1 && agent_class.is_none() && classes.is_none()) return {grid, "", false};
    io::MovementClasses declared;
    if (!classes.is_none()) {
        if (!py::isinstance<py::dict>(classes))
            raise(PyExc_TypeError, "classes must be None or a dict of names to terrains");
        for (const auto& [name, class_terrain] : py::cast<py::dict>(classes)) {
            declared.classes.push_back(
                {py::cast<std::string>(name),
                 terrain_table(py::reinterpret_borrow<py::object>(class_terrain), grid.terrain)});
        }
    }
    const std::string class_name = agent_class.is_none() ? std::string() : py::cast<std::string>(agent_class);
    Expected<grid::TerrainTable> table = batch::class_terrain(declared, class_name, grid.terrain);
    if (!table) raise_engine_error(table.error());
    Expected<grid::Grid> derived = grid::derive_agent_grid(*grid.map, *table, size);
    if (!derived) raise_engine_error(derived.error());
    return {PythonGrid{grid.map, *table, std::make_shared<const grid::Grid>(std::move(*derived))},
            grid::agent_suffix(size, class_name), true};
}

/// A build's progress keyword: None, or a callable(done, total) called with the GIL taken from the
/// build's threads; an exception it raises fires `cancel` (the build stops early) and is raised once
/// the build has stopped.
class BuildProgress {
public:
    BuildProgress(const py::object& callback, search::CancelToken& cancel) : callback_(&callback), cancel_(&cancel) {
        if (!callback.is_none() && !PyCallable_Check(callback.ptr()))
            raise(PyExc_TypeError, "progress must be None or a callable(done, total)");
    }
    /// The function to hand the engine's build (with this object as its user pointer), or null.
    [[nodiscard]] void (*function() const)(void*, std::size_t, std::size_t) {
        return callback_->is_none() ? nullptr : &BuildProgress::report;
    }
    void raise_failure() const {
        if (failure_) std::rethrow_exception(failure_);
    }

private:
    static void report(void* user, std::size_t done, std::size_t total) {
        auto* self = static_cast<BuildProgress*>(user);
        if (self->failure_) return;
        const py::gil_scoped_acquire acquired;
        try {
            (*self->callback_)(done, total);
        } catch (...) {
            self->failure_ = std::current_exception();
            self->cancel_->cancel();
        }
    }
    const py::object* callback_;
    search::CancelToken* cancel_;
    std::exception_ptr failure_;
};

/// Waits, with the GIL released, for the job handed to `runner`, taking the GIL every
/// kSignalPollInterval to run Python's signal handlers: the first time one raises (Ctrl-C:
/// KeyboardInterrupt, its exception then pending) `interrupt` is called, which must make the job
/// stop soon. Returns whether that happened.
template <class Interrupt>
bool wait_watching_signals(JobThread& runner, Interrupt&& interrupt) {
    bool interrupted = false;
    while (!runner.wait_for(kSignalPollInterval)) {
        const py::gil_scoped_acquire acquired;
        if (!interrupted && PyErr_CheckSignals() != 0) {
            interrupted = true;
            interrupt();
        }
    }
    return interrupted;
}

/// Runs `build` (an engine build that stops when `cancel` fires) with the GIL released, on a thread
/// of its own while this one watches for signals, as Solver batches do: a signal whose handler
/// raises (Ctrl-C: KeyboardInterrupt) fires `cancel`, and its exception is raised here once the
/// build has stopped. An exception `build` throws is raised here too.
template <class Build>
void build_interruptibly(search::CancelToken& cancel, Build&& build) {
    bool interrupted = false;
    std::exception_ptr failure;
    {
        py::gil_scoped_release released;
        JobThread runner;  // joined when this scope ends, before the GIL is taken back
        runner.start([&] {
            try {
                build();
            } catch (...) {
                failure = std::current_exception();
            }
        });
        interrupted = wait_watching_signals(runner, [&] { cancel.cancel(); });
    }
    if (interrupted) throw py::error_already_set();
    if (failure) std::rethrow_exception(failure);
}

/// JPS+'s goal bounds (search/goal_bounds.hpp) of one grid, built or loaded, for Solver(goal_bounds=).
class PythonGoalBounds {
public:
    static PythonGoalBounds build(const PythonGrid& map_grid, const py::object& threads_argument,
                                  const py::object& progress, const py::object& agent_size,
                                  const py::object& agent_class, const py::object& classes) {
        const PythonGrid grid = agents_grid(map_grid, agent_size, agent_class, classes).grid;
        const unsigned threads = worker_count(threads_argument);
        search::CancelToken cancel;
        BuildProgress reporter(progress, cancel);
        std::optional<search::GoalBounds> built;
        std::optional<Error> failed;
        build_interruptibly(cancel, [&] {
            batch::BatchSolver workers(threads);
            workers.execute([&] {
                Expected<search::GoalBounds> made = search::GoalBounds::build(*grid.grid, workers.parallel_loop(),
                                                                              reporter.function(), &reporter, &cancel);
                if (made) {
                    built.emplace(std::move(*made));
                } else {
                    failed = made.error();
                }
            });
        });
        reporter.raise_failure();
        if (failed) raise_engine_error(*failed);
        return PythonGoalBounds(std::move(*built));
    }

    static PythonGoalBounds load(const py::object& path_object, const PythonGrid& map_grid,
                                 const py::object& agent_size, const py::object& agent_class,
                                 const py::object& classes) {
        const std::string path = path_argument(path_object, "path");
        const PythonGrid grid = agents_grid(map_grid, agent_size, agent_class, classes).grid;
        Expected<search::GoalBounds> loaded = search::GoalBounds::load(path, *grid.grid);
        if (!loaded) raise_file_error(path, loaded.error());
        return PythonGoalBounds(std::move(*loaded));
    }

    void save(const py::object& path_object) const {
        const std::string path = path_argument(path_object, "path");
        if (Status saved = bounds_->save(path); !saved) raise_engine_error(saved.error());
    }

    [[nodiscard]] const std::shared_ptr<const search::GoalBounds>& bounds() const { return bounds_; }

private:
    explicit PythonGoalBounds(search::GoalBounds bounds)
        : bounds_(std::make_shared<const search::GoalBounds>(std::move(bounds))) {}
    std::shared_ptr<const search::GoalBounds> bounds_;
};

class PythonSolver {
public:
    PythonSolver(const PythonGrid& source, const std::string& algorithm, int moves, const std::string& diagonal_rule,
                 const py::object& terrain, double weight, const std::string& heuristic, const std::string& fallback,
                 std::uint64_t max_expansions, bool record_paths, const py::object& deadline_ms,
                 std::shared_ptr<PythonCancelToken> cancel, const py::object& agent_size, const py::object& agent_class,
                 const py::object& classes, const py::object& goal_bounds)
        : grid_(source), cancel_(cancel ? std::move(cancel) : std::make_shared<PythonCancelToken>()) {
        if (!terrain.is_none())
            grid_ = PythonGrid::build(io::MapFile(*source.map), terrain_table(terrain, source.terrain));
        use_agents(agent_size, agent_class, classes);
        search::SearchSettings settings;
        settings.algorithm = parse_algorithm(algorithm);
        if (moves != 4 && moves != 8) raise(PyExc_ValueError, "moves must be 4 or 8, not " + std::to_string(moves));
        settings.moves = moves == 4 ? search::Moves::four : search::Moves::eight;
        settings.diagonal = parse_diagonal_rule(diagonal_rule);
        settings.heuristic = parse_heuristic(heuristic);
        settings.weight = weight;
        settings.fallback = parsed_or_raise(search::parse_fallback(fallback));
        settings.max_expansions = max_expansions;
        settings.record_paths = record_paths;
        settings.time_budget = std::chrono::milliseconds(
            whole_number_argument(deadline_ms, "deadline_ms", 0, kMaximumDeadlineMilliseconds));
        // Always held, so Ctrl-C can stop a batch; checked only every kCheckpointInterval expansions.
        settings.cancel = &cancel_->token;
        // Two clock reads a query, for BatchResult.nanoseconds and write_stats (the --stats file).
        settings.time_queries = true;
        if (!goal_bounds.is_none()) {
            if (!py::isinstance<PythonGoalBounds>(goal_bounds))
                raise(PyExc_TypeError, "goal_bounds must be None or a swarmpath.GoalBounds");
            settings.goal_bounds = goal_bounds.cast<const PythonGoalBounds&>().bounds();
            // They serve JPS+ alone: auto means jps+ (a single Solver, not a crowd solver).
            if (settings.algorithm == search::Algorithm::automatic) settings.algorithm = search::Algorithm::jps_plus;
        }
        settings_ = settings;
        if (std::optional<Error> refused = make_solvers(*grid_.grid); refused) raise_engine_error(*refused);
    }

    /// Sized or classed agents: the solver searches the grid derived for them (agents_grid).
    void use_agents(const py::object& agent_size, const py::object& agent_class, const py::object& classes) {
        AgentsGrid agents = agents_grid(grid_, agent_size, agent_class, classes);
        if (!agents.derived) return;
        source_ = grid_;
        agent_size_ = agent_size;
        agent_class_ = agent_class;
        classes_ = classes;
        grid_ = std::move(agents.grid);
        sized_ = true;
    }

    PythonResult solve(const py::object& start, const py::object& goal) {
        const grid::Grid& grid = *grid_.grid;
        const search::Query query = query_on_map(grid, start, goal);
        current_solver().solve(context_, query, result_);
        return {static_cast<std::uint8_t>(result_.status), reported_cost(result_),    result_.cost,
                path_array(result_.path, grid.width()),    result_.counters.expanded, result_.counters.generated};
    }

    PythonBatch solve_batch(const py::object& queries_argument, const py::object& threads_argument, bool paths,
                            bool flat_paths, const std::string& path_shape_name) {
        const unsigned threads = worker_count(threads_argument);
        const PathShape path_shape = parse_path_shape(path_shape_name);
        if (path_shape != PathShape::cells)
            check_path_shapes_apply(*grid_.grid, ("path_shape=\"" + path_shape_name + "\"").c_str());
        const std::vector<search::Query> queries = batch_queries(queries_argument);
        std::vector<search::Result> results(queries.size());
        // The solver and grid of this moment: an edit made from another Python thread while this
        // batch runs swaps in new ones and leaves these to the batch.
        const std::shared_ptr<const search::Solver> solver = current_solver_shared();
        const std::shared_ptr<const batch::CrowdSolver> crowd = crowd_;
        const PythonGrid grid = grid_;
        PythonBatch batch;
        batch.threads = threads;
        batch::CrowdReport report;
        run_interruptibly(*solver, crowd.get(), queries, results, threads, batch, report);
        batch.crowd = py::none();
        if (crowd) {
            py::dict summary;
            summary["goal_groups"] = report.goal_groups;
            summary["field_groups"] = report.field_groups;
            summary["field_queries"] = report.field_queries;
            summary["search_queries"] = report.search_queries;
            summary["search_algorithm"] = std::string(search::to_string(report.search_algorithm));
            summary["probe_queries"] = report.probe_queries;
            summary["table_seconds"] = report.table_seconds;
            batch.crowd = std::move(summary);
        }
        batch.seconds = batch.finished - batch.started;
        batch.lengths = py::none();
        if (paths && solver->settings().record_paths) batch.lengths = shape_paths(*grid.grid, results, path_shape);
        batch.shaped = path_shape != PathShape::cells;
        fill_batch(batch, results, grid.grid->width(), paths && solver->settings().record_paths, flat_paths);
        batch.queries = queries;
        return batch;
    }

    PythonGoalField goal_field(const py::object& goal) {
        const auto [goal_x, goal_y] = cell_argument(goal, "goal");
        const std::shared_ptr<const grid::Grid> grid_now = grid_.grid;  // kept while the GIL is released
        const grid::Grid& grid = *grid_now;
        if (!grid.contains(goal_x, goal_y)) {
            raise(PyExc_ValueError,
                  "goal (" + std::to_string(goal_x) + ", " + std::to_string(goal_y) + ") is off the map");
        }
        const search::SearchSettings& settings = current_solver().settings();
        search::FieldWorkspace workspace;
        search::GoalField field;
        {
            py::gil_scoped_release released;
            field =
                search::GoalField::compute(grid, settings.moves, settings.diagonal, static_cast<std::uint32_t>(goal_x),
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
                directions(y, x) =
                    direction == search::kNoDirection ? std::int8_t{-1} : static_cast<std::int8_t>(direction);
            }
        }
        result.expanded = field.counters().expanded;
        result.record = std::make_shared<const io::FieldFile>(search::field_file_from(field, grid));
        return result;
    }

    /// Sets cells' terrain letters through the engine's incremental refresh (components, JPS data),
    /// then solves on the edited map; returns what the refresh did. All or nothing: on an error
    /// (a cell off the map, an unknown letter, settings the edited map no longer allows) nothing changes.
    py::dict edit(const py::object& edits_argument) {
        if (sized_) return edit_source(edits_argument);
        const std::vector<grid::CellEdit> edits = edit_list(edits_argument, grid_);
        const search::SearchSettings& settings = settings_;
        if (!editable_) {
            // The solver's algorithm as resolved (never automatic); its JPS+ table, when it has one,
            // built on every hardware thread.
            const search::Algorithm algorithm = current_solver().algorithm();
            batch::BatchSolver preparers(batch::preparation_threads(algorithm));
            const batch::JumpPointData jump = batch::JumpPointData::for_algorithm(algorithm);
            editable_ = std::make_unique<batch::EditableMap>(*grid_.grid, grid_.terrain, settings.moves,
                                                             settings.diagonal, jump, preparers.parallel_loop());
        }
        // The solver is let go first: data it no longer shares is refreshed in place, not copied
        // (a batch still running on it keeps it, and the refresh copies what that batch holds).
        solver_.reset();
        crowd_.reset();
        // On an error, the map as it was (grid_ is still its grid) gets its solvers made afresh and
        // the editable map is dropped, to be made again by the next edit.
        auto restore = [&](const Error& error) {
            editable_.reset();
            (void)make_solvers(*grid_.grid);
            raise_engine_error(error);
        };
        Expected<batch::EditReport> report = editable_->apply_edits(edits, "edits");
        if (!report) restore(report.error());
        const std::shared_ptr<const grid::Grid> edited = editable_->shared_grid();
        if (std::optional<Error> refused = make_solvers(*edited); refused) restore(*refused);
        io::MapFile map(*grid_.map);
        for (const grid::CellEdit& edit : edits)
            map.letters[static_cast<std::size_t>(edit.y) * map.width + edit.x] = edit.letter;
        grid_ = PythonGrid{std::make_shared<const io::MapFile>(std::move(map)), grid_.terrain, edited};
        py::dict result;
        result["cells_changed"] = report->cells_changed;
        result["cells_relabelled"] = report->cells_relabelled;
        result["jump_cells_rewritten"] = report->jump_cells_rewritten;
        result["jump_entries_recomputed"] = report->jump_entries_recomputed;
        return result;
    }

    /// edit() for sized or classed agents: the edits name cells and letters of the map the solver was
    /// made from (source_), which is edited, derived for the agents again and given new solvers (the
    /// derived grid has no incremental refresh). All or nothing, as edit().
    py::dict edit_source(const py::object& edits_argument) {
        const std::vector<grid::CellEdit> edits = edit_list(edits_argument, source_);
        io::MapFile map(*source_.map);
        std::size_t changed = 0;
        for (const grid::CellEdit& edit : edits) {
            char& letter = map.letters[static_cast<std::size_t>(edit.y) * map.width + edit.x];
            if (letter != edit.letter) ++changed;
            letter = edit.letter;
        }
        PythonGrid edited = PythonGrid::build(std::move(map), source_.terrain);
        AgentsGrid agents = agents_grid(edited, agent_size_, agent_class_, classes_);
        // make_solvers changes nothing when it refuses: the solvers in force stay.
        if (std::optional<Error> refused = make_solvers(*agents.grid.grid); refused) raise_engine_error(*refused);
        source_ = std::move(edited);
        grid_ = std::move(agents.grid);
        py::dict result;
        result["cells_changed"] = changed;
        result["cells_relabelled"] = 0;
        result["jump_cells_rewritten"] = 0;
        result["jump_entries_recomputed"] = 0;
        result["rebuilt"] = true;
        return result;
    }

    /// `path` (a grid path on this solver's grid) smoothed by string pulling under its moves and
    /// diagonal rule, never across costlier terrain than the cells it replaces.
    py::array_t<std::int64_t> smooth(const py::object& path) const {
        check_path_shapes_apply(*grid_.grid, "smooth");
        const std::vector<search::Point> points = points_argument(path, "path", grid_.grid.get(), true);
        return points_array(search::smooth(*grid_.grid, points, smoothing_rules()));
    }

    /// Whether the straight segment between the two cells' centres has line of sight under this
    /// solver's diagonal rule (search/path_shapes.hpp).
    bool line_of_sight(const py::object& from, const py::object& to) const {
        check_path_shapes_apply(*grid_.grid, "line_of_sight");
        const grid::Grid& grid = *grid_.grid;
        std::array<search::Point, 2> ends;
        for (auto [cell, what, end] : {std::tuple{&from, "from", &ends[0]}, std::tuple{&to, "to", &ends[1]}}) {
            const auto [x, y] = cell_argument(*cell, what);
            if (!grid.contains(x, y)) {
                raise(PyExc_ValueError,
                      std::string(what) + " (" + std::to_string(x) + ", " + std::to_string(y) + ") is off the map");
            }
            *end = {static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)};
        }
        return search::line_of_sight(grid, ends[0], ends[1], smoothing_rules());
    }

    /// flowfield as given; otherwise the per-query algorithm in force (auto resolved).
    [[nodiscard]] std::string algorithm() const {
        if (settings_.algorithm == search::Algorithm::flowfield) return "flowfield";
        return std::string(search::to_string(current_solver().algorithm()));
    }
    [[nodiscard]] const PythonGrid& grid() const { return grid_; }
    [[nodiscard]] std::shared_ptr<PythonCancelToken> cancel_token() const { return cancel_; }
    [[nodiscard]] double deadline_ms() const {
        return std::chrono::duration<double, std::milli>(current_solver().settings().time_budget).count();
    }

private:
    /// Makes the solvers of settings_ on `grid` (kept alive by grid_ or the editable map): for auto
    /// and flowfield a CrowdSolver, which batches run on as the command line's `solve` does (goal
    /// fields for shared goals, auto's cost model) and whose per-agent Solver answers single queries;
    /// otherwise one Solver, from the editable map's data when there is one. The Error says why the
    /// settings do not fit the grid; then the solvers in force are left as they were.
    std::optional<Error> make_solvers(const grid::Grid& grid) {
        // Preparation (the JPS+ table) on every hardware thread; inline where there is none to build.
        batch::BatchSolver preparers(batch::preparation_threads(settings_.algorithm));
        if (settings_.algorithm == search::Algorithm::automatic ||
            settings_.algorithm == search::Algorithm::flowfield) {
            Expected<batch::CrowdSolver> crowd =
                batch::CrowdSolver::create(grid, settings_, search::Algorithm::automatic, preparers.parallel_loop());
            if (!crowd) return crowd.error();
            crowd_ = std::make_shared<const batch::CrowdSolver>(std::move(*crowd));
            solver_ = std::shared_ptr<const search::Solver>(crowd_, &crowd_->search_solver());
            return std::nullopt;
        }
        Expected<search::Solver> created =
            editable_ ? editable_->solver(settings_)
                      : search::Solver::create(grid, settings_, {.parallel = preparers.parallel_loop()});
        if (!created) return created.error();
        crowd_.reset();
        solver_ = std::make_shared<const search::Solver>(std::move(*created));
        return std::nullopt;
    }

    /// The solver in force. Null only if an edit failed and the map as it was could not be searched
    /// again (an allocation failure): then every use raises instead of crashing.
    [[nodiscard]] const std::shared_ptr<const search::Solver>& current_solver_shared() const {
        if (!solver_) raise(PyExc_RuntimeError, "this Solver was lost by a failed edit; make a new one");
        return solver_;
    }
    [[nodiscard]] const search::Solver& current_solver() const { return *current_solver_shared(); }

    /// Edits from a sequence of (x, y, letter) triples: cells on the map, letters the grid's terrain defines.
    [[nodiscard]] static std::vector<grid::CellEdit> edit_list(const py::object& argument, const PythonGrid& target) {
        if (!py::isinstance<py::sequence>(argument) || py::isinstance<py::str>(argument)) {
            raise(PyExc_TypeError, "edits must be a sequence of (x, y, letter) triples");
        }
        const auto sequence = argument.cast<py::sequence>();
        const grid::Grid& grid = *target.grid;
        std::vector<grid::CellEdit> edits;
        edits.reserve(sequence.size());
        for (std::size_t index = 0; index < sequence.size(); ++index) {
            const std::string where = "edits[" + std::to_string(index) + "]";
            const py::object item = sequence[index];
            if (!py::isinstance<py::sequence>(item) || py::isinstance<py::str>(item) || py::len(item) != 3) {
                raise(PyExc_TypeError, where + " must be an (x, y, letter) triple");
            }
            const auto triple = item.cast<py::sequence>();
            const auto [x, y] = cell_argument(py::make_tuple(triple[0], triple[1]), where.c_str());
            if (const auto off_map = bindings::edit_off_map(grid, index, x, y)) raise(PyExc_ValueError, *off_map);
            const py::object letter = triple[2];
            if (!py::isinstance<py::str>(letter) || letter.cast<std::string>().size() != 1) {
                raise(PyExc_TypeError,
                      where + ": the letter must be a one-character str, not " + py::repr(letter).cast<std::string>());
            }
            const char code = letter.cast<std::string>()[0];
            if (const auto unknown = bindings::edit_letter_unknown(target.terrain, index, code)) {
                raise(PyExc_ValueError, *unknown);
            }
            edits.push_back({static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y), code, 0});
        }
        return edits;
    }

    [[nodiscard]] search::SmoothingRules smoothing_rules() const {
        return {current_solver().settings().moves, current_solver().settings().diagonal};
    }

    /// Puts each result's path into `shape` (as cell indices, so the path arrays are made as for
    /// cells) and returns the Euclidean length of each path as returned, with the GIL released.
    py::array_t<double> shape_paths(const grid::Grid& grid, std::vector<search::Result>& results,
                                    PathShape shape) const {
        py::array_t<double> lengths(static_cast<py::ssize_t>(results.size()));
        double* length = lengths.mutable_data();
        const search::SmoothingRules rules = smoothing_rules();
        py::gil_scoped_release released;
        for (std::size_t index = 0; index < results.size(); ++index) {
            std::vector<grid::CellIndex>& path = results[index].path;
            std::vector<search::Point> points = search::to_points(grid, path);
            if (shape == PathShape::smooth) points = search::smooth(grid, points, rules);
            if (shape == PathShape::waypoints) points = search::waypoints(points);
            length[index] = search::polyline_length(points);
            if (shape == PathShape::cells) continue;
            path.resize(points.size());
            for (std::size_t step = 0; step < points.size(); ++step)
                path[step] = {points[step].y * grid.width() + points[step].x};
        }
        return lengths;
    }

    /// Solves `queries` into `results` on the workers with the GIL released. The workers run on a
    /// thread of their own while this one waits, looking for signals every kSignalPollInterval: a
    /// signal whose handler raises (Ctrl-C: KeyboardInterrupt) cancels the searches, and is raised
    /// here once the workers have stopped.
    void run_interruptibly(const search::Solver& solver, const batch::CrowdSolver* crowd,
                           const std::vector<search::Query>& queries, std::vector<search::Result>& results,
                           unsigned threads, PythonBatch& batch, batch::CrowdReport& report) {
        bool interrupted = false;
        bool token_was_cancelled = false;
        std::exception_ptr failure;
        {
            py::gil_scoped_release released;  // the engine touches no Python object while it solves
            // The workers and their search contexts are kept from one call to the next (remade only
            // when the thread count changes), so a small batch pays for its searches, not for
            // starting threads and contexts again. A BatchSolver runs one call at a time: a call
            // made while another Python thread's batch holds them gets workers of its own.
            std::unique_lock<std::mutex> lock(workers_mutex_, std::try_to_lock);
            std::optional<batch::BatchSolver> own;
            batch::BatchSolver* workers = nullptr;
            if (lock.owns_lock()) {
                if (!workers_ || workers_threads_ != threads) {
                    workers_.reset();
                    workers_ = std::make_unique<batch::BatchSolver>(threads);
                    workers_threads_ = threads;
                    workers_->prepare(solver);  // lends the first context a JPS+ table's room
                }
                workers = workers_.get();
            } else {
                workers = &own.emplace(threads);
            }
            // A call made while another holds the workers gets a job thread of its own too.
            std::optional<JobThread> own_runner;
            JobThread& runner = lock.owns_lock() ? runner_ : own_runner.emplace();
            runner.start([&] {
                try {
                    batch.started = steady_seconds();
                    if (crowd != nullptr) {
                        report = crowd->solve(queries, results, *workers);
                    } else {
                        workers->solve(solver, queries, results);
                    }
                    batch.finished = steady_seconds();
                    batch.workers_started = workers->workers_started();
                } catch (...) {
                    failure = std::current_exception();
                }
            });
            interrupted = wait_watching_signals(runner, [&] {
                token_was_cancelled = cancel_->token.cancelled();
                cancel_->token.cancel();
            });
        }
        if (interrupted) {
            if (!token_was_cancelled) cancel_->token.reset();
            throw py::error_already_set();
        }
        if (failure) std::rethrow_exception(failure);
    }

    PythonGrid grid_;
    std::shared_ptr<PythonCancelToken> cancel_;        // the solver's searches stop when it fires
    search::SearchSettings settings_;                  // as given (algorithm auto and flowfield included)
    std::shared_ptr<const search::Solver> solver_;     // shared with the batches running on it
    std::shared_ptr<const batch::CrowdSolver> crowd_;  // for auto and flowfield batches; owns solver_ then
    std::unique_ptr<batch::EditableMap> editable_;     // made by the first edit; keeps derived data current
    bool sized_ = false;                               // agent_size or agent_class: grid_ is a derived grid
    PythonGrid source_;                                // when sized_: the grid grid_ was derived from (edit())
    py::object agent_size_;                            // when sized_: the arguments it was derived with
    py::object agent_class_;
    py::object classes_;
    search::SearchContext context_;  // single queries run with the GIL held, so one context suffices
    search::Result result_;
    std::unique_ptr<batch::BatchSolver> workers_;  // solve_batch's workers, kept warm between calls
    unsigned workers_threads_ = 0;
    JobThread runner_;          // runs the batches of the solve_batch call holding workers_
    std::mutex workers_mutex_;  // held by the solve_batch call using workers_ and runner_
};

search::CellOrder parse_cell_order(const std::string& name) {
    if (name == "hilbert") return search::CellOrder::hilbert;
    if (name == "depth-first" || name == "depth_first") return search::CellOrder::depth_first;
    if (name == "row-major" || name == "row_major") return search::CellOrder::row_major;
    raise(PyExc_ValueError, "order must be \"depth-first\", \"hilbert\" or \"row-major\", not \"" + name + "\"");
}

/// The oracle settings for a square grid from Python keywords.
batch::OracleSettings oracle_settings(const PythonGrid& grid, int moves, const std::string& diagonal_rule,
                                      const std::string& order) {
    if (grid.grid->topology() != grid::Topology::square) {
        raise(PyExc_ValueError, "a path oracle is for square maps: this map is type " +
                                    std::string(grid::topology_type_name(grid.grid->topology())));
    }
    if (moves != 4 && moves != 8) raise(PyExc_ValueError, "moves must be 4 or 8, not " + std::to_string(moves));
    batch::OracleSettings settings;
    settings.moves = moves == 4 ? search::Moves::four : search::Moves::eight;
    settings.diagonal = parse_diagonal_rule(diagonal_rule);
    settings.order = parse_cell_order(order);
    return settings;
}

/// A path oracle (batch/path_oracle.hpp) of one grid: every optimal first move, built once or
/// loaded from a file the command line's `precompute` also writes and reads.
class PythonOracle {
public:
    static PythonOracle build(const PythonGrid& map_grid, int moves, const std::string& diagonal_rule,
                              const std::string& order, const py::object& threads_argument, const py::object& progress,
                              const py::object& agent_size, const py::object& agent_class, const py::object& classes) {
        const AgentsGrid agents = agents_grid(map_grid, agent_size, agent_class, classes);
        const PythonGrid& grid = agents.grid;
        const batch::OracleSettings settings = oracle_settings(grid, moves, diagonal_rule, order);
        const unsigned threads = worker_count(threads_argument);
        search::CancelToken cancel;
        BuildProgress reporter(progress, cancel);
        const std::string name = std::filesystem::path(grid.map->path).filename().string() + agents.suffix;
        std::optional<Expected<batch::Oracle>> built;
        build_interruptibly(cancel, [&] {
            batch::BatchSolver workers(threads);
            built.emplace(
                batch::Oracle::build(*grid.grid, settings, name, workers, reporter.function(), &reporter, &cancel));
        });
        reporter.raise_failure();
        if (!*built) raise_engine_error(built->error());
        return PythonOracle(grid, std::move(**built));
    }

    static PythonOracle load(const py::object& path_object, const PythonGrid& map_grid, int moves,
                             const std::string& diagonal_rule, const py::object& agent_size,
                             const py::object& agent_class, const py::object& classes) {
        const std::string path = path_argument(path_object, "path");
        const PythonGrid grid = agents_grid(map_grid, agent_size, agent_class, classes).grid;
        const batch::OracleSettings settings = oracle_settings(grid, moves, diagonal_rule, "hilbert");
        Expected<batch::Oracle> loaded = batch::Oracle::load(path, *grid.grid, settings);
        if (!loaded) raise_file_error(path, loaded.error());
        return PythonOracle(grid, std::move(*loaded));
    }

    void save(const py::object& path_object) const {
        const std::string path = path_argument(path_object, "path");
        Status saved = oracle_->save(path);
        if (!saved) raise_engine_error(saved.error());
    }

    PythonResult solve(const py::object& start, const py::object& goal) const {
        const grid::Grid& grid = *grid_.grid;
        const search::Query query = query_on_map(grid, start, goal);
        search::Result result;
        oracle_->path(query, true, result);
        return {static_cast<std::uint8_t>(result.status), reported_cost(result),    result.cost,
                path_array(result.path, grid.width()),    result.counters.expanded, result.counters.generated};
    }

    PythonBatch solve_batch(const py::object& queries_argument, const py::object& threads_argument, bool paths,
                            bool flat_paths) const {
        const unsigned threads = worker_count(threads_argument);
        const std::vector<search::Query> queries = batch_queries(queries_argument);
        std::vector<search::Result> results(queries.size());
        PythonBatch batch;
        batch.threads = threads;
        {
            py::gil_scoped_release released;
            batch::BatchSolver workers(threads);
            batch.started = steady_seconds();
            (void)oracle_->solve(queries, results, paths, workers);
            batch.finished = steady_seconds();
            batch.workers_started = workers.workers_started();
        }
        batch.seconds = batch.finished - batch.started;
        batch.lengths = py::none();
        fill_batch(batch, results, grid_.grid->width(), paths, flat_paths);
        batch.queries = queries;
        return batch;
    }

    [[nodiscard]] int first_move(const py::object& start, const py::object& goal) const {
        const auto [start_x, start_y] = cell_argument(start, "start");
        const auto [goal_x, goal_y] = cell_argument(goal, "goal");
        if (!grid_.grid->contains(start_x, start_y) || !grid_.grid->contains(goal_x, goal_y)) return -1;
        return oracle_->first_move(static_cast<std::uint32_t>(start_x), static_cast<std::uint32_t>(start_y),
                                   static_cast<std::uint32_t>(goal_x), static_cast<std::uint32_t>(goal_y));
    }

    /// The first move of every row of an (N, 4) integer array, as an (N,) int8 array (-1 where
    /// first_move gives -1), in one engine call with the GIL released. Rows of 32-bit integers in C
    /// order are the engine's requests as they lie (a negative coordinate reads as one past 2^31, off
    /// every map, as the 64-bit path makes it): nothing is copied or converted.
    [[nodiscard]] py::array_t<std::int8_t> first_moves(const py::object& queries_argument) const {
        if (py::isinstance<py::array>(queries_argument)) {
            const auto queries = py::reinterpret_borrow<py::array>(queries_argument);
            const bool words =
                queries.dtype().is(py::dtype::of<std::uint32_t>()) || queries.dtype().is(py::dtype::of<std::int32_t>());
            if (words && queries.ndim() == 2 && queries.shape(1) == 4 && (queries.flags() & py::array::c_style) != 0 &&
                reinterpret_cast<std::uintptr_t>(queries.data()) % alignof(batch::MoveRequest) == 0) {
                const auto count = static_cast<std::size_t>(queries.shape(0));
                py::array_t<std::int8_t> moves(static_cast<py::ssize_t>(count));
                std::int8_t* const answers = moves.mutable_data();
                py::gil_scoped_release released;
                bindings::first_moves_from_words(*oracle_, queries.data(), count, answers);
                return moves;
            }
        }
        const auto rows = query_rows(queries_argument);
        const auto count = static_cast<std::size_t>(rows.shape(0));
        py::array_t<std::int8_t> moves(static_cast<py::ssize_t>(count));
        std::int8_t* const answers = moves.mutable_data();
        {
            py::gil_scoped_release released;
            bindings::first_moves_from_flat(*oracle_, rows.data(), count, answers);
        }
        return moves;
    }

    [[nodiscard]] const batch::Oracle& oracle() const { return *oracle_; }
    [[nodiscard]] const PythonGrid& grid() const { return grid_; }

private:
    PythonOracle(PythonGrid grid, batch::Oracle oracle)
        : grid_(std::move(grid)), oracle_(std::make_shared<const batch::Oracle>(std::move(oracle))) {}
    PythonGrid grid_;  // the oracle refers to this grid, kept alive here
    std::shared_ptr<const batch::Oracle> oracle_;
};

struct PythonScenario {
    std::string path;
    std::string map_path;
    py::array_t<std::int64_t> queries;
    py::array_t<double> optimal;
    py::array_t<std::uint32_t> buckets;
    std::vector<std::string> map_names;
};

PythonScenario read_scenario(const py::object& path_object) {
    const std::string path = path_argument(path_object, "path");
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

/// The command line's number format for costs and lengths in its CSV files ("%.8f").
std::string fixed_eight(double value) {
    std::array<char, 64> text{};
    const int written = std::snprintf(text.data(), text.size(), "%.8f", value);
    return written > 0 && static_cast<std::size_t>(written) < text.size()
               ? std::string(text.data(), static_cast<std::size_t>(written))
               : py::repr(py::float_(value)).cast<std::string>();
}

/// A CSV field as the command line writes it: quoted (quotes doubled) when it holds , " or a line end.
std::string csv_field(const std::string& field) {
    if (field.find_first_of(",\"\r\n") == std::string::npos) return field;
    std::string quoted = "\"";
    for (const char character : field) {
        if (character == '"') quoted.push_back('"');
        quoted.push_back(character);
    }
    return quoted + "\"";
}

/// Writes a batch's answers as the paths file of `swarmpath solve --paths` (with a length column
/// after --waypoints / --smooth, as path_shape asked): scenario, query (the row's index), status,
/// cost (of the path returned; 0 without one), [length,] path as x:y points. Atomic: a temporary file
/// beside `path`, renamed into place. `scenario` is a Scenario (its file name is written) or a name.
void write_paths(const PythonBatch& batch, const py::object& path_object, const py::object& scenario) {
    const std::string path = path_argument(path_object, "path");
    if (batch.paths.is_none() && batch.path_coordinates.is_none()) {
        raise(PyExc_ValueError,
              "write_paths needs the batch's paths: solve_batch(..., paths=True) with a solver that records them");
    }
    std::string name;
    if (py::isinstance<PythonScenario>(scenario)) {
        name = std::filesystem::path(scenario.cast<const PythonScenario&>().path).filename().string();
    } else if (py::isinstance<py::str>(scenario)) {
        name = scenario.cast<std::string>();
    } else {
        raise(PyExc_TypeError, "scenario must be a swarmpath.Scenario or a str naming it");
    }
    const std::string scenario_field = csv_field(name);
    const auto count = static_cast<std::size_t>(batch.status_codes.size());
    const std::uint8_t* codes = batch.status_codes.data();
    const double* costs = batch.path_costs.data();
    const auto lengths = batch.lengths.is_none() ? py::array_t<double>() : batch.lengths.cast<py::array_t<double>>();
    const bool flat = !batch.path_coordinates.is_none();
    const auto coordinates =
        flat ? batch.path_coordinates.cast<py::array_t<std::int32_t>>() : py::array_t<std::int32_t>();
    const auto offsets = flat ? batch.path_offsets.cast<py::array_t<std::int64_t>>() : py::array_t<std::int64_t>();
    const py::list listed = flat ? py::list() : batch.paths.cast<py::list>();
    std::string text = batch.shaped ? "scenario,query,status,cost,length,path\n" : "scenario,query,status,cost,path\n";
    for (std::size_t index = 0; index < count; ++index) {
        text += scenario_field + "," + std::to_string(index) + "," +
                std::string(search::to_string(static_cast<search::QueryStatus>(codes[index]))) + "," +
                fixed_eight(costs[index]) + ",";
        if (batch.shaped) text += fixed_eight(lengths.at(static_cast<py::ssize_t>(index))) + ",";
        auto append_point = [&](std::size_t step, std::int64_t x, std::int64_t y) {
            if (step != 0) text.push_back(' ');
            text += std::to_string(x) + ":" + std::to_string(y);
        };
        if (flat) {
            const std::int64_t begin = offsets.at(static_cast<py::ssize_t>(index));
            const std::int64_t end = offsets.at(static_cast<py::ssize_t>(index + 1));
            for (std::int64_t row = begin; row < end; ++row) {
                append_point(static_cast<std::size_t>(row - begin), coordinates.at(row, 0), coordinates.at(row, 1));
            }
        } else {
            const auto cells = listed[index].cast<py::array_t<std::int64_t>>();
            for (py::ssize_t row = 0; row < cells.shape(0); ++row)
                append_point(static_cast<std::size_t>(row), cells.at(row, 0), cells.at(row, 1));
        }
        text.push_back('\n');
    }
    Status written = io::write_file_atomically(path, text);
    if (!written) raise_engine_error(written.error());
}

/// Writes a batch's answers as the statistics file of `swarmpath solve --stats`: per query the
/// scenario file's name, the row's index and bucket, the endpoints, status, cost (of the path
/// returned), the row's optimal length, expanded, generated, heap operations and nanoseconds.
/// `scenario` is the Scenario whose queries the batch solved, in its order (its buckets and optimal
/// lengths are written). Atomic, as write_paths.
void write_stats(const PythonBatch& batch, const py::object& path_object, const py::object& scenario_object) {
    const std::string path = path_argument(path_object, "path");
    if (!py::isinstance<PythonScenario>(scenario_object)) {
        raise(PyExc_TypeError,
              "scenario must be a swarmpath.Scenario (read_scenario's), whose buckets and optimal lengths "
              "are written, not " +
                  py::str(py::type::of(scenario_object).attr("__name__")).cast<std::string>());
    }
    const auto& scenario = scenario_object.cast<const PythonScenario&>();
    const std::size_t count = batch.queries.size();
    const auto rows = static_cast<std::size_t>(scenario.queries.shape(0));
    if (rows != count) {
        raise(PyExc_ValueError, "the batch answers " + std::to_string(count) + " queries but the scenario has " +
                                    std::to_string(rows) + " rows: write_stats needs the batch of scenario.queries");
    }
    for (std::size_t index = 0; index < count; ++index) {
        const search::Query& query = batch.queries[index];
        const auto row = static_cast<py::ssize_t>(index);
        const std::array<std::int64_t, 4> solved{query.start_x, query.start_y, query.goal_x, query.goal_y};
        for (py::ssize_t column = 0; column < 4; ++column) {
            if (scenario.queries.at(row, column) == solved[static_cast<std::size_t>(column)]) continue;
            raise(PyExc_ValueError, "query " + std::to_string(index) + " of the batch is not row " +
                                        std::to_string(index) +
                                        " of the scenario: write_stats needs the batch of scenario.queries");
        }
    }
    const std::string scenario_field = csv_field(std::filesystem::path(scenario.path).filename().string());
    const std::uint8_t* codes = batch.status_codes.data();
    const double* costs = batch.path_costs.data();
    std::string text =
        "scenario,query,bucket,start_x,start_y,goal_x,goal_y,status,cost,optimal,expanded,generated,"
        "heap_operations,nanoseconds\n";
    for (std::size_t index = 0; index < count; ++index) {
        const search::Query& query = batch.queries[index];
        const auto row = static_cast<py::ssize_t>(index);
        text += scenario_field + "," + std::to_string(index) + "," + std::to_string(scenario.buckets.at(row)) + "," +
                std::to_string(query.start_x) + "," + std::to_string(query.start_y) + "," +
                std::to_string(query.goal_x) + "," + std::to_string(query.goal_y) + "," +
                std::string(search::to_string(static_cast<search::QueryStatus>(codes[index]))) + "," +
                fixed_eight(costs[index]) + "," + fixed_eight(scenario.optimal.at(row)) + "," +
                std::to_string(batch.expanded.at(row)) + "," + std::to_string(batch.generated.at(row)) + "," +
                std::to_string(batch.heap_operations.at(row)) + "," + std::to_string(batch.nanoseconds.at(row)) + "\n";
    }
    Status written = io::write_file_atomically(path, text);
    if (!written) raise_engine_error(written.error());
}

/// A grid's pickled state: its letters, size and cell shape, and its terrain table as the table it
/// started from ("benchmark" or "empty") plus the rules that differ from it, as
/// (letter code, passable, cost) triples.
py::tuple grid_state(const PythonGrid& grid) {
    auto same_rule = [](const grid::TerrainRule& left, const grid::TerrainRule& right) {
        return left.defined == right.defined && left.passable == right.passable &&
               (!left.passable || left.cost == right.cost) && left.layer == right.layer;
    };
    for (const char* base_name : {"benchmark", "empty"}) {
        const grid::TerrainTable base =
            std::string_view(base_name) == "benchmark" ? grid::TerrainTable::benchmark() : grid::TerrainTable();
        grid::TerrainTable rebuilt = base;
        py::list rules;
        for (int code = 0; code < 256; ++code) {
            const grid::TerrainRule& rule = grid.terrain.rule(static_cast<char>(code));
            if (same_rule(rule, base.rule(static_cast<char>(code))) || !rule.defined) continue;
            rebuilt.declare(static_cast<char>(code), rule.passable, rule.cost);
            rules.append(py::make_tuple(code, rule.passable, rule.cost));
        }
        bool faithful = true;
        for (int code = 0; code < 256; ++code) {
            faithful = faithful &&
                       same_rule(rebuilt.rule(static_cast<char>(code)), grid.terrain.rule(static_cast<char>(code)));
        }
        if (!faithful) continue;
        const io::MapFile& map = *grid.map;
        return py::make_tuple(1, py::bytes(map.letters.data(), map.letters.size()), map.width, map.height, map.type,
                              base_name, rules);
    }
    raise(PyExc_TypeError, "this grid's terrain table cannot be pickled");
}

PythonGrid grid_from_state(const py::tuple& state) {
    if (state.size() != 7 || state[0].cast<int>() != 1) raise(PyExc_ValueError, "not a pickled swarmpath.Grid state");
    io::MapFile map;
    map.path = "pickle";
    map.letters = state[1].cast<std::string>();
    map.width = state[2].cast<std::uint32_t>();
    map.height = state[3].cast<std::uint32_t>();
    map.type = state[4].cast<std::string>();
    grid::TerrainTable table =
        state[5].cast<std::string>() == "benchmark" ? grid::TerrainTable::benchmark() : grid::TerrainTable();
    for (const py::handle rule : state[6].cast<py::list>()) {
        const auto entry = rule.cast<py::tuple>();
        table.declare(static_cast<char>(entry[0].cast<int>()), entry[1].cast<bool>(), entry[2].cast<double>());
    }
    return PythonGrid::build(std::move(map), table);
}

}  // namespace

namespace {

/// The Grid class.
void register_grid(py::module_& module) {
    py::class_<PythonGrid>(module, "Grid", "An immutable map: passability, terrain letters and their costs.")
        .def_static("from_file", &PythonGrid::from_file, py::arg("path"), py::arg("terrain") = py::none(),
                    "Reads a Moving AI .map file (path: str, bytes or os.PathLike). terrain: None, "
                    "\"LETTER=COST,...\" (inf: blocked) or {letter: cost}.")
        .def_static("from_array", &PythonGrid::from_array, py::arg("array"), py::arg("terrain") = py::none(),
                    py::arg("topology") = "octile",
                    "Builds a grid from a 2-D array-like indexed [y, x], by dtype: bool, or integers that are all 0 "
                    "or 1 (passability: 1 passable, uniform cost; any other integer is refused, as it is likely a "
                    "cost map: use Grid.from_costs); floats (costs, as Grid.from_costs(array)); or strings of "
                    "exactly one character (Moving AI terrain letters, with `terrain` applied). topology: the cell "
                    "shape, \"octile\" (square cells), \"hex\" (pointy-top, odd rows shifted right) or \"triangle\" "
                    "(a cell points up when x + y is even).")
        .def_static("from_costs", &PythonGrid::from_costs, py::arg("array"), py::arg("blocked") = py::none(),
                    py::arg("topology") = "octile",
                    "Builds a grid from a 2-D integer or float array-like of the cost of entering each cell, "
                    "indexed [y, x]. Blocked: inf, NaN, and every cell equal to `blocked` (for example blocked=0 "
                    "or blocked=255 in an 8-bit cost map). Every other cost must be from 1e-06 to 1e+12 (so "
                    "that no path sum overflows; ValueError otherwise), with at most 222 distinct costs and "
                    "the dearest at most 1e4 times the cheapest. topology as in from_array.")
        .def_property_readonly("width", [](const PythonGrid& grid) { return grid.grid->width(); })
        .def_property_readonly("height", [](const PythonGrid& grid) { return grid.grid->height(); })
        .def_property_readonly(
            "shape", [](const PythonGrid& grid) { return py::make_tuple(grid.grid->height(), grid.grid->width()); })
        .def_property_readonly("passable", &PythonGrid::passable, "(height, width) bool array")
        .def_property_readonly("costs", &PythonGrid::costs,
                               "(height, width) float array: cost of entering each cell, inf where blocked")
        .def_property_readonly("letters", &PythonGrid::letters, "(height, width) array of terrain letters")
        .def_property_readonly(
            "topology",
            [](const PythonGrid& grid) { return std::string(grid::topology_type_name(grid.grid->topology())); },
            "cell shape, the map's `type`: \"octile\" (square cells), \"hex\" or \"triangle\"")
        .def(py::pickle(&grid_state, &grid_from_state))
        .def("__repr__", [](const PythonGrid& grid) {
            return "<swarmpath.Grid " + std::to_string(grid.grid->width()) + "x" + std::to_string(grid.grid->height()) +
                   ">";
        });
}

/// The answers: Result and BatchResult.
void register_results(py::module_& module) {
    py::class_<PythonResult>(module, "Result", "One query's answer.")
        .def_property_readonly(
            "status", [](const PythonResult& result) { return statuses().members[result.status]; },
            "a swarmpath.Status, equal to its name (\"found\", \"no_path\", ...)")
        .def_readonly("cost", &PythonResult::cost, "the path's cost when found; inf for every other status")
        .def_readonly("path_cost", &PythonResult::path_cost,
                      "the returned path's cost, also for partial paths (fallback=\"nearest\"); 0 without a path")
        .def_readonly("path", &PythonResult::path, "(k, 2) int64 array of [x, y], start first; empty when no path")
        .def_readonly("expanded", &PythonResult::expanded)
        .def_readonly("generated", &PythonResult::generated)
        .def_property_readonly("found", [](const PythonResult& result) { return result.status == 0; })
        .def("__repr__", [](const PythonResult& result) {
            return "<swarmpath.Result " +
                   std::string(search::to_string(static_cast<search::QueryStatus>(result.status))) +
                   " cost=" + py::str(py::float_(result.cost)).cast<std::string>() + ">";
        });

    py::class_<PythonBatch>(module, "BatchResult", "Many queries' answers, row i answering query i.")
        .def_readonly("costs", &PythonBatch::costs, "float64: the path's cost where found, inf elsewhere")
        .def_readonly("path_costs", &PythonBatch::path_costs,
                      "float64: the returned path's cost (partial ones too), 0 without a path")
        .def_readonly("statuses", &PythonBatch::statuses, "status names (str array), equal to swarmpath.Status members")
        .def_readonly("status_codes", &PythonBatch::status_codes, "indices into swarmpath.STATUSES")
        .def_readonly("expanded", &PythonBatch::expanded)
        .def_readonly("generated", &PythonBatch::generated)
        .def_readonly("heap_operations", &PythonBatch::heap_operations,
                      "uint64: heap pushes, pops and decrease-keys of each query")
        .def_readonly("nanoseconds", &PythonBatch::nanoseconds,
                      "uint64: wall time of each query's solve; a goal field's time is charged to its group's first "
                      "query (0 from an Oracle)")
        .def_readonly("paths", &PythonBatch::paths,
                      "list of (k, 2) int64 arrays, or None with paths=False or flat_paths=True")
        .def_readonly(
            "path_coordinates", &PythonBatch::path_coordinates,
            "with flat_paths=True: (M, 2) int32 array of every path's [x, y] rows, query after query; else None")
        .def_readonly(
            "path_offsets", &PythonBatch::path_offsets,
            "with flat_paths=True: (N + 1,) int64; query i's path is path_coordinates[offsets[i]:offsets[i + 1]]")
        .def_readonly(
            "lengths", &PythonBatch::lengths,
            "float64: the Euclidean length of each returned path (polyline through its points); None without paths")
        .def_readonly(
            "crowd", &PythonBatch::crowd,
            "with algorithm auto or flowfield: a dict of what the crowd solver did (goal_groups, field_groups, "
            "field_queries, search_queries, search_algorithm, probe_queries, table_seconds); else None")
        .def("write_paths", &write_paths, py::arg("path"), py::arg("scenario"),
             "Writes the paths file of `swarmpath solve --paths` (a length column when path_shape was waypoints "
             "or smooth): scenario (a Scenario's file name, or the str given), query index, status, cost, path.")
        .def("write_stats", &write_stats, py::arg("path"), py::arg("scenario"),
             "Writes the statistics file of `swarmpath solve --stats`, one row per query: scenario, query, bucket, "
             "endpoints, status, cost, optimal, expanded, generated, heap_operations, nanoseconds. scenario is the "
             "Scenario whose queries the batch solved, in order (ValueError otherwise).")
        .def_readonly("threads", &PythonBatch::threads, "the worker count in force (threads=, at most the hardware's)")
        .def_readonly("workers_started", &PythonBatch::workers_started,
                      "whether worker threads shared the batch's work: never with threads=1, and not for a batch "
                      "that ends within the first millisecond, which runs on the calling thread alone")
        .def_readonly("seconds", &PythonBatch::seconds, "wall time of the solve (GIL released)")
        .def_readonly("started", &PythonBatch::started, "steady-clock seconds at the solve's start")
        .def_readonly("finished", &PythonBatch::finished, "steady-clock seconds at the solve's end");
}

/// Goal fields and cancel tokens.
void register_fields_and_stops(py::module_& module) {
    py::class_<PythonGoalField>(module, "GoalField", "Every cell's optimal cost to one goal.")
        .def_readonly("costs", &PythonGoalField::costs,
                      "(height, width) float array; inf where the goal cannot be reached")
        .def_readonly("directions", &PythonGoalField::directions,
                      "(height, width) int8: first step 0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW; -1 none")
        .def_readonly("expanded", &PythonGoalField::expanded)
        .def_property_readonly(
            "steps", &PythonGoalField::steps,
            "(height, width, 2) int8: each cell's first step as (dx, dy); (0, 0) where there is none")
        .def_property_readonly(
            "goal",
            [](const PythonGoalField& field) { return py::make_tuple(field.record->goal_x, field.record->goal_y); })
        .def("save", &PythonGoalField::save, py::arg("path"),
             "Writes the field file of `swarmpath field` (float32 costs, first-step directions; docs/crowds.md).");

    py::class_<PythonCancelToken, std::shared_ptr<PythonCancelToken>>(
        module, "CancelToken",
        "A stop signal for the searches of the Solvers made with cancel=token, usable from any thread: cancel() "
        "ends every running query at its next checkpoint (microseconds) and answers the rest \"cancelled\", "
        "until reset().")
        .def(py::init<>())
        .def("cancel", [](PythonCancelToken& token) { token.token.cancel(); })
        .def("reset", [](PythonCancelToken& token) { token.token.reset(); })
        .def_property_readonly("cancelled", [](const PythonCancelToken& token) { return token.token.cancelled(); })
        .def("__repr__", [](const PythonCancelToken& token) {
            return std::string("<swarmpath.CancelToken ") + (token.token.cancelled() ? "cancelled>" : "armed>");
        });
}

/// The Solver class.
void register_solver(py::module_& module) {
    py::class_<PythonSolver>(module, "Solver", "A grid bound to search settings; immutable apart from its own scratch.")
        .def(py::init<const PythonGrid&, const std::string&, int, const std::string&, const py::object&, double,
                      const std::string&, const std::string&, std::uint64_t, bool, const py::object&,
                      std::shared_ptr<PythonCancelToken>, const py::object&, const py::object&, const py::object&,
                      const py::object&>(),
             py::arg("grid"), py::kw_only(), py::arg("algorithm") = "auto", py::arg("moves") = 8,
             py::arg("diagonal_rule") = "both-free", py::arg("terrain") = py::none(), py::arg("weight") = 1.0,
             py::arg("heuristic") = "auto", py::arg("fallback") = "none", py::arg("max_expansions") = 0,
             py::arg("record_paths") = true, py::arg("deadline_ms") = 0, py::arg("cancel") = py::none(),
             py::arg("agent_size") = 1, py::arg("agent_class") = py::none(), py::arg("classes") = py::none(),
             py::arg("goal_bounds") = py::none(),
             "algorithm: auto (as the command line: batches grouped by goal, goal fields where auto's cost model "
             "expects them cheaper, else jps or A*), astar, jps, jps+, flowfield (a goal field per shared goal); "
             "moves: 8 or 4; diagonal_rule: both-free (Moving AI), one-free, any; "
             "terrain: letter costs applied on top of the grid's; weight >= 1 (weighted A*); heuristic: auto, octile, "
             "manhattan, euclidean, chebyshev, zero, hex, triangle (moves, diagonal_rule, jps and the overestimating "
             "heuristics are refused on hex and triangle grids); fallback: none or nearest; max_expansions: 0 is "
             "unlimited; deadline_ms: each query stops after this many milliseconds (status \"deadline\"), 0 to "
             "86400000, 0: none; cancel: a CancelToken that stops this solver's searches (status \"cancelled\"); "
             "agent_size: agents occupy agent_size x agent_size cells, a position being the block's top-left cell "
             "(square grids only); agent_class: the name of the agents' movement class among classes, a dict of "
             "class names to terrains (each letter's cost or blockage for that class); goal_bounds: a GoalBounds "
             "built for this grid, with which jps+ skips the moves that cannot start an optimal path (auto then "
             "means jps+; other algorithms refuse them).")
        .def("solve", &PythonSolver::solve, py::arg("start"), py::arg("goal"),
             "Solves one query from start (x, y) to goal (x, y). Raises ValueError for a cell off the map.")
        .def("solve_batch", &PythonSolver::solve_batch, py::arg("queries"), py::arg("threads") = 0,
             py::arg("paths") = true, py::arg("flat_paths") = false, py::arg("path_shape") = "cells",
             "Solves an (N, 4) integer array-like of (start x, start y, goal x, goal y) with the GIL released. "
             "threads: 0 to 1024 workers, 0 and anything above the hardware's thread count meaning one per "
             "hardware thread. Rows off the map get status \"invalid\". flat_paths=True returns the paths as "
             "path_coordinates and path_offsets instead of a list. path_shape: \"cells\" (every cell), \"waypoints\" "
             "(where the direction changes) or \"smooth\" (string pulling under the solver's diagonal rule), "
             "square maps only; `lengths` gives each returned path's Euclidean length. Ctrl-C stops the batch within "
             "milliseconds "
             "and raises KeyboardInterrupt (it cancels every batch running on this solver).")
        .def("smooth", &PythonSolver::smooth, py::arg("path"),
             "A grid path ((k, 2) [x, y] rows, one cell a step, as solve returns it) smoothed by string pulling "
             "with line of sight under this solver's moves and diagonal rule, never across costlier terrain than "
             "the cells it replaces; start and goal kept. Square maps only.")
        .def("line_of_sight", &PythonSolver::line_of_sight, py::arg("start"), py::arg("end"),
             "Whether the segment between the two cells' centres crosses only passable cells of the first "
             "cell's layer and no corner the diagonal rule forbids. Square maps only.")
        .def("goal_field", &PythonSolver::goal_field, py::arg("goal"),
             "Every cell's optimal cost to `goal` under this solver's moves, diagonal rule and terrain (GIL released).")
        .def_property_readonly("algorithm", &PythonSolver::algorithm, "the algorithm in force (auto resolved)")
        .def_property_readonly("cancel", &PythonSolver::cancel_token, "the CancelToken this solver's searches hold")
        .def_property_readonly("deadline_ms", &PythonSolver::deadline_ms,
                               "each query's time budget in milliseconds (0: none)")
        .def("edit", &PythonSolver::edit, py::arg("edits"),
             "Sets cells' terrain letters, a sequence of (x, y, letter) triples (\"@\" blocks a cell, \".\" opens "
             "one), keeping the solver's derived data current by the engine's incremental refresh instead of "
             "rebuilding; later solves and batches see the edited map (a batch already running keeps the map it "
             "started on). Returns the refresh's counts. All or nothing: on ValueError nothing changes. On a solver "
             "for agent_size or agent_class the edits name cells and letters of the map it was made from, which "
             "is derived for the agents again (\"rebuilt\": True in the counts).")
        .def_property_readonly(
            "grid", [](const PythonSolver& solver) { return solver.grid(); },
            "the grid this solver searches now (edits included)");
}

/// JPS+'s goal bounds (Solver(goal_bounds=) takes them).
void register_goal_bounds(py::module_& module) {
    py::class_<PythonGoalBounds>(module, "GoalBounds",
                                 "JPS+'s goal bounds of one square grid of uniform cost: for every cell and first "
                                 "move, the box of the cells an optimal path starting with that move reaches. Built "
                                 "from one search per passable cell (as long as a path oracle's build); files are "
                                 "those of `swarmpath precompute --kind goal-bounds` and `solve --goal-bounds`.")
        .def_static(
            "build", &PythonGoalBounds::build, py::arg("grid"), py::kw_only(), py::arg("threads") = 0,
            py::arg("progress") = py::none(), py::arg("agent_size") = 1, py::arg("agent_class") = py::none(),
            py::arg("classes") = py::none(),
            "Builds the boxes on `threads` workers (GIL released). progress: None or a callable(done, total) "
            "called now and then with the cells done; an exception it raises stops the build and is raised. Ctrl-C "
            "(KeyboardInterrupt) stops it too, within one cell's search per worker. "
            "agent_size, agent_class and classes as for Solver: the boxes of the grid derived for those "
            "agents, for a Solver made with the same.")
        .def_static("load", &PythonGoalBounds::load, py::arg("path"), py::arg("grid"), py::kw_only(),
                    py::arg("agent_size") = 1, py::arg("agent_class") = py::none(), py::arg("classes") = py::none(),
                    "Loads a goal-bounds file built for this grid and these agents (ValueError otherwise).")
        .def("save", &PythonGoalBounds::save, py::arg("path"), "Writes the goal-bounds file atomically.")
        .def_property_readonly(
            "memory_bytes", [](const PythonGoalBounds& bounds) { return bounds.bounds()->memory_bytes(); },
            "bytes the boxes take in memory (64 per cell)")
        .def_property_readonly(
            "seconds", [](const PythonGoalBounds& bounds) { return bounds.bounds()->seconds(); },
            "seconds the build or the load took");
}

/// Scenario files, the path oracle and the module's free functions.
void register_files(py::module_& module) {
    py::class_<PythonScenario>(module, "Scenario", "A Moving AI .scen file's rows.")
        .def_readonly("path", &PythonScenario::path)
        .def_readonly("map_path", &PythonScenario::map_path, "row 0's map, resolved beside the scenario file")
        .def_readonly("queries", &PythonScenario::queries, "(N, 4) int64: start x, start y, goal x, goal y")
        .def_readonly("optimal", &PythonScenario::optimal, "(N,) float64 optimal lengths")
        .def_readonly("buckets", &PythonScenario::buckets)
        .def_readonly("map_names", &PythonScenario::map_names)
        .def("__len__", [](const PythonScenario& scenario) { return scenario.map_names.size(); });

    py::class_<PythonOracle>(module, "Oracle",
                             "A path oracle of one square grid: the first move of an optimal path between every two "
                             "cells, compressed; answers queries by following stored moves instead of searching. Files "
                             "are those of `swarmpath precompute` and `swarmpath solve --oracle`.")
        .def_static(
            "build", &PythonOracle::build, py::arg("grid"), py::kw_only(), py::arg("moves") = 8,
            py::arg("diagonal_rule") = "both-free", py::arg("order") = "hilbert", py::arg("threads") = 0,
            py::arg("progress") = py::none(), py::arg("agent_size") = 1, py::arg("agent_class") = py::none(),
            py::arg("classes") = py::none(),
            "Builds the oracle on `threads` workers (GIL released). progress: None or a callable(done, total) "
            "called now and then with the rows done; an exception it raises stops the build and is raised. Ctrl-C "
            "(KeyboardInterrupt) stops it too, within one row per worker. "
            "agent_size, agent_class and classes as for Solver: the oracle answers for those agents, and its "
            "file names them (a load for other agents refuses it).")
        .def_static("load", &PythonOracle::load, py::arg("path"), py::arg("grid"), py::kw_only(), py::arg("moves") = 8,
                    py::arg("diagonal_rule") = "both-free", py::arg("agent_size") = 1,
                    py::arg("agent_class") = py::none(), py::arg("classes") = py::none(),
                    "Loads an oracle file built for this grid, terrain, moves, diagonal rule and agents (ValueError "
                    "otherwise).")
        .def("save", &PythonOracle::save, py::arg("path"), "Writes the oracle file atomically.")
        .def("solve", &PythonOracle::solve, py::arg("start"), py::arg("goal"), "One query, as Solver.solve.")
        .def("solve_batch", &PythonOracle::solve_batch, py::arg("queries"), py::arg("threads") = 0,
             py::arg("paths") = true, py::arg("flat_paths") = false,
             "An (N, 4) array of queries, as Solver.solve_batch (GIL released).")
        .def("first_move", &PythonOracle::first_move, py::arg("start"), py::arg("goal"),
             "The stored first move from start towards goal (0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW), or -1 "
             "when there is none.")
        .def("first_moves", &PythonOracle::first_moves, py::arg("queries"),
             "first_move for every row of an (N, 4) integer array (start x, start y, goal x, goal y), as an (N,) "
             "int8 array, in one call without the GIL (measured: about 4x a Python loop of first_move calls). -1 where "
             "first_move gives -1 (off the map, blocked, the same cell or unreachable). A C-ordered int32 or uint32 "
             "array is read in place; any other integer array is converted first.")
        .def_property_readonly("grid", [](const PythonOracle& oracle) { return oracle.grid(); })
        .def_property_readonly("map_name", [](const PythonOracle& oracle) { return oracle.oracle().map_name(); })
        .def_property_readonly(
            "order", [](const PythonOracle& oracle) { return std::string(search::to_string(oracle.oracle().order())); })
        .def_property_readonly("passable_cells",
                               [](const PythonOracle& oracle) { return oracle.oracle().passable_cells(); })
        .def_property_readonly("run_count", [](const PythonOracle& oracle) { return oracle.oracle().run_count(); })
        .def_property_readonly("file_bytes", [](const PythonOracle& oracle) { return oracle.oracle().file_bytes(); })
        .def_property_readonly(
            "memory_bytes", [](const PythonOracle& oracle) { return oracle.oracle().memory_bytes(); },
            "bytes the oracle holds in memory (runs in 4 bytes each, the row index, per-cell tables and the lookup "
            "tables made on loading); more than file_bytes")
        .def_property_readonly("preparation_seconds",
                               [](const PythonOracle& oracle) { return oracle.oracle().preparation_seconds(); });

    module.def(
        "read_field", &read_field, py::arg("path"),
        "Reads a field file (GoalField.save or `swarmpath field -o`): costs (float32 widened), directions, steps.");
    module.def(
        "waypoints",
        [](const py::object& path) {
            return points_array(search::waypoints(points_argument(path, "path", nullptr, false)));
        },
        py::arg("path"),
        "The points of a (k, 2) [x, y] path where the direction of travel changes; start and goal kept.");
    module.def(
        "polyline_length",
        [](const py::object& points) {
            return search::polyline_length(points_argument(points, "points", nullptr, false));
        },
        py::arg("points"), "The Euclidean length of the polyline through (k, 2) [x, y] points.");
    module.def("read_scenario", &read_scenario, py::arg("path"),
               "Reads a Moving AI .scen file (path: str, bytes or os.PathLike).");
}

}  // namespace

PYBIND11_MODULE(_core, module) {
    module.doc() =
        "Bulk grid pathfinding (A*, jump point search, goal fields) over Moving AI maps and NumPy arrays.\n"
        "Coordinates are (x, y): x the column, y the row, (0, 0) top left. 2-D arrays are indexed [y, x].";
    module.attr("__version__") = SWARMPATH_VERSION;
    module.attr("Status") = statuses().enumeration;
    module.attr("STATUSES") = statuses().members;

    register_grid(module);
    register_results(module);
    register_fields_and_stops(module);
    register_solver(module);
    register_files(module);
    register_goal_bounds(module);
}
