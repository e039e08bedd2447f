#!/usr/bin/env python3
"""Writes the release link's code order: the functions a session runs, first.

    scripts/order-file.py BIN_DIR LINK_MAP [OUT_DIR]

BIN_DIR holds a release build of `standups` and `standups-bench`, LINK_MAP
the map lld wrote when it linked that `standups` (`-Xlinker -Map=FILE`).
Each scenario below runs `standups` under callgrind in an 80x24
pseudo-terminal and presses its keys. Written to OUT_DIR (default: scripts):

- standups.order: every function of the binary that ran, one symbol a line,
  for `ld.lld --symbol-ordering-file`, which puts them side by side at the
  start of .text;
- standups-unnamed.ld: the code that ran in sections without a symbol (LLVM's
  private `.L` functions: closures' context destroyers, key path accessors),
  by object and section, for a linker script that puts them just before.

The kernel maps files 16 pages or more around each page touched, so code
scattered through a large static binary is resident many times over.

A name several object files define locally (value witnesses, `objectdestroy`
thunks) moves every copy, each in a section of its own: a few bytes each.
Symbols, objects or sections the binary no longer has cost nothing at link
time, so the files age gracefully; `make order` makes them again.
"""

import bisect
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import tempfile
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


def run(app: str, data: str, keys: list[str], out: str) -> None:
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp("valgrind", ["valgrind", "--tool=callgrind", "--demangle=no",
                               "--dump-instr=yes", f"--callgrind-out-file={out}",
                               app, "--data", data])
    import fcntl, struct, termios
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


def functions_that_ran(path: str, binary: str) -> list[str]:
    """The binary's functions in a callgrind output, in the order they appear."""
    names: dict[str, str] = {}
    objects: dict[str, str] = {}

    def resolve(table: dict[str, str], text: str) -> str | None:
        match = re.match(r"\((\d+)\)(?: (.*))?", text)
        if not match:
            return text
        if match.group(2):
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1))

    found: list[str] = []
    current = None
    for line in open(path, errors="replace"):
        if line.startswith("ob="):
            current = resolve(objects, line[3:].strip())
        elif line.startswith("cob="):
            resolve(objects, line[4:].strip())
        elif line.startswith("fn="):
            name = resolve(names, line[3:].strip())
            if current == binary and name:
                found.append(re.sub(r"'\d+$", "", name))
        elif line.startswith("cfn="):
            resolve(names, line[4:].strip())
    return found


def addresses_that_ran(path: str, binary: str) -> set[int]:
    """The binary's instruction addresses in a callgrind output (`--dump-instr=yes`)."""
    objects: dict[str, str] = {}
    current = None
    found: set[int] = set()
    position = 0
    for line in open(path, errors="replace"):
        first = line[0]
        if first in "0+-*":
            token = line.split(None, 1)[0]
            if token.startswith("0x"):
                position = int(token, 16)
            elif first == "+":
                position += int(token[1:])
            elif first == "-":
                position -= int(token[1:])
            if current == binary:
                found.add(position)
        elif line.startswith(("ob=", "cob=")):
            match = re.match(r"c?ob=\((\d+)\)(?: (.*))?", line.strip())
            if match and match.group(2):
                objects[match.group(1)] = match.group(2)
            if match and line.startswith("ob="):
                current = objects.get(match.group(1))
    return found


def unnamed_sections(link_map: str, addresses: set[int]) -> list[str]:
    """Input-section patterns (`*/Module.build/File.o(.text..Lname)`) of the
    symbol-less sections of .text that hold any of `addresses`."""
    sections: list[tuple[int, int, str]] = []
    output = None
    for line in open(link_map):
        fields = line.split(None, 4)
        if len(fields) < 5:
            continue
        try:
            start, size = int(fields[0], 16), int(fields[2], 16)
        except ValueError:
            continue
        name = fields[4].strip()
        if ":(" not in name:
            if name.startswith("."):
                output = name
            continue
        if output is not None and output.startswith(".text"):
            sections.append((start, size, name))
    sections.sort()
    starts = [start for start, _, _ in sections]
    patterns: list[str] = []
    for address in sorted(addresses):
        index = bisect.bisect_right(starts, address) - 1
        if index < 0:
            continue
        start, size, name = sections[index]
        if not start <= address < start + size:
            continue
        file, section = name.split(":(", 1)
        parts = file.split("/")
        # Our build's objects only; the toolchain's libraries have no such sections.
        if section.startswith(".text..L") and len(parts) > 2 and parts[-2].endswith(".build"):
            pattern = f"*/{parts[-2]}/{parts[-1]}({section[:-1]})"
            if pattern not in patterns:
                patterns.append(pattern)
    return patterns


def main() -> None:
    bin_dir, link_map = sys.argv[1], sys.argv[2]
    out_dir = sys.argv[3] if len(sys.argv) > 3 else os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(out_dir, "standups.order")
    script = os.path.join(out_dir, "standups-unnamed.ld")
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
        order: list[str] = []
        addresses: set[int] = set()
        for number, (data, keys) in enumerate(SCENARIOS):
            profile = os.path.join(work, f"callgrind.{number}")
            run(app, files[data], keys, profile)
            order += functions_that_ran(profile, app)
            addresses |= addresses_that_ran(profile, app)
        # Functions the binary defines (valgrind may name a few it does not).
        defined = Counter(line.split()[-1] for line in subprocess.run(
            ["nm", "--defined-only", app], capture_output=True, text=True, check=True
        ).stdout.splitlines() if len(line.split()) == 3)
        kept: list[str] = []
        seen: set[str] = set()
        for name in order:
            if defined[name] and name not in seen:
                seen.add(name)
                kept.append(name)
        with open(out, "w") as file:
            file.write("\n".join(kept) + "\n")
        patterns = unnamed_sections(link_map, addresses)
        with open(script, "w") as file:
            file.write("/* Written by scripts/order-file.py (make order): code without a symbol\n"
                       "   that sessions run, put just before .text, beside the ordered functions. */\n"
                       "SECTIONS {\n  .text.unnamed : {\n"
                       + "".join(f"    {pattern}\n" for pattern in patterns)
                       + "  }\n} INSERT BEFORE .text;\n")
        print(f"{out}: {len(kept)} functions; {script}: {len(patterns)} sections")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
