// Whole-or-nothing output files (see atomic_file.hpp).
#include "swarmpath/io/atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace swarmpath::io {

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
    temporary_ = path_ + ".tmp." + std::to_string(::getpid());
    file_ = std::fopen(temporary_.c_str(), "wb");
    if (file_ == nullptr) status_ = Error{path_, 0, 0, std::string("cannot write file: ") + std::strerror(errno)};
}

AtomicFile::~AtomicFile() {
    if (!committed_) discard();
}

void AtomicFile::write(std::string_view bytes) {
    if (file_ == nullptr || !status_) return;
    if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
        status_ = Error{path_, 0, 0, std::string("cannot write file: ") + std::strerror(errno)};
    }
}

Status AtomicFile::commit() {
    if (!status_) {
        discard();
        return status_;
    }
    bool closed = std::fflush(file_) == 0;
    closed = std::fclose(file_) == 0 && closed;
    file_ = nullptr;
    if (!closed || std::rename(temporary_.c_str(), path_.c_str()) != 0) {
        status_ = Error{path_, 0, 0, std::string("cannot write file: ") + std::strerror(errno)};
        discard();
        return status_;
    }
    committed_ = true;
    return Success{};
}

void AtomicFile::discard() {
    if (file_ != nullptr) {
        std::fclose(file_);
        file_ = nullptr;
    }
    std::remove(temporary_.c_str());
}

}  // namespace swarmpath::io
