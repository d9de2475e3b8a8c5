"""Step 3: land combat, 3a to 3k (BP 4C.6, 4D, 4E, 4F, 4G, 9.3).

Each attacked country is fought out in turn (alphabetically, after every border meeting of
3a): supports join the defenders (3b), AntiMissiles shoot down missiles (3c), missiles strike
(3d), AirForce fights AirForce (3e), the excess AirForce strikes (3f), Navy fights Navy (3g),
the defending Navy strikes armies from the sea (3h), armies fight (4C.6), attackers who are
enemies fight each other (3j), and one conquering group captures the country (3k).
"""

from __future__ import annotations

from umpire.games.battleplan.context import Group, Turn
from umpire.games.battleplan.losses import army_losses, hit, total
from umpire.games.battleplan.model import MINOR
from umpire.games.battleplan.occupation import capture
from umpire.games.battleplan.reports import Cell, report_land_combat
from umpire.games.battleplan.rounding import rround, share_losses

ARMY_ATTACK = ("AC", "AB")
AIR_ATTACK = ("FA", "FN", "FF", "FI")
MISSILE = ("MA", "MF", "MI")
BETRAYAL = (9, 10)  # BP 1B, ruling R-C3: a betrayed defender fights at nine tenths


# ---------------------------------------------------------------------------- 3a


def meet_at_border(t: Turn) -> None:
    """BP 9.3a, 4C.6: armies of two countries attacking each other meet at the border; the
    smaller is destroyed and the larger loses loser² / winner, then goes on (ruling R-C1: on
    equal numbers both are destroyed)."""
    by_pair: dict[tuple[str, str], list[Group]] = {}
    for g in t.groups:
        if g.verb in ARMY_ATTACK and not g.from_sea:
            by_pair.setdefault((g.origin, g.target), []).append(g)
    for (a, b), ours in sorted(by_pair.items()):
        if a > b or (b, a) not in by_pair:
            continue
        theirs = by_pair[(b, a)]
        na, nb = total(ours), total(theirs)
        if na == 0 or nb == 0:
            continue
        purpose = f"border {a}-{b}"
        if na == nb:
            hit(ours, na, t.chance, purpose)
            hit(theirs, nb, t.chance, purpose)
        elif na > nb:
            hit(theirs, nb, t.chance, purpose)
            hit(ours, rround(nb * nb, na, t.chance, purpose), t.chance, purpose)
        else:
            hit(ours, na, t.chance, purpose)
            hit(theirs, rround(na * na, nb, t.chance, purpose), t.chance, purpose)
        players = {g.player for g in (*ours, *theirs)}
        t.say(
            "border",
            t.audience(*players),
            f"Armies of {a} ({na}) and {b} ({nb}) met at the border: "
            f"{a} has {total(ours)} left, {b} has {total(theirs)}.",
        )


# ---------------------------------------------------------------------------- 3b-3k


def land_combat(t: Turn) -> None:
    """Steps 3b-3k for every country attacked or supported."""
    targets = sorted(
        {g.target for g in t.groups if g.target in t.state.countries and g.verb != "NS"}
        | {g.target for g in t.groups if g.verb == "NS" and g.target in t.state.countries}
    )
    for code in targets:
        fight(t, code)


def fight(t: Turn, code: str) -> None:
    c = t.country(code)
    chance = t.chance
    here = [g for g in t.groups if g.target == code]
    holder = c.controller()
    # BP 9.3b: supporting forces temporarily join the defenders
    home_army = Group(holder, code, "A", "HOME", code, c.army)
    home_navy = Group(holder, code, "N", "HOME", code, c.navy)
    home_air = Group(holder, code, "F", "HOME", code, c.air)
    d_army = [home_army, *(g for g in here if g.verb == "AS")]
    d_navy = [home_navy, *(g for g in here if g.verb == "NS")]
    d_air = [home_air, *(g for g in here if g.verb == "FS")]
    a_army = [g for g in here if g.verb in ARMY_ATTACK]
    a_navy = [g for g in here if g.verb == "NN"]
    a_air = [g for g in here if g.verb in AIR_ATTACK]
    missiles = [g for g in here if g.verb in MISSILE]
    if not (a_army or a_navy or a_air or missiles):
        for g, attr in ((home_army, "army"), (home_navy, "navy"), (home_air, "air")):
            setattr(c, attr, g.n)
        return
    start = {id(g): g.n for g in (*d_army, *d_navy, *d_air)}

    # BP 9.3c, 4G.1: each AntiMissile shoots down one incoming missile, chosen at random;
    # AntiMissiles used are gone, unused ones stay
    incoming = total(missiles)
    if incoming and c.anti:
        down = min(incoming, c.anti)
        for g, s in zip(
            missiles,
            share_losses([g.n for g in missiles], down, chance, f"ABM {code}"),
            strict=True,
        ):
            g.stopped += s
            g.n -= s
        c.anti -= down
    # BP 9.3d, 4F.1: each missile destroys 10 defending Army or suppresses 10 Industry or
    # AirForce, and costs the owner 2 HPI; hits on Army beyond the defenders are saved (9.6)
    for g in missiles:
        if g.n <= 0:
            continue
        if c.owner != MINOR:
            t.hpi_delta[code] = t.hpi_delta.get(code, 0) - 2 * g.n
        if g.verb == "MA":
            want = 10 * g.n
            done = hit(d_army, want, chance, f"missiles {code}")
            t.saved_hits[code] = t.saved_hits.get(code, 0) + want - done
        elif g.verb == "MI":
            c.industry_suppressed = min(c.industry, c.industry_suppressed + 10 * g.n)
        else:
            n = min(home_air.n, 10 * g.n)
            home_air.n -= n
            c.air_suppressed += n

    # BP 9.3e: AirForce against AirForce: losses about half the smaller number, shared
    # about equally; the difference is the "excess"
    att_air, def_air = total(a_air), total(d_air)
    if att_air and def_air:
        losses = rround(min(att_air, def_air), 2, chance, f"air losses {code}")
        a_share = rround(losses, 2, chance, f"air split {code}")
        hit(a_air, a_share, chance, f"air {code}")
        hit(d_air, losses - a_share, chance, f"air {code}")
    # BP 9.3f: the excess gets about half its number in hits
    if def_air > att_air:
        hits = rround(def_air - att_air, 2, chance, f"excess defending air {code}")
        for pool in (a_army, a_navy, a_air):
            hits -= hit(pool, hits, chance, f"excess air {code}")
    elif att_air > def_air:
        excess = att_air - def_air
        for g in a_air:
            share = rround(excess * g.sent, att_air, chance, f"excess share {code}")
            hits = rround(share, 2, chance, f"excess air {g.verb} {code}")
            if g.verb == "FA":
                done = hit(d_army, hits, chance, f"air on army {code}")
                if hits > done and g.n:
                    # 9.3j, 9.6: AirForce more than enough for the Army fights on
                    spare = t.excess_air.setdefault(code, {})
                    spare[g.player] = spare.get(g.player, 0) + (hits - done)
            elif g.verb == "FN":
                hit(d_navy, hits, chance, f"air on navy {code}")
            elif g.verb == "FF":
                # BP 5F.4: each unstopped AirForce suppresses about half an AirForce
                n = min(home_air.n, hits)
                home_air.n -= n
                c.air_suppressed += n
            else:
                # BP 5F.3: ... or about half an Industry
                c.industry_suppressed = min(c.industry, c.industry_suppressed + hits)

    # BP 9.3g, 4D.3: attacking Navy against defending Navy, about half their number in hits
    att_navy, def_navy = total(a_navy), total(d_navy)
    if att_navy and def_navy:
        to_def = rround(att_navy, 2, chance, f"navy {code}")
        to_att = rround(def_navy, 2, chance, f"navy {code}")
        hit(d_navy, to_def, chance, f"navy {code}")
        hit(a_navy, to_att, chance, f"navy {code}")
    # BP 9.3h, 4D.4: the defending Navy strikes armies coming from the sea
    from_sea = [g for g in a_army if g.from_sea]
    if from_sea and total(d_navy):
        hit(from_sea, rround(total(d_navy), 2, chance, f"coast {code}"), chance, f"coast {code}")

    # BP 4C.6: the armies fight; several attackers are totalled. BP 1B (ruling R-C3): if
    # the holder has declared one of the attacking players an ally, his side is counted at
    # BETRAYAL (nine tenths) of its number in this fight.
    att, dfd = total(a_army), total(d_army)
    if att:
        betrayed = holder != MINOR and any(
            t.state.player(holder).declared.get(g.player) == "A" for g in a_army if g.n > 0
        )
        a_loss, d_loss = army_losses(
            att, dfd, chance, f"army {code}", handicap=BETRAYAL if betrayed else (1, 1)
        )
        hit(a_army, a_loss, chance, f"army losses {code}")
        hit(d_army, d_loss, chance, f"army losses {code}")
    if att and total(d_army) == 0:
        # BP 9.3j, 4C.6: attackers who are enemies fight each other
        attackers_fight(t, code, a_army, a_air)
    for g, attr in ((home_army, "army"), (home_navy, "navy"), (home_air, "air")):
        setattr(c, attr, g.n)
    # BP 9.3k, 4C.1: one conquering group captures the country
    captor = None
    conquering = sorted({g.player for g in a_army if g.verb == "AC" and g.n > 0})
    if att and total(d_army) == 0 and conquering:
        captor = (
            conquering[0]
            if len(conquering) == 1
            else chance.choice(conquering, purpose=f"captor {code}")
        )
        capture(t, code, captor, [g for g in a_army if g.player == captor and g.verb == "AC"])
    defence = [
        Cell(name, sum(start[id(g)] for g in pool), sum(start[id(g)] for g in pool) - total(pool))
        for name, pool in (("Army", d_army), ("Navy", d_navy), ("AirF", d_air))
    ]
    report_land_combat(t, code, defence, [*a_army, *a_navy, *a_air, *missiles], captor)


def attackers_fight(t: Turn, code: str, a_army: list[Group], a_air: list[Group]) -> None:
    """BP 9.3j, 4C.6: with the defenders gone, attacking Army and AirForce of players who are
    enemies fight each other, each getting about half its number in hits shared among the
    enemy groups, until no enemies are left among them (ruling R-C2: at most 20 rounds)."""
    spare = t.excess_air.get(code, {})
    fighters = [g for g in a_army if g.n > 0]
    fighters += [g for g in a_air if g.verb == "FA" and g.n > 0 and spare.get(g.player)]
    for round_ in range(20):
        live = [g for g in fighters if g.n > 0]
        players = sorted({g.player for g in live})
        pairs = [(p, q) for p in players for q in players if p < q and t.state.enemies(p, q)]
        if not pairs:
            return
        damage: dict[int, int] = {}
        for p in players:
            mine = sum(g.n for g in live if g.player == p)
            foes = [q for q in players if t.state.enemies(p, q)]
            if not foes:
                continue
            hits = rround(mine, 2, t.chance, f"attackers {code} round {round_}")
            weights = [sum(g.n for g in live if g.player == q) for q in foes]
            got = share_losses(weights, min(hits, sum(weights)), t.chance, f"attackers {code}")
            for q, h in zip(foes, got, strict=True):
                damage[q] = damage.get(q, 0) + h
        for q, h in sorted(damage.items()):
            hit([g for g in live if g.player == q], h, t.chance, f"attackers {code}")
