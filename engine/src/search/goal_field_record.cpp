// A computed goal field as the plain field-file record (see search/goal_field_record.hpp).
#include "swarmpath/search/goal_field_record.hpp"

#include <cstddef>
#include <limits>

namespace swarmpath::search {

io::FieldFile field_file_from(const GoalField& field, const grid::Grid& grid) {
    io::FieldFile file;
    file.width = field.width();
    file.height = field.height();
    file.goal_x = field.goal_x();
    file.goal_y = field.goal_y();
    file.moves = field.moves() == Moves::four ? 4 : 8;
    file.diagonal_rule = static_cast<std::uint8_t>(field.diagonal());
    file.topology = static_cast<std::uint8_t>(grid.topology());
    const std::size_t cells = static_cast<std::size_t>(file.width) * file.height;
    file.costs.assign(cells, std::numeric_limits<float>::infinity());
    file.directions.assign(cells, kNoDirection);
    for (std::uint32_t y = 0; y < file.height; ++y) {
        for (std::uint32_t x = 0; x < file.width; ++x) {
            if (!field.settled(x, y)) continue;
            const std::size_t cell = static_cast<std::size_t>(y) * file.width + x;
            file.costs[cell] = static_cast<float>(grid.to_real_cost(field.cost_units(x, y)));
            file.directions[cell] = field.next_direction(x, y);
        }
    }
    return file;
}

}  // namespace swarmpath::search
