// A one-line progress display on standard error for long commands (generate's scenarios and crowd
// fields): drawn only when standard error is a terminal, redrawn at most five times a second, and
// erased when the work is done, so logs and pipes never see it.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace swarmpath::cli {

class ProgressLine {
public:
    /// `label` starts the line (already safe to print), `unit` names what is counted ("scenarios").
    ProgressLine(std::string label, std::string unit);
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;
    /// Erases the line if it is still shown.
    ~ProgressLine();

    /// Shows `done` of `total`; cheap when nothing is drawn.
    void update(std::size_t done, std::size_t total);
    /// Erases the line.
    void finish();

private:
    std::string label_;
    std::string unit_;
    bool enabled_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point last_drawn_{};
};

}  // namespace swarmpath::cli
