// Typed errors and a small Expected<T> for the library's fallible operations (parsing, option
// validation, file output). The library never prints and never exits: it returns these, and only
// the command line decides how to report them. Assumes C++20 (std::expected is C++23).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

#include "swarmpath/core/settings_words.hpp"

namespace swarmpath {

/// What went wrong and where. `line` and `column` are 1-based; 0 means "not applicable"
/// (for example a file that could not be opened at all). A settings problem names its `setting` and
/// the `value` refused; its message writes settings as placeholders (core/settings_words.hpp) that
/// each front end words in its own names through describe(wording).
struct Error {
    std::string file;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::string message;
    Setting setting = Setting::none;
    std::string value = {};

    /// "file:line:column: message", omitting the parts that are not set, settings in the engine's
    /// own words ("moves", "algorithm astar").
    [[nodiscard]] std::string describe() const { return describe(plain_setting_wording); }

    /// The same, settings worded by a front end (`--moves`, `moves=`, ...).
    [[nodiscard]] std::string describe(SettingWording wording) const {
        // Built with append() only: GCC 12 at -O3 warns falsely (-Wrestrict) on `literal + string`.
        std::string text;
        if (!file.empty()) {
            text.append(file);
            if (line != 0) {
                text.append(":").append(std::to_string(line));
                if (column != 0) text.append(":").append(std::to_string(column));
            }
            text.append(": ");
        }
        text.append(word_message(message, wording));
        return text;
    }
};

/// Either a value or an Error. Access the value only after checking `has_value()`.
template <class Value>
class Expected {
public:
    Expected(Value value) : storage_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
    Expected(Error error) : storage_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

    [[nodiscard]] bool has_value() const { return storage_.index() == 0; }
    explicit operator bool() const { return has_value(); }

    Value& value() & { return std::get<0>(storage_); }
    const Value& value() const& { return std::get<0>(storage_); }
    Value&& value() && { return std::get<0>(std::move(storage_)); }
    Value* operator->() { return &value(); }
    const Value* operator->() const { return &value(); }
    Value& operator*() & { return value(); }
    const Value& operator*() const& { return value(); }

    [[nodiscard]] const Error& error() const { return std::get<1>(storage_); }

private:
    std::variant<Value, Error> storage_;
};

/// Expected<void>: success or an Error.
struct Success {};
using Status = Expected<Success>;

}  // namespace swarmpath
