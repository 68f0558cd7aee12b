// Goal-field files: encoding, decoding and checksum (see field_file.hpp). Byte order is written
// explicitly, so the layout is little-endian on any host.
#include "swarmpath/io/field_file.hpp"

#include <cstring>
#include <limits>

#include "swarmpath/grid/map_letters.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {
namespace {

constexpr char kFieldMagic[8] = {'S', 'W', 'P', 'F', 'I', 'E', 'L', 'D'};

void put_u32(std::string& out, std::uint32_t value) {
    for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<char>((value >> shift) & 0xFF));
}
void put_u64(std::string& out, std::uint64_t value) {
    for (int shift = 0; shift < 64; shift += 8) out.push_back(static_cast<char>((value >> shift) & 0xFF));
}
std::uint64_t get_le(std::string_view bytes, std::size_t offset, int size) {
    std::uint64_t value = 0;
    for (int index = size - 1; index >= 0; --index) {
        value = (value << 8) | static_cast<unsigned char>(bytes[offset + static_cast<std::size_t>(index)]);
    }
    return value;
}

}  // namespace

std::uint64_t field_checksum(std::string_view bytes) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (char byte : bytes) {
        hash ^= static_cast<unsigned char>(byte);
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

std::string encode_field_file(const FieldFile& field) {
    std::string payload;
    payload.reserve(field.costs.size() * 5);
    for (float cost : field.costs) {
        std::uint32_t bits = 0;
        std::memcpy(&bits, &cost, sizeof(bits));
        put_u32(payload, bits);
    }
    payload.append(reinterpret_cast<const char*>(field.directions.data()), field.directions.size());
    std::string out(kFieldMagic, sizeof(kFieldMagic));
    put_u32(out, kFieldFileVersion);
    put_u32(out, field.width);
    put_u32(out, field.height);
    put_u32(out, field.goal_x);
    put_u32(out, field.goal_y);
    out.push_back(static_cast<char>(field.moves));
    out.push_back(static_cast<char>(field.diagonal_rule));
    out.push_back(static_cast<char>(field.topology));
    out.push_back('\0');
    put_u64(out, field_checksum(payload));
    out += payload;
    return out;
}

Expected<FieldFile> decode_field_file(std::string_view bytes, std::string_view origin) {
    auto fail = [&](const std::string& message) -> Error { return Error{std::string(origin), 0, 0, message}; };
    if (bytes.size() < kFieldHeaderBytes || std::memcmp(bytes.data(), kFieldMagic, sizeof(kFieldMagic)) != 0) {
        return fail("not a swarmpath field file (bad magic)");
    }
    const auto version = static_cast<std::uint32_t>(get_le(bytes, 8, 4));
    if (version != kFieldFileVersion) return fail("unsupported field file version " + std::to_string(version));
    FieldFile field;
    field.width = static_cast<std::uint32_t>(get_le(bytes, 12, 4));
    field.height = static_cast<std::uint32_t>(get_le(bytes, 16, 4));
    field.goal_x = static_cast<std::uint32_t>(get_le(bytes, 20, 4));
    field.goal_y = static_cast<std::uint32_t>(get_le(bytes, 24, 4));
    field.moves = static_cast<std::uint8_t>(bytes[28]);
    field.diagonal_rule = static_cast<std::uint8_t>(bytes[29]);
    field.topology = static_cast<std::uint8_t>(bytes[30]);
    if (field.width == 0 || field.height == 0 || field.width > grid::kMaximumSide ||
        field.height > grid::kMaximumSide ||
        static_cast<std::uint64_t>(field.width) * field.height > grid::kMaximumCells) {
        return fail("field dimensions out of range");
    }
    if ((field.moves != 4 && field.moves != 8) || field.diagonal_rule > 2) return fail("bad movement model");
    if (field.topology > 2)
        return fail("bad cell shape " + std::to_string(field.topology) + " (0 square, 1 hex, 2 triangle)");
    const std::size_t cells = static_cast<std::size_t>(field.width) * field.height;
    if (bytes.size() != kFieldHeaderBytes + cells * 5) {
        return fail("field file is " + std::to_string(bytes.size()) + " bytes, expected " +
                    std::to_string(kFieldHeaderBytes + cells * 5));
    }
    const std::string_view payload = bytes.substr(kFieldHeaderBytes);
    if (field_checksum(payload) != get_le(bytes, 32, 8)) return fail("checksum mismatch: the file is damaged");
    field.costs.resize(cells);
    for (std::size_t cell = 0; cell < cells; ++cell) {
        const auto bits = static_cast<std::uint32_t>(get_le(payload, cell * 4, 4));
        std::memcpy(&field.costs[cell], &bits, sizeof(bits));
    }
    field.directions.assign(payload.begin() + static_cast<std::ptrdiff_t>(cells * 4), payload.end());
    return field;
}

Status write_field_file(const std::string& path, const FieldFile& field) {
    AtomicFile file(path);
    if (!file.status()) return file.status();
    file.write(encode_field_file(field));
    return file.commit();
}

Expected<FieldFile> read_field_file(const std::string& path) {
    Expected<std::string> bytes = read_whole_file(path);
    if (!bytes) return bytes.error();
    return decode_field_file(*bytes, path);
}

}  // namespace swarmpath::io
