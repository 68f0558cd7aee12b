// PNG pictures of a map with paths, and of values per cell (see map_picture.hpp), through libpng.
// libpng reports errors by longjmp: the frame that calls setjmp owns no object with a destructor,
// and the pixels are laid out before it, so a jump leaks nothing.
#include "map_picture.hpp"

#include <png.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>

#include "swarmpath/grid/topology.hpp"

namespace swarmpath::cli {

Colour terrain_colour(char letter, const grid::TerrainTable& terrain) {
    switch (letter) {
        case '.':
            return {236, 231, 218};
        case 'G':
            return {163, 212, 132};
        case 'S':
            return {141, 153, 99};
        case 'W':
            return {104, 160, 228};
        case 'T':
            return {34, 87, 42};
        case '@':
            return {28, 28, 30};
        case 'O':
            return {72, 72, 84};
        default:
            break;
    }
    // Any other letter: a hue from the letter, light when passable, dark when blocked.
    const auto code = static_cast<unsigned>(static_cast<unsigned char>(letter));
    const unsigned hue = (code * 47U) % 360U;
    const bool passable = terrain.rule(letter).passable;
    const double high = passable ? 235.0 : 110.0;
    const double low = passable ? 150.0 : 40.0;
    auto channel = [&](unsigned offset) {
        const unsigned angle = (hue + offset) % 360U;
        const double distance = angle < 180U ? angle : 360U - angle;  // 0 at the channel's own hue
        const double weight = distance < 60.0 ? 1.0 : (distance < 120.0 ? (120.0 - distance) / 60.0 : 0.0);
        return static_cast<std::uint8_t>(low + (high - low) * weight);
    };
    return {channel(0), channel(240), channel(120)};
}

Colour path_colour(std::size_t index) {
    static constexpr Colour palette[] = {{220, 30, 30}, {30, 80, 220},  {210, 0, 190}, {245, 130, 0},
                                         {0, 150, 150}, {120, 50, 200}, {40, 150, 0},  {150, 80, 20}};
    return palette[index % (sizeof(palette) / sizeof(palette[0]))];
}

std::uint32_t automatic_scale(const io::MapFile& map) {
    // A triangle is `scale` wide but its neighbour starts half a base further on.
    const std::uint32_t across = map_topology(map) == grid::Topology::triangle ? (map.width + 1) / 2 : map.width;
    const std::uint32_t side = std::max<std::uint32_t>(1, std::max(across, map.height));
    return std::clamp<std::uint32_t>(800 / side, 1, 16);
}

namespace {

constexpr double kRootThree = 1.7320508075688772;

/// Where cells lie in the picture of a hex or triangle map, in pixels at `scale` (see picture_size).
/// Hexes: pointy-top, `scale` wide (flat side to flat side), circumradius scale / √3, rows 3/2 of a
/// circumradius apart, odd rows half a cell to the right. Triangles: base `scale`, height scale·√3/2,
/// each column half a base to the right of the one before.
class ShapedLayout {
public:
    ShapedLayout(const io::MapFile& map, grid::Topology topology, std::uint32_t scale)
        : width_(map.width),
          height_(map.height),
          topology_(topology),
          scale_(scale),
          radius_(scale / kRootThree),
          row_height_(scale * kRootThree / 2) {}

    /// The centre of cell (x, y): a hexagon's centre, or a triangle's centroid.
    [[nodiscard]] std::pair<double, double> centre(std::uint32_t x, std::uint32_t y) const {
        if (topology_ == grid::Topology::hex) {
            return {(x + 0.5 + 0.5 * (y & 1U)) * scale_, radius_ + y * 1.5 * radius_};
        }
        const bool up = grid::triangle_points_up(x, y);
        return {(x + 1) * scale_ / 2.0, y * row_height_ + (up ? 2.0 : 1.0) * row_height_ / 3.0};
    }

    /// The cell whose shape holds the point (px, py), or -1 when it lies outside the map.
    [[nodiscard]] std::int64_t cell_at(double px, double py) const {
        return topology_ == grid::Topology::hex ? hex_at(px, py) : triangle_at(px, py);
    }

private:
    [[nodiscard]] std::int64_t index(std::int64_t x, std::int64_t y) const {
        if (x < 0 || y < 0 || x >= width_ || y >= height_) return -1;
        return y * width_ + x;
    }

    /// The point relative to cell (0, 0)'s centre, to fractional axial coordinates, rounded in cube
    /// coordinates (the component that moved most is rebuilt from the other two), then to odd-r offsets.
    [[nodiscard]] std::int64_t hex_at(double px, double py) const {
        const double relative_x = px - 0.5 * scale_;
        const double relative_y = py - radius_;
        const double q = (kRootThree / 3.0 * relative_x - relative_y / 3.0) / radius_;
        const double r = (2.0 / 3.0 * relative_y) / radius_;
        const double s = -q - r;
        double rounded_q = std::round(q);
        double rounded_r = std::round(r);
        const double rounded_s = std::round(s);
        const double moved_q = std::abs(rounded_q - q);
        const double moved_r = std::abs(rounded_r - r);
        const double moved_s = std::abs(rounded_s - s);
        if (moved_q > moved_r && moved_q > moved_s) {
            rounded_q = -rounded_r - rounded_s;
        } else if (moved_r > moved_s) {
            rounded_r = -rounded_q - rounded_s;
        }
        const auto row = static_cast<std::int64_t>(rounded_r);
        const std::int64_t column = static_cast<std::int64_t>(rounded_q) + (row - (row & 1)) / 2;
        return index(column, row);
    }

    /// The row from the height; then, with t the depth into the row (0 at its top) and u the distance
    /// in half bases, an up triangle x spans u in [x + 1 − t, x + 1 + t] and a down one [x + t, x + 2 − t].
    [[nodiscard]] std::int64_t triangle_at(double px, double py) const {
        if (px < 0 || py < 0) return -1;
        const auto row = static_cast<std::int64_t>(std::floor(py / row_height_));
        const double t = py / row_height_ - static_cast<double>(row);
        const double u = px / (scale_ / 2.0);
        const auto k = static_cast<std::int64_t>(std::floor(u));
        for (std::int64_t column = k; column >= k - 1; --column) {
            const bool up = ((column + row) & 1) == 0;
            const double left = up ? static_cast<double>(column) + 1 - t : static_cast<double>(column) + t;
            const double right = up ? static_cast<double>(column) + 1 + t : static_cast<double>(column) + 2 - t;
            if (u >= left && u <= right) return index(column, row);
        }
        return -1;
    }

    std::int64_t width_;
    std::int64_t height_;
    grid::Topology topology_;
    std::uint32_t scale_;
    double radius_;
    double row_height_;
};

}  // namespace

PictureSize picture_size(const io::MapFile& map, std::uint32_t scale) {
    scale = std::max<std::uint32_t>(scale, 1);
    switch (map_topology(map)) {
        case grid::Topology::hex:
            return {static_cast<std::uint64_t>(std::ceil((map.width + 0.5) * scale)),
                    static_cast<std::uint64_t>(std::ceil((2.0 + 1.5 * (map.height - 1.0)) * scale / kRootThree))};
        case grid::Topology::triangle:
            return {static_cast<std::uint64_t>(std::ceil((map.width + 1.0) * scale / 2.0)),
                    static_cast<std::uint64_t>(std::ceil(map.height * scale * kRootThree / 2.0))};
        case grid::Topology::square:
            break;
    }
    return {std::uint64_t{map.width} * scale, std::uint64_t{map.height} * scale};
}

namespace {

struct PngBytes {
    std::string bytes;
};

void append_bytes(png_structp png, png_bytep data, png_size_t length) {
    auto* output = static_cast<PngBytes*>(png_get_io_ptr(png));
    output->bytes.append(reinterpret_cast<const char*>(data), length);
}

void flush_nothing(png_structp /*png*/) {}

/// Writes the RGB rows through libpng. Returns an empty string on success, else libpng's message.
/// Owns nothing with a destructor: libpng may longjmp out of any png_* call back to the setjmp here.
const char* encode_rows(PngBytes& output, png_bytepp rows, std::uint32_t width, std::uint32_t height) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    if (png == nullptr) return "cannot start libpng";
    png_infop info = png_create_info_struct(png);
    if (info == nullptr) {
        png_destroy_write_struct(&png, nullptr);
        return "cannot start libpng";
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return "libpng failed to encode the picture";
    }
    png_set_write_fn(png, &output, append_bytes, flush_nothing);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    return "";
}

}  // namespace

namespace {

/// Paint the picture of a square map, or of a hex or triangle one, into `pixels` (width × height RGB).
void draw_square_picture(const io::MapFile& map, const grid::TerrainTable& terrain, const std::vector<DrawnPath>& paths,
                         std::uint32_t scale, std::uint32_t width, std::uint32_t height,
                         std::vector<std::uint8_t>& pixels);
void draw_shaped_picture(const io::MapFile& map, const grid::TerrainTable& terrain, const std::vector<DrawnPath>& paths,
                         std::uint32_t scale, std::uint32_t width, std::uint32_t height,
                         std::vector<std::uint8_t>& pixels, const std::vector<Colour>* cell_colours = nullptr);
void set_pixel(std::vector<std::uint8_t>& pixels, std::uint32_t width, std::uint32_t height, std::int64_t column,
               std::int64_t row, Colour colour);
void paint_segment(std::vector<std::uint8_t>& pixels, std::uint32_t width, std::uint32_t height, double x0, double y0,
                   double x1, double y1, double radius, Colour colour);

}  // namespace

namespace {

/// The PNG of a map's picture at `scale`: checks its size, lets `draw(width, height, pixels)` paint
/// the RGB pixels, and encodes them.
template <class Draw>
Expected<std::string> encoded_picture(const io::MapFile& map, std::uint32_t scale, Draw&& draw) {
    const PictureSize size = picture_size(map, scale);
    if (size.width * size.height > (std::uint64_t{1} << 28) || size.width == 0 || size.height == 0) {
        return Error{"", 0, 0,
                     "the picture would be " + std::to_string(size.width) + " x " + std::to_string(size.height) +
                         " pixels; choose a smaller --scale"};
    }
    const auto width = static_cast<std::uint32_t>(size.width);
    const auto height = static_cast<std::uint32_t>(size.height);
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * height * 3);
    draw(width, height, pixels);
    return png_from_pixels(pixels, width, height);
}

}  // namespace

Expected<std::string> png_from_pixels(const std::vector<std::uint8_t>& pixels, std::uint32_t width,
                                      std::uint32_t height) {
    if (pixels.size() != static_cast<std::size_t>(width) * height * 3) {
        return Error{"", 0, 0,
                     "the pixels do not fill a " + std::to_string(width) + " x " + std::to_string(height) + " picture"};
    }
    std::vector<png_bytep> rows(height);
    // libpng takes rows as non-const pointers but only reads them when writing.
    auto* first = const_cast<std::uint8_t*>(pixels.data());
    for (std::uint32_t row = 0; row < height; ++row) rows[row] = first + static_cast<std::size_t>(row) * width * 3;
    PngBytes output;
    const char* failure = encode_rows(output, rows.data(), width, height);
    if (std::strlen(failure) != 0) return Error{"", 0, 0, failure};
    return std::move(output.bytes);
}

Expected<std::string> png_cell_picture(const io::MapFile& map, const std::vector<Colour>& cell_colours,
                                       std::uint32_t scale) {
    scale = std::max<std::uint32_t>(scale, 1);
    if (cell_colours.size() != map.letters.size()) return Error{"", 0, 0, "one colour per cell is needed"};
    return encoded_picture(
        map, scale, [&](std::uint32_t width, std::uint32_t height, std::vector<std::uint8_t>& pixels) {
            if (map_topology(map) != grid::Topology::square) {
                draw_shaped_picture(map, grid::TerrainTable::benchmark(), {}, scale, width, height, pixels,
                                    &cell_colours);
                return;
            }
            for (std::uint32_t row = 0; row < height; ++row) {
                for (std::uint32_t column = 0; column < width; ++column) {
                    set_pixel(pixels, width, height, column, row,
                              cell_colours[static_cast<std::size_t>(row / scale) * map.width + column / scale]);
                }
            }
        });
}

Expected<std::string> png_picture(const io::MapFile& map, const grid::TerrainTable& terrain,
                                  const std::vector<DrawnPath>& paths, std::uint32_t scale) {
    scale = std::max<std::uint32_t>(scale, 1);
    return encoded_picture(map, scale,
                           [&](std::uint32_t width, std::uint32_t height, std::vector<std::uint8_t>& pixels) {
                               if (map_topology(map) != grid::Topology::square) {
                                   draw_shaped_picture(map, terrain, paths, scale, width, height, pixels);
                               } else {
                                   draw_square_picture(map, terrain, paths, scale, width, height, pixels);
                               }
                           });
}

namespace {

/// The pixels of a square-cell map's picture: `scale` pixels a cell side, RGB rows `width` pixels long.
struct SquareCanvas {
    const io::MapFile& map;
    std::uint32_t scale;
    std::uint32_t width;
    std::uint32_t height;
    std::vector<std::uint8_t>& pixels;

    /// Cell (x, y) filled, `inset` pixels in from each side; a cell off the map is left alone.
    void fill(std::uint32_t x, std::uint32_t y, std::uint32_t inset, Colour colour) {
        if (x >= map.width || y >= map.height) return;
        for (std::uint32_t row = y * scale + inset; row < (y + 1) * scale - inset; ++row) {
            std::uint8_t* pixel = &pixels[(static_cast<std::size_t>(row) * width + x * scale + inset) * 3];
            for (std::uint32_t column = inset; column < scale - inset; ++column) {
                pixel[0] = colour.red;
                pixel[1] = colour.green;
                pixel[2] = colour.blue;
                pixel += 3;
            }
        }
    }

    /// The block of `block` x `block` cells headed by (x, y), each filled `inset` pixels in.
    void fill_block(std::uint32_t x, std::uint32_t y, std::uint32_t block, std::uint32_t inset, Colour colour) {
        for (std::uint32_t dy = 0; dy < block; ++dy) {
            for (std::uint32_t dx = 0; dx < block; ++dx) fill(x + dx, y + dy, inset, colour);
        }
    }

    /// A 9-pixel square centred on cell (x, y), with a white 3-pixel core when asked: an endpoint on
    /// a scale too small to see a cell.
    void marker(std::uint32_t x, std::uint32_t y, Colour outer, bool white_core) {
        if (x >= map.width || y >= map.height) return;
        const std::int64_t side = 9;
        const std::int64_t centre_x = std::int64_t{x} * scale + scale / 2;
        const std::int64_t centre_y = std::int64_t{y} * scale + scale / 2;
        for (std::int64_t row = centre_y - side / 2; row <= centre_y + side / 2; ++row) {
            for (std::int64_t column = centre_x - side / 2; column <= centre_x + side / 2; ++column) {
                const bool core = white_core && std::abs(row - centre_y) <= 1 && std::abs(column - centre_x) <= 1;
                set_pixel(pixels, width, height, column, row, core ? Colour{255, 255, 255} : outer);
            }
        }
    }
};

/// One path over the terrain: whole cells on small scales, a square inset by a sixth of the cell on
/// large ones, so the terrain beneath stays visible. A polyline is a line about a quarter of a cell
/// thick (at least a pixel) through the cell centres, its corners inset squares. A sized agent's
/// position is the block it heads: its cells filled, its line through the blocks' centres.
void draw_square_path(SquareCanvas& canvas, const DrawnPath& path, Colour colour) {
    const std::uint32_t scale = canvas.scale;
    const std::uint32_t block = path.agent_size;
    if (!path.polyline) {
        const std::uint32_t inset = scale >= 6 ? scale / 6 : 0;
        for (std::size_t step = 0; step < path.xs.size(); ++step)
            canvas.fill_block(path.xs[step], path.ys[step], block, inset, colour);
        return;
    }
    const double radius = static_cast<double>(scale / 8) + 0.5;
    const double centre = 0.5 * block;
    for (std::size_t step = 1; step < path.xs.size(); ++step) {
        paint_segment(canvas.pixels, canvas.width, canvas.height, (path.xs[step - 1] + centre) * scale,
                      (path.ys[step - 1] + centre) * scale, (path.xs[step] + centre) * scale,
                      (path.ys[step] + centre) * scale, radius, colour);
    }
    for (std::size_t step = 0; step < path.xs.size(); ++step)
        canvas.fill_block(path.xs[step], path.ys[step], block, scale / 3, colour);
}

/// A path's start, a darker full cell, and goal, a full cell with a white core; on scales too small
/// to see a cell, 9-pixel markers centred on the cells instead.
void draw_square_endpoints(SquareCanvas& canvas, const DrawnPath& path, Colour colour) {
    const Colour dark{static_cast<std::uint8_t>(colour.red / 2), static_cast<std::uint8_t>(colour.green / 2),
                      static_cast<std::uint8_t>(colour.blue / 2)};
    if (canvas.scale >= 4) {
        canvas.fill(path.start_x, path.start_y, 0, dark);
        if (path.has_goal) {
            canvas.fill(path.goal_x, path.goal_y, 0, colour);
            canvas.fill(path.goal_x, path.goal_y, canvas.scale / 3, Colour{255, 255, 255});
        }
    } else {
        canvas.marker(path.start_x, path.start_y, dark, false);
        if (path.has_goal) canvas.marker(path.goal_x, path.goal_y, colour, true);
    }
}

void draw_square_picture(const io::MapFile& map, const grid::TerrainTable& terrain, const std::vector<DrawnPath>& paths,
                         std::uint32_t scale, std::uint32_t width, std::uint32_t height,
                         std::vector<std::uint8_t>& pixels) {
    SquareCanvas canvas{map, scale, width, height, pixels};
    // Terrain, one colour per letter (looked up once per letter).
    std::array<Colour, 256> colours{};
    for (int code = 0; code < 256; ++code) colours[code] = terrain_colour(static_cast<char>(code), terrain);
    for (std::uint32_t y = 0; y < map.height; ++y) {
        for (std::uint32_t x = 0; x < map.width; ++x)
            canvas.fill(x, y, 0, colours[static_cast<unsigned char>(map.letter(x, y))]);
    }
    // Every path, then every endpoint, so no path covers another's start or goal.
    for (std::size_t index = 0; index < paths.size(); ++index)
        draw_square_path(canvas, paths[index], path_colour(index));
    for (std::size_t index = 0; index < paths.size(); ++index)
        draw_square_endpoints(canvas, paths[index], path_colour(index));
}

void set_pixel(std::vector<std::uint8_t>& pixels, std::uint32_t width, std::uint32_t height, std::int64_t column,
               std::int64_t row, Colour colour) {
    if (row < 0 || column < 0 || row >= std::int64_t{height} || column >= std::int64_t{width}) return;
    std::uint8_t* pixel = &pixels[(static_cast<std::size_t>(row) * width + static_cast<std::size_t>(column)) * 3];
    pixel[0] = colour.red;
    pixel[1] = colour.green;
    pixel[2] = colour.blue;
}

/// Narrows [low, high] to the x with minimum <= slope * x + offset <= maximum.
void keep_between(double slope, double offset, double minimum, double maximum, double& low, double& high) {
    if (std::abs(slope) < 1e-12) {
        if (offset < minimum || offset > maximum) high = low - 1;  // no x at all
        return;
    }
    double first = (minimum - offset) / slope;
    double second = (maximum - offset) / slope;
    if (first > second) std::swap(first, second);
    low = std::max(low, first);
    high = std::min(high, second);
}

/// Paints every pixel whose centre lies within `radius` of the segment from (x0, y0) to (x1, y1)
/// (pixel units), clipped to the picture. The shape is convex, so each row holds one span of it,
/// found in constant time: a segment costs the rows it crosses and the pixels it covers, never
/// more, however long it is or however thick the line.
void paint_segment(std::vector<std::uint8_t>& pixels, std::uint32_t width, std::uint32_t height, double x0, double y0,
                   double x1, double y1, double radius, Colour colour) {
    const double dx = x1 - x0;
    const double dy = y1 - y0;
    const double squared_length = dx * dx + dy * dy;
    const double length = std::sqrt(squared_length);
    const auto first_row = static_cast<std::int64_t>(std::max(0.0, std::floor(std::min(y0, y1) - radius - 0.5)));
    const auto last_row = static_cast<std::int64_t>(
        std::min(static_cast<double>(height) - 1, std::ceil(std::max(y0, y1) + radius - 0.5)));
    for (std::int64_t row = first_row; row <= last_row; ++row) {
        const double y = static_cast<double>(row) + 0.5;
        double low = std::numeric_limits<double>::infinity();
        double high = -std::numeric_limits<double>::infinity();
        // The two end discs.
        for (const auto& [centre_x, centre_y] : {std::pair{x0, y0}, std::pair{x1, y1}}) {
            const double across = radius * radius - (y - centre_y) * (y - centre_y);
            if (across < 0) continue;
            low = std::min(low, centre_x - std::sqrt(across));
            high = std::max(high, centre_x + std::sqrt(across));
        }
        // The band between them: 0 <= t <= 1 along the segment and |s| <= radius across it.
        if (length > 0) {
            double band_low = -std::numeric_limits<double>::infinity();
            double band_high = std::numeric_limits<double>::infinity();
            keep_between(dx / squared_length, ((y - y0) * dy - x0 * dx) / squared_length, 0, 1, band_low, band_high);
            keep_between(-dy / length, ((y - y0) * dx + x0 * dy) / length, -radius, radius, band_low, band_high);
            if (band_low <= band_high) {
                low = std::min(low, band_low);
                high = std::max(high, band_high);
            }
        }
        if (low > high) continue;
        const auto first_column = static_cast<std::int64_t>(std::max(0.0, std::ceil(low - 0.5)));
        const auto last_column =
            static_cast<std::int64_t>(std::min(static_cast<double>(width) - 1, std::floor(high - 0.5)));
        for (std::int64_t column = first_column; column <= last_column; ++column) {
            std::uint8_t* pixel =
                &pixels[(static_cast<std::size_t>(row) * width + static_cast<std::size_t>(column)) * 3];
            pixel[0] = colour.red;
            pixel[1] = colour.green;
            pixel[2] = colour.blue;
        }
    }
}

/// A hex or triangle map: each pixel takes the colour of the cell whose shape holds its centre (white
/// outside the map); from scale 6 up, a cell's pixels on its right or lower edge are a darker shade, so
/// the shapes show. A path is a line about a quarter of a cell thick through its cells' centres; the
/// start is a dark disc and the goal a disc with a white core, a third of a cell across (at least 9 pixels).
void draw_shaped_picture(const io::MapFile& map, const grid::TerrainTable& terrain, const std::vector<DrawnPath>& paths,
                         std::uint32_t scale, std::uint32_t width, std::uint32_t height,
                         std::vector<std::uint8_t>& pixels, const std::vector<Colour>* cell_colours) {
    const ShapedLayout layout(map, map_topology(map), scale);
    std::array<Colour, 256> colours{};
    for (int code = 0; code < 256; ++code) colours[code] = terrain_colour(static_cast<char>(code), terrain);
    std::vector<std::int64_t> row_cells(width);
    std::vector<std::int64_t> next_row_cells(width);
    auto cells_of_row = [&](std::uint32_t row, std::vector<std::int64_t>& cells) {
        for (std::uint32_t column = 0; column < width; ++column)
            cells[column] = layout.cell_at(column + 0.5, row + 0.5);
    };
    const bool outlined = scale >= 6;
    cells_of_row(0, row_cells);
    for (std::uint32_t row = 0; row < height; ++row) {
        if (row + 1 < height) cells_of_row(row + 1, next_row_cells);
        for (std::uint32_t column = 0; column < width; ++column) {
            const std::int64_t cell = row_cells[column];
            if (cell < 0) {
                set_pixel(pixels, width, height, column, row, Colour{255, 255, 255});
                continue;
            }
            Colour colour = cell_colours != nullptr
                                ? (*cell_colours)[static_cast<std::size_t>(cell)]
                                : colours[static_cast<unsigned char>(map.letters[static_cast<std::size_t>(cell)])];
            const bool edge = (column + 1 < width && row_cells[column + 1] != cell) ||
                              (row + 1 < height && next_row_cells[column] != cell);
            if (outlined && edge) {
                colour = {static_cast<std::uint8_t>(colour.red * 3 / 4),
                          static_cast<std::uint8_t>(colour.green * 3 / 4),
                          static_cast<std::uint8_t>(colour.blue * 3 / 4)};
            }
            set_pixel(pixels, width, height, column, row, colour);
        }
        row_cells.swap(next_row_cells);
    }
    auto disc = [&](double centre_x, double centre_y, double radius, Colour colour) {
        for (auto row = static_cast<std::int64_t>(std::floor(centre_y - radius));
             row <= std::int64_t(std::ceil(centre_y + radius)); ++row) {
            for (auto column = static_cast<std::int64_t>(std::floor(centre_x - radius));
                 column <= static_cast<std::int64_t>(std::ceil(centre_x + radius)); ++column) {
                const double dx = static_cast<double>(column) + 0.5 - centre_x;
                const double dy = static_cast<double>(row) + 0.5 - centre_y;
                if (dx * dx + dy * dy <= radius * radius) set_pixel(pixels, width, height, column, row, colour);
            }
        }
    };
    const double line_radius = std::max(0.75, scale / 8.0);
    for (std::size_t index = 0; index < paths.size(); ++index) {
        const Colour colour = path_colour(index);
        const DrawnPath& path = paths[index];
        for (std::size_t step = 0; step < path.xs.size(); ++step) {
            if (path.xs[step] >= map.width || path.ys[step] >= map.height) continue;
            const auto [x1, y1] = layout.centre(path.xs[step], path.ys[step]);
            if (step == 0 || path.xs[step - 1] >= map.width || path.ys[step - 1] >= map.height) {
                disc(x1, y1, line_radius, colour);
                continue;
            }
            const auto [x0, y0] = layout.centre(path.xs[step - 1], path.ys[step - 1]);
            paint_segment(pixels, width, height, x0, y0, x1, y1, line_radius, colour);
        }
    }
    const double marker_radius = std::max(4.5, scale / 3.0);
    for (std::size_t index = 0; index < paths.size(); ++index) {
        const DrawnPath& path = paths[index];
        const Colour colour = path_colour(index);
        const Colour dark{static_cast<std::uint8_t>(colour.red / 2), static_cast<std::uint8_t>(colour.green / 2),
                          static_cast<std::uint8_t>(colour.blue / 2)};
        if (path.start_x < map.width && path.start_y < map.height) {
            const auto [x, y] = layout.centre(path.start_x, path.start_y);
            disc(x, y, marker_radius, dark);
        }
        if (path.has_goal && path.goal_x < map.width && path.goal_y < map.height) {
            const auto [x, y] = layout.centre(path.goal_x, path.goal_y);
            disc(x, y, marker_radius, colour);
            disc(x, y, marker_radius / 2.5, Colour{255, 255, 255});
        }
    }
}

}  // namespace

}  // namespace swarmpath::cli
