// Calls the plugin (a shared library linking the engine). Argument: the arena map.
#include <cmath>
#include <cstdio>

extern "C" double consumer_plugin_cost(const char* map_path);

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    const double cost = consumer_plugin_cost(argv[1]);
    std::printf("plugin: %.6f\n", cost);
    return std::fabs(cost - std::sqrt(2.0)) < 1e-6 ? 0 : 1;
}
