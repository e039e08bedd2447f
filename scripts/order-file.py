#!/usr/bin/env python3
"""Writes the release link's code order: the functions a session runs, first.

    scripts/order-file.py BIN_DIR LINK_MAP [OUT_DIR]

BIN_DIR holds a release build of `standups` and `standups-bench`, LINK_MAP
the map lld wrote when it linked that `standups` (`-Xlinker -Map=FILE`).
Each scenario below runs `standups` under callgrind in an 80x24
pseudo-terminal and presses its keys; the instructions that ran, looked up in
the map, name the sections of code a session runs. Written to OUT_DIR
(default: scripts):

- standups.order: a symbol of each of those sections, one a line, for
  `ld.lld --symbol-ordering-file`, which puts them side by side at the start
  of .text;
- standups-hot.ld: those no symbol of their own can place — LLVM's private
  `.L` functions (closures' context destroyers, key path accessors) and
  sections whose symbol other objects define too (`objectdestroyTm`: ordering
  the name would move every copy, some inside the toolchain's large sections
  of many functions) — by object and section, for a linker script that puts
  them just before.

The kernel maps files 16 pages or more around each page touched, so code
scattered through a large static binary is resident many times over.
Symbols, objects or sections the binary no longer has cost nothing at link
time, so the files age gracefully; `make order` makes them again.
"""

import bisect
import fcntl
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections import Counter

ESC = "\x1b"

# (data, keys): each key is sent once the screen has been quiet for a while.
SCENARIOS = [
    # Every screen of the sample data: list, detail, past meeting, edit sheet,
    # recording (next speaker, a note, the end alert: save), add sheet, delete alert, help,
    # filter, copy.
    ("sample", ["j", "k", "\r", "j", "j", "\r", "j", "y", ESC, "e", "x", "\t", "\t", ESC,
                "s", "WAIT", "\x0e", "a note", "\r", ESC, "s", ESC, "a", "Team", "\t", "+",
                "\x13", "d", ESC, "?", ESC, "/", "te", "\r", ESC, "G", "g", "y"]),
    # A large file: the two-thread load, scrolling, the filter's index.
    ("large", ["j"] * 12 + ["G", "g", "/", "team 9", "\r", ESC]),
]

# What every key runs: moving the selection, a few times and many times. The
# code whose instructions grow with the keys goes first, side by side, so that
# a key touches as few pages of code as it can.
KEY_RUNS = [("large", ["j", "k"] * 5), ("large", ["j", "k"] * 20)]


def run(app: str, data: str, keys: list[str], out: str) -> None:
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp("valgrind", ["valgrind", "--tool=callgrind",
                               "--dump-instr=yes", "--compress-pos=no",
                               f"--callgrind-out-file={out}",
                               app, "--data", data])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    def settle(quiet: float) -> None:
        last = time.monotonic()
        while time.monotonic() - last < quiet:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    os.read(fd, 65536)
                except OSError:
                    return
                last = time.monotonic()

    settle(3.0)
    for key in keys:
        if key == "WAIT":  # a recording's clock ticks once a second
            time.sleep(2.5)
            settle(0.5)
            continue
        os.write(fd, key.encode())
        settle(0.8)
    os.write(fd, b"\x03")  # Ctrl-C quits from any screen
    settle(1.0)
    os.waitpid(pid, 0)


def addresses_that_ran(path: str) -> set[int]:
    """The instruction addresses in a callgrind output (`--dump-instr=yes
    --compress-pos=no`: every position is absolute), of every object: valgrind
    counts code outside the `.text` section (`.text.hot`) as no object's, and
    the link map tells the binary's addresses from the libraries'."""
    return set(instructions_by_address(path))


def instructions_by_address(path: str) -> Counter[int]:
    """How many instructions ran at each address (a call line's cost is the
    callee's, so only the lines of the function itself count)."""
    counts: Counter[int] = Counter()
    positions = 1  # columns before the cost: "instr", or "instr line"
    after_call = False
    for line in open(path, errors="replace"):
        if line.startswith("positions:"):
            positions = len(line.split()) - 1
        elif line.startswith("calls="):
            after_call = True
        elif line.startswith("0x"):
            parts = line.split()
            cost = int(parts[positions]) if len(parts) > positions and not after_call else 0
            counts[int(parts[0], 16)] += cost
            after_call = False
    return counts


MAP_LINE = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+( +)(\S.*)$")


def sections_that_ran(
    link_map: str, addresses: set[int], first: set[int]
) -> tuple[list[str], list[str]]:
    """The sections of .text that hold any of `addresses`, from the link map:
    the symbol of each that has one of its own, for the symbol order, and an
    input-section pattern (`*/Module.build/File.o(section)`) for the others:
    sections without a symbol (LLVM's private `.L` functions) and those whose
    symbol other objects define too (ordering that name would move every
    copy, some inside the toolchain's large sections of many functions)."""
    sections: list[tuple[int, int, str, list[str]]] = []
    defined: Counter[str] = Counter()
    in_text = False
    for line in open(link_map):
        match = MAP_LINE.match(line)
        if not match:
            continue
        depth, name = len(match.group(3)), match.group(4).strip()
        if depth < 8:  # an output section
            in_text = name.startswith(".text")
        elif depth < 16:  # an input section
            if in_text:
                sections.append((int(match.group(1), 16), int(match.group(2), 16), name, []))
        else:  # a symbol, in the input section above it
            defined[name] += 1
            if in_text and sections:
                sections[-1][3].append(name)
    sections.sort()
    starts = [start for start, _, _, _ in sections]
    ran: list[tuple[int, int, str, list[str]]] = []
    for address in sorted(addresses):
        index = bisect.bisect_right(starts, address) - 1
        if index >= 0 and address < starts[index] + sections[index][1]:
            if not ran or ran[-1] is not sections[index]:
                ran.append(sections[index])
    # What each key runs first; the toolchain's sections of many functions
    # (libswiftCore's 1.5 MB Swift.o) last: between them the small functions
    # would be spread out again.
    def runs_every_key(section: tuple[int, int, str, list[str]]) -> bool:
        index = bisect.bisect_left(hot, section[0])
        return index < len(hot) and hot[index] < section[0] + section[1]

    hot = sorted(first)
    ran.sort(key=lambda section: (section[1] > 64 * 1024, not runs_every_key(section)))
    symbols: list[str] = []
    patterns: list[str] = []
    for _, _, name, names in ran:
        unique = [symbol for symbol in names if defined[symbol] == 1]
        if unique:
            symbols.append(unique[0])
            continue
        file, section = name.split(":(", 1)
        parts = file.split("/")
        if len(parts) > 2 and parts[-2].endswith(".build"):
            patterns.append(f"*/{parts[-2]}/{parts[-1]}({section[:-1]})")
        elif file.endswith(")") and ".a(" in file:  # a member of one of the toolchain's archives
            archive, member = parts[-1][:-1].split("(", 1)
            patterns.append(f"*{archive}:{member}({section[:-1]})")
    return symbols, patterns


def main() -> None:
    bin_dir, link_map = sys.argv[1], sys.argv[2]
    out_dir = sys.argv[3] if len(sys.argv) > 3 else os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(out_dir, "standups.order")
    script = os.path.join(out_dir, "standups-hot.ld")
    work = tempfile.mkdtemp(prefix="standups-order-")
    try:
        # valgrind 3.19 cannot read the static binary's DWARF.
        app = os.path.join(work, "standups")
        subprocess.run(["objcopy", "--strip-debug", os.path.join(bin_dir, "standups"), app],
                       check=True)
        files = {"sample": os.path.join(work, "sample.json"),
                 "large": os.path.join(work, "large.json")}
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        shutil.copy(os.path.join(root, "Sources/StandupsCore/Resources/sample-standups.json"),
                    files["sample"])
        subprocess.run([os.path.join(bin_dir, "standups-bench"), "--write-data", files["large"]],
                       check=True, stdout=subprocess.DEVNULL)
        addresses: set[int] = set()
        for number, (data, keys) in enumerate(SCENARIOS):
            profile = os.path.join(work, f"callgrind.{number}")
            run(app, files[data], keys, profile)
            addresses |= addresses_that_ran(profile)
        counts = []
        for number, (data, keys) in enumerate(KEY_RUNS):
            profile = os.path.join(work, f"callgrind.keys.{number}")
            run(app, files[data], keys, profile)
            counts.append(instructions_by_address(profile))
        addresses |= set(counts[1])
        every_key = {address for address, count in counts[1].items()
                     if count > counts[0].get(address, 0)}
        symbols, patterns = sections_that_ran(link_map, addresses, every_key)
        with open(out, "w") as file:
            file.write("\n".join(symbols) + "\n")
        with open(script, "w") as file:
            file.write("/* Written by scripts/order-file.py (make order): code that sessions run\n"
                       "   and no symbol of its own can place, put just before .text, beside\n"
                       "   the functions of standups.order. */\n"
                       "SECTIONS {\n  .text.hot : {\n"
                       + "".join(f"    {pattern}\n" for pattern in patterns)
                       + "  }\n} INSERT BEFORE .text;\n")
        print(f"{out}: {len(symbols)} functions; {script}: {len(patterns)} sections")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
