// `swarmpath field MAP GX GY -o FIELD [--png PICTURE]`: computes the goal field of one goal over the
// whole map and writes it in the binary layout of swarmpath/io/field_file.hpp, plus a PNG picture:
// cost to the goal as colour (dark blue near, through green, to yellow far), blocked cells black,
// cells that cannot reach the goal grey, the goal white; on maps of at most 64 cells a side each cell
// is drawn 9 pixels wide with an arrow showing its next step. Square maps are drawn here and encoded
// by map_picture's png_from_pixels; hex and triangle maps are drawn in their own shapes through
// map_picture (without arrows).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "map_picture.hpp"
#include "option_limits.hpp"
#include "output_names.hpp"
#include "run_files.hpp"
#include "search/moves.hpp"
#include "search_options.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/field_file.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/goal_field_record.hpp"
#include "swarmpath/search/solver.hpp"
#include "terminal_text.hpp"

namespace swarmpath::cli {
namespace {

struct FieldOptions {
    std::string map_path;
    std::uint32_t goal_x = 0;
    std::uint32_t goal_y = 0;
    std::string output;
    std::string picture;
    int moves = 8;
    std::string diagonal = "both-free";
    std::string terrain_spec;
    std::string terrain_file;
    AgentOptions agent;
};

/// A blue–green–yellow ramp for t in [0, 1] (map_picture's Colour, which the shaped pictures take too).
Colour ramp(double t) {
    static constexpr std::array<Colour, 5> stops = {Colour{68, 1, 84}, Colour{59, 82, 139}, Colour{33, 145, 140},
                                                    Colour{94, 201, 98}, Colour{253, 231, 37}};
    t = std::clamp(t, 0.0, 1.0) * static_cast<double>(stops.size() - 1);
    const auto index = std::min<std::size_t>(static_cast<std::size_t>(t), stops.size() - 2);
    const double fraction = t - static_cast<double>(index);
    auto mix = [fraction](std::uint8_t from, std::uint8_t to) {
        return static_cast<std::uint8_t>(
            std::lround(static_cast<double>(from) * (1.0 - fraction) + static_cast<double>(to) * fraction));
    };
    const Colour& low = stops[index];
    const Colour& high = stops[index + 1];
    return {mix(low.red, high.red), mix(low.green, high.green), mix(low.blue, high.blue)};
}

/// Each cell's colour in the picture: the goal white, cost to the goal on the ramp, passable cells
/// that cannot reach it grey, blocked cells black.
Colour cell_colour(const grid::Grid& grid, const io::FieldFile& field, float largest, std::uint32_t x,
                   std::uint32_t y) {
    const std::size_t cell = static_cast<std::size_t>(y) * field.width + x;
    if (x == field.goal_x && y == field.goal_y) return {255, 255, 255};
    if (std::isfinite(field.costs[cell])) return ramp(largest > 0 ? field.costs[cell] / largest : 0.0);
    if (grid.passable(x, y)) return {96, 96, 96};
    return {0, 0, 0};
}

float largest_cost(const io::FieldFile& field) {
    float largest = 0;
    for (float cost : field.costs) {
        if (std::isfinite(cost)) largest = std::max(largest, cost);
    }
    return largest;
}

/// The colours of every cell, row by row, for the picture of a hex or triangle map.
std::vector<Colour> field_colours(const grid::Grid& grid, const io::FieldFile& field) {
    const float largest = largest_cost(field);
    std::vector<Colour> colours(static_cast<std::size_t>(field.width) * field.height);
    for (std::uint32_t y = 0; y < field.height; ++y) {
        for (std::uint32_t x = 0; x < field.width; ++x) {
            colours[static_cast<std::size_t>(y) * field.width + x] = cell_colour(grid, field, largest, x, y);
        }
    }
    return colours;
}

std::vector<std::uint8_t> draw_field(const grid::Grid& grid, const io::FieldFile& field, std::uint32_t scale) {
    const std::uint32_t width = field.width * scale;
    const std::uint32_t height = field.height * scale;
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * height * 3, 0);
    const float largest = largest_cost(field);
    auto paint = [&](std::uint32_t px, std::uint32_t py, const Colour& colour) {
        const std::size_t offset = (static_cast<std::size_t>(py) * width + px) * 3;
        pixels[offset] = colour.red;
        pixels[offset + 1] = colour.green;
        pixels[offset + 2] = colour.blue;
    };
    for (std::uint32_t y = 0; y < field.height; ++y) {
        for (std::uint32_t x = 0; x < field.width; ++x) {
            const std::size_t cell = static_cast<std::size_t>(y) * field.width + x;
            const Colour colour = cell_colour(grid, field, largest, x, y);
            for (std::uint32_t dy = 0; dy < scale; ++dy) {
                for (std::uint32_t dx = 0; dx < scale; ++dx) paint(x * scale + dx, y * scale + dy, colour);
            }
            const std::uint8_t direction = field.directions[cell];
            if (scale >= 7 && direction < 8) {
                // An arrow: a line from the centre towards the next cell, with a dark tip.
                const int centre = static_cast<int>(scale / 2);
                for (int step = 0; step <= centre; ++step) {
                    const int px = centre + step * search::kDirectionX[direction];
                    const int py = centre + step * search::kDirectionY[direction];
                    const Colour ink = step == centre ? Colour{0, 0, 0} : Colour{255, 255, 255};
                    paint(x * scale + static_cast<std::uint32_t>(px), y * scale + static_cast<std::uint32_t>(py), ink);
                }
            }
        }
    }
    return pixels;
}

/// The field's PNG picture, scaled to about 512 pixels a side (9 a cell on small maps): square cells
/// as draw_field draws them, hexagons and triangles as `render` draws them, each in its field colour.
Expected<std::string> field_picture(const LoadedMap& loaded, const io::FieldFile& file) {
    const grid::Grid& grid = loaded.grid;
    const std::uint32_t side = std::max(grid.width(), grid.height());
    const std::uint32_t scale = side <= 64 ? 9 : std::max<std::uint32_t>(1, 512 / side);
    if (grid.topology() != grid::Topology::square) {
        return png_cell_picture(loaded.map, field_colours(grid, file), std::max(scale, 2U));
    }
    return png_from_pixels(draw_field(grid, file, scale), file.width * scale, file.height * scale);
}

int run_field(const FieldOptions& options) {
    SearchOptions search;
    search.moves = options.moves;
    search.diagonal = options.diagonal;
    search.terrain_spec = options.terrain_spec;
    search.terrain_file = options.terrain_file;
    search.agent_size = options.agent.size;
    search.agent_class = options.agent.class_name;
    search.classes_spec = options.agent.classes_spec;
    search.classes_file = options.agent.classes_file;
    // Both outputs are opened, and checked against the inputs, each other and their extensions
    // (output_names.hpp), before any work; they are committed together at the end: the field and
    // its picture, or neither.
    const std::string picture_path = options.picture.empty() ? options.output + ".png" : options.picture;
    RunFiles files;
    files.add_input("map", options.map_path);
    files.add_input("terrain file (--terrain-file)", options.terrain_file);
    files.add_input("classes file (--classes-file)", options.agent.classes_file);
    io::AtomicFile* field_output = files.add_output("-o", options.output);
    io::AtomicFile* picture_output = files.add_output("--png", picture_path);
    if (Status checked = files.check(); !checked) {
        report_error(checked.error().describe(command_line_wording));
        return kExitBadInput;
    }
    for (const std::optional<std::string>& refused :
         {wrong_output_extension("-o", options.output, ".field", "a goal field"),
          wrong_output_extension("--png", picture_path, ".png", "a PNG picture")}) {
        if (refused) {
            report_error(*refused);
            return kExitBadInput;
        }
    }
    Expected<LoadedMap> loaded = load_map(search, options.map_path);
    if (!loaded) {
        report_error(loaded.error().describe(command_line_wording));
        return kExitBadInput;
    }
    const ResolvedSearch* resolved = &loaded->search;
    const grid::Grid* grid = &loaded->grid;
    if (Status fits = search::check_shape_settings(*grid, resolved->settings); !fits) {
        report_error(options.map_path + ": " + fits.error().describe(command_line_wording));
        return kExitBadInput;
    }
    if (!grid->contains(options.goal_x, options.goal_y)) {
        report_error("goal " + std::to_string(options.goal_x) + " " + std::to_string(options.goal_y) + " is off the " +
                     std::to_string(grid->width()) + " x " + std::to_string(grid->height()) + " map");
        return kExitBadInput;
    }
    const auto goal_x = static_cast<std::uint32_t>(options.goal_x);
    const auto goal_y = static_cast<std::uint32_t>(options.goal_y);
    if (!grid->passable(goal_x, goal_y)) {
        report_error("goal " + std::to_string(goal_x) + " " + std::to_string(goal_y) + " is blocked");
        return kExitBadInput;
    }
    search::FieldWorkspace workspace;
    const search::GoalField field = search::GoalField::compute(
        *grid, resolved->settings.moves, resolved->settings.diagonal, goal_x, goal_y, {}, true, workspace);
    const io::FieldFile file = search::field_file_from(field, *grid);
    field_output->write(io::encode_field_file(file));
    Expected<std::string> encoded = field_picture(*loaded, file);
    if (!encoded) {
        report_error(picture_path + ": " + word_message(encoded.error().message, command_line_wording));
        return kExitBadInput;
    }
    picture_output->write(*encoded);
    if (Status committed = files.commit(); !committed) {
        report_error(committed.error().describe(command_line_wording));
        return kExitBadInput;
    }
    std::fprintf(files.writes_standard_output() ? stderr : stdout,
                 "field of %s to (%u, %u): %llu cells reach the goal; wrote %s and %s\n",
                 escape_text(options.map_path).c_str(), goal_x, goal_y,
                 static_cast<unsigned long long>(field.counters().expanded), escape_text(options.output).c_str(),
                 escape_text(picture_path).c_str());
    return kExitSuccess;
}

}  // namespace

void add_field_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<FieldOptions>();
    CLI::App* command = app.add_subcommand(
        "field", "Export the goal field (cost and next step of every cell) of one goal, with a PNG picture");
    command->add_option("map", options->map_path, "Map file (.map)")->required();
    command->add_option("goal_x", options->goal_x, "Goal column")
        ->required()
        ->check(whole_number(0, kMaximumCoordinate));
    command->add_option("goal_y", options->goal_y, "Goal row")->required()->check(whole_number(0, kMaximumCoordinate));
    command->add_option("-o,--output", options->output, "Field file to write (.field; layout: docs/crowds.md)")
        ->required();
    command->add_option("--png", options->picture, "Picture to write (.png; default: FIELD.png)");
    command->add_option("--moves", options->moves, "Movement model: 8 or 4")->capture_default_str();
    command->add_option("--diagonal-rule", options->diagonal, "both-free, one-free or any")->capture_default_str();
    command->add_option("--terrain", options->terrain_spec, "Terrain costs, LETTER=COST,...");
    command->add_option("--terrain-file", options->terrain_file, "Terrain costs, one LETTER=COST per line");
    add_agent_options(*command, options->agent);
    command->callback([options, &exit_code] { exit_code = run_field(*options); });
}

}  // namespace swarmpath::cli
