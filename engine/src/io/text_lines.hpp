// Line splitting shared by the text parsers: LF or CRLF line ends, a last line with or without a
// newline, 1-based line numbers. Internal helper of the io area.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/printable.hpp"
#include "swarmpath/core/error.hpp"

namespace swarmpath::io {

class TextLines {
public:
    explicit TextLines(std::string_view text) : text_(text) {}

    /// Sets `line` to the next line without its line end; false at the end of the text.
    bool next(std::string_view& line) {
        if (position_ >= text_.size()) return false;
        std::size_t end = text_.find('\n', position_);
        if (end == std::string_view::npos) end = text_.size();
        line = text_.substr(position_, end - position_);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        position_ = end + 1;
        ++line_number_;
        return true;
    }
    [[nodiscard]] std::uint32_t line_number() const { return line_number_; }

private:
    std::string_view text_;
    std::size_t position_ = 0;
    std::uint32_t line_number_ = 0;
};

inline bool is_space(char character) { return character == ' ' || character == '\t' || character == '\r'; }

inline std::string_view trim_spaces(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
}

/// printable(text, limit) (core/printable.hpp), also reachable as io::printable.
using swarmpath::printable;

/// The encoding problems every text parser (map, scenario, terrain file, edits file) refuses before
/// reading a line, so that they are named instead of surfacing as a confusing error further on: a
/// UTF-8 byte-order mark at the start, and CR-only (old Mac) line ends, found as a first line end
/// that is a CR followed by more text. Returns the message, or an empty string when neither.
inline std::string encoding_problem(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") {
        return "starts with a UTF-8 byte-order mark; save the file without it";
    }
    const std::size_t carriage_return = text.find('\r');
    if (carriage_return != std::string_view::npos && carriage_return + 1 < text.size() &&
        text[carriage_return + 1] != '\n' && text.substr(0, carriage_return).find('\n') == std::string_view::npos) {
        return "uses CR-only line endings (old Mac); save the file with LF or CRLF line endings";
    }
    return {};
}

/// The leading run of non-space characters.
inline std::string_view first_word(std::string_view text) {
    std::size_t end = 0;
    while (end < text.size() && !is_space(text[end])) ++end;
    return text.substr(0, end);
}

/// Where a parser of the file `origin` reports problems. Without a caller's list the first problem
/// ends the parse (`stop` returns true); with one, every problem is recorded and `stop` returns true
/// only when the list is full (`limit`). `first` is the problem a failed parse returns.
class ProblemList {
public:
    ProblemList(std::string_view origin, std::vector<Error>* problems, std::size_t limit)
        : origin_(origin), problems_(problems), limit_(limit) {}

    /// Records the problem `message` at `line` and `column` of the file (0 when not known).
    bool stop(std::uint32_t line, std::uint32_t column, std::string message) {
        return stop(Error{std::string(origin_), line, column, std::move(message)});
    }

    bool stop(Error error) {
        if (problems_ == nullptr) {
            stopped_by_ = std::move(error);
            return true;
        }
        problems_->push_back(std::move(error));
        return problems_->size() >= limit_;
    }
    [[nodiscard]] Error first() const { return problems_ == nullptr ? stopped_by_ : problems_->front(); }

private:
    std::string_view origin_;
    std::vector<Error>* problems_;
    std::size_t limit_;
    Error stopped_by_;
};

}  // namespace swarmpath::io
