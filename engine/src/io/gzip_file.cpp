// gzip writing and reading through zlib (see gzip_file.hpp). Without zlib the same functions
// report that the build lacks it. The 64 KB blocks zlib works through come from the heap, not the
// stack: a host may call the library on a thread with a small stack.
#include "io/gzip_file.hpp"

#include <algorithm>
#include <memory>
#include <new>
#include <string_view>

#include "swarmpath/io/file_reading.hpp"

#if defined(SWARMPATH_WITH_ZLIB)
#include <zlib.h>
#endif

namespace swarmpath::io {

bool names_gzip_file(std::string_view path) { return path.size() > 3 && path.substr(path.size() - 3) == ".gz"; }

#if defined(SWARMPATH_WITH_ZLIB)

bool gzip_available() { return true; }

namespace {

/// Bytes zlib reads or writes through at a time.
constexpr std::size_t kGzipBlockBytes = std::size_t{1} << 16;

/// A block of kGzipBlockBytes from the heap, or null where it cannot be had.
std::unique_ptr<unsigned char[]> gzip_block() {
    return std::unique_ptr<unsigned char[]>(new (std::nothrow) unsigned char[kGzipBlockBytes]);
}

}  // namespace

struct GzipWriter::Stream {
    z_stream zlib{};
    bool open = false;
    std::unique_ptr<unsigned char[]> block = gzip_block();
};

GzipWriter::GzipWriter(AtomicFile& file) : file_(file), stream_(std::make_unique<Stream>()) {
    if (!stream_->block) {
        status_ = Error{file_.path(), 0, 0, "cannot hold gzip compression's 64 KB buffer in memory"};
        return;
    }
    // windowBits 15 + 16: the gzip wrapper, whose header zlib writes with no time and no name.
    if (deflateInit2(&stream_->zlib, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        status_ = Error{file_.path(), 0, 0, "cannot start gzip compression"};
        return;
    }
    stream_->open = true;
}

GzipWriter::~GzipWriter() {
    if (stream_->open) deflateEnd(&stream_->zlib);
}

namespace {

/// Runs deflate over the stream's input with `flush`, through `block` (kGzipBlockBytes), handing
/// each output block to `file`.
bool pump(z_stream& zlib, unsigned char* block, AtomicFile& file, int flush) {
    do {
        zlib.next_out = block;
        zlib.avail_out = static_cast<uInt>(kGzipBlockBytes);
        const int result = deflate(&zlib, flush);
        if (result == Z_STREAM_ERROR) return false;
        file.write(std::string_view(reinterpret_cast<const char*>(block), kGzipBlockBytes - zlib.avail_out));
    } while (zlib.avail_out == 0);
    return true;
}

}  // namespace

void GzipWriter::write(std::string_view bytes) {
    if (!status_ || !stream_->open) return;
    while (!bytes.empty()) {
        // zlib counts input in 32-bit units: feed at most 1 GiB at a time.
        const std::size_t piece = std::min<std::size_t>(bytes.size(), std::size_t{1} << 30);
        stream_->zlib.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
        stream_->zlib.avail_in = static_cast<uInt>(piece);
        if (!pump(stream_->zlib, stream_->block.get(), file_, Z_NO_FLUSH)) {
            status_ = Error{file_.path(), 0, 0, "gzip compression failed"};
            return;
        }
        bytes.remove_prefix(piece);
    }
}

Status GzipWriter::finish() {
    if (!status_ || !stream_->open) return status_;
    stream_->zlib.next_in = nullptr;
    stream_->zlib.avail_in = 0;
    if (!pump(stream_->zlib, stream_->block.get(), file_, Z_FINISH)) {
        status_ = Error{file_.path(), 0, 0, "gzip compression failed"};
    }
    deflateEnd(&stream_->zlib);
    stream_->open = false;
    return status_;
}

namespace {

Error inflates_too_far(const std::string& path, const std::string& how) {
    return Error{path, 0, 0,
                 "gzip data " + how + " more than " + std::to_string(kMaximumFileBytes) +
                     " bytes, the limit for any input file, plain or compressed"};
}

/// Inflates the gzip stream in `bytes` through `block` (kGzipBlockBytes), handing each inflated
/// block to `consume`; fails, naming `path`, on damaged or truncated data and as soon as the text
/// would pass kMaximumFileBytes.
template <class Consume>
Status inflate_blocks(std::string& bytes, unsigned char* block, const std::string& path, Consume&& consume) {
    z_stream zlib{};
    if (inflateInit2(&zlib, 15 + 16) != Z_OK) return Error{path, 0, 0, "cannot start gzip decompression"};
    zlib.next_in = reinterpret_cast<Bytef*>(bytes.data());
    zlib.avail_in = static_cast<uInt>(std::min<std::size_t>(bytes.size(), 0xFFFFFFFFU));
    std::uint64_t total = 0;
    int result = Z_OK;
    while (result != Z_STREAM_END) {
        zlib.next_out = block;
        zlib.avail_out = static_cast<uInt>(kGzipBlockBytes);
        result = inflate(&zlib, Z_NO_FLUSH);
        if (result != Z_OK && result != Z_STREAM_END) {
            const std::string detail = zlib.msg != nullptr ? std::string(": ") + zlib.msg : "";
            inflateEnd(&zlib);
            return Error{path, 0, 0, "damaged gzip data" + detail};
        }
        const std::size_t produced = kGzipBlockBytes - zlib.avail_out;
        total += produced;
        if (total > kMaximumFileBytes) {
            inflateEnd(&zlib);
            return inflates_too_far(path, "inflates to");
        }
        consume(std::string_view(reinterpret_cast<const char*>(block), produced));
        if (result == Z_OK && zlib.avail_in == 0 && zlib.avail_out != 0) {
            inflateEnd(&zlib);
            return Error{path, 0, 0, "gzip data ends early (the file is truncated)"};
        }
    }
    inflateEnd(&zlib);
    return Success{};
}

}  // namespace

Expected<std::string> read_text_file(const std::string& path, FileDigest* digest) {
    Expected<std::string> bytes = read_whole_file(path, digest);
    if (!bytes) return bytes;
    if (bytes->size() < 2 || static_cast<unsigned char>((*bytes)[0]) != 0x1f ||
        static_cast<unsigned char>((*bytes)[1]) != 0x8b) {
        return bytes;
    }
    // The trailer's size (the last four bytes, modulo 2^32) is only a claim: one above the limit is
    // refused at once. Otherwise the data is inflated twice: once to measure it, keeping nothing
    // (so a bomb costs the limit in time, never in memory), then into text of exactly that size.
    std::uint64_t claimed = 0;
    if (bytes->size() >= 18) {
        for (int index = 1; index <= 4; ++index) {
            claimed =
                (claimed << 8) | static_cast<unsigned char>((*bytes)[bytes->size() - static_cast<std::size_t>(index)]);
        }
    }
    if (claimed > kMaximumFileBytes) {
        return inflates_too_far(path, "says it inflates to " + std::to_string(claimed) + " bytes,");
    }
    const std::unique_ptr<unsigned char[]> block = gzip_block();
    if (!block) return Error{path, 0, 0, "cannot hold gzip decompression's 64 KB buffer in memory"};
    std::uint64_t size = 0;
    if (Status measured =
            inflate_blocks(*bytes, block.get(), path, [&](std::string_view inflated) { size += inflated.size(); });
        !measured) {
        return measured.error();
    }
    std::string text;
    text.reserve(static_cast<std::size_t>(size));
    if (Status inflated =
            inflate_blocks(*bytes, block.get(), path, [&](std::string_view piece) { text.append(piece); });
        !inflated) {
        return inflated.error();
    }
    return text;
}

#else

bool gzip_available() { return false; }

struct GzipWriter::Stream {};

GzipWriter::GzipWriter(AtomicFile& file)
    : file_(file), status_(Error{file.path(), 0, 0, "this build of swarmpath has no zlib: cannot write gzip"}) {}
GzipWriter::~GzipWriter() = default;
void GzipWriter::write(std::string_view) {}
Status GzipWriter::finish() { return status_; }

Expected<std::string> read_text_file(const std::string& path, FileDigest* digest) {
    Expected<std::string> bytes = read_whole_file(path, digest);
    if (bytes && bytes->size() >= 2 && static_cast<unsigned char>((*bytes)[0]) == 0x1f &&
        static_cast<unsigned char>((*bytes)[1]) == 0x8b) {
        return Error{path, 0, 0, "this build of swarmpath has no zlib: cannot read gzip"};
    }
    return bytes;
}

#endif

}  // namespace swarmpath::io
