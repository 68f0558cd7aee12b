// Movement classes from a classes file or a one-line spec (see io/movement_classes_file.hpp): both
// forms feed one builder, which checks names, duplicates and the class count, and applies each
// class's terrain items with the terrain-spec grammar (io/terrain_items.hpp).
#include "swarmpath/io/movement_classes_file.hpp"

#include <string>
#include <utility>

#include "io/terrain_items.hpp"
#include "io/text_lines.hpp"

namespace swarmpath::io {
namespace {

bool is_name_character(char character) {
    return (character >= 'a' && character <= 'z') || (character >= 'A' && character <= 'Z') ||
           (character >= '0' && character <= '9') || character == '_' || character == '-';
}

/// The classes of one file or spec, built one declaration at a time. Places (for the messages about
/// a second declaration) are lines in a file and columns in a spec.
class ClassesBuilder {
public:
    ClassesBuilder(std::string_view origin, const grid::TerrainTable& base, bool by_line)
        : origin_(origin), base_(base), by_line_(by_line) {}

    /// Starts the class `name`, written at `line` and `column`.
    Status begin_class(std::string_view name, std::uint32_t line, std::uint32_t column) {
        if (std::string problem = class_name_problem(name); !problem.empty()) return fail(line, column, problem);
        for (std::size_t index = 0; index < result_.classes.size(); ++index) {
            if (result_.classes[index].name == name) {
                return fail(line, column,
                            "class '" + std::string(name) + "' is declared twice (first at " + place_word() + " " +
                                std::to_string(places_[index]) + ")");
            }
        }
        if (result_.classes.size() == kMaximumMovementClasses) {
            return fail(line, column,
                        "more than " + std::to_string(kMaximumMovementClasses) + " movement classes are declared");
        }
        result_.classes.push_back({std::string(name), base_});
        places_.push_back(by_line_ ? line : column);
        declarations_ = TerrainDeclarations{};
        declarations_.by_line = by_line_;
        return Success{};
    }

    /// Applies `LETTER=COST,...` (starting at `column` of `line`) to the class begun last.
    Status add_items(std::string_view items, std::uint32_t line, std::uint32_t column) {
        if (result_.classes.empty()) {
            return fail(line, column, "terrain items before the first 'class' line (a class starts with 'class NAME')");
        }
        return apply_terrain_items(items, result_.classes.back().terrain, origin_, line, column, declarations_);
    }

    [[nodiscard]] bool empty() const { return result_.classes.empty(); }
    MovementClasses take() { return std::move(result_); }

    [[nodiscard]] Error fail(std::uint32_t line, std::uint32_t column, std::string message) const {
        return Error{std::string(origin_), line, column, std::move(message)};
    }

private:
    [[nodiscard]] std::string place_word() const { return by_line_ ? "line" : "column"; }

    std::string_view origin_;
    const grid::TerrainTable& base_;
    bool by_line_;
    MovementClasses result_;
    std::vector<std::uint32_t> places_;
    TerrainDeclarations declarations_;
};

/// The column (1-based) of `part`, a view into `whole`.
std::uint32_t column_of(std::string_view part, std::string_view whole) {
    return static_cast<std::uint32_t>(part.data() - whole.data() + 1);
}

/// Splits `NAME` or `NAME:ITEMS` (trimmed, a view into the line or spec `whole`) and hands both to
/// `builder`.
Status declare_class(std::string_view declaration, std::string_view whole, std::uint32_t line,
                     ClassesBuilder& builder) {
    const std::size_t colon = declaration.find(':');
    const std::string_view name = trim_spaces(declaration.substr(0, colon));
    const std::uint32_t name_column = column_of(name.empty() ? declaration : name, whole);
    if (name.empty())
        return builder.fail(line, name_column, "missing class name (expected NAME or NAME: LETTER=COST,...)");
    if (Status begun = builder.begin_class(name, line, name_column); !begun) return begun;
    if (colon == std::string_view::npos) return Success{};
    const std::string_view items = declaration.substr(colon + 1);
    return builder.add_items(items, line, column_of(items, whole));
}

}  // namespace

MovementClasses MovementClasses::single(grid::TerrainTable terrain) {
    MovementClasses classes;
    classes.classes.push_back({std::string(kDefaultClassName), terrain});
    return classes;
}

void MovementClasses::block_letters_defined_elsewhere(grid::TerrainTable& terrain) {
    for (int code = 0; code < 256; ++code) {
        const char letter = static_cast<char>(code);
        bool defined_somewhere = false;
        for (const MovementClass& movement_class : classes)
            defined_somewhere |= movement_class.terrain.rule(letter).defined;
        if (!defined_somewhere) continue;
        if (!terrain.rule(letter).defined) terrain.declare(letter, false, 1.0);
        for (MovementClass& movement_class : classes) {
            if (!movement_class.terrain.rule(letter).defined) movement_class.terrain.declare(letter, false, 1.0);
        }
    }
}

const MovementClass* MovementClasses::find(std::string_view name) const {
    if (classes.empty()) return nullptr;
    if (name.empty()) return &classes.front();
    for (const MovementClass& movement_class : classes) {
        if (movement_class.name == name) return &movement_class;
    }
    return nullptr;
}

Expected<std::uint32_t> MovementClasses::index_of(std::string_view name) const {
    if (const MovementClass* found = find(name); found != nullptr) {
        return static_cast<std::uint32_t>(found - classes.data());
    }
    if (classes.empty()) return Error{"", 0, 0, "no movement class is declared"};
    std::vector<std::string_view> names;
    names.reserve(classes.size());
    for (const MovementClass& movement_class : classes) names.push_back(movement_class.name);
    std::string message = "movement class '" + printable(name, 40) + "' is unknown: expected " + list_names(names);
    if (name.size() <= kMaximumClassNameLength) {
        if (const std::string_view closest = closest_name(name, names); !closest.empty()) {
            message.append(" (did you mean ").append(closest).append("?)");
        }
    }
    return Error{"", 0, 0, std::move(message)};
}

std::string class_name_problem(std::string_view name) {
    if (name.empty()) return "missing class name";
    if (name.size() > kMaximumClassNameLength) {
        return "class name '" + printable(name, 20) + "' is longer than " + std::to_string(kMaximumClassNameLength) +
               " characters";
    }
    const bool starts_with_letter =
        (name.front() >= 'a' && name.front() <= 'z') || (name.front() >= 'A' && name.front() <= 'Z');
    bool characters_ok = true;
    for (char character : name) characters_ok = characters_ok && is_name_character(character);
    if (!starts_with_letter || !characters_ok) {
        return "class name '" + printable(name, 40) +
               "' is not a name (ASCII letters, digits, '_' and '-', starting with a letter)";
    }
    return {};
}

Expected<MovementClasses> parse_movement_classes(std::string_view text, std::string_view origin,
                                                 const grid::TerrainTable& base) {
    if (std::string problem = encoding_problem(text); !problem.empty()) {
        return Error{std::string(origin), 1, 1, std::move(problem)};
    }
    ClassesBuilder builder(origin, base, true);
    std::uint32_t version_line = 0;
    TextLines lines(text);
    std::string_view line;
    while (lines.next(line)) {
        const std::uint32_t number = lines.line_number();
        if (line.size() > kMaximumClassesLineLength) {
            return builder.fail(number, static_cast<std::uint32_t>(kMaximumClassesLineLength + 1),
                                "line is " + std::to_string(line.size()) + " bytes long, more than the " +
                                    std::to_string(kMaximumClassesLineLength) + " a classes file allows");
        }
        const std::string_view content = trim_spaces(line.substr(0, line.find('#')));
        if (content.empty()) continue;
        const std::string_view keyword = first_word(content);
        const std::uint32_t column = column_of(content, line);
        if (version_line == 0) {
            version_line = number;
            const std::string_view value = trim_spaces(content.substr(keyword.size()));
            if (keyword != "version") {
                return builder.fail(number, column, "missing 'version' line (a classes file starts with 'version 1')");
            }
            if (value != "1") {
                return builder.fail(number, value.empty() ? column : column_of(value, line),
                                    "unsupported classes file version '" + printable(value, 20) + "' (expected 1)");
            }
            continue;
        }
        if (keyword == "version") {
            return builder.fail(
                number, column,
                "duplicate 'version' line (already given on line " + std::to_string(version_line) + ")");
        }
        if (keyword == "class") {
            const std::string_view declaration = trim_spaces(content.substr(keyword.size()));
            if (Status declared = declare_class(declaration, line, number, builder); !declared) return declared.error();
            continue;
        }
        if (Status added = builder.add_items(content, number, column); !added) return added.error();
    }
    if (version_line == 0) {
        return Error{std::string(origin), lines.line_number(), 0,
                     text.empty() ? "empty file (expected 'version 1' and class declarations)"
                                  : "missing 'version' line (a classes file starts with 'version 1')"};
    }
    if (builder.empty())
        return Error{std::string(origin), lines.line_number(), 0, "declares no class (expected 'class NAME')"};
    return builder.take();
}

Expected<MovementClasses> read_movement_classes_file(const std::string& path, const grid::TerrainTable& base,
                                                     FileDigest* digest) {
    Expected<std::string> text = read_whole_file(path, digest);
    if (!text) return text.error();
    return parse_movement_classes(*text, path, base);
}

Expected<MovementClasses> parse_movement_classes_spec(std::string_view spec, std::string_view origin,
                                                      const grid::TerrainTable& base) {
    if (trim_spaces(spec).empty()) {
        return Error{std::string(origin), 0, 0,
                     "empty movement-class spec (expected NAME or NAME:LETTER=COST,...;...)"};
    }
    ClassesBuilder builder(origin, base, false);
    std::size_t start = 0;
    while (start <= spec.size()) {
        std::size_t semicolon = spec.find(';', start);
        if (semicolon == std::string_view::npos) semicolon = spec.size();
        const std::string_view part = spec.substr(start, semicolon - start);
        const std::string_view declaration = trim_spaces(part);
        if (declaration.empty()) {
            return builder.fail(0, column_of(part, spec),
                                "empty class in the spec (expected NAME or NAME:LETTER=COST,... between ';')");
        }
        if (Status declared = declare_class(declaration, spec, 0, builder); !declared) return declared.error();
        start = semicolon + 1;
    }
    return builder.take();
}

}  // namespace swarmpath::io
