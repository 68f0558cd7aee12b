#!/usr/bin/python3
# Tests of tools/check-layers on small crafted trees in a temporary folder, so that the layer check
# cannot pass by checking nothing: a clean tree passes; an upward include, a file-level cycle, a
# cycle between units (a.cpp -> b.hpp, b.cpp -> a.hpp, also through an internal header), an include that resolves to no file and a
# folder that is no layer each fail, with a line naming file:line, the include and the layers.
# Assumes python3 and the source tree (the check is found relative to this file). Prints
# "N passed, N failed" and exits 1 on any failure.
import os
import subprocess
import sys
import tempfile

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "check-layers")

# A clean tree: each layer includes only itself and those below it.
CLEAN = {
    "engine/include/swarmpath/core/error.hpp": "#pragma once\n",
    "engine/include/swarmpath/grid/grid.hpp": '#pragma once\n#include "swarmpath/core/error.hpp"\n',
    "engine/src/grid/grid.cpp": '#include "swarmpath/grid/grid.hpp"\n#include <vector>\n',
    "engine/include/swarmpath/io/map_file.hpp": '#pragma once\n#include "swarmpath/grid/grid.hpp"\n',
    "engine/src/io/map_file.cpp": '#include "swarmpath/io/map_file.hpp"\n#include "file_kind.hpp"\n',
    "engine/src/io/file_kind.hpp": "#pragma once\n",
    "engine/include/swarmpath/search/solver.hpp": '#pragma once\n#include "swarmpath/io/map_file.hpp"\n',
    "engine/src/search/best_first/loop.hpp": '#pragma once\n#include "swarmpath/search/solver.hpp"\n',
    "engine/src/search/solver.cpp": '#include "search/best_first/loop.hpp"\n',
    "engine/include/swarmpath/batch/run.hpp": '#pragma once\n#include "swarmpath/search/solver.hpp"\n',
    "engine/include/swarmpath/swarmpath.hpp": '#pragma once\n#include "swarmpath/batch/run.hpp"\n',
    "engine/bindings/c/src/api.cpp": '#include "swarmpath/batch/run.hpp"\n// #include "nowhere.hpp" in a comment line is not read\n',
}


def run_check(files):
    with tempfile.TemporaryDirectory() as root:
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as out:
                out.write(text)
        done = subprocess.run([sys.executable, CHECK, "--root", root], capture_output=True, text=True)
        return done.returncode, done.stdout + done.stderr


CASES = [
    ("a clean tree passes", CLEAN, 0, ["no include cycle"]),
    ("an upward include fails (grid includes io)",
     dict(CLEAN, **{"engine/src/grid/grid.cpp": '#include "swarmpath/grid/grid.hpp"\n#include "swarmpath/io/map_file.hpp"\n'}),
     1, ['engine/src/grid/grid.cpp:2: #include "swarmpath/io/map_file.hpp" points up: grid may not include io']),
    ("an upward include from an internal header fails (search includes batch)",
     dict(CLEAN, **{"engine/src/search/best_first/loop.hpp": '#pragma once\n#include "swarmpath/batch/run.hpp"\n'}),
     1, ["engine/src/search/best_first/loop.hpp:2:", "search may not include batch"]),
    ("a file-level cycle within one layer fails",
     dict(CLEAN, **{"engine/include/swarmpath/grid/a.hpp": '#pragma once\n#include "swarmpath/grid/b.hpp"\n',
                    "engine/include/swarmpath/grid/b.hpp": '#pragma once\n#include "swarmpath/grid/a.hpp"\n'}),
     1, ['engine/include/swarmpath/grid/a.hpp:2: #include "swarmpath/grid/b.hpp" is part of an include cycle between files',
         "(grid -> grid)"]),
    ("a cycle between units (each source includes the other's header) fails",
     dict(CLEAN, **{"engine/include/swarmpath/batch/a.hpp": "#pragma once\n",
                    "engine/include/swarmpath/batch/b.hpp": "#pragma once\n",
                    "engine/src/batch/a.cpp": '#include "swarmpath/batch/a.hpp"\n#include "swarmpath/batch/b.hpp"\n',
                    "engine/src/batch/b.cpp": '#include "swarmpath/batch/b.hpp"\n#include "swarmpath/batch/a.hpp"\n'}),
     1, ["engine/src/batch/a.cpp:2:", "include cycle between units batch/a <-> batch/b (batch -> batch)"]),
    ("a cycle between units through an internal header fails",
     dict(CLEAN, **{"engine/include/swarmpath/batch/a.hpp": "#pragma once\n",
                    "engine/include/swarmpath/batch/b.hpp": "#pragma once\n",
                    "engine/src/batch/detail/helper.hpp": '#pragma once\n#include "swarmpath/batch/b.hpp"\n',
                    "engine/src/batch/a.cpp": '#include "swarmpath/batch/a.hpp"\n#include "batch/detail/helper.hpp"\n',
                    "engine/src/batch/b.cpp": '#include "swarmpath/batch/b.hpp"\n#include "swarmpath/batch/a.hpp"\n'}),
     1, ['engine/src/batch/a.cpp:2: #include "batch/detail/helper.hpp" is part of an include cycle between units']),
    ("an include that resolves to no file fails",
     dict(CLEAN, **{"engine/src/io/map_file.cpp": '#include "swarmpath/io/map_file.hpp"\n#include "swarmpath/io/gone.hpp"\n'}),
     1, ['engine/src/io/map_file.cpp:2: #include "swarmpath/io/gone.hpp" does not resolve']),
    ("a folder that is no layer fails",
     dict(CLEAN, **{"engine/src/hexagon/hex_grid.cpp": '#include "swarmpath/grid/grid.hpp"\n'}),
     1, ["engine/src/hexagon/hex_grid.cpp:1: folder is not an engine layer"]),
]


def main():
    passed = failed = 0
    for name, files, expected_code, expected_texts in CASES:
        code, output = run_check(files)
        problems = []
        if code != expected_code:
            problems.append(f"exit {code}, expected {expected_code}")
        problems += [f"output lacks {text!r}" for text in expected_texts if text not in output]
        if problems:
            failed += 1
            print(f"FAIL {name}: {'; '.join(problems)}\n{output}")
        else:
            passed += 1
            print(f"ok   {name}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
