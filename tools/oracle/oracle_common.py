"""Helpers shared by the oracle fixture generators (tile notation, JSON Lines output).

Tiles are handled as *kinds* 0..33 (0-8 = 1-9m, 9-17 = 1-9p, 18-26 = 1-9s, 27-33 = 1-7z),
the same kind index the protocol uses.  A physical tile is a (kind, red) pair; red is only
ever true for the three fives (kinds 4, 13, 22).
"""

import argparse
import json
import os
import platform
from importlib.metadata import version as _dist_version

SUIT_CHARS = "mpsz"
FIVES = (4, 13, 22)
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
TERMINALS = (0, 8, 9, 17, 18, 26)
HONORS = tuple(range(27, 34))
YAOCHU = TERMINALS + HONORS

REPO_ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def suit_of(k):
    return k // 9


def rank_of(k):
    return k % 9 + 1


def kind(suit, rank):
    """suit 0..3 (m p s z), rank 1-based."""
    return suit * 9 + rank - 1


def is_honor(k):
    return k >= 27


def is_terminal(k):
    return k < 27 and k % 9 in (0, 8)


def is_yaochu(k):
    return k >= 27 or k % 9 in (0, 8)


def tile_str(k, red=False):
    if red:
        assert k in FIVES, k
        return "0" + SUIT_CHARS[k // 9]
    return "%d%s" % (k % 9 + 1, SUIT_CHARS[k // 9])


def tiles_str(tiles):
    """mpsz string for a list of (kind, red) tiles, suits in m p s z order, ranks ascending,
    a red five written as 0 in the place of a five."""
    parts = []
    for s in range(4):
        ts = sorted((t for t in tiles if t[0] // 9 == s), key=lambda t: (t[0], not t[1]))
        if ts:
            parts.append("".join("0" if r else str(k % 9 + 1) for k, r in ts) + SUIT_CHARS[s])
    return "".join(parts)


def parse_tiles(s):
    """Inverse of tiles_str (used by the self-checks): list of (kind, red)."""
    out, digits = [], []
    for ch in s:
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in SUIT_CHARS:
            su = SUIT_CHARS.index(ch)
            for d in digits:
                if d == 0:
                    assert su < 3
                    out.append((su * 9 + 4, True))
                else:
                    assert su < 3 or d <= 7
                    out.append((su * 9 + d - 1, False))
            digits = []
        elif ch == " ":
            continue
        else:
            raise ValueError("bad character %r in %r" % (ch, s))
    assert not digits, s
    return out


def dumps(obj):
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def package_versions(dists):
    return {d: _dist_version(d) for d in dists}


def write_jsonl(path, meta, records):
    """Write the metadata line then one line per record; '\n' endings, UTF-8."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write(dumps({"meta": meta}) + "\n")
        for rec in records:
            f.write(dumps(rec) + "\n")
    os.replace(tmp, path)


def python_version():
    return platform.python_version()


def generate_and_write(doc, seed, out_rel, generator, command, packages, generate):
    """The command line both fixture scripts share (``--seed``, ``--out``, ``--scale``): runs
    ``generate(seed, scale) -> (records, categories)``, writes the records under their metadata
    line and returns ``(path written, records)``."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--out", default=os.path.join(REPO_ROOT, out_rel))
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every category count (testing only)")
    args = ap.parse_args()
    records, cats = generate(args.seed, args.scale)
    meta = {
        "generator": generator,
        "command": command,
        "packages": package_versions(packages),
        "python": python_version(),
        "seed": args.seed,
        "count": len(records),
        "categories": cats,
    }
    write_jsonl(args.out, meta, records)
    return args.out, records
