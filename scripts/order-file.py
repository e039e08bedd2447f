#!/usr/bin/env python3
"""Writes the release link's symbol order: the functions a session runs, first.

    scripts/order-file.py BIN_DIR [OUT]

BIN_DIR holds a release build of `standups` and `standups-bench` (any order
file or none). Each scenario below runs `standups` under callgrind in an 80×24
pseudo-terminal and presses its keys; every function of the binary that ran
is written to OUT (default scripts/standups.order), one symbol a line, for
`ld.lld --symbol-ordering-file`. The linker then puts them side by side at the
start of .text, so the pages a session touches are few and together: the
kernel maps files 16 pages or more around each page touched, so code
scattered through a large static binary is resident many times over.

A name several object files define locally (value witnesses, `objectdestroy`
thunks) moves every copy, each in a section of its own: a few bytes each.
Functions without a symbol (LLVM's private `.L` ones: some closures' context
destroyers, key path accessors) cannot be named here and stay where they are.
Symbols the binary no longer has cost nothing at link time, so the file ages
gracefully; `make order` makes it again.
"""

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
                               "--dump-instr=no", f"--callgrind-out-file={out}",
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


def main() -> None:
    bin_dir = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__),
                                                             "standups.order")
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
        for number, (data, keys) in enumerate(SCENARIOS):
            profile = os.path.join(work, f"callgrind.{number}")
            run(app, files[data], keys, profile)
            order += functions_that_ran(profile, app)
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
        print(f"{out}: {len(kept)} functions")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
