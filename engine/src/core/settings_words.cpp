// Placeholder wording of settings in engine messages, and the name matcher every enumeration parser
// shares (core/settings_words.hpp).
#include "swarmpath/core/settings_words.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace swarmpath {
namespace {

constexpr std::array<std::string_view, 16> kSettingKeys = {
    "",         "algorithm", "moves",   "diagonal_rule", "heuristic",  "weight",      "fallback", "max_expansions",
    "deadline", "terrain",   "threads", "topology",      "agent_size", "agent_class", "classes",  "goal_bounds",
};

/// The setting whose key is `key`, or none.
Setting setting_of_key(std::string_view key) {
    for (std::size_t index = 1; index < kSettingKeys.size(); ++index) {
        if (kSettingKeys[index] == key) return static_cast<Setting>(index);
    }
    return Setting::none;
}

/// Levenshtein distance, for names of a few letters.
std::size_t edit_distance(std::string_view left, std::string_view right) {
    std::vector<std::size_t> previous(right.size() + 1);
    std::vector<std::size_t> current(right.size() + 1);
    for (std::size_t column = 0; column <= right.size(); ++column) previous[column] = column;
    for (std::size_t row = 1; row <= left.size(); ++row) {
        current[0] = row;
        for (std::size_t column = 1; column <= right.size(); ++column) {
            const std::size_t substitution = previous[column - 1] + (left[row - 1] == right[column - 1] ? 0 : 1);
            current[column] = std::min({previous[column] + 1, current[column - 1] + 1, substitution});
        }
        std::swap(previous, current);
    }
    return previous[right.size()];
}

}  // namespace

std::string_view setting_key(Setting setting) {
    const auto index = static_cast<std::size_t>(setting);
    return index < kSettingKeys.size() ? kSettingKeys[index] : std::string_view{};
}

std::string plain_setting_wording(Setting setting, std::string_view value) {
    std::string text(setting_key(setting));
    if (!value.empty()) text.append(" ").append(value);
    return text;
}

std::string setting_placeholder(Setting setting, std::string_view value) {
    std::string text = "{{";
    text.append(setting_key(setting));
    if (!value.empty()) text.append("=").append(value);
    return text.append("}}");
}

std::string word_message(std::string_view message, SettingWording wording) {
    std::string text;
    text.reserve(message.size());
    std::size_t position = 0;
    while (position < message.size()) {
        const std::size_t open = message.find("{{", position);
        const std::size_t close = open == std::string_view::npos ? open : message.find("}}", open + 2);
        if (close == std::string_view::npos) break;
        const std::string_view inside = message.substr(open + 2, close - open - 2);
        const std::size_t equals = inside.find('=');
        const Setting setting = setting_of_key(inside.substr(0, equals));
        text.append(message.substr(position, open - position));
        if (setting == Setting::none) {
            text.append(message.substr(open, close + 2 - open));
        } else {
            text.append(
                wording(setting, equals == std::string_view::npos ? std::string_view{} : inside.substr(equals + 1)));
        }
        position = close + 2;
    }
    text.append(message.substr(std::min(position, message.size())));
    return text;
}

std::string_view closest_name(std::string_view name, std::span<const std::string_view> valid) {
    // Beyond two edits, or half the name, a suggestion would be a guess.
    const std::size_t limit = std::max<std::size_t>(2, name.size() / 2);
    std::string_view best;
    std::size_t best_distance = limit + 1;
    for (std::string_view candidate : valid) {
        const std::size_t distance = edit_distance(name, candidate);
        if (distance < best_distance) {
            best = candidate;
            best_distance = distance;
        }
    }
    return best;
}

std::string list_names(std::span<const std::string_view> valid) {
    std::string text;
    for (std::size_t index = 0; index < valid.size(); ++index) {
        if (index > 0) text.append(index + 1 == valid.size() ? " or " : ", ");
        text.append(valid[index]);
    }
    return text;
}

}  // namespace swarmpath
