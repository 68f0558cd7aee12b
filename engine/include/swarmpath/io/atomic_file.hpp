// Output files that appear whole or not at all. AtomicFile writes to a temporary name in the same
// folder (`<path>.tmp.<pid>`) and renames it over `path` only on commit(); destroyed without a
// commit, it removes the temporary, so an error or exception midway leaves nothing behind.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "swarmpath/core/error.hpp"

namespace swarmpath::io {

class AtomicFile {
public:
    /// Opens the temporary file; check `status()` before writing.
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    [[nodiscard]] const Status& status() const { return status_; }
    /// Appends bytes (buffered). Errors are remembered and reported by commit().
    void write(std::string_view bytes);
    /// Flushes, closes and renames into place. Returns the first error met, if any.
    Status commit();

private:
    void discard();

    std::string path_;
    std::string temporary_;
    std::FILE* file_ = nullptr;
    Status status_ = Success{};
    bool committed_ = false;
};

}  // namespace swarmpath::io
