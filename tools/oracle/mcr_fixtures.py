#!/usr/bin/env python3
"""MCR (Chinese Official, 国标麻将) scoring fixtures from PyMahjongGB used as an oracle.

Builds seeded, varied winning situations constructively (sets + pair, the special forms,
declared melds and concealed kongs, flowers and win flags), scores each with
MahjongGB.MahjongFanCalculator (the `pymahjonggb` distribution installs the module `MahjongGB`)
and writes one JSON Lines record per situation:

    {"request": <score request of the mj protocol>, "oracle": <raw MahjongFanCalculator answer>}

Run from the repository root as `tools/oracle/.venv/bin/python tools/oracle/mcr_fixtures.py`;
tools/oracle/README.md has the record format and the oracle's conventions.
"""

import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from oracle_common import (  # noqa: E402
    DRAGONS, HONORS, TERMINALS, WINDS, YAOCHU, generate_and_write, is_honor, kind, parse_tiles,
    rank_of, suit_of, tile_str, tiles_str,
)
from shapes import Retry, Shape, declare, fill, group_kinds, new_meld  # noqa: E402

import MahjongGB  # noqa: E402

SEED = 20240612
GENERATOR = "tools/oracle/mcr_fixtures.py"
COMMAND = "tools/oracle/.venv/bin/python tools/oracle/mcr_fixtures.py"
OUT_REL = "crates/mj-score/testdata/mcr_oracle.jsonl"

NUMBER_KINDS = tuple(range(27))
ALL_KINDS = tuple(range(34))
CHI_BASES = tuple(k for k in NUMBER_KINDS if k % 9 <= 6)
SIMPLES = tuple(k for k in NUMBER_KINDS if 1 <= k % 9 <= 7)
GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s 6z(发)
REVERSIBLE = tuple(kind(1, r) for r in (1, 2, 3, 4, 5, 8, 9)) + tuple(kind(2, r) for r in (2, 4, 5, 6, 8, 9)) + (31,)
KNITS = ((1, 4, 7), (2, 5, 8), (3, 6, 9))

# ---------------------------------------------------------------------------------------------
# tile codes of the oracle: W = characters (m), B = dots (p), T = bamboo (s), F1-F4 winds,
# J1 = 中 (7z), J2 = 发 (6z), J3 = 白 (5z)
# ---------------------------------------------------------------------------------------------


def gb_code(k):
    if k < 27:
        return "WBT"[k // 9] + str(k % 9 + 1)
    if k <= 30:
        return "F%d" % (k - 26)
    return {31: "J3", 32: "J2", 33: "J1"}[k]


def suits_perm(rng, n=3):
    s = [0, 1, 2]
    rng.shuffle(s)
    return s[:n]


def nums(s, lo=1, hi=9):
    return tuple(kind(s, r) for r in range(lo, hi + 1))


def bases(s, lo=1, hi=7):
    return tuple(kind(s, r) for r in range(lo, hi + 1))


def any_mode(rng, p_closed=0.35):
    return "closed" if rng.random() < p_closed else rng.choice(("any", "open"))


def std(rng, forced=(), mode=None, p_decl=None, **kw):
    groups, pair = fill(rng, forced=forced, **kw)
    if mode is None:
        mode = any_mode(rng)
    if p_decl is None:
        p_decl = rng.choice((0.25, 0.45, 0.7))
    concealed, melds = declare(rng, groups, pair, mode=mode, p_decl=p_decl)
    return Shape(concealed, melds)


# ---------------------------------------------------------------------------------------------
# builders
# ---------------------------------------------------------------------------------------------


def b_random(rng):
    return std(rng, p_chi=rng.choice((0.35, 0.6, 0.8)), p_kan=0.05)


def b_random_closed(rng):
    return std(rng, mode="closed", p_chi=rng.choice((0.4, 0.7)), p_kan=0.04)


def b_random_open(rng):
    return std(rng, mode="open", p_chi=rng.choice((0.4, 0.7)), p_kan=0.05, p_decl=rng.choice((0.4, 0.7, 0.95)))


def b_pool(rng, name):
    s = rng.randrange(3)
    if name == "qing_yi_se":
        return std(rng, chi_bases=bases(s), pon_kinds=nums(s), pair_kinds=nums(s), p_chi=0.6, p_kan=0.04)
    if name == "hun_yi_se":
        pool = nums(s) + HONORS
        sh = std(rng, chi_bases=bases(s), pon_kinds=pool, pair_kinds=pool, p_chi=0.5, p_kan=0.04)
        if not any(is_honor(k) for k in sh.concealed + [k for m in sh.melds for k in m["kinds"]]):
            raise Retry()
        return sh
    if name == "duan_yao":
        cb = tuple(k for k in CHI_BASES if 1 <= k % 9 <= 5)
        return std(rng, chi_bases=cb, pon_kinds=SIMPLES, pair_kinds=SIMPLES, p_chi=0.65, p_kan=0.04)
    ranks = {
        "quan_da": (7, 9), "quan_zhong": (4, 6), "quan_xiao": (1, 3), "da_yu_wu": (6, 9), "xiao_yu_wu": (1, 4),
    }
    if name in ranks:
        lo, hi = ranks[name]
        cb = tuple(kind(su, r) for su in range(3) for r in range(lo, hi - 1))
        pk = tuple(kind(su, r) for su in range(3) for r in range(lo, hi + 1))
        return std(rng, chi_bases=cb, pon_kinds=pk, pair_kinds=pk, p_chi=0.55, p_kan=0.03)
    if name == "quan_shuang_ke":
        ev = tuple(kind(su, r) for su in range(3) for r in (2, 4, 6, 8))
        return std(rng, chi_bases=(), pon_kinds=ev, pair_kinds=ev, p_chi=0.0, p_kan=0.04)
    if name == "tui_bu_dao":
        cb = (kind(1, 1), kind(1, 2), kind(1, 3), kind(2, 4))
        return std(rng, chi_bases=cb, pon_kinds=REVERSIBLE, pair_kinds=REVERSIBLE, p_chi=0.5, p_kan=0.03)
    if name == "lv_yi_se":
        return std(rng, chi_bases=(19,), pon_kinds=GREEN, pair_kinds=GREEN, p_chi=0.45, p_kan=0.03)
    if name == "quan_dai_wu":
        cb = tuple(kind(su, r) for su in range(3) for r in (3, 4, 5))
        fives = tuple(kind(su, 5) for su in range(3))
        return std(rng, chi_bases=cb, pon_kinds=fives, pair_kinds=fives, p_chi=0.75, p_kan=0.03)
    if name == "quan_dai_yao":
        cb = tuple(kind(su, r) for su in range(3) for r in (1, 7))
        return std(rng, chi_bases=cb, pon_kinds=YAOCHU, pair_kinds=YAOCHU, p_chi=0.6, p_kan=0.03)
    if name == "qing_yao_jiu":
        return std(rng, chi_bases=(), pon_kinds=TERMINALS, pair_kinds=TERMINALS, p_chi=0.0, p_kan=0.05)
    if name == "hun_yao_jiu":
        sh = std(rng, chi_bases=(), pon_kinds=YAOCHU, pair_kinds=YAOCHU, p_chi=0.0, p_kan=0.05)
        return sh
    if name == "zi_yi_se":
        return std(rng, chi_bases=(), pon_kinds=HONORS, pair_kinds=HONORS, p_chi=0.0, p_kan=0.05)
    if name == "peng_peng_he":
        return std(rng, p_chi=0.0, p_kan=0.06)
    if name == "ping_he":
        return std(rng, pair_kinds=NUMBER_KINDS, p_chi=1.0)
    if name == "wu_men_qi":
        a, b, c = suits_perm(rng)
        w, d = rng.choice(WINDS), rng.choice(DRAGONS)
        hon = [w, d]
        rng.shuffle(hon)
        forced = [rand_set(rng, a), rand_set(rng, b), rand_set(rng, c), ("pon", hon[0])]
        return std(rng, forced=forced, pair=hon[1])
    raise ValueError(name)


def rand_set(rng, s):
    if rng.random() < 0.6:
        return ("chi", kind(s, rng.randint(1, 7)))
    return ("pon", kind(s, rng.randint(1, 9)))


def b_struct(rng, name):
    s = rng.randrange(3)
    a, b, c = suits_perm(rng)
    pair = None
    if name in ("yi_se_si_tong_shun", "yi_se_san_tong_shun", "yi_ban_gao"):
        n = {"yi_se_si_tong_shun": 4, "yi_se_san_tong_shun": 3, "yi_ban_gao": 2}[name]
        forced = [("chi", kind(s, rng.randint(1, 7)))] * n
    elif name in ("yi_se_si_jie_gao", "yi_se_san_jie_gao"):
        n = 4 if name == "yi_se_si_jie_gao" else 3
        r = rng.randint(1, 10 - n)
        forced = [("pon", kind(s, r + i)) for i in range(n)]
    elif name in ("yi_se_si_bu_gao", "yi_se_san_bu_gao"):
        n = 4 if name == "yi_se_si_bu_gao" else 3
        d = rng.choice((1, 2))
        r = rng.randint(1, 7 - d * (n - 1))
        forced = [("chi", kind(s, r + d * i)) for i in range(n)]
    elif name == "qing_long":
        forced = [("chi", kind(s, 1)), ("chi", kind(s, 4)), ("chi", kind(s, 7))]
    elif name == "hua_long":
        forced = [("chi", kind(a, 1)), ("chi", kind(b, 4)), ("chi", kind(c, 7))]
    elif name in ("san_se_san_tong_shun", "xi_xiang_feng"):
        r = rng.randint(1, 7)
        forced = [("chi", kind(x, r)) for x in ((a, b, c) if name == "san_se_san_tong_shun" else (a, b))]
    elif name == "san_se_san_jie_gao":
        r = rng.randint(1, 7)
        forced = [("pon", kind(a, r)), ("pon", kind(b, r + 1)), ("pon", kind(c, r + 2))]
    elif name == "san_se_san_bu_gao":
        r = rng.randint(1, 5)
        forced = [("chi", kind(a, r)), ("chi", kind(b, r + 1)), ("chi", kind(c, r + 2))]
    elif name == "san_se_shuang_long_hui":
        forced = [("chi", kind(a, 1)), ("chi", kind(a, 7)), ("chi", kind(b, 1)), ("chi", kind(b, 7))]
        pair = kind(c, 5)
    elif name == "yi_se_shuang_long_hui":
        forced = [("chi", kind(s, 1)), ("chi", kind(s, 1)), ("chi", kind(s, 7)), ("chi", kind(s, 7))]
        pair = kind(s, 5)
    elif name in ("san_tong_ke", "shuang_tong_ke"):
        r = rng.randint(1, 9)
        forced = [("pon", kind(x, r)) for x in ((a, b, c) if name == "san_tong_ke" else (a, b))]
    elif name == "lian_liu":
        r = rng.randint(1, 4)
        forced = [("chi", kind(s, r)), ("chi", kind(s, r + 3))]
    elif name == "lao_shao_fu":
        forced = [("chi", kind(s, 1)), ("chi", kind(s, 7))]
    elif name == "si_gui_yi":
        r = rng.randint(1, 9)
        k = kind(s, r)
        lo = max(1, r - 2)
        hi = min(7, r)
        forced = [("pon", k), ("chi", kind(s, rng.randint(lo, hi)))]
        if rng.random() < 0.3:
            forced = [("chi", kind(s, rng.randint(lo, hi))), ("chi", kind(s, rng.randint(lo, hi)))]
            pair = k
    elif name == "da_si_xi":
        forced = [("pon", w) for w in WINDS]
    elif name == "xiao_si_xi":
        w = list(WINDS)
        rng.shuffle(w)
        forced = [("pon", x) for x in w[:3]]
        pair = w[3]
    elif name == "san_feng_ke":
        forced = [("pon", x) for x in rng.sample(WINDS, 3)]
    elif name == "da_san_yuan":
        forced = [("pon", x) for x in DRAGONS]
    elif name == "xiao_san_yuan":
        d = list(DRAGONS)
        rng.shuffle(d)
        forced = [("pon", d[0]), ("pon", d[1])]
        pair = d[2]
    elif name == "shuang_jian_ke":
        forced = [("pon", x) for x in rng.sample(DRAGONS, 2)]
    elif name == "jian_ke":
        forced = [("pon", rng.choice(DRAGONS))]
    else:
        raise ValueError(name)
    if rng.random() < 0.08:
        forced = [("kan", g[1]) if g[0] == "pon" and rng.random() < 0.5 else g for g in forced]
    return std(rng, forced=forced, pair=pair, p_chi=0.55, p_kan=0.03)


def b_wind(rng, which):
    w = rng.choice(WINDS)
    sh = std(rng, forced=[("kan" if rng.random() < 0.1 else "pon", w)], p_kan=0.03)
    if which == "seat":
        sh.sit["seat"] = w
    elif which == "round":
        sh.sit["round"] = w
    else:
        sh.sit["seat"] = sh.sit["round"] = w
    return sh


def b_kongs(rng, name):
    spec = {
        "si_gang": ["any"] * 4, "san_gang": ["any"] * 3, "shuang_ming_gang": ["ming", "ming"],
        "shuang_an_gang": ["an", "an"], "ming_an_gang": ["ming", "an"], "ming_gang": ["ming"], "an_gang": ["an"],
    }[name]
    ks = rng.sample(ALL_KINDS, len(spec))
    groups, pair = fill(rng, forced=[("kan", k) for k in ks], p_chi=0.6)
    melds, concealed = [], [pair, pair]
    kinds_iter = list(zip(ks, spec))
    p_decl = rng.choice((0.0, 0.3, 0.6))
    for g in groups:
        if g[0] == "kan":
            sp = dict(kinds_iter)[g[1]]
            if sp == "an":
                mk = "ankan"
            elif sp == "ming":
                mk = rng.choice(("minkan", "kakan"))
            else:
                mk = rng.choice(("minkan", "ankan", "kakan"))
            melds.append(new_meld(rng, mk, group_kinds(g)))
        elif rng.random() < p_decl:
            melds.append(new_meld(rng, "chi" if g[0] == "chi" else "pon", group_kinds(g)))
        else:
            concealed.extend(group_kinds(g))
    return Shape(concealed, melds)


def b_concealed_pungs(rng, n):
    forced = [("kan" if rng.random() < 0.12 else "pon", k) for k in rng.sample(ALL_KINDS, n)]
    groups, pair = fill(rng, forced=forced, p_chi=0.6)
    melds, concealed = [], [pair, pair]
    for g in groups:
        if g in forced:
            if g[0] == "kan":
                melds.append(new_meld(rng, "ankan", group_kinds(g)))
            else:
                concealed.extend(group_kinds(g))
        elif rng.random() < 0.4:
            melds.append(new_meld(rng, "chi" if g[0] == "chi" else ("pon" if g[0] == "pon" else "minkan"),
                                  group_kinds(g)))
        else:
            concealed.extend(group_kinds(g))
    sh = Shape(concealed, melds)
    # a win on a triplet tile by discard makes that triplet exposed: prefer a self-draw or the pair
    if rng.random() < 0.5:
        sh.sit["tsumo"] = True
    else:
        sh.win_choices = [pair] + [k for k in concealed if Counter(concealed)[k] < 3]
    return sh


def b_quan_qiu_ren(rng):
    groups, pair = fill(rng, p_chi=0.6, p_kan=0.03)
    melds = [new_meld(rng, "chi" if g[0] == "chi" else ("pon" if g[0] == "pon" else "minkan"), group_kinds(g))
             for g in groups]
    return Shape([pair, pair], melds, sit={"tsumo": rng.random() < 0.15})


def b_wait(rng, which):
    sh = std(rng, mode=rng.choice(("closed", "any")), p_chi=0.8)
    c = Counter(sh.concealed)
    chis = []
    # concealed chows: re-derive from the concealed tiles is ambiguous, so use the group list
    # approximation: tiles whose neighbours are present
    wins = []
    for k in sorted(c):
        if k >= 27:
            continue
        r = rank_of(k)
        if which == "bian":
            if r == 3 and c.get(k - 1) and c.get(k - 2):
                wins.append(k)
            if r == 7 and c.get(k + 1) and c.get(k + 2):
                wins.append(k)
        elif which == "kan":
            if 2 <= r <= 8 and c.get(k - 1) and c.get(k + 1):
                wins.append(k)
    if which == "dan":
        wins = [k for k in c if c[k] == 2]
    del chis
    if not wins:
        raise Retry()
    sh.win_choices = wins
    return sh


def b_chicken(rng):
    """Open hands with an honour pair, sets in all three suits: often 无番和 (chicken hand)."""
    suits = [0, 1, 2] + [rng.randrange(3)]
    rng.shuffle(suits)
    forced = []
    for su in suits:
        if rng.random() < 0.75:
            forced.append(("chi", kind(su, rng.randint(1, 7))))
        else:
            forced.append(("pon", kind(su, rng.randint(2, 8))))
    seat, rnd = rng.choice(WINDS), rng.choice(WINDS)
    pair = rng.choice([k for k in HONORS if k not in (seat, rnd)])
    groups, pair = fill(rng, forced=forced, pair=pair)
    concealed, melds = declare(rng, groups, pair, mode="open", p_decl=rng.choice((0.3, 0.5)))
    if len(melds) == 4:
        raise Retry()
    return Shape(concealed, melds, sit={"tsumo": False, "seat": seat, "round": rnd, "no_flags": True})


def b_low(rng):
    """Plain hands that are usually under 8 fan."""
    if rng.random() < 0.5:
        sh = std(rng, mode="open", p_chi=0.8, p_decl=0.35)
    else:
        sh = std(rng, mode="closed", p_chi=0.8)
    sh.sit["no_flags"] = True
    return sh


def b_qi_dui(rng, pool=ALL_KINDS, quad_p=0.12):
    ks = rng.sample(pool, 7)
    concealed = [k for k in ks for _ in range(2)]
    if rng.random() < quad_p:
        concealed = concealed[:12] + [ks[0], ks[0]]
    return Shape(concealed, [], form="seven_pairs")


def b_qi_dui_pools(rng):
    c = rng.random()
    s = rng.randrange(3)
    if c < 0.3:
        return b_qi_dui(rng, pool=nums(s))
    if c < 0.55:
        return b_qi_dui(rng, pool=nums(s) + HONORS)
    if c < 0.75:
        return b_qi_dui(rng, pool=SIMPLES)
    if c < 0.85:
        return b_qi_dui(rng, pool=YAOCHU)
    return b_qi_dui(rng, pool=tuple(kind(su, r) for su in range(3) for r in (2, 4, 6, 8)))


def b_lian_qi_dui(rng):
    s = rng.randrange(3)
    r = rng.randint(1, 3)
    concealed = [kind(s, r + i) for i in range(7) for _ in range(2)]
    return Shape(concealed, [], form="seven_pairs")


def b_shi_san_yao(rng):
    dup = rng.choice(YAOCHU)
    return Shape(list(YAOCHU) + [dup], [], form="thirteen_orphans")


def knitted(rng):
    order = suits_perm(rng)
    return [kind(order[i], r) for i in range(3) for r in KNITS[i]]


def b_quan_bu_kao(rng, seven_stars=False):
    kn = knitted(rng)
    if seven_stars:
        tiles = rng.sample(kn, 7) + list(HONORS)
    else:
        nh = rng.randint(5, 6)
        hon = rng.sample(HONORS, nh)
        tiles = rng.sample(kn, 14 - nh) + hon
        if rng.random() < 0.25:
            tiles = kn + rng.sample(HONORS, 5)
    return Shape(sorted(tiles), [], form="honors_knitted")


def b_zu_he_long(rng):
    kn = knitted(rng)
    cnt = Counter(kn)
    groups, pair = fill(rng, n=1, p_chi=0.5)
    for g in groups:
        if not all(cnt[k] + 1 <= 4 for k in group_kinds(g)):
            raise Retry()
    ks = group_kinds(groups[0])
    if any(Counter(kn + ks + [pair, pair])[k] > 4 for k in set(kn + ks + [pair])):
        raise Retry()
    if rng.random() < 0.35:
        melds = [new_meld(rng, "chi" if groups[0][0] == "chi" else "pon", ks)]
        concealed = kn + [pair, pair]
    else:
        melds = []
        concealed = kn + ks + [pair, pair]
    return Shape(concealed, melds, form="knitted_straight")


def b_jiu_lian(rng, pure=True):
    s = rng.randrange(3)
    base = [kind(s, r) for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
    x = kind(s, rng.randint(1, 9))
    if pure:
        return Shape(base + [x], [], win_choices=[x])
    return Shape(base + [x], [], win_choices=[k for k in set(base) if k != x])


def b_flags(rng, flag):
    if flag == "kong_tsumo":
        sh = b_kongs(rng, rng.choice(("ming_gang", "an_gang", "shuang_ming_gang", "ming_an_gang")))
        sh.sit.update(tsumo=True, kong=True)
    elif flag == "kong_ron":
        sh = b_random(rng)
        c = Counter(sh.concealed)
        mk = set(k for m in sh.melds for k in m["kinds"])
        wins = sorted(k for k in c if c[k] == 1 and k not in mk)
        if not wins:
            raise Retry()
        sh.win_choices = wins
        sh.sit.update(tsumo=False, kong=True)
    elif flag in ("last_wall_tsumo", "last_wall_ron"):
        sh = b_random(rng)
        sh.sit.update(tsumo=flag.endswith("tsumo"), last_wall=True)
    elif flag == "last_tile":
        sh = b_random(rng)
        c = Counter(sh.concealed)
        wins = sorted(k for k in c if c[k] == 1)
        if not wins:
            raise Retry()
        sh.win_choices = wins
        sh.sit.update(last_tile=True)
    elif flag == "self_drawn":
        sh = b_random(rng)
        sh.sit.update(tsumo=True)
    elif flag == "bu_qiu_ren":
        sh = std(rng, mode="closed", p_kan=0.06)
        sh.sit.update(tsumo=True)
    elif flag == "men_qian_qing":
        sh = std(rng, mode="closed", p_kan=0.06)
        sh.sit.update(tsumo=False)
    elif flag == "flowers":
        sh = b_random(rng)
        sh.sit["flowers"] = rng.randint(1, 8)
    else:
        raise ValueError(flag)
    return sh


# ---------------------------------------------------------------------------------------------
# situation and request
# ---------------------------------------------------------------------------------------------


def build_case(rng, shape):
    cnt = Counter(shape.concealed)
    for m in shape.melds:
        cnt.update(m["kinds"])
    if any(v > 4 for v in cnt.values()):
        raise Retry()
    assert len(shape.concealed) + 3 * len(shape.melds) == 14, (shape.concealed, shape.melds)
    sit = shape.sit
    no_flags = sit.get("no_flags", False)
    seat = sit["seat"] if "seat" in sit else rng.choice(WINDS)
    rnd = sit["round"] if sit.get("round") is not None else rng.choices(WINDS, weights=(40, 30, 20, 10))[0]
    tsumo = sit["tsumo"] if "tsumo" in sit else rng.random() < 0.45

    choices = shape.win_choices if shape.win_choices else shape.concealed
    choices = sorted(set(k for k in choices if k in shape.concealed))
    conc = Counter(shape.concealed)
    meld_cnt = Counter(k for m in shape.melds for k in m["kinds"])
    kong_meld = any(m["kind"] in ("minkan", "ankan", "kakan") for m in shape.melds)
    if sit.get("kong") and not tsumo:
        choices = [k for k in choices if conc[k] == 1 and meld_cnt[k] == 0]
    if sit.get("last_tile"):
        choices = [k for k in choices if conc[k] == 1]
    if not choices:
        raise Retry()
    win = rng.choice(choices)

    kong = last_wall = last_tile = False
    if not no_flags:
        if sit.get("kong"):
            kong = True
        elif tsumo and kong_meld and rng.random() < 0.2:
            kong = True
        elif not tsumo and conc[win] == 1 and meld_cnt[win] == 0 and rng.random() < 0.04:
            kong = True
        if not kong and (sit.get("last_wall") or ("last_wall" not in sit and rng.random() < 0.05)):
            last_wall = True
        robbing = kong and not tsumo
        if not robbing and conc[win] == 1:
            if meld_cnt[win] == 3:
                last_tile = True  # the other three are in our own exposed pung
            elif sit.get("last_tile") or rng.random() < 0.12:
                last_tile = True
    elif conc[win] == 1 and meld_cnt[win] == 3:
        last_tile = True
    if "flowers" in sit:
        flowers = sit["flowers"]
    else:
        flowers = rng.choices(range(9), weights=(45, 14, 12, 9, 7, 5, 4, 2, 2))[0]

    req = {"op": "score", "rules": "mcr"}
    req["hand"] = tiles_str([(k, False) for k in shape.concealed])
    req["win_tile"] = tile_str(win)
    req["tsumo"] = tsumo
    req["seat_wind"] = tile_str(seat)
    req["round_wind"] = tile_str(rnd)
    if shape.melds:
        jm = []
        for m in shape.melds:
            d = {"kind": m["kind"], "tiles": tiles_str([(k, False) for k in m["kinds"]])}
            if "called_pos" in m:
                d["called"] = tile_str(m["kinds"][m["called_pos"]])
                d["from"] = m["from"]
            jm.append(d)
        req["melds"] = jm
    if flowers:
        req["flowers"] = flowers
    if last_tile:
        req["last_tile"] = True
    if kong:
        req["kong"] = True
    if last_wall:
        req["last_wall"] = True
    return req


# ---------------------------------------------------------------------------------------------
# oracle
# ---------------------------------------------------------------------------------------------


def oracle_args(req):
    hand = [k for k, _ in parse_tiles(req["hand"])]
    win = parse_tiles(req["win_tile"])[0][0]
    hand.remove(win)  # the oracle takes the concealed tiles WITHOUT the winning tile
    packs = []
    for m in req.get("melds", []):
        ks = sorted(k for k, _ in parse_tiles(m["tiles"]))
        if m["kind"] == "chi":
            called = parse_tiles(m["called"])[0][0]
            packs.append(("CHI", gb_code(ks[1]), ks.index(called) + 1))
        elif m["kind"] == "pon":
            packs.append(("PENG", gb_code(ks[0]), m["from"]))
        elif m["kind"] == "ankan":
            packs.append(("GANG", gb_code(ks[0]), 0))
        else:  # minkan, kakan: both exposed kongs
            packs.append(("GANG", gb_code(ks[0]), m["from"]))
    return dict(
        pack=tuple(packs),
        hand=tuple(gb_code(k) for k in hand),
        winTile=gb_code(win),
        flowerCount=req.get("flowers", 0),
        isSelfDrawn=req.get("tsumo", False),
        is4thTile=req.get("last_tile", False),
        isAboutKong=req.get("kong", False),
        isWallLast=req.get("last_wall", False),
        seatWind=parse_tiles(req.get("seat_wind", "1z"))[0][0] - 27,
        prevalentWind=parse_tiles(req.get("round_wind", "1z"))[0][0] - 27,
        verbose=True,
    )


def run_oracle(req):
    try:
        res = MahjongGB.MahjongFanCalculator(**oracle_args(req))
    except TypeError as e:
        return {"error": str(e)}
    fans = [[name_zh, point, cnt] for point, cnt, name_zh, _name_en in res]
    total = sum(p * c for _, p, c in fans)
    flowers = sum(p * c for n, p, c in fans if n == "花牌")
    return {
        "error": None,
        "total": total,
        "fans": fans,
        "fan_without_flowers": total - flowers,
        "below_minimum": total - flowers < 8,
    }


def check_request(req):
    hand = parse_tiles(req["hand"])
    melds = req.get("melds", [])
    assert all(not r for _, r in hand)
    assert len(hand) + 3 * len(melds) == 14, req
    allk = [k for k, _ in hand]
    for m in melds:
        mk = sorted(k for k, r in parse_tiles(m["tiles"]))
        assert len(mk) == (3 if m["kind"] in ("chi", "pon") else 4)
        if m["kind"] == "chi":
            assert mk[0] < 27 and mk == [mk[0], mk[0] + 1, mk[0] + 2] and m["from"] == 1
        else:
            assert len(set(mk)) == 1
        if m["kind"] == "ankan":
            assert "called" not in m and "from" not in m
        else:
            assert parse_tiles(m["called"])[0][0] in mk and 1 <= m["from"] <= 3
        allk.extend(mk)
    c = Counter(allk)
    assert max(c.values()) <= 4, req
    win = parse_tiles(req["win_tile"])
    assert len(win) == 1 and win[0] in hand
    w = win[0][0]
    conc = Counter(k for k, _ in hand)
    meldc = c - conc
    if req.get("kong"):
        if req["tsumo"]:
            assert any(m["kind"] in ("minkan", "ankan", "kakan") for m in melds)
        else:
            assert conc[w] == 1 and meldc[w] == 0 and not req.get("last_tile")
    if req.get("last_tile"):
        assert conc[w] == 1
    if meldc[w] == 3:
        assert req.get("last_tile")
    assert not (req.get("kong") and req.get("last_wall"))
    assert 0 <= req.get("flowers", 0) <= 8


# ---------------------------------------------------------------------------------------------
# plan
# ---------------------------------------------------------------------------------------------


POOLS = ("qing_yi_se", "hun_yi_se", "duan_yao", "quan_da", "quan_zhong", "quan_xiao", "da_yu_wu", "xiao_yu_wu",
         "quan_shuang_ke", "tui_bu_dao", "lv_yi_se", "quan_dai_wu", "quan_dai_yao", "qing_yao_jiu", "hun_yao_jiu",
         "zi_yi_se", "peng_peng_he", "ping_he", "wu_men_qi")
STRUCTS = ("yi_se_si_tong_shun", "yi_se_san_tong_shun", "yi_ban_gao", "yi_se_si_jie_gao", "yi_se_san_jie_gao",
           "yi_se_si_bu_gao", "yi_se_san_bu_gao", "qing_long", "hua_long", "san_se_san_tong_shun", "xi_xiang_feng",
           "san_se_san_jie_gao", "san_se_san_bu_gao", "san_se_shuang_long_hui", "yi_se_shuang_long_hui",
           "san_tong_ke", "shuang_tong_ke", "lian_liu", "lao_shao_fu", "si_gui_yi", "da_si_xi", "xiao_si_xi",
           "san_feng_ke", "da_san_yuan", "xiao_san_yuan", "shuang_jian_ke", "jian_ke")
KONGS = ("si_gang", "san_gang", "shuang_ming_gang", "shuang_an_gang", "ming_an_gang", "ming_gang", "an_gang")
FLAGS = ("kong_tsumo", "kong_ron", "last_wall_tsumo", "last_wall_ron", "last_tile", "self_drawn", "bu_qiu_ren",
         "men_qian_qing", "flowers")


def plan():
    P = []

    def add_cat(name, n, fn):
        P.append((name, n, fn))

    add_cat("random", 3000, b_random)
    add_cat("random_closed", 1500, b_random_closed)
    add_cat("random_open", 1500, b_random_open)
    add_cat("low_fan", 1200, b_low)
    add_cat("chicken_try", 800, b_chicken)
    for name in POOLS:
        add_cat("pool_" + name, 250, lambda r, n=name: b_pool(r, n))
    for name in STRUCTS:
        add_cat("struct_" + name, 220, lambda r, n=name: b_struct(r, n))
    for which in ("seat", "round", "both"):
        add_cat("wind_" + which, 200, lambda r, w=which: b_wind(r, w))
    for name in KONGS:
        add_cat("kong_" + name, 200, lambda r, n=name: b_kongs(r, n))
    for n in (4, 3, 2):
        add_cat("concealed_pungs_%d" % n, 250, lambda r, n=n: b_concealed_pungs(r, n))
    add_cat("quan_qiu_ren", 250, b_quan_qiu_ren)
    for w in ("bian", "kan", "dan"):
        add_cat("wait_" + w, 250, lambda r, w=w: b_wait(r, w))
    for f in FLAGS:
        add_cat("flag_" + f, 250, lambda r, f=f: b_flags(r, f))
    add_cat("special_qi_dui", 500, lambda r: b_qi_dui(r))
    add_cat("special_qi_dui_pools", 400, b_qi_dui_pools)
    add_cat("special_lian_qi_dui", 200, b_lian_qi_dui)
    add_cat("special_shi_san_yao", 250, b_shi_san_yao)
    add_cat("special_quan_bu_kao", 300, lambda r: b_quan_bu_kao(r, False))
    add_cat("special_qi_xing_bu_kao", 250, lambda r: b_quan_bu_kao(r, True))
    add_cat("special_zu_he_long", 400, b_zu_he_long)
    add_cat("special_jiu_lian_bao_deng", 250, lambda r: b_jiu_lian(r, True))
    add_cat("special_nine_gates_shape_other_win", 150, lambda r: b_jiu_lian(r, False))
    return P


def generate(seed, scale=1.0):
    records, cats = [], {}
    for name, n, fn in plan():
        n = max(1, int(n * scale))
        rng = random.Random("%d/%s" % (seed, name))
        made = 0
        while made < n:
            try:
                req = build_case(rng, fn(rng))
            except Retry:
                continue
            check_request(req)
            records.append({"request": req, "oracle": run_oracle(req)})
            made += 1
        cats[name] = n
    return records, cats


def main():
    out, records = generate_and_write(__doc__, SEED, OUT_REL, GENERATOR, COMMAND, ["pymahjonggb"], generate)
    errs = Counter(str(r["oracle"]["error"]) for r in records)
    below = sum(1 for r in records if r["oracle"].get("below_minimum"))
    print("wrote %d records to %s; oracle errors: %s; below 8 fan: %d"
          % (len(records), out, dict(sorted(errs.items())), below), file=sys.stderr)


if __name__ == "__main__":
    main()
