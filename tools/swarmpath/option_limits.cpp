// The strict whole-number validator (see option_limits.hpp).
#include "option_limits.hpp"

#include <charconv>
#include <string>

#include "terminal_text.hpp"

namespace swarmpath::cli {

CLI::Validator whole_number(std::uint64_t minimum, std::uint64_t maximum) {
    const std::string range = std::to_string(minimum) + " to " + std::to_string(maximum);
    return CLI::Validator(
        [minimum, maximum, range](std::string& text) -> std::string {
            const std::string shown = "'" + escape_text(text.substr(0, 40)) + (text.size() > 40 ? "...'" : "'");
            if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) {
                return shown + " is not a whole number from " + range + " (digits only)";
            }
            std::uint64_t value = 0;
            const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (error != std::errc() || end != text.data() + text.size() || value < minimum || value > maximum) {
                return shown + " is out of range: the limit is " + range;
            }
            return std::string();
        },
        "INT in " + range);
}

}  // namespace swarmpath::cli
