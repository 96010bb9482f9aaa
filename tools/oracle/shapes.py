"""Random construction of winning shapes shared by the fixture generators.

A shape is built from groups ("chi", base) / ("pon", kind) / ("kan", kind) and a pair, over
tile kinds 0..33; every helper keeps each kind at four copies at most.  Groups may then be
turned into declared melds ({"kind": chi|pon|minkan|ankan|kakan, "kinds": [...], "called_pos",
"from"}).
"""

from collections import Counter

ALL_KINDS = tuple(range(34))
CHI_BASES = tuple(k for k in range(27) if k % 9 <= 6)


class Retry(Exception):
    """A builder could not complete this draw; the caller draws again."""


# --------------------------------------------------------------------------------------------
# Shapes: concealed tiles + declared melds (kinds only; riichi red fives are assigned later)
# --------------------------------------------------------------------------------------------


class Shape:
    def __init__(self, concealed, melds, form="regular", win_choices=None, sit=None, note=""):
        self.concealed = list(concealed)  # kinds, winning tile included
        self.melds = melds  # list of dicts {kind, kinds, called_pos, from}
        self.form = form
        self.win_choices = win_choices  # kinds the winning tile may be, or None for any
        self.sit = dict(sit or {})  # forced situation values
        self.note = note


def group_kinds(g):
    t, b = g
    if t == "chi":
        return [b, b + 1, b + 2]
    if t == "pon":
        return [b, b, b]
    return [b, b, b, b]


def can_add(cnt, kinds):
    c = Counter(kinds)
    return all(cnt[k] + n <= 4 for k, n in c.items())


def add(cnt, kinds):
    for k in kinds:
        cnt[k] += 1


def pick_group(rng, cnt, chi_bases, pon_kinds, p_chi, p_kan=0.0):
    for _ in range(60):
        if chi_bases and (not pon_kinds or rng.random() < p_chi):
            g = ("chi", rng.choice(chi_bases))
        else:
            g = ("kan" if rng.random() < p_kan else "pon", rng.choice(pon_kinds))
        ks = group_kinds(g)
        if can_add(cnt, ks):
            add(cnt, ks)
            return g
    raise Retry()


def pick_pair(rng, cnt, pair_kinds):
    for _ in range(60):
        k = rng.choice(pair_kinds)
        if cnt[k] <= 2:
            cnt[k] += 2
            return k
    raise Retry()


def fill(rng, forced=(), n=4, chi_bases=CHI_BASES, pon_kinds=ALL_KINDS, pair_kinds=ALL_KINDS, p_chi=0.55,
         p_kan=0.0, pair=None):
    """Forced groups first, then random groups up to n, then the pair."""
    cnt = Counter()
    groups = []
    for g in forced:
        ks = group_kinds(g)
        if not can_add(cnt, ks):
            raise Retry()
        add(cnt, ks)
        groups.append(g)
    while len(groups) < n:
        groups.append(pick_group(rng, cnt, chi_bases, pon_kinds, p_chi, p_kan))
    if pair is None:
        pair = pick_pair(rng, cnt, pair_kinds)
    else:
        if cnt[pair] > 2:
            raise Retry()
        cnt[pair] += 2
    rng.shuffle(groups)
    return groups, pair


def declare(rng, groups, pair, mode="closed", p_decl=0.5, kan_kinds=("minkan", "ankan", "kakan"),
            kan_weights=(4, 3, 3), keep_concealed=()):
    """Turn groups into declared melds and concealed tiles.

    mode: closed (no open meld; kans become ankan), open (at least one open meld), any.
    keep_concealed: indexes of groups that must stay concealed (e.g. for sanankou)."""
    melds, concealed = [], [pair, pair]
    open_count = 0
    order = list(range(len(groups)))
    for i in order:
        g = groups[i]
        t, b = g
        ks = group_kinds(g)
        if t == "kan":
            if mode == "closed":
                mk = "ankan"
            else:
                mk = rng.choices(kan_kinds, weights=kan_weights)[0]
            melds.append(new_meld(rng, mk, ks))
            open_count += mk != "ankan"
        elif mode != "closed" and i not in keep_concealed and rng.random() < p_decl:
            mk = "chi" if t == "chi" else "pon"
            melds.append(new_meld(rng, mk, ks))
            open_count += 1
        else:
            concealed.extend(ks)
    if mode == "open" and open_count == 0:
        # open one concealed group (or turn an ankan into an open kan)
        cands = [i for i, m in enumerate(melds) if m["kind"] == "ankan"]
        if cands:
            m = melds[rng.choice(cands)]
            m["kind"] = rng.choice(("minkan", "kakan"))
            m["from"] = rng.randint(1, 3)
            m["called_pos"] = rng.randrange(4)
        else:
            raise Retry()
    return concealed, melds


def new_meld(rng, mk, ks):
    m = {"kind": mk, "kinds": list(ks)}
    if mk == "chi":
        m["called_pos"] = rng.randrange(3)
        m["from"] = 1
    elif mk in ("pon", "minkan", "kakan"):
        m["called_pos"] = rng.randrange(len(ks))
        m["from"] = rng.randint(1, 3)
    return m
