// Decoding the PNG pictures `swarmpath render` writes, for the command-line tests that check pixels.
// Header-only; a test executable that includes it links libpng (cli_tests does).
#pragma once

#include <png.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace swarmpath::testing {

/// A decoded RGB picture.
struct Picture {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<std::uint8_t> pixels;
    /// The three bytes of pixel (x, y).
    [[nodiscard]] const std::uint8_t* at(std::uint32_t x, std::uint32_t y) const {
        return &pixels[(static_cast<std::size_t>(y) * width + x) * 3];
    }
    /// The colour of the pixel holding the point (x, y), as {red, green, blue}.
    [[nodiscard]] std::vector<int> colour(double x, double y) const {
        const std::uint8_t* pixel = at(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
        return {pixel[0], pixel[1], pixel[2]};
    }
};

/// Reads the PNG at `path` as RGB into `picture`; false when it cannot be read.
inline bool decode_png(const std::string& path, Picture& picture) {
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    if (png_image_begin_read_from_file(&image, path.c_str()) == 0) return false;
    image.format = PNG_FORMAT_RGB;
    picture.width = image.width;
    picture.height = image.height;
    picture.pixels.resize(PNG_IMAGE_SIZE(image));
    if (png_image_finish_read(&image, nullptr, picture.pixels.data(), 0, nullptr) == 0) {
        png_image_free(&image);
        return false;
    }
    return true;
}

}  // namespace swarmpath::testing
