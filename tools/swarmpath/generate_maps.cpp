// `swarmpath generate random|maze|rooms`: generated Moving AI maps of any size (and, with
// --scenarios N, a scenario file of N queries), for scaling benchmarks and tests:
//   random  each cell blocked (`@`) with probability --density (default 0.25), otherwise ground (`.`);
//   maze    a perfect maze (one route between any two corridor cells) of --corridor-wide corridors
//           and one-cell walls, carved by an iterative depth-first search;
//   rooms   square rooms of --room cells per side behind one-cell walls, joined by one-cell doors:
//           every room is reachable (a random spanning tree of doors) and each further wall gets a
//           door with probability --density (default 0.25).
// With --topology hex or triangle (docs/formats.md) the map says `type hex` or
// `type triangle` and every generator works through that shape's own neighbours (grid/topology.hpp):
//   random  the same letters as on squares;
//   maze    a perfect maze grown cell by cell: a wall cell is carved only when the one carved
//           neighbour it has is the cell the maze grows from, so the carved cells always form a tree
//           under the shape's adjacency (corridors are one cell wide: --corridor must be 1);
//   rooms   the same straight one-cell walls, which separate rooms on these shapes too; a door in a
//           triangle map's horizontal wall is two cells side by side (one up, one down triangle),
//           since one triangle touches only one of the two rows beside it; rooms narrower than two
//           columns at a triangle map's right edge are walled up, as their triangles cannot connect.
// Output is deterministic for a given seed on every platform: the generator is std::mt19937_64 and
// every draw is reduced by this file's own arithmetic (standard distributions are not portable).
// Square output is unchanged by the topology option: a square map draws exactly as before.
// Scenario queries join two cells of the map's largest connected region; their optimal lengths
// come from reference_lengths.hpp, which shares no code with the engine's search, so
// `swarmpath solve --check` on the file is a real test.
// Rows are sorted by length, bucket = floor(length / 4), lengths printed with 8 decimals. Both files
// are opened before any work and committed together (run_files.hpp): both appear or neither does.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "option_limits.hpp"
#include "output_names.hpp"
#include "progress_line.hpp"
#include "reference_lengths.hpp"
#include "run_files.hpp"
#include "swarmpath/grid/topology.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/map_file.hpp"
#include "terminal_text.hpp"

namespace swarmpath::cli {
namespace {

struct MapOptions {
    std::string kind;
    std::string topology_name = "square";
    grid::Topology topology = grid::Topology::square;
    std::uint32_t width = 512;
    std::uint32_t height = 512;
    std::uint64_t seed = 1;
    double density = 0.25;
    std::uint32_t corridor = 1;
    std::uint32_t room = 32;
    std::size_t scenarios = 0;
    std::string output;
    std::string scenario_output;
};

/// Seeded draws with portable reductions.
class Draw {
public:
    explicit Draw(std::uint64_t seed) : engine_(seed) {}
    /// Uniform in [0, 1).
    double unit() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
    /// Uniform in [0, count), count > 0 (the modulo bias is below 2^-32 for any count used here).
    std::uint64_t below(std::uint64_t count) { return engine_() % count; }

private:
    std::mt19937_64 engine_;
};

std::string random_letters(const MapOptions& options, Draw& draw) {
    std::string letters(static_cast<std::size_t>(options.width) * options.height, '.');
    for (char& letter : letters) letter = draw.unit() < options.density ? '@' : '.';
    return letters;
}

std::string maze_letters(const MapOptions& options, Draw& draw) {
    const std::uint32_t width = options.width;
    const std::uint32_t height = options.height;
    const std::uint32_t pitch = options.corridor + 1;  // a corridor cell and the wall after it
    std::string letters(static_cast<std::size_t>(width) * height, '@');
    const std::uint32_t columns = (width + 1) / pitch;
    const std::uint32_t rows = (height + 1) / pitch;
    if (columns == 0 || rows == 0) return letters;
    auto carve = [&](std::uint32_t x0, std::uint32_t y0, std::uint32_t w, std::uint32_t h) {
        for (std::uint32_t y = y0; y < std::min(y0 + h, height); ++y) {
            for (std::uint32_t x = x0; x < std::min(x0 + w, width); ++x)
                letters[static_cast<std::size_t>(y) * width + x] = '.';
        }
    };
    std::vector<bool> visited(static_cast<std::size_t>(columns) * rows, false);
    std::vector<std::uint32_t> stack = {0};
    visited[0] = true;
    carve(0, 0, options.corridor, options.corridor);
    const int step_x[4] = {0, 1, 0, -1};
    const int step_y[4] = {-1, 0, 1, 0};
    while (!stack.empty()) {
        const std::uint32_t cell = stack.back();
        const std::uint32_t column = cell % columns;
        const std::uint32_t row = cell / columns;
        std::uint32_t choices[4];
        std::uint32_t count = 0;
        for (std::uint32_t direction = 0; direction < 4; ++direction) {
            const std::int64_t next_column = static_cast<std::int64_t>(column) + step_x[direction];
            const std::int64_t next_row = static_cast<std::int64_t>(row) + step_y[direction];
            if (next_column < 0 || next_row < 0 || next_column >= columns || next_row >= rows) continue;
            if (!visited[static_cast<std::size_t>(next_row * columns + next_column)]) choices[count++] = direction;
        }
        if (count == 0) {
            stack.pop_back();
            continue;
        }
        const std::uint32_t direction = choices[draw.below(count)];
        const auto next_column = static_cast<std::uint32_t>(static_cast<std::int64_t>(column) + step_x[direction]);
        const auto next_row = static_cast<std::uint32_t>(static_cast<std::int64_t>(row) + step_y[direction]);
        // Carve the corridor cell and the wall between the two.
        const std::uint32_t left = std::min(column, next_column) * pitch;
        const std::uint32_t top = std::min(row, next_row) * pitch;
        const bool horizontal = step_x[direction] != 0;
        carve(left, top, horizontal ? 2 * options.corridor + 1 : options.corridor,
              horizontal ? options.corridor : 2 * options.corridor + 1);
        const std::uint32_t next = next_row * columns + next_column;
        visited[next] = true;
        stack.push_back(next);
    }
    return letters;
}

/// A perfect maze on a hex or triangle map, grown by a depth-first search over cells: a wall cell is
/// carved only when its one carved neighbour is the cell being grown from, so the carved cells stay a
/// tree under the shape's adjacency (one route between any two of them).
std::string shaped_maze_letters(const MapOptions& options, Draw& draw) {
    const std::uint32_t width = options.width;
    const std::uint32_t height = options.height;
    std::string letters(static_cast<std::size_t>(width) * height, '@');
    letters[0] = '.';
    std::vector<std::uint32_t> stack = {0};
    std::vector<std::uint32_t> choices;
    while (!stack.empty()) {
        const std::uint32_t cell = stack.back();
        choices.clear();
        reference::for_each_shaped_neighbour(options.topology, width, height, cell, [&](std::uint32_t next) {
            if (letters[next] != '@') return;
            std::uint32_t carved = 0;
            reference::for_each_shaped_neighbour(options.topology, width, height, next, [&](std::uint32_t around) {
                carved += letters[around] == '.' ? 1U : 0U;
            });
            if (carved == 1) choices.push_back(next);  // that one is `cell`
        });
        if (choices.empty()) {
            stack.pop_back();
            continue;
        }
        const std::uint32_t next = choices[draw.below(choices.size())];
        letters[next] = '.';
        stack.push_back(next);
    }
    return letters;
}

std::string rooms_letters(const MapOptions& options, Draw& draw) {
    const std::uint32_t width = options.width;
    const std::uint32_t height = options.height;
    const std::uint32_t pitch = options.room + 1;
    std::string letters(static_cast<std::size_t>(width) * height, '.');
    auto at = [&](std::uint32_t x, std::uint32_t y) -> char& {
        return letters[static_cast<std::size_t>(y) * width + x];
    };
    for (std::uint32_t y = 0; y < height; ++y) {
        for (std::uint32_t x = 0; x < width; ++x) {
            if ((x + 1) % pitch == 0 || (y + 1) % pitch == 0) at(x, y) = '@';
        }
    }
    const std::uint32_t columns = (width + pitch - 1) / pitch;
    const std::uint32_t rows = (height + pitch - 1) / pitch;
    // On triangles a room column one cell wide (a sliver at the right edge) cannot connect its own
    // cells: it is walled up and gets no doors. Every room column is usable on other shapes.
    const bool triangle = options.topology == grid::Topology::triangle;
    auto column_span = [&](std::uint32_t column) { return std::min(options.room, width - column * pitch); };
    auto usable = [&](std::uint32_t column) { return !triangle || column_span(column) >= 2; };
    for (std::uint32_t column = 0; column < columns; ++column) {
        if (usable(column)) continue;
        for (std::uint32_t y = 0; y < height; ++y) {
            for (std::uint32_t x = column * pitch; x < column * pitch + column_span(column); ++x) at(x, y) = '@';
        }
    }
    // Walls between neighbouring rooms: (room, direction 0 east / 1 south), shuffled; a union-find
    // keeps a door in every wall that joins two groups (a spanning tree), others with --density.
    std::vector<std::uint32_t> parent(static_cast<std::size_t>(columns) * rows);
    for (std::uint32_t index = 0; index < parent.size(); ++index) parent[index] = index;
    std::function<std::uint32_t(std::uint32_t)> find = [&](std::uint32_t index) {
        while (parent[index] != index) index = parent[index] = parent[parent[index]];
        return index;
    };
    std::vector<std::uint64_t> walls;
    for (std::uint32_t row = 0; row < rows; ++row) {
        for (std::uint32_t column = 0; column < columns; ++column) {
            const std::uint64_t room = static_cast<std::uint64_t>(row) * columns + column;
            if (!usable(column)) continue;
            if (column + 1 < columns && (column + 1) * pitch - 1 < width && usable(column + 1))
                walls.push_back(room * 2);
            if (row + 1 < rows && (row + 1) * pitch - 1 < height) walls.push_back(room * 2 + 1);
        }
    }
    for (std::size_t index = walls.size(); index > 1; --index) std::swap(walls[index - 1], walls[draw.below(index)]);
    for (std::uint64_t wall : walls) {
        const auto room = static_cast<std::uint32_t>(wall / 2);
        const bool east = wall % 2 == 0;
        const std::uint32_t column = room % columns;
        const std::uint32_t row = room / columns;
        const std::uint32_t other = east ? room + 1 : room + columns;
        const bool joins = find(room) != find(other);
        const double chance = draw.unit();
        if (!joins && chance >= options.density) continue;
        parent[find(room)] = find(other);
        // The door: one cell of the wall, at a random offset along the room's side.
        if (east) {
            const std::uint32_t x = (column + 1) * pitch - 1;
            const std::uint32_t span = std::min(options.room, height - row * pitch);
            at(x, row * pitch + static_cast<std::uint32_t>(draw.below(span))) = '.';
        } else {
            // On triangles two cells side by side, an up and a down one: each touches one of the rows.
            const std::uint32_t y = (row + 1) * pitch - 1;
            const std::uint32_t span = column_span(column);
            const std::uint32_t x = column * pitch + static_cast<std::uint32_t>(draw.below(triangle ? span - 1 : span));
            at(x, y) = '.';
            if (triangle) at(x + 1, y) = '.';
        }
    }
    return letters;
}

struct ScenarioRow {
    double length;
    std::uint32_t start, goal;
};

/// `count` queries between two different cells of `region`, drawn in order from `draw`, with their
/// optimal lengths computed on several threads, each with its own search (the rows do not depend on
/// the thread count). Every pair within one region is connected, so every length is found.
std::vector<ScenarioRow> scenario_rows(const reference::ReferenceMap& map, const std::vector<std::uint32_t>& region,
                                       std::size_t count, Draw& draw, const std::string& label) {
    std::vector<ScenarioRow> rows;
    rows.reserve(count);
    while (rows.size() < count) {
        const std::uint32_t start = region[draw.below(region.size())];
        const std::uint32_t goal = region[draw.below(region.size())];
        if (start != goal) rows.push_back({-1.0, start, goal});
    }
    // Each search holds a length per cell: the threads together hold at most about 256 MiB of them.
    const std::size_t search_bytes = std::max<std::size_t>(map.cell_count() * sizeof(double), 1);
    const std::size_t memory_limit = std::max<std::size_t>((std::size_t{256} << 20) / search_bytes, 1);
    const std::size_t workers = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1,
                                                        std::max<std::size_t>(std::min(memory_limit, count), 1));
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    auto work = [&] {
        reference::ReferenceSearch search(map);
        for (std::size_t index = next++; index < rows.size(); index = next++) {
            rows[index].length = search.shortest_length(rows[index].start, rows[index].goal);
            ++done;
        }
    };
    std::vector<std::thread> threads;
    for (std::size_t worker = 0; worker < workers; ++worker) threads.emplace_back(work);
    ProgressLine progress(label, "scenarios");
    while (done.load() < count) {
        progress.update(done.load(), count);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    for (std::thread& thread : threads) thread.join();
    progress.finish();
    return rows;
}

/// The one-line summary on standard error of what a run wrote (`scenario_path` empty: the map only).
void report_written(const MapOptions& options, const std::string& scenario_path) {
    std::string summary = fmt::format("swarmpath: wrote a {}x{} {} {} map to {}", options.width, options.height,
                                      options.topology_name, options.kind, printable_output_name(options.output));
    if (!scenario_path.empty()) {
        summary += fmt::format(" and {} scenarios to {}", options.scenarios, printable_output_name(scenario_path));
    }
    std::fprintf(stderr, "%s\n", summary.c_str());
}

/// The options' refusals that need no file: sizes, density, corridor and room widths per shape.
/// Returns the message, or nothing when the options can generate a map.
std::optional<std::string> refused_options(const MapOptions& options) {
    if (options.width == 0 || options.height == 0 || options.width > io::kMaximumSide ||
        options.height > io::kMaximumSide ||
        static_cast<std::uint64_t>(options.width) * options.height > io::kMaximumCells) {
        return fmt::format("--width and --height must be 1 to {} with at most {} cells", io::kMaximumSide,
                           io::kMaximumCells);
    }
    if (!(options.density >= 0.0 && options.density <= 1.0)) {
        return "--density must be from 0 to 1";
    }
    if (options.corridor == 0 || options.room == 0) {
        return "--corridor and --room must be at least 1";
    }
    if (options.topology != grid::Topology::square && options.kind == "maze" && options.corridor != 1) {
        return fmt::format("--corridor {} is for square maps: a {} maze has corridors one cell wide (--corridor 1)",
                           options.corridor, options.topology_name);
    }
    if (options.topology == grid::Topology::triangle && options.kind == "rooms" && options.room < 2) {
        return "--room must be at least 2 on triangles: a one-cell-wide column of triangles is not connected";
    }
    return std::nullopt;
}

/// The letters of the map the options ask for, drawn from `draw`.
std::string map_letters(const MapOptions& options, Draw& draw) {
    std::string letters;
    if (options.kind == "random") letters = random_letters(options, draw);
    if (options.kind == "maze") {
        letters = options.topology == grid::Topology::square ? maze_letters(options, draw)
                                                             : shaped_maze_letters(options, draw);
    }
    if (options.kind == "rooms") letters = rooms_letters(options, draw);

    return letters;
}

/// The scenario file of the map's `letters`: its queries join cells of the largest region, drawn from
/// `draw`, sorted by their reference lengths. An error when no two cells connect.
Expected<std::string> scenario_text(const MapOptions& options, const std::string& letters, Draw& draw) {
    const reference::ReferenceMap reference_map(letters, options.width, options.height, options.topology);
    std::vector<std::uint32_t> region = reference::largest_region(reference_map);
    std::sort(region.begin(), region.end());
    if (region.size() < 2) {
        return Error{"", 0, 0, "the generated map has no two connected passable cells to join (try a lower --density)"};
    }
    std::vector<ScenarioRow> rows =
        scenario_rows(reference_map, region, options.scenarios, draw, escape_text(file_name_of(options.output)));
    if (std::any_of(rows.begin(), rows.end(), [](const ScenarioRow& row) { return row.length < 0; })) {
        return Error{"", 0, 0, "internal error: two cells of one region do not reach each other; no file written"};
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const ScenarioRow& a, const ScenarioRow& b) { return a.length < b.length; });
    const std::string map_name = file_name_of(options.output);
    std::string scenario = "version 1\n";
    for (const ScenarioRow& row : rows) {
        fmt::format_to(std::back_inserter(scenario), "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.8f}\n",
                       static_cast<std::uint64_t>(row.length / 4), map_name, options.width, options.height,
                       row.start % options.width, row.start / options.width, row.goal % options.width,
                       row.goal / options.width, row.length);
    }
    return scenario;
}

int run_generate_map(const MapOptions& options) {
    if (std::optional<std::string> refused = refused_options(options)) {
        report_error(*refused);
        return kExitBadInput;
    }
    const std::string scenario_path =
        options.scenario_output.empty() ? options.output + ".scen" : options.scenario_output;
    RunFiles files;
    io::AtomicFile* map_file = files.add_output("-o", options.output);
    io::AtomicFile* scenario_file =
        options.scenarios == 0 ? nullptr : files.add_output("--scenario-output", scenario_path);
    if (Status checked = files.check(); !checked) {
        report_error(checked.error().describe(command_line_wording));
        return kExitBadInput;
    }
    for (const std::optional<std::string>& refused :
         {wrong_output_extension("-o", options.output, ".map", "a map"),
          options.scenarios == 0
              ? std::nullopt
              : wrong_output_extension("--scenario-output", scenario_path, ".scen", "a scenario file")}) {
        if (refused) {
            report_error(*refused);
            return kExitBadInput;
        }
    }
    Draw draw(options.seed);
    const std::string letters = map_letters(options, draw);
    std::string text = fmt::format("type {}\nheight {}\nwidth {}\nmap\n", grid::topology_type_name(options.topology),
                                   options.height, options.width);
    text.reserve(text.size() + letters.size() + options.height);
    for (std::uint32_t y = 0; y < options.height; ++y) {
        text.append(letters, static_cast<std::size_t>(y) * options.width, options.width);
        text.push_back('\n');
    }
    map_file->write(text);
    text.clear();
    text.shrink_to_fit();
    if (scenario_file == nullptr) {
        if (Status committed = files.commit(); !committed) {
            report_error(committed.error().describe(command_line_wording));
            return kExitBadInput;
        }
        report_written(options, "");
        return kExitSuccess;
    }

    Expected<std::string> scenario = scenario_text(options, letters, draw);
    if (!scenario) {
        report_error(scenario.error().describe(command_line_wording));
        return kExitBadInput;
    }
    scenario_file->write(*scenario);
    if (Status committed = files.commit(); !committed) {  // the map and its scenarios, or neither
        report_error(committed.error().describe(command_line_wording));
        return kExitBadInput;
    }
    report_written(options, scenario_path);
    return kExitSuccess;
}

void add_kind(CLI::App& generate, int& exit_code, const std::string& kind, const std::string& description) {
    auto options = std::make_shared<MapOptions>();
    options->kind = kind;
    CLI::App* command = generate.add_subcommand(kind, description);
    command->add_option("--width", options->width, "Map width in cells")
        ->check(whole_number(1, io::kMaximumSide))
        ->capture_default_str();
    command->add_option("--height", options->height, "Map height in cells")
        ->check(whole_number(1, io::kMaximumSide))
        ->capture_default_str();
    command->add_option("--seed", options->seed, "Random seed (same seed, same files)")
        ->check(whole_number(0, kMaximumSeed))
        ->capture_default_str();
    command
        ->add_option("--topology", options->topology_name,
                     "Cell shape: square (type octile), hex (pointy-top, odd rows shifted right) or triangle "
                     "(up where x + y is even)")
        ->check(CLI::IsMember({"square", "hex", "triangle"}))
        ->capture_default_str();
    if (kind == "random") {
        command->add_option("--density", options->density, "Share of blocked cells, 0 to 1")->capture_default_str();
    }
    if (kind == "maze") {
        command->add_option("--corridor", options->corridor, "Corridor width in cells")
            ->check(whole_number(1, io::kMaximumSide))
            ->capture_default_str();
    }
    if (kind == "rooms") {
        command->add_option("--room", options->room, "Room side in cells")
            ->check(whole_number(1, io::kMaximumSide))
            ->capture_default_str();
        command->add_option("--density", options->density, "Chance of a door in each wall beyond those that connect")
            ->capture_default_str();
    }
    command->add_option("-o,--output", options->output, "Map file to write (.map)")->required();
    command
        ->add_option("--scenarios", options->scenarios, "Also write a scenario file of N queries with optimal lengths")
        ->check(whole_number(0, kMaximumGeneratedScenarios))
        ->capture_default_str();
    command->add_option("--scenario-output", options->scenario_output,
                        "Scenario file to write (.scen; default: MAP.scen)");
    command->callback([options, &exit_code] {
        options->topology = options->topology_name == "square" ? grid::Topology::square
                                                               : *grid::topology_from_type(options->topology_name);
        exit_code = run_generate_map(*options);
    });
}

}  // namespace

void add_generate_map_commands(CLI::App& generate, int& exit_code) {
    add_kind(generate, exit_code, "random", "A map with randomly blocked cells");
    add_kind(generate, exit_code, "maze", "A perfect maze with corridors of a given width");
    add_kind(generate, exit_code, "rooms", "Square rooms joined by doors");
}

}  // namespace swarmpath::cli
