#!/usr/bin/env python3
"""Riichi scoring fixtures from the `mahjong` package (HandCalculator) used as an oracle.

Builds seeded, varied winning situations constructively (melds + pair, seven pairs, thirteen
orphans, then a winning tile taken from the concealed tiles), scores each with
mahjong.hand_calculating.hand.HandCalculator and writes one JSON Lines record per situation:

    {"request": <score request of the mj protocol>, "oracle": <raw HandCalculator answer>}

Run from the repository root as `tools/oracle/.venv/bin/python tools/oracle/riichi_fixtures.py`;
tools/oracle/README.md has the record format and the oracle's conventions.
"""

import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from oracle_common import (  # noqa: E402
    DRAGONS, FIVES, HONORS, TERMINALS, WINDS, YAOCHU, generate_and_write, is_honor, is_yaochu,
    kind, parse_tiles, rank_of, suit_of, tile_str, tiles_str,
)

from shapes import (  # noqa: E402
    Retry, Shape, add, can_add, declare, fill, group_kinds, new_meld, pick_group, pick_pair,
)

from mahjong.constants import EAST  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules  # noqa: E402
from mahjong.meld import Meld  # noqa: E402

SEED = 20240611
GENERATOR = "tools/oracle/riichi_fixtures.py"
COMMAND = "tools/oracle/.venv/bin/python tools/oracle/riichi_fixtures.py"
OUT_REL = "crates/mj-score/testdata/riichi_oracle.jsonl"

NUMBER_KINDS = tuple(range(27))
ALL_KINDS = tuple(range(34))
SIMPLES = tuple(k for k in NUMBER_KINDS if not is_yaochu(k))
CHI_BASES = tuple(k for k in NUMBER_KINDS if k % 9 <= 6)
SIMPLE_CHI_BASES = tuple(k for k in CHI_BASES if 1 <= k % 9 <= 5)
TERMINAL_CHI_BASES = tuple(k for k in CHI_BASES if k % 9 in (0, 6))
GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s 6z

DEFAULT_OPTIONS = {"kuitan": True, "aka": True, "double_yakuman": True, "kazoe_yakuman": True, "kiriage": False}


def regular(rng, mode="any", p_decl=0.35, n_open=None, **kw):
    groups, pair = fill(rng, **kw)
    if n_open is not None:
        # declare exactly n_open chi/pon groups (kans are always declared)
        idx = [i for i, g in enumerate(groups) if g[0] != "kan"]
        rng.shuffle(idx)
        chosen = set(idx[:n_open])
        melds, concealed = [], [pair, pair]
        for i, g in enumerate(groups):
            ks = group_kinds(g)
            if g[0] == "kan":
                melds.append(new_meld(rng, rng.choices(("minkan", "ankan", "kakan"), weights=(4, 3, 3))[0], ks))
            elif i in chosen:
                melds.append(new_meld(rng, "chi" if g[0] == "chi" else "pon", ks))
            else:
                concealed.extend(ks)
        return Shape(concealed, melds)
    concealed, melds = declare(rng, groups, pair, mode=mode, p_decl=p_decl)
    return Shape(concealed, melds)


# --------------------------------------------------------------------------------------------
# Builders, one per category
# --------------------------------------------------------------------------------------------


def b_closed_random(rng):
    return regular(rng, mode="closed", p_kan=0.04)


def b_open_random(rng):
    """Open hands; most carry a typical open-hand yaku source (a value triplet, all simples, or
    one suit with honours), the rest are plain random groups."""
    p_decl = rng.choice((0.25, 0.5, 0.8))
    c = rng.random()
    if c < 0.3:
        forced = [("kan" if rng.random() < 0.08 else "pon", rng.choice(DRAGONS + WINDS))]
        sit = {}
        if forced[0][1] in WINDS:
            sit["seat" if rng.random() < 0.5 else "round"] = forced[0][1]
        groups, pair = fill(rng, forced=forced, p_kan=0.04)
        concealed, melds = declare(rng, groups, pair, mode="open", p_decl=p_decl)
        return Shape(concealed, melds, sit=sit)
    if c < 0.5:
        return regular(rng, mode="open", p_decl=p_decl, chi_bases=SIMPLE_CHI_BASES, pon_kinds=SIMPLES,
                       pair_kinds=SIMPLES, p_kan=0.04)
    if c < 0.65:
        s = rng.randrange(3)
        pool = tuple(kind(s, r) for r in range(1, 10)) + HONORS
        return regular(rng, mode="open", p_decl=p_decl, chi_bases=tuple(kind(s, r) for r in range(1, 8)),
                       pon_kinds=pool, pair_kinds=pool, p_kan=0.04)
    return regular(rng, mode="open", p_decl=p_decl, p_kan=0.06)


def b_kiriage(rng):
    """Shapes that often land on 4 han 30 fu or 3 han 60 fu."""
    c = rng.random()
    if c < 0.55:
        s = b_pinfu(rng)
        s.sit.update(tsumo=False, riichi_p=0.8, dora_bias=0.45)
    elif c < 0.75:
        # open 30 fu hands: a value triplet called plus half flush / dora
        s = b_open_random(rng)
        s.sit.update(dora_bias=0.5)
    else:
        # closed hands with a terminal/honour closed kan or triplets: 50-70 fu
        forced = [("kan", rng.choice(YAOCHU))]
        groups, pair = fill(rng, forced=forced, p_chi=0.6)
        concealed, melds = declare(rng, groups, pair, mode="closed")
        s = Shape(concealed, melds, sit={"dora_bias": 0.4, "riichi_p": 0.6})
    return s


def b_open_count(rng):
    """Exactly n (1..4) called chi/pon, plus any kans; usually with a value triplet or all simples."""
    n = rng.randint(1, 4)
    c = rng.random()
    if c < 0.35:
        k = rng.choice(DRAGONS + WINDS)
        s = regular(rng, n_open=n, p_kan=0.03, p_chi=0.6, forced=[("pon", k)])
        if k in WINDS:
            s.sit["seat" if rng.random() < 0.5 else "round"] = k
    elif c < 0.65:
        s = regular(rng, n_open=n, p_kan=0.03, p_chi=0.6, chi_bases=SIMPLE_CHI_BASES, pon_kinds=SIMPLES,
                    pair_kinds=SIMPLES)
    else:
        s = regular(rng, n_open=n, p_kan=0.03, p_chi=0.6)
    if not any(m["kind"] != "ankan" for m in s.melds):
        raise Retry()
    return s


def b_kans(rng):
    nk = rng.choice((1, 1, 2, 2, 3, 4))
    forced = []
    cnt = Counter()
    for _ in range(nk):
        g = pick_group(rng, cnt, (), ALL_KINDS, 0.0, p_kan=1.0)
        forced.append(g)
    groups, pair = fill(rng, forced=forced, p_chi=0.6)
    mode = rng.choice(("closed", "any", "open"))
    concealed, melds = declare(rng, groups, pair, mode=mode, p_decl=0.3)
    return Shape(concealed, melds)


def b_pinfu(rng):
    groups, pair = fill(rng, p_chi=1.0, pair_kinds=NUMBER_KINDS + (27, 28, 29, 30, 31, 32, 33))
    concealed, melds = declare(rng, groups, pair, mode="closed")
    # prefer a two-sided completion: low end of b..b+2 with b+2 != 9, or high end with b != 1
    wins = []
    for t, b in groups:
        if b % 9 <= 5:
            wins.append(b)
        if b % 9 >= 1:
            wins.append(b + 2)
    return Shape(concealed, melds, win_choices=wins if rng.random() < 0.85 else None)


def b_tanyao(rng):
    mode = rng.choice(("closed", "open", "any"))
    return regular(rng, mode=mode, chi_bases=SIMPLE_CHI_BASES, pon_kinds=SIMPLES, pair_kinds=SIMPLES, p_kan=0.05)


def b_iipeikou(rng):
    b = rng.choice(CHI_BASES)
    groups, pair = fill(rng, forced=[("chi", b), ("chi", b)])
    concealed, melds = declare(rng, groups, pair, mode="closed")
    return Shape(concealed, melds)


def b_ryanpeikou(rng):
    b1, b2 = rng.choice(CHI_BASES), rng.choice(CHI_BASES)
    groups, pair = fill(rng, forced=[("chi", b1), ("chi", b1), ("chi", b2), ("chi", b2)])
    concealed, melds = declare(rng, groups, pair, mode="closed")
    return Shape(concealed, melds)


def b_yakuhai(rng, which):
    sit = {}
    if which in ("haku", "hatsu", "chun"):
        k = {"haku": 31, "hatsu": 32, "chun": 33}[which]
    else:
        k = rng.choice(WINDS)
        if which == "seat":
            sit["seat"] = k
            sit["round"] = rng.choice([w for w in WINDS if w != k])
        elif which == "round":
            sit["round"] = k
            sit["seat"] = rng.choice([w for w in WINDS if w != k])
        else:
            sit["seat"] = sit["round"] = k
    t = "kan" if rng.random() < 0.12 else "pon"
    groups, pair = fill(rng, forced=[(t, k)])
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.4)
    return Shape(concealed, melds, sit=sit)


def b_yakuhai_pair(rng):
    # a value pair only: fu but no yaku from it (double wind pair shows the 4 fu convention)
    k = rng.choice(WINDS + DRAGONS)
    sit = {}
    if k in WINDS and rng.random() < 0.7:
        sit["seat"] = k
        if rng.random() < 0.5:
            sit["round"] = k
    groups, pair = fill(rng, pair=k, pon_kinds=NUMBER_KINDS)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any")))
    return Shape(concealed, melds, sit=sit)


def b_chanta(rng, honors=True):
    pon_kinds = YAOCHU if honors else TERMINALS
    forced = [("chi", rng.choice(TERMINAL_CHI_BASES))]
    if honors:
        forced.append(("pon", rng.choice(HONORS)) if rng.random() < 0.6 else None)
    forced = [g for g in forced if g]
    pair_kinds = YAOCHU if honors else TERMINALS
    groups, pair = fill(rng, forced=forced, chi_bases=TERMINAL_CHI_BASES, pon_kinds=pon_kinds,
                        pair_kinds=pair_kinds, p_chi=0.65, p_kan=0.03)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.35)
    return Shape(concealed, melds)


def b_ittsu(rng):
    s = rng.randrange(3)
    forced = [("chi", kind(s, 1)), ("chi", kind(s, 4)), ("chi", kind(s, 7))]
    groups, pair = fill(rng, forced=forced)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.3)
    return Shape(concealed, melds)


def b_sanshoku(rng):
    r = rng.randint(1, 7)
    forced = [("chi", kind(s, r)) for s in range(3)]
    groups, pair = fill(rng, forced=forced)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.3)
    return Shape(concealed, melds)


def b_sanshoku_doukou(rng):
    r = rng.randint(1, 9)
    forced = [("kan" if rng.random() < 0.1 else "pon", kind(s, r)) for s in range(3)]
    groups, pair = fill(rng, forced=forced)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.4)
    return Shape(concealed, melds)


def b_toitoi(rng):
    groups, pair = fill(rng, p_chi=0.0, p_kan=0.08)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("any", "open", "open")), p_decl=0.5)
    return Shape(concealed, melds)


def b_sanankou(rng):
    forced = [("pon", k) for k in rng.sample(ALL_KINDS, 3)]
    groups, pair = fill(rng, forced=forced, p_chi=0.6)
    keep = [i for i, g in enumerate(groups) if g in forced]
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any")), p_decl=0.6,
                               keep_concealed=keep)
    return Shape(concealed, melds)


def b_sankantsu(rng):
    forced = [("kan", k) for k in rng.sample(ALL_KINDS, 3)]
    groups, pair = fill(rng, forced=forced, p_chi=0.6)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.4)
    return Shape(concealed, melds)


def b_honroutou(rng):
    if rng.random() < 0.25:
        return b_chiitoi(rng, pool=YAOCHU)
    groups, pair = fill(rng, p_chi=0.0, pon_kinds=YAOCHU, pair_kinds=YAOCHU, p_kan=0.05)
    if not any(is_honor(g[1]) for g in groups) and not is_honor(pair):
        raise Retry()  # all terminals would be chinroutou
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.4)
    return Shape(concealed, melds)


def b_shousangen(rng):
    d = list(DRAGONS)
    rng.shuffle(d)
    forced = [("pon", d[0]), ("pon", d[1])]
    groups, pair = fill(rng, forced=forced, pair=d[2])
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.4)
    return Shape(concealed, melds)


def b_honitsu(rng):
    s = rng.randrange(3)
    nk = tuple(kind(s, r) for r in range(1, 10))
    cb = tuple(kind(s, r) for r in range(1, 8))
    pool = nk + HONORS
    groups, pair = fill(rng, chi_bases=cb, pon_kinds=pool, pair_kinds=pool, p_chi=0.55, p_kan=0.04)
    if not any(is_honor(k) for g in groups for k in group_kinds(g)) and not is_honor(pair):
        raise Retry()
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.35)
    return Shape(concealed, melds)


def b_junchan(rng):
    return b_chanta(rng, honors=False)


def b_chinitsu(rng):
    s = rng.randrange(3)
    nk = tuple(kind(s, r) for r in range(1, 10))
    cb = tuple(kind(s, r) for r in range(1, 8))
    groups, pair = fill(rng, chi_bases=cb, pon_kinds=nk, pair_kinds=nk, p_chi=0.65, p_kan=0.03)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "closed", "any", "open")), p_decl=0.35)
    return Shape(concealed, melds)


def b_chiitoi(rng, pool=ALL_KINDS):
    ks = rng.sample(pool, 7)
    concealed = [k for k in ks for _ in range(2)]
    return Shape(concealed, [], form="chiitoitsu")


def b_chiitoi_tanyao_or_flush(rng):
    c = rng.random()
    if c < 0.35:
        return b_chiitoi(rng, pool=SIMPLES)
    s = rng.randrange(3)
    pool = tuple(kind(s, r) for r in range(1, 10))
    if c < 0.7:
        pool = pool + HONORS
    return b_chiitoi(rng, pool=pool)


def b_kokushi(rng, thirteen=None):
    dup = rng.choice(YAOCHU)
    concealed = list(YAOCHU) + [dup]
    if thirteen is None:
        thirteen = rng.random() < 0.4
    wins = [dup] if thirteen else [k for k in YAOCHU if k != dup]
    return Shape(concealed, [], form="kokushi", win_choices=wins)


def b_suuankou(rng, tanki=None):
    if tanki is None:
        tanki = rng.random() < 0.5
    groups, pair = fill(rng, p_chi=0.0, p_kan=0.1)
    concealed, melds = declare(rng, groups, pair, mode="closed")
    pon_kinds = [g[1] for g in groups if g[0] == "pon"]
    sit = {}
    if tanki:
        wins = [pair]
    else:
        if not pon_kinds:
            raise Retry()
        wins = pon_kinds
        sit["tsumo"] = True  # ron on a shanpon wait would open that triplet
    return Shape(concealed, melds, win_choices=wins, sit=sit)


def b_daisangen(rng):
    forced = [("kan" if rng.random() < 0.1 else "pon", d) for d in DRAGONS]
    groups, pair = fill(rng, forced=forced)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.4)
    return Shape(concealed, melds)


def b_shousuushii(rng):
    w = list(WINDS)
    rng.shuffle(w)
    forced = [("pon", k) for k in w[:3]]
    groups, pair = fill(rng, forced=forced, pair=w[3])
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.4)
    return Shape(concealed, melds)


def b_daisuushii(rng):
    forced = [("kan" if rng.random() < 0.08 else "pon", k) for k in WINDS]
    groups, pair = fill(rng, forced=forced)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.4)
    return Shape(concealed, melds)


def b_tsuuiisou(rng):
    if rng.random() < 0.25:
        return b_chiitoi(rng, pool=HONORS)
    groups, pair = fill(rng, p_chi=0.0, pon_kinds=HONORS, pair_kinds=HONORS, p_kan=0.06)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.4)
    return Shape(concealed, melds)


def b_ryuuiisou(rng):
    groups, pair = fill(rng, chi_bases=(19,), pon_kinds=GREEN, pair_kinds=GREEN, p_chi=0.4, p_kan=0.04)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.35)
    return Shape(concealed, melds)


def b_chinroutou(rng):
    groups, pair = fill(rng, p_chi=0.0, pon_kinds=TERMINALS, pair_kinds=TERMINALS, p_kan=0.06)
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")), p_decl=0.4)
    return Shape(concealed, melds)


def b_chuuren(rng, junsei=None):
    s = rng.randrange(3)
    base = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]
    x = rng.randint(1, 9)
    concealed = [kind(s, r) for r in base] + [kind(s, x)]
    if junsei is None:
        junsei = rng.random() < 0.5
    wins = [kind(s, x)] if junsei else sorted(set(kind(s, r) for r in range(1, 10) if r != x))
    return Shape(concealed, [], win_choices=wins)


def b_suukantsu(rng):
    ks = rng.sample(ALL_KINDS, 4)
    groups, pair = fill(rng, forced=[("kan", k) for k in ks])
    concealed, melds = declare(rng, groups, pair, mode=rng.choice(("closed", "any", "open")))
    return Shape(concealed, melds)


def b_tenhou(rng, chiihou=False):
    c = rng.random()
    if c < 0.75:
        s = regular(rng, mode="closed")
        if s.melds:
            raise Retry()
    elif c < 0.92:
        s = b_chiitoi(rng)
    else:
        s = b_kokushi(rng)
    if chiihou:
        s.sit.update({"chiihou": True, "seat": rng.choice(WINDS[1:])})
    else:
        s.sit.update({"tenhou": True, "seat": EAST})
    s.sit["tsumo"] = True
    return s


# fragments (ranks within one suit) that are complete sets (+ pair) readable in several ways
FRAGMENTS = (
    (2, 2, 2, 3, 4),
    (4, 5, 6, 6, 6),
    (1, 1, 1, 2, 3),
    (7, 8, 9, 9, 9),
    (3, 3, 3, 4, 5),
    (2, 3, 3, 3, 4),
    (5, 5, 5, 6, 7),
    (1, 2, 3, 3, 3),
    (1, 1, 1, 2, 2, 2, 3, 3, 3),
    (2, 2, 2, 3, 3, 3, 4, 4, 4),
    (2, 2, 3, 3, 4, 4, 5, 5),
    (3, 3, 4, 4, 5, 5, 6, 6),
    (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4),
    (2, 3, 4, 4, 5, 6, 6, 6),
    (3, 4, 5, 5, 5, 5, 6, 7),
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9),
    (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9),
    (2, 3, 4, 5, 6, 7, 7, 7),
    (4, 4, 5, 5, 6, 6),
    (1, 1, 2, 2, 3, 3, 7, 7, 8, 8, 9, 9),
    (2, 2, 3, 3, 4, 4, 6, 6, 7, 7, 8, 8),
    (5, 5, 6, 6, 7, 7, 7, 7),
)


assert all(len(f) % 3 != 1 for f in FRAGMENTS)


def b_ambiguous(rng):
    frag = rng.choice(FRAGMENTS)
    s = rng.randrange(3)
    fk = [kind(s, r) for r in frag]
    n_sets = len(frag) // 3
    has_pair = len(frag) % 3 == 2
    cnt = Counter(fk)
    if any(v > 4 for v in cnt.values()):
        raise Retry()
    groups = []
    while len(groups) < 4 - n_sets:
        groups.append(pick_group(rng, cnt, CHI_BASES, ALL_KINDS, 0.55))
    pair = None
    if not has_pair:
        pair = pick_pair(rng, cnt, ALL_KINDS)
    melds, concealed = [], list(fk)
    if pair is not None:
        concealed += [pair, pair]
    open_hand = groups and rng.random() < 0.3
    for g in groups:
        if open_hand and rng.random() < 0.6:
            melds.append(new_meld(rng, "chi" if g[0] == "chi" else "pon", group_kinds(g)))
        else:
            concealed.extend(group_kinds(g))
    return Shape(concealed, melds, win_choices=sorted(set(fk)))


def b_no_yaku(rng):
    # open hands of plain groups (no value triplet or pair), or closed ron hands with no riichi
    seat = rng.choice(WINDS)
    rnd = rng.choice(WINDS)
    plain_winds = tuple(w for w in WINDS if w not in (seat, rnd))
    plain = NUMBER_KINDS + plain_winds
    if rng.random() < 0.7:
        groups, pair = fill(rng, pon_kinds=plain, pair_kinds=plain, p_chi=0.75)
        concealed, melds = declare(rng, groups, pair, mode="open", p_decl=0.4)
        sit = {"tsumo": rng.random() < 0.4}
    else:
        groups, pair = fill(rng, pon_kinds=plain, pair_kinds=plain, p_chi=0.7)
        concealed, melds = declare(rng, groups, pair, mode="closed")
        sit = {"tsumo": False}
    sit.update(no_flags=True, seat=seat, round=rnd)
    return Shape(concealed, melds, sit=sit)


def b_situational(rng, flag):
    sit = {}
    if flag in ("riichi", "double_riichi", "ippatsu", "menzen_tsumo"):
        c = rng.random()
        s = b_chiitoi(rng) if c < 0.1 else regular(rng, mode="closed", p_kan=0.04)
        if flag == "riichi":
            sit["riichi"] = True
        elif flag == "double_riichi":
            sit["double_riichi"] = True
        elif flag == "ippatsu":
            sit["riichi"] = True
            sit["ippatsu"] = True
            if rng.random() < 0.2:
                sit["double_riichi"] = True
        else:
            sit["tsumo"] = True
    elif flag == "haitei":
        s = regular(rng, mode=rng.choice(("closed", "any", "open")), p_kan=0.04)
        sit.update(tsumo=True, haitei=True)
    elif flag == "houtei":
        s = regular(rng, mode=rng.choice(("closed", "any", "open")), p_kan=0.04)
        sit.update(tsumo=False, houtei=True)
    elif flag == "rinshan":
        s = b_kans(rng)
        sit.update(tsumo=True, rinshan=True)
    elif flag == "chankan":
        s = regular(rng, mode=rng.choice(("closed", "any", "open")), p_kan=0.03)
        c = Counter(s.concealed)
        meld_kinds = set(k for m in s.melds for k in m["kinds"])
        wins = sorted(k for k, n in c.items() if n == 1 and k not in meld_kinds)
        if not wins:
            raise Retry()
        s.win_choices = wins
        sit.update(tsumo=False, chankan=True)
    else:
        raise ValueError(flag)
    s.sit.update(sit)
    return s


def b_kazoe(rng):
    """Closed full flush with closed kans and indicators aimed at the hand: 13+ han without yakuman."""
    su = rng.randrange(3)
    nk = tuple(kind(su, r) for r in range(1, 10))
    cb = tuple(kind(su, r) for r in range(1, 8))
    groups, pair = fill(rng, chi_bases=cb, pon_kinds=nk, pair_kinds=nk, p_chi=0.5, p_kan=0.35)
    concealed, melds = declare(rng, groups, pair, mode="closed")
    return Shape(concealed, melds, sit={"dora_bias": 0.97, "riichi_p": 0.9})


def b_dora_heavy(rng):
    c = rng.random()
    if c < 0.3:
        s = b_chinitsu(rng)
    elif c < 0.5:
        s = b_chiitoi_tanyao_or_flush(rng)
    else:
        s = regular(rng, mode=rng.choice(("closed", "any")), p_kan=0.15, p_chi=0.4)
    s.sit["dora_bias"] = 0.9
    s.sit["riichi_p"] = 0.8
    return s


# --------------------------------------------------------------------------------------------
# Situation, physical tiles, request and oracle call
# --------------------------------------------------------------------------------------------


def pred_indicator(k):
    """The indicator kind that makes kind k a dora."""
    if k < 27:
        return k - 1 if k % 9 else k + 8
    if k in WINDS:
        return 30 if k == 27 else k - 1
    return 33 if k == 31 else k - 1


def situation(rng, shape, prof):
    sit = shape.sit
    closed = not any(m["kind"] != "ankan" for m in shape.melds)
    nkans = sum(1 for m in shape.melds if m["kind"] in ("minkan", "ankan", "kakan"))
    out = {}
    no_flags = sit.get("no_flags", False)
    # winds
    if "seat" in sit:
        seat = sit["seat"]
    else:
        seat = EAST if rng.random() < prof.get("dealer", 0.3) else rng.choice(WINDS[1:])
    if sit.get("round") is not None:
        rnd = sit["round"]
    else:
        rnd = rng.choices(WINDS, weights=(40, 35, 15, 10))[0]
    out["seat"], out["round"] = seat, rnd
    tenhou = sit.get("tenhou", False)
    chiihou = sit.get("chiihou", False)
    blessing = tenhou or chiihou
    if "tsumo" in sit:
        tsumo = sit["tsumo"]
    else:
        tsumo = rng.random() < prof.get("tsumo", 0.45)
    out["tsumo"] = tsumo
    riichi = double = ippatsu = False
    if closed and not blessing and not no_flags:
        if sit.get("riichi") or sit.get("double_riichi"):
            riichi = True
            double = bool(sit.get("double_riichi"))
        elif rng.random() < sit.get("riichi_p", prof.get("riichi", 0.45)):
            riichi = True
            double = rng.random() < 0.07
        if riichi:
            ippatsu = bool(sit.get("ippatsu")) or ("ippatsu" not in sit and rng.random() < 0.18)
    rinshan = haitei = houtei = chankan = False
    if tsumo and not blessing and not no_flags:
        if nkans and (sit.get("rinshan") or ("rinshan" not in sit and "haitei" not in sit and rng.random() < 0.25)):
            rinshan = True
        if not rinshan and (sit.get("haitei") or ("haitei" not in sit and rng.random() < 0.04)):
            haitei = True
    if not tsumo and not no_flags:
        if sit.get("chankan"):
            chankan = True
        elif sit.get("houtei") or ("houtei" not in sit and rng.random() < 0.04):
            houtei = True
    if rinshan:
        ippatsu = False  # any kan ends the ippatsu chance
    out.update(riichi=riichi, double_riichi=double, ippatsu=ippatsu, rinshan=rinshan, haitei=haitei,
               houtei=houtei, chankan=chankan, tenhou=tenhou, chiihou=chiihou)
    out["honba"] = 0 if rng.random() < 0.55 else rng.choice((1, 1, 1, 2, 2, 3, 4, 5, 8))
    out["riichi_sticks"] = 0 if rng.random() < 0.55 else rng.choice((1, 1, 1, 2, 2, 3, 4))
    if riichi and out["riichi_sticks"] == 0 and rng.random() < 0.5:
        out["riichi_sticks"] = 1
    out["n_dora"] = 1 + nkans
    out["dora_bias"] = sit.get("dora_bias", prof.get("dora_bias", 0.25))
    return out


def build_case(rng, shape, options, prof, red_p=0.45):
    """Return (request, oracle_inputs) or raise Retry."""
    # 1. tile-count sanity of the shape itself
    cnt = Counter(shape.concealed)
    for m in shape.melds:
        cnt.update(m["kinds"])
    if any(v > 4 for v in cnt.values()):
        raise Retry()
    n_meld = len(shape.melds)
    assert len(shape.concealed) + 3 * n_meld == 14, (shape.concealed, shape.melds)

    sit = situation(rng, shape, prof)

    # 2. winning tile
    choices = shape.win_choices if shape.win_choices else shape.concealed
    choices = [k for k in choices if k in cnt and k in shape.concealed]
    if sit["chankan"]:
        choices = [k for k in choices if cnt[k] == 1]
    if not choices:
        raise Retry()
    win = rng.choice(sorted(choices))

    # 3. indicators (physical tiles too: a kind never exceeds four copies overall)
    inds = {"dora": [], "ura": []}
    all_kinds = list(shape.concealed) + [k for m in shape.melds for k in m["kinds"]]
    for key, n in (("dora", sit["n_dora"]), ("ura", sit["n_dora"] if sit["riichi"] else 0)):
        for _ in range(n):
            for _try in range(40):
                if rng.random() < sit["dora_bias"]:
                    k = pred_indicator(rng.choice(all_kinds))
                else:
                    k = rng.randrange(34)
                if cnt[k] < 4 and not (sit["chankan"] and k == win):
                    cnt[k] += 1
                    inds[key].append(k)
                    break
            else:
                raise Retry()

    # 4. physical slots and red fives (one red five per suit exists; four fives force it)
    slots = []  # [where, index, kind, red]
    for i, k in enumerate(shape.concealed):
        slots.append(["h", i, k, False])
    for mi, m in enumerate(shape.melds):
        for j, k in enumerate(m["kinds"]):
            slots.append([("m", mi), j, k, False])
    for key in ("dora", "ura"):
        for i, k in enumerate(inds[key]):
            slots.append([key, i, k, False])
    for f in FIVES:
        fs = [s for s in slots if s[2] == f]
        if fs and (len(fs) == 4 or rng.random() < red_p):
            rng.choice(fs)[3] = True

    hand_slots = [s for s in slots if s[0] == "h"]
    win_slot = rng.choice([s for s in hand_slots if s[2] == win])
    win_red = win_slot[3]

    # 5. request
    req = {"op": "score", "rules": "riichi"}
    req["hand"] = tiles_str([(s[2], s[3]) for s in hand_slots])
    req["win_tile"] = tile_str(win, win_red)
    req["tsumo"] = sit["tsumo"]
    req["seat_wind"] = tile_str(sit["seat"])
    req["round_wind"] = tile_str(sit["round"])
    if shape.melds:
        jm = []
        for mi, m in enumerate(shape.melds):
            ms = [s for s in slots if s[0] == ("m", mi)]
            d = {"kind": m["kind"], "tiles": tiles_str([(s[2], s[3]) for s in ms])}
            if "called_pos" in m:
                cs = ms[m["called_pos"]]
                d["called"] = tile_str(cs[2], cs[3])
                d["from"] = m["from"]
            jm.append(d)
        req["melds"] = jm
    for f in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou"):
        if sit[f]:
            req[f] = True
    req["dora"] = [tile_str(s[2], s[3]) for s in slots if s[0] == "dora"]
    if sit["riichi"]:
        req["ura"] = [tile_str(s[2], s[3]) for s in slots if s[0] == "ura"]
    if sit["honba"]:
        req["honba"] = sit["honba"]
    if sit["riichi_sticks"]:
        req["riichi_sticks"] = sit["riichi_sticks"]
    opts = {k: v for k, v in options.items() if DEFAULT_OPTIONS[k] != v}
    if opts:
        req["options"] = opts
    return req


# --------------------------------------------------------------------------------------------
# Oracle: protocol request -> HandCalculator
# --------------------------------------------------------------------------------------------


class Ids:
    """Hands out 136-format ids: a red five is copy 0 of its kind (the id the library treats as
    aka dora), other copies are 1..3 (0 too for non-fives)."""

    def __init__(self):
        self.used = Counter()
        self.red_used = set()

    def take(self, k, red):
        if red:
            assert k in FIVES and k not in self.red_used
            self.red_used.add(k)
            return k * 4
        start = 1 if k in FIVES else 0
        c = start + self.used[k]
        self.used[k] += 1
        assert c <= 3, "fifth copy of kind %d" % k
        return k * 4 + c


def run_oracle(req):
    opts = dict(DEFAULT_OPTIONS)
    opts.update(req.get("options", {}))
    rules = OptionalRules(
        has_open_tanyao=opts["kuitan"],
        has_aka_dora=opts["aka"],
        has_double_yakuman=opts["double_yakuman"],
        kazoe_limit=HandConstants.KAZOE_LIMITED if opts["kazoe_yakuman"] else HandConstants.KAZOE_SANBAIMAN,
        kiriage=opts["kiriage"],
    )
    ids = Ids()
    hand = parse_tiles(req["hand"])
    wk = parse_tiles(req["win_tile"])[0]
    tiles, win_id = [], None
    for k, r in hand:
        i = ids.take(k, r)
        tiles.append(i)
        if win_id is None and (k, r) == wk:
            win_id = i
    melds = []
    for m in req.get("melds", []):
        mt = parse_tiles(m["tiles"])
        mids = [ids.take(k, r) for k, r in mt]
        tiles.extend(mids)
        called = None
        if "called" in m:
            ck = parse_tiles(m["called"])[0]
            called = mids[mt.index(ck)]
        mtype, opened = {
            "chi": (Meld.CHI, True),
            "pon": (Meld.PON, True),
            "minkan": (Meld.KAN, True),
            "ankan": (Meld.KAN, False),
            "kakan": (Meld.SHOUMINKAN, True),
        }[m["kind"]]
        melds.append(Meld(meld_type=mtype, tiles=mids, opened=opened, called_tile=called))
    dora = [ids.take(k, r) for k, r in (parse_tiles(t)[0] for t in req.get("dora", []))]
    ura = [ids.take(k, r) for k, r in (parse_tiles(t)[0] for t in req.get("ura", []))]

    def wind(t):
        return parse_tiles(t)[0][0]

    config = HandConfig(
        is_tsumo=req.get("tsumo", False),
        is_riichi=req.get("riichi", False),
        is_daburu_riichi=req.get("double_riichi", False),
        is_ippatsu=req.get("ippatsu", False),
        is_rinshan=req.get("rinshan", False),
        is_chankan=req.get("chankan", False),
        is_haitei=req.get("haitei", False),
        is_houtei=req.get("houtei", False),
        is_tenhou=req.get("tenhou", False),
        is_chiihou=req.get("chiihou", False),
        player_wind=wind(req.get("seat_wind", "1z")),
        round_wind=wind(req.get("round_wind", "1z")),
        tsumi_number=req.get("honba", 0),
        kyoutaku_number=req.get("riichi_sticks", 0),
        options=rules,
    )
    r = HandCalculator.estimate_hand_value(tiles, win_id, melds=melds, dora_indicators=dora,
                                           config=config, ura_dora_indicators=ura)
    if r.error:
        return {"error": r.error}
    yaku = []
    for y in r.yaku:
        han = y.han_open if (r.is_open_hand and y.han_open) else y.han_closed
        yaku.append([y.name, han])
    c = r.cost
    return {
        "error": None,
        "han": r.han,
        "fu": r.fu,
        "yaku": yaku,
        "is_open_hand": r.is_open_hand,
        "fu_details": [[d["reason"], d["fu"]] for d in (r.fu_details or [])],
        "cost": {
            "main": c["main"],
            "additional": c["additional"],
            "main_bonus": c["main_bonus"],
            "additional_bonus": c["additional_bonus"],
            "kyoutaku_bonus": c["kyoutaku_bonus"],
            "total": c["total"],
            "yaku_level": c["yaku_level"],
        },
    }


# --------------------------------------------------------------------------------------------
# Self-check of a request (tile counts, flags) independent of the builders
# --------------------------------------------------------------------------------------------


def check_request(req):
    hand = parse_tiles(req["hand"])
    melds = req.get("melds", [])
    assert len(hand) + 3 * len(melds) == 14, req
    allt = list(hand)
    for m in melds:
        mt = parse_tiles(m["tiles"])
        assert len(mt) == (3 if m["kind"] in ("chi", "pon") else 4), m
        ks = sorted(k for k, _ in mt)
        if m["kind"] == "chi":
            assert ks[0] < 27 and ks == [ks[0], ks[0] + 1, ks[0] + 2] and ks[0] % 9 <= 6, m
            assert m.get("from") == 1
        else:
            assert len(set(ks)) == 1, m
        if m["kind"] == "ankan":
            assert "called" not in m and "from" not in m
        else:
            assert parse_tiles(m["called"])[0] in mt and 1 <= m["from"] <= 3, m
        allt.extend(mt)
    for key in ("dora", "ura"):
        allt.extend(parse_tiles(t)[0] for t in req.get(key, []))
    c = Counter(k for k, _ in allt)
    assert max(c.values()) <= 4, req
    reds = Counter(k for k, r in allt if r)
    assert all(v == 1 for v in reds.values()), req
    wt = parse_tiles(req["win_tile"])
    assert len(wt) == 1 and wt[0] in hand, req
    is_open = any(m["kind"] != "ankan" for m in melds)
    t = req.get("tsumo", False)
    if req.get("riichi") or req.get("double_riichi"):
        assert not is_open and req.get("riichi")
    if req.get("ippatsu"):
        assert req.get("riichi") and not req.get("rinshan")
    if req.get("haitei"):
        assert t and not req.get("rinshan")
    if req.get("rinshan"):
        assert t and any(m["kind"] in ("minkan", "ankan", "kakan") for m in melds)
    if req.get("houtei"):
        assert not t and not req.get("chankan")
    if req.get("chankan"):
        assert not t and c[wt[0][0]] == 1
    if req.get("tenhou"):
        assert t and not melds and req.get("seat_wind") == "1z" and not req.get("riichi")
    if req.get("chiihou"):
        assert t and not melds and req.get("seat_wind") != "1z" and not req.get("riichi")
    if "ura" in req:
        assert req.get("riichi")


# --------------------------------------------------------------------------------------------
# Plan
# --------------------------------------------------------------------------------------------


def plan():
    """(category, count, builder, options-maker)"""
    P = []

    def add_cat(name, n, fn, opt=None):
        P.append((name, n, fn, opt))

    add_cat("closed_random", 2600, b_closed_random)
    add_cat("open_random", 2800, b_open_random)
    add_cat("open_meld_count", 1500, b_open_count)
    add_cat("kans", 1200, b_kans)
    add_cat("chiitoitsu", 900, lambda r: b_chiitoi(r))
    add_cat("chiitoitsu_tanyao_flush", 400, b_chiitoi_tanyao_or_flush)
    add_cat("ambiguous_reading", 1200, b_ambiguous)
    add_cat("dora_heavy", 600, b_dora_heavy)
    for name, fn, n in (
        ("pinfu", b_pinfu, 600), ("tanyao", b_tanyao, 500), ("iipeikou", b_iipeikou, 300),
        ("ryanpeikou", b_ryanpeikou, 250), ("chanta", b_chanta, 300), ("junchan", b_junchan, 300),
        ("ittsu", b_ittsu, 300), ("sanshoku", b_sanshoku, 300), ("sanshoku_doukou", b_sanshoku_doukou, 250),
        ("toitoi", b_toitoi, 300), ("sanankou", b_sanankou, 300), ("sankantsu", b_sankantsu, 250),
        ("honroutou", b_honroutou, 250), ("shousangen", b_shousangen, 250), ("honitsu", b_honitsu, 350),
        ("chinitsu", b_chinitsu, 350), ("yakuhai_pair_only", b_yakuhai_pair, 250),
    ):
        add_cat("yaku_" + name, n, fn)
    for which in ("haku", "hatsu", "chun", "seat", "round", "double"):
        add_cat("yaku_yakuhai_" + which, 150, lambda r, w=which: b_yakuhai(r, w))
    for flag in ("riichi", "double_riichi", "ippatsu", "menzen_tsumo", "haitei", "houtei", "rinshan", "chankan"):
        add_cat("situational_" + flag, 200, lambda r, f=flag: b_situational(r, f))
    for name, fn, n in (
        ("kokushi", lambda r: b_kokushi(r, False), 200), ("kokushi_13", lambda r: b_kokushi(r, True), 150),
        ("suuankou", lambda r: b_suuankou(r, False), 200), ("suuankou_tanki", lambda r: b_suuankou(r, True), 150),
        ("daisangen", b_daisangen, 150), ("shousuushii", b_shousuushii, 150), ("daisuushii", b_daisuushii, 150),
        ("tsuuiisou", b_tsuuiisou, 150), ("ryuuiisou", b_ryuuiisou, 150), ("chinroutou", b_chinroutou, 150),
        ("chuuren", lambda r: b_chuuren(r, False), 150), ("junsei_chuuren", lambda r: b_chuuren(r, True), 150),
        ("suukantsu", b_suukantsu, 120), ("tenhou", lambda r: b_tenhou(r, False), 150),
        ("chiihou", lambda r: b_tenhou(r, True), 150),
    ):
        add_cat("yakuman_" + name, n, fn)
    add_cat("no_yaku", 600, b_no_yaku)

    # option variations
    add_cat("opt_kuitan_off", 400, lambda r: b_tanyao(r), lambda r: {"kuitan": False})
    add_cat("opt_aka_off", 400, b_open_random, lambda r: {"aka": False})
    add_cat("opt_kiriage_on", 700, b_kiriage, lambda r: {"kiriage": True})
    add_cat("kiriage_shapes_default", 300, b_kiriage)
    add_cat("kazoe", 300, b_kazoe)
    add_cat("opt_kazoe_off", 300, b_kazoe, lambda r: {"kazoe_yakuman": False})
    add_cat("opt_double_yakuman_off", 400,
            lambda r: r.choice((lambda q: b_kokushi(q, True), lambda q: b_suuankou(q, True),
                                lambda q: b_chuuren(q, True), b_daisuushii))(r),
            lambda r: {"double_yakuman": False})
    add_cat("opt_mixed", 400, b_open_random,
            lambda r: {k: (r.random() < 0.5) for k in ("kuitan", "aka", "double_yakuman", "kazoe_yakuman", "kiriage")})
    return P


def generate(seed, scale=1.0):
    records, cats = [], {}
    for name, n, fn, optf in plan():
        n = max(1, int(n * scale))
        rng = random.Random("%d/%s" % (seed, name))
        made = 0
        while made < n:
            try:
                shape = fn(rng)
                options = dict(DEFAULT_OPTIONS)
                if optf:
                    options.update(optf(rng))
                req = build_case(rng, shape, options, {})
            except Retry:
                continue
            check_request(req)
            oracle = run_oracle(req)
            records.append({"request": req, "oracle": oracle})
            made += 1
        cats[name] = n
    return records, cats


def main():
    out, records = generate_and_write(__doc__, SEED, OUT_REL, GENERATOR, COMMAND, ["mahjong"], generate)
    errs = Counter(r["oracle"]["error"] for r in records)
    print("wrote %d records to %s; oracle errors: %s" % (len(records), out, dict(sorted((str(k), v) for k, v in errs.items()))),
          file=sys.stderr)


if __name__ == "__main__":
    main()
