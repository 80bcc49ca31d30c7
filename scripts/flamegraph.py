#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Folds `perf script` output into one line per stack and draws it as a flame graph (SVG).

    perf record -F 499 --call-graph dwarf -p PID -o perf.data -- sleep 10
    perf script -i perf.data | scripts/flamegraph.py --folded out.folded --svg out.svg --top 30

Each stack is shown root first; a frame's width is its share of the samples. --top prints
the functions with the most samples inclusive (anywhere on the stack) and exclusive (on top).
--thread keeps the samples of threads whose name contains the text (the network thread is
`reversi`; the storage queue and engine threads have their own names where set).
"""
import argparse
import html
import re
import sys
from collections import Counter

# Template arguments and parameter lists make names unreadable and frames too many.
_TEMPLATE = re.compile(r"<[^<>]*>")
_PARAMS = re.compile(r"\([^()]*\)")


def short_name(symbol):
    name = symbol
    for pattern in (_TEMPLATE, _PARAMS):
        while True:
            shorter = pattern.sub("", name)
            if shorter == name:
                break
            name = shorter
    name = name.replace("[abi:cxx11]", "").strip()
    return name or symbol


def read_stacks(lines, thread):
    """Yields (comm, [frames, leaf first]) for each sample of `perf script`."""
    comm, frames, header = None, [], False
    for raw in lines:
        line = raw.rstrip("\n")
        if not line.strip():
            if header and (thread is None or thread in comm):
                yield comm, frames
            comm, frames, header = None, [], False
            continue
        if not header:
            comm = line.split()[0]
            header = True
            continue
        parts = line.strip().split(None, 1)
        if len(parts) < 2:
            continue
        symbol = parts[1].rsplit(" (", 1)[0]
        symbol = re.sub(r"\+0x[0-9a-f]+$", "", symbol)
        frames.append(short_name(symbol))
    if header and (thread is None or thread in comm):
        yield comm, frames


def fold(stacks):
    folded = Counter()
    for comm, frames in stacks:
        folded[";".join([comm] + list(reversed(frames)))] += 1
    return folded


def top(folded, count):
    inclusive, exclusive = Counter(), Counter()
    total = sum(folded.values())
    for stack, n in folded.items():
        frames = stack.split(";")
        for f in set(frames[1:]):
            inclusive[f] += n
        exclusive[frames[-1]] += n
    out = [f"samples {total}", "inclusive:"]
    out += [f"  {100.0 * n / total:5.1f}%  {f}" for f, n in inclusive.most_common(count)]
    out.append("exclusive:")
    out += [f"  {100.0 * n / total:5.1f}%  {f}" for f, n in exclusive.most_common(count)]
    return "\n".join(out)


def svg(folded, title, width=1600, row=16):
    # A tree of frames: name -> [count, children].
    root = [0, {}]
    for stack, n in folded.items():
        node = root
        node[0] += n
        for frame in stack.split(";"):
            node = node[1].setdefault(frame, [0, {}])
            node[0] += n
    total = max(1, root[0])
    boxes, depth_max = [], 0

    def place(children, x, depth):
        nonlocal depth_max
        for name, (n, sub) in sorted(children.items()):
            w = width * n / total
            if w >= 0.5:
                boxes.append((x, depth, w, name, n))
                depth_max = max(depth_max, depth)
                place(sub, x, depth + 1)
            x += w

    place(root[1], 0.0, 0)
    height = (depth_max + 3) * row
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="monospace" font-size="11">',
        f'<text x="4" y="{row - 4}">{html.escape(title)} ({total} samples)</text>',
    ]
    for x, depth, w, name, n in boxes:
        y = height - (depth + 1) * row
        hue = 10 + (hash(name) % 50)
        label = name if len(name) * 7 < w else name[: max(0, int(w / 7) - 2)] + ".."
        tip = html.escape(f"{name} ({n} samples, {100.0 * n / total:.1f}%)")
        out.append(
            f'<g><title>{tip}</title><rect x="{x:.1f}" y="{y}" width="{w:.1f}" '
            f'height="{row - 1}" fill="hsl({hue},80%,60%)"/>'
        )
        if w > 20:
            out.append(f'<text x="{x + 2:.1f}" y="{y + row - 4}">{html.escape(label)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--folded", help="write the folded stacks here")
    ap.add_argument("--svg", help="write the flame graph here")
    ap.add_argument("--title", default="reversi")
    ap.add_argument("--top", type=int, default=0, help="print the N heaviest functions")
    ap.add_argument("--thread", help="keep only threads whose name contains this")
    args = ap.parse_args()
    folded = fold(read_stacks(sys.stdin, args.thread))
    if not folded:
        sys.exit("flamegraph.py: no samples on standard input")
    if args.folded:
        with open(args.folded, "w") as f:
            for stack, n in sorted(folded.items()):
                f.write(f"{stack} {n}\n")
    if args.svg:
        with open(args.svg, "w") as f:
            f.write(svg(folded, args.title))
    if args.top:
        print(top(folded, args.top))


if __name__ == "__main__":
    main()
