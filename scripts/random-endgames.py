#!/usr/bin/env python3
"""Writes an OBF file of endgame positions taken from a self-play training file.

Game k of the file (in order, skipping games without such a position) gives the first
position it reached with MIN + (k mod (MAX - MIN + 1)) empty squares, the side to move
written as X, with no scores. Used to make tests/data/endgames/random-14-24.obf (whose
scores were then added from an independent solver, tests/data/README.md): endgames that
no engine was tuned on, to set beside the FFO suite (docs/ENGINE.md).

Usage: random-endgames.py DATA OUT [--count 30] [--min 14] [--max 24]
"""
import argparse
import struct
import sys

HEADER = 32  # "RVSP", version, word bytes, variant key, reserved (docs/TRAINING.md)
RECORD = struct.Struct("<QQQbB")  # version 2, 8x8: own, opponent, blocked, score, flags
GAME_START = 2


def games(data):
    game = []
    for offset in range(HEADER, len(data) - RECORD.size + 1, RECORD.size):
        own, opp, blocked, _, flags = RECORD.unpack_from(data, offset)
        if flags & GAME_START and game:
            yield game
            game = []
        game.append((own, opp, blocked))
    if game:
        yield game


def board_string(own, opp):
    return "".join("X" if own >> i & 1 else "O" if opp >> i & 1 else "-" for i in range(64))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data")
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--min", type=int, default=14)
    parser.add_argument("--max", type=int, default=24)
    args = parser.parse_args()
    data = open(args.data, "rb").read()
    if data[:4] != b"RVSP" or struct.unpack_from("<HH", data, 4) != (2, 8):
        sys.exit(f"{args.data}: not a version 2 training file of a 64-square board")
    lines = []
    for game in games(data):
        if len(lines) == args.count:
            break
        wanted = args.min + len(lines) % (args.max - args.min + 1)
        for own, opp, blocked in game:
            if blocked == 0 and 64 - bin(own | opp).count("1") == wanted:
                lines.append(f"{board_string(own, opp)} X;")
                break
    if len(lines) < args.count:
        sys.exit(f"only {len(lines)} positions found")
    with open(args.out, "x") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
