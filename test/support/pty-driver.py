#!/usr/bin/env python3
"""Runs a command in a pseudo-terminal, as a person at a terminal runs it.

usage: pty-driver.py COLUMNS ROWS COMMAND [ARG...]

What arrives on this script's standard input is typed into the terminal, byte for byte (keys,
escape sequences, Ctrl-C as \\x03); what the command writes to the terminal (its standard output
and standard error, as on a screen) comes out on this script's standard output. When the command
ends, this script exits with its exit code (128 + the signal's number when a signal ended it).
Node has no pseudo-terminal of its own; Python's standard library has one.
"""
import errno
import fcntl
import os
import pty
import select
import struct
import sys
import termios


def main() -> int:
    columns, rows, command = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
    pid, terminal = pty.fork()
    if pid == 0:
        # The child: the terminal's size is set before the command starts, so that it draws for it.
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        try:
            os.execvp(command[0], command)
        finally:
            os._exit(127)

    keyboard = sys.stdin.fileno()
    sources = [terminal, keyboard]
    while True:
        readable, _, _ = select.select(sources, [], [])
        if keyboard in readable:
            keys = os.read(keyboard, 4096)
            if keys:
                os.write(terminal, keys)
            else:
                sources.remove(keyboard)  # nothing more will be typed; the command goes on
        if terminal in readable:
            try:
                screen = os.read(terminal, 65536)
            except OSError as e:
                if e.errno != errno.EIO:  # EIO: the command closed the terminal (it ended)
                    raise
                screen = b""
            if not screen:
                break
            while screen:
                screen = screen[os.write(sys.stdout.fileno(), screen):]

    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)


if __name__ == "__main__":
    sys.exit(main())
