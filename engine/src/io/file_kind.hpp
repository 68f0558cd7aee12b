// What a file that is not a regular file is, in words, for the messages of the readers
// (file_reading.cpp) and of the output files (atomic_file.cpp). Internal to the io area; POSIX.
#pragma once

#include <sys/stat.h>

namespace swarmpath::io::detail {

/// "a directory", "a FIFO", ... for a mode that is not a regular file; nullptr for a regular file.
inline const char* file_kind_name(mode_t mode) {
    if (S_ISREG(mode)) return nullptr;
    if (S_ISLNK(mode)) return "a symbolic link";
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "a special file";
}

}  // namespace swarmpath::io::detail
