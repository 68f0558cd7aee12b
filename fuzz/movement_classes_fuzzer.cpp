// libFuzzer target: movement classes, from a classes file or a one-line spec (io/movement_classes_file.hpp).
// The first input byte chooses which parser sees the rest. Checks that errors name their origin and a
// line inside the text, and that accepted classes are what the format allows: 1 to
// kMaximumMovementClasses of them, valid distinct names, each found again by name, every declared
// letter printable with a cost inside the documented limits.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/movement_classes_file.hpp"

namespace {

using namespace swarmpath;
using fuzz::require;

void check_classes(const io::MovementClasses& classes) {
    require(!classes.classes.empty() && classes.classes.size() <= io::kMaximumMovementClasses,
            "class count outside the limits");
    for (std::size_t index = 0; index < classes.classes.size(); ++index) {
        const io::MovementClass& movement_class = classes.classes[index];
        require(io::class_name_problem(movement_class.name).empty(), "accepted a class name that is not a name");
        Expected<std::uint32_t> found = classes.index_of(movement_class.name);
        require(found.has_value() && *found == index, "a class is not found by its name (a duplicate?)");
        for (int code = 0; code < 256; ++code) {
            const grid::TerrainRule& rule = movement_class.terrain.rule(static_cast<char>(code));
            if (!rule.defined || !rule.passable) continue;
            require(rule.cost >= grid::kMinimumCost && rule.cost <= grid::kMaximumCost, "cost outside the limits");
        }
    }
    require(classes.index_of("").has_value(), "no default class");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const bool as_file = (data[0] & 1) != 0;
    const std::string_view origin = as_file ? "fuzz.classes" : "--classes";
    Expected<io::MovementClasses> classes =
        as_file ? io::parse_movement_classes(text, origin) : io::parse_movement_classes_spec(text, origin);
    if (!classes) {
        fuzz::require_clean_error(classes.error(), origin, fuzz::count_lines(text));
        return 0;
    }
    check_classes(*classes);
    return 0;
}
