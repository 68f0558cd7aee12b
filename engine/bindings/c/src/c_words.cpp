// The C API's wording of the engine's errors (see c_words.hpp): one table from the engine's
// setting words to the C names, most specific first, then any flag left over turned into the
// field-name spelling (`--max-expansions` to `max_expansions`), so no flag ever reaches a C caller.
#include "c_words.hpp"

#include <cctype>
#include <string_view>

namespace swarmpath::bindings {
namespace {

struct Rewording {
    std::string_view engine;  ///< as the engine words it (the command line's flag and value)
    std::string_view c;       ///< as a C caller knows it
};

// Longer phrases before their prefixes: "--algorithm jps+" before "--algorithm jps".
constexpr Rewording kRewordings[] = {
    {"use --algorithm astar, auto or flowfield",
     "use algorithm SWARMPATH_ALGORITHM_ASTAR or SWARMPATH_ALGORITHM_AUTO"},
    {"use --heuristic auto or octile, or --algorithm astar", "use algorithm SWARMPATH_ALGORITHM_ASTAR"},
    {"--algorithm astar", "algorithm SWARMPATH_ALGORITHM_ASTAR"},
    {"--algorithm auto", "algorithm SWARMPATH_ALGORITHM_AUTO"},
    {"--algorithm jps+", "algorithm SWARMPATH_ALGORITHM_JPS_PLUS"},
    {"--algorithm jps", "algorithm SWARMPATH_ALGORITHM_JPS"},
    {"--algorithm", "algorithm"},
    {"--diagonal-rule is both-free", "diagonal_rule is SWARMPATH_DIAGONAL_BOTH_FREE"},
    {"--diagonal-rule is one-free", "diagonal_rule is SWARMPATH_DIAGONAL_ONE_FREE"},
    {"--diagonal-rule is any", "diagonal_rule is SWARMPATH_DIAGONAL_ANY"},
    {"--diagonal-rule", "diagonal_rule"},
    {"--moves", "moves"},
    {"(no --weight)", "(weight must be 1)"},
    {"an explicit --weight", "a weight above 1"},
    {"--weight", "weight"},
    {"--fallback nearest", "fallback_nearest"},
    {"--max-expansions", "max_expansions"},
    {"--deadline-ms", "deadline_ms"},
    {"declare it with --terrain", "declare it in terrain_spec"},
    {"--terrain", "terrain_spec"},
};

void replace_all(std::string& text, std::string_view from, std::string_view to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
}

/// Any `--word-word` left: `word_word`, the spelling of a swarmpath_settings field.
void respell_other_flags(std::string& text) {
    for (std::size_t at = text.find("--"); at != std::string::npos; at = text.find("--", at)) {
        const bool starts_word = at + 2 < text.size() && std::isalpha(static_cast<unsigned char>(text[at + 2]));
        if (!starts_word) {
            at += 2;  // not a flag ("--" alone)
            continue;
        }
        text.erase(at, 2);
        for (std::size_t index = at; index < text.size(); ++index) {
            const auto code = static_cast<unsigned char>(text[index]);
            if (text[index] == '-') {
                text[index] = '_';
            } else if (!std::isalnum(code)) {
                break;
            }
        }
    }
}

}  // namespace

std::string in_c_words(std::string message) {
    for (const Rewording& rewording : kRewordings) replace_all(message, rewording.engine, rewording.c);
    respell_other_flags(message);
    return message;
}

std::string describe_for_c(const Error& error) {
    // The origin (a file's path) is kept as it is; only the message is reworded.
    Error reworded = error;
    reworded.message = in_c_words(error.message);
    if (error.line == 0 && error.column != 0 && !error.file.empty()) {
        return error.file + ", character " + std::to_string(error.column) + ": " + reworded.message;
    }
    return reworded.describe();
}

}  // namespace swarmpath::bindings
