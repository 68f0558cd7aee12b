// Input/output checks and the output group of one run (see run_files.hpp).
#include "run_files.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "commands.hpp"
#include "terminal_text.hpp"

namespace swarmpath::cli {
namespace {

/// True when the two outputs reach the same file (io::same_file: by their opened folders and names,
/// or by device and inode where both exist).
bool same_output(const io::AtomicFile& first, const io::AtomicFile& second) {
    io::PathIdentity first_identity;
    io::PathIdentity second_identity;
    return first.identity(first_identity) && second.identity(second_identity) &&
           io::same_file(first_identity, second_identity);
}

}  // namespace

void RunFiles::add_input(std::string what, std::string path) {
    if (!path.empty()) inputs_.push_back({std::move(what), std::move(path)});
}

io::AtomicFile* RunFiles::add_output(std::string option, std::string path) {
    if (path.empty()) return nullptr;
    output_names_.push_back({std::move(option), path});
    outputs_.push_back(&group_.add(std::move(path)));
    return outputs_.back();
}

Status RunFiles::check_against_outputs(const Named& input) const {
    io::PathIdentity input_identity;
    if (!io::identify_path(input.path, input_identity)) return Success{};  // no folder: reading it will fail
    for (std::size_t index = 0; index < outputs_.size(); ++index) {
        io::PathIdentity output_identity;
        if (!outputs_[index]->identity(output_identity)) continue;
        if (io::same_file(input_identity, output_identity)) {
            return Error{output_names_[index].path, 0, 0,
                         "refusing to write " + output_names_[index].what + ": it is the " + input.what + " " +
                             escape_text(input.path) + " of this run"};
        }
    }
    return Success{};
}

Status RunFiles::check() {
    if (Status opened = group_.status(); !opened) return opened;
    for (std::size_t first = 0; first < outputs_.size(); ++first) {
        for (std::size_t second = first + 1; second < outputs_.size(); ++second) {
            const io::OutputKind kind = outputs_[first]->kind();
            if (kind != outputs_[second]->kind() || kind == io::OutputKind::discard) continue;
            if (kind == io::OutputKind::standard_output || same_output(*outputs_[first], *outputs_[second])) {
                return Error{output_names_[second].path, 0, 0,
                             output_names_[first].what + " and " + output_names_[second].what +
                                 " name the same output; give each its own file"};
            }
        }
    }
    for (const Named& input : inputs_) {
        if (Status distinct = check_against_outputs(input); !distinct) return distinct;
    }
    return group_.claim();  // last: a clash within the run is named as such, not as another run's
}

Status RunFiles::check_input(std::string what, std::string path) {
    inputs_.push_back({std::move(what), std::move(path)});
    return check_against_outputs(inputs_.back());
}

Status RunFiles::commit() {
    if (Status shown = flush_standard_output(); !shown) {
        group_.discard();
        return shown;
    }
    return group_.commit();
}

bool RunFiles::writes_standard_output() const {
    for (const io::AtomicFile* output : outputs_) {
        if (output->kind() == io::OutputKind::standard_output) return true;
    }
    return false;
}

namespace {

/// Set once a failure of standard output has been returned to a caller, which reports it.
bool standard_output_failure_returned = false;

void check_standard_output_at_exit() {
    const bool already_reported = standard_output_failure_returned;
    if (Status shown = flush_standard_output(); !shown) {
        if (!already_reported) report_error(shown.error().describe(command_line_wording));
        std::_Exit(kExitBadInput);  // not exit(): this runs inside it
    }
}

}  // namespace

Status flush_standard_output() {
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;
    if (flushed && std::ferror(stdout) == 0) return Success{};
    std::string message = "cannot write to standard output";
    if (!flushed && errno != 0) {
        message.append(": ").append(std::strerror(errno));
    } else if (flushed) {
        message.append(": an earlier write to it failed");
    }
    standard_output_failure_returned = true;
    return Error{"", 0, 0, message};
}

void install_standard_output_check() { std::atexit(check_standard_output_at_exit); }

OutputStream::OutputStream(io::AtomicFile* file) : file_(file) {
    if (file_ != nullptr && file_->kind() == io::OutputKind::file && io::names_gzip_file(file_->path())) {
        gzip_ = std::make_unique<io::GzipWriter>(*file_);
    }
}

void OutputStream::write(std::string_view bytes) {
    if (gzip_ != nullptr) {
        gzip_->write(bytes);
    } else if (file_ != nullptr) {
        file_->write(bytes);
    }
}

Status OutputStream::finish() { return gzip_ != nullptr ? gzip_->finish() : Status(Success{}); }

}  // namespace swarmpath::cli
