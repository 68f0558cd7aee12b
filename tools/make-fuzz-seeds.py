#!/usr/bin/env python3
"""Builds the libFuzzer seed corpora from the bundled Moving AI files (datasets/movingai).

usage: make-fuzz-seeds.py DATASET_FOLDER OUTPUT_FOLDER

Writes OUTPUT_FOLDER/map_parser, scenario_parser, terrain_spec, movement_classes and oracle_file. Whole bundled
maps are too big for fast fuzzing, so map seeds are the two small maps whole plus windows cut from
every map (with their header rewritten, in LF and CRLF); scenario seeds are the first rows of every
scenario file and a few rows with the optional agent columns; terrain and movement-class seeds are
written here, and so are small path-oracle files (docs/oracle-format.md) with their checksums right
and wrong, each after the byte that chooses the reader's buffer.
Deterministic: the same datasets give the same seeds.
"""
import os
import sys


def write(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as output:
        output.write(data)


def map_seeds(dataset, output):
    folder = os.path.join(output, "map_parser")
    for root, _, files in sorted(os.walk(dataset)):
        for name in sorted(files):
            if not name.endswith(".map"):
                continue
            path = os.path.join(root, name)
            data = open(path, "rb").read()
            if len(data) <= 6000:
                write(folder, name, data)
            lines = data.decode("latin-1").splitlines()
            rows = lines[lines.index("map") + 1:] if "map" in lines else []
            if not rows:
                continue
            for index, (width, height) in enumerate([(8, 8), (16, 12), (40, 24)]):
                top = (len(rows) - height) // 2 * (index % 2)
                left = (len(rows[0]) - width) // 2
                window = [row[left:left + width] for row in rows[top:top + height]]
                text = "type octile\nheight %d\nwidth %d\nmap\n%s\n" % (height, width, "\n".join(window))
                write(folder, "%s.%dx%d" % (name, width, height), text.encode("latin-1"))
                if index == 1:
                    write(folder, "%s.%dx%d.crlf" % (name, width, height),
                          text.replace("\n", "\r\n").encode("latin-1"))


def scenario_seeds(dataset, output):
    folder = os.path.join(output, "scenario_parser")
    for root, _, files in sorted(os.walk(dataset)):
        for name in sorted(files):
            if not name.endswith(".scen"):
                continue
            lines = open(os.path.join(root, name), "rb").read().split(b"\n")
            write(folder, name, b"\n".join(lines[:12]) + b"\n")
            write(folder, name + ".tail", b"\n".join(lines[:1] + lines[-6:]))
    write(folder, "agent-columns", b"version 1\n0\ta.map\t8\t8\t0\t0\t5\t5\t7.07106781\tsize=2\tclass=hover\n"
          b"0\ta.map\t8\t8\t1\t1\t6\t2\t5.41421356\tclass=ground size=3\n"
          b"0 a.map 8 8 0 0 1 1 1.41421356 size=1\n")


def terrain_seeds(output):
    folder = os.path.join(output, "terrain_spec")
    specs = [b"G=2,S=5,W=inf", b"a=1.5, b=0.25 ,c=blocked", b".=1,@=inf,T=INF", b"x=1e-6,y=1e12"]
    files = [b"# terrain\nG=2\nS=5 # swamp\n\nW=inf\n", b"a=1\r\nb=3.5\r\n"]
    for index, spec in enumerate(specs):
        write(folder, "spec%d" % index, b"\x00" + spec)
    for index, text in enumerate(files):
        write(folder, "file%d" % index, b"\x01" + text)


def movement_class_seeds(output):
    folder = os.path.join(output, "movement_classes")
    files = [b"version 1\nclass ground\nclass hover\nW = 1, S = 2\nclass heavy: S=inf # no swamps\n",
             b"# units\r\nversion 1\r\nclass a\r\nG=0.5\r\nT=3\r\n"]
    specs = [b"ground;hover:W=1,S=2;heavy:S=inf", b"a:x=1e-6 ; b:x=1e12,y=blocked"]
    for index, text in enumerate(files):
        write(folder, "file%d" % index, b"\x01" + text)
    for index, spec in enumerate(specs):
        write(folder, "spec%d" % index, b"\x00" + spec)


MASK = (1 << 64) - 1


def fingerprint(data):
    """The oracle file's checksum (io::Fingerprint) of `data`, a whole number of 8-byte words."""
    state = 0x6A09E667F3BCC908
    for offset in range(0, len(data), 8):
        word = int.from_bytes(data[offset:offset + 8], "little")
        state ^= (word * 0x9E3779B97F4A7C15) & MASK
        state = (((state << 29) | (state >> 35)) & MASK) * 0xC2B2AE3D27D4EB4F & MASK
    state ^= len(data)
    state ^= state >> 33
    state = state * 0xFF51AFD7ED558CCD & MASK
    state ^= state >> 33
    return state


def oracle_file(width, height, rows, run_bytes, right_checksum=True):
    """A path-oracle file of `rows` (each a list of (position, move) runs) for a width x height map."""
    def padded(data):
        return data + bytes(-len(data) % 8)
    row_begin = [0]
    runs = []
    for row in rows:
        runs.extend(row)
        row_begin.append(len(runs))
    index = padded(b"".join(begin.to_bytes(4, "little") for begin in row_begin))
    packed = padded(b"".join(((position << 3) | move).to_bytes(run_bytes, "little") for position, move in runs))
    body = index + packed
    checksum = fingerprint(body) ^ (0 if right_checksum else 1)
    header = (b"SWPORACL" + (2).to_bytes(4, "little") + (128).to_bytes(4, "little") + width.to_bytes(4, "little") +
              height.to_bytes(4, "little") + bytes([0, 8, 0, 1]) + len(rows).to_bytes(4, "little") +
              len(runs).to_bytes(4, "little") + bytes([run_bytes, 0, 0, 0]) + bytes(16) +
              checksum.to_bytes(8, "little") + b"seed.map".ljust(64, b"\0"))
    return header + body


def oracle_seeds(output):
    folder = os.path.join(output, "oracle_file")
    two = [[(0, 0), (1, 2)], [(0, 6), (1, 0)]]
    eight = [[(0, 0)] + [(target, (row + target) % 8) for target in range(1, 8)] for row in range(8)]
    for run_bytes in (3, 4):
        for selector, rows in ((0, two), (5, eight)):
            name = "rows%d-runs%d" % (len(rows), run_bytes)
            write(folder, name, bytes([selector]) + oracle_file(len(rows), 1, rows, run_bytes))
            write(folder, name + "-wrong-checksum", bytes([selector + 1]) + oracle_file(len(rows), 1, rows, run_bytes, False))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    dataset, output = sys.argv[1], sys.argv[2]
    map_seeds(dataset, output)
    scenario_seeds(dataset, output)
    terrain_seeds(output)
    movement_class_seeds(output)
    oracle_seeds(output)


if __name__ == "__main__":
    main()
