// Progress on standard error (see progress_line.hpp).
#include "progress_line.hpp"

#include <unistd.h>

#include <cstdio>
#include <utility>

namespace swarmpath::cli {
namespace {

constexpr int kBarWidth = 30;
constexpr auto kRedrawInterval = std::chrono::milliseconds(200);

}  // namespace

ProgressLine::ProgressLine(std::string label, std::string unit)
    : label_(std::move(label)), unit_(std::move(unit)), enabled_(::isatty(2) != 0) {}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::update(std::size_t done, std::size_t total) {
    if (!enabled_ || total == 0) return;
    const auto now = std::chrono::steady_clock::now();
    if (shown_ && done < total && now - last_drawn_ < kRedrawInterval) return;
    last_drawn_ = now;
    shown_ = true;
    const double fraction = static_cast<double>(done) / static_cast<double>(total);
    const auto filled = static_cast<std::size_t>(fraction * kBarWidth);
    std::fprintf(stderr, "\r%-24.24s [%s%s] %3d%% %zu/%zu %s ", label_.c_str(), std::string(filled, '#').c_str(),
                 std::string(kBarWidth - filled, ' ').c_str(), static_cast<int>(100.0 * fraction), done, total,
                 unit_.c_str());
    std::fflush(stderr);
}

void ProgressLine::finish() {
    if (!shown_) return;
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    shown_ = false;
}

}  // namespace swarmpath::cli
