"""Step 3: land combat, 3a to 3k (BP 4C.6, 4D, 4E, 4F, 4G, 9.3).

Each attacked country is fought out in turn (alphabetically, after every border meeting of
3a), one function per step of 9.3: supports join the defenders (3b, :func:`line_up`),
AntiMissiles shoot down missiles (3c), missiles strike (3d), AirForce fights AirForce (3e),
the excess AirForce strikes (3f), Navy fights Navy (3g), the defending Navy strikes armies
from the sea (3h), armies fight (4C.6), attackers who are enemies fight each other (3j), and
one conquering group captures the country (3k).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.battleplan.groups import Captured, Group, Log
from umpire.games.battleplan.losses import army_losses, hit, total
from umpire.games.battleplan.model import MINOR, Country, Draft, GameState, but
from umpire.games.battleplan.occupation import capture
from umpire.games.battleplan.reports import Cell, report_land_combat
from umpire.games.battleplan.rounding import rround, share_losses

ARMY_ATTACK = ("AC", "AB")
AIR_ATTACK = ("FA", "FN", "FF", "FI")
MISSILE = ("MA", "MF", "MI")
BETRAYAL = (9, 10)  # BP 1B, ruling R-C3: a betrayed defender fights at nine tenths
ATTACKER_ROUNDS = 20  # ruling R-C2


# ---------------------------------------------------------------------------- 3a


def meet_at_border(state: GameState, groups: Sequence[Group], chance: Chance) -> list[Event]:
    """BP 9.3a, 4C.6: armies of two countries attacking each other meet at the border; the
    smaller is destroyed and the larger loses loser² / winner, then goes on (ruling R-C1: on
    equal numbers both are destroyed)."""
    log = Log(state)
    by_pair: dict[tuple[str, str], list[Group]] = {}
    for g in groups:
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
            hit(ours, na, chance, purpose)
            hit(theirs, nb, chance, purpose)
        elif na > nb:
            hit(theirs, nb, chance, purpose)
            hit(ours, rround(nb * nb, na, chance, purpose), chance, purpose)
        else:
            hit(ours, na, chance, purpose)
            hit(theirs, rround(na * na, nb, chance, purpose), chance, purpose)
        players = {g.player for g in (*ours, *theirs)}
        log.say(
            "border",
            log.audience(*players),
            f"Armies of {a} ({na}) and {b} ({nb}) met at the border: "
            f"{a} has {total(ours)} left, {b} has {total(theirs)}.",
        )
    return log.events


# ---------------------------------------------------------------------------- 3b-3k


@dataclass(slots=True)
class LandCombat:
    """What land combat hands on: the countries captured (for steps 5-7), the excess
    AirForce hits on Army kept per player (9.3j, 9.6), the HPI lost to missiles (3A), who saw
    each combat's numbers (14, for the counter-attack report), and the events."""

    captured: dict[str, Captured] = field(default_factory=dict)
    excess_air: dict[str, dict[int, int]] = field(default_factory=dict)
    hpi_delta: dict[str, int] = field(default_factory=dict)
    entitled: dict[str, set[int]] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)


@dataclass(slots=True)
class Battle:
    """The two sides in one country once supports have joined the defenders (9.3b)."""

    code: str
    country: Country
    holder: int
    home: dict[str, Group]  # the country's own Army, Navy, AirForce ("A", "N", "F")
    d_army: list[Group]
    d_navy: list[Group]
    d_air: list[Group]
    a_army: list[Group]
    a_navy: list[Group]
    a_air: list[Group]
    missiles: list[Group]
    start: dict[int, int] = field(default_factory=dict)  # id(group) -> its number at 3b
    saved_hits: int = 0  # 9.3d: missile hits on Army beyond the defenders
    hpi_delta: int = 0  # 3A: -2 per missile hitting an occupied country
    spare_air: dict[int, int] = field(default_factory=dict)  # 9.3j, 9.6: per player
    # the country's AntiMissiles and suppression as the fight changes them (the country is
    # made once, by :func:`write_back`)
    anti: int = 0
    industry_suppressed: int = 0
    air_suppressed: int = 0

    @property
    def attacked(self) -> bool:
        return bool(self.a_army or self.a_navy or self.a_air or self.missiles)

    def defenders(self) -> tuple[Group, ...]:
        return (*self.d_army, *self.d_navy, *self.d_air)


def land_combat(
    d: Draft,
    groups: Sequence[Group],
    chance: Chance,
    holders: Mapping[str, int],
    owners: Mapping[str, int],
) -> LandCombat:
    """Steps 3b-3k for every country attacked or supported."""
    state = d.state
    out = LandCombat()
    log = Log(state)
    by_target: dict[str, list[Group]] = {}
    for g in groups:
        if g.target in state.countries:
            by_target.setdefault(g.target, []).append(g)
    for code in sorted(by_target):
        b = line_up(state.countries[code], by_target[code])
        if not b.attacked:
            write_back(d, b)
            continue
        captor = fight(d, b, chance)
        if b.hpi_delta:
            out.hpi_delta[code] = b.hpi_delta
        if b.spare_air:
            out.excess_air[code] = b.spare_air
        if captor is not None:
            conquerors = [g for g in b.a_army if g.player == captor and g.verb == "AC"]
            out.captured[code] = capture(d, groups, code, captor, conquerors, b.saved_hits)
        defence = []
        for name, pool in (("Army", b.d_army), ("Navy", b.d_navy), ("AirF", b.d_air)):
            sent = left = 0
            for g in pool:
                sent += b.start[id(g)]
                left += g.n
            defence.append(Cell(name, sent, sent - left))
        attackers = [*b.a_army, *b.a_navy, *b.a_air, *b.missiles]
        out.entitled[code] = report_land_combat(
            state, log, code, defence, attackers, captor, holders, owners
        )
    out.events = log.events
    return out


def line_up(c: Country, here: Sequence[Group]) -> Battle:
    """BP 9.3b: supporting forces temporarily join the defenders."""
    holder = c.controller()
    home = {
        "A": Group(holder, c.code, "A", "HOME", c.code, c.army),
        "N": Group(holder, c.code, "N", "HOME", c.code, c.navy),
        "F": Group(holder, c.code, "F", "HOME", c.code, c.air),
    }
    d_army, d_navy, d_air = [home["A"]], [home["N"]], [home["F"]]
    a_army: list[Group] = []
    a_navy: list[Group] = []
    a_air: list[Group] = []
    missiles: list[Group] = []
    side = {"AS": d_army, "NS": d_navy, "FS": d_air, "NN": a_navy}  # each group's, by verb
    side.update(dict.fromkeys(ARMY_ATTACK, a_army))
    side.update(dict.fromkeys(AIR_ATTACK, a_air))
    side.update(dict.fromkeys(MISSILE, missiles))
    for g in here:
        pool = side.get(g.verb)
        if pool is not None:
            pool.append(g)
    b = Battle(
        code=c.code,
        country=c,
        holder=holder,
        home=home,
        d_army=d_army,
        d_navy=d_navy,
        d_air=d_air,
        a_army=a_army,
        a_navy=a_navy,
        a_air=a_air,
        missiles=missiles,
        anti=c.anti,
        industry_suppressed=c.industry_suppressed,
        air_suppressed=c.air_suppressed,
    )
    b.start = {id(g): g.n for pool in (d_army, d_navy, d_air) for g in pool}
    return b


def write_back(d: Draft, b: Battle) -> None:
    """The country with its own forces after the fight, made once."""
    c = b.country
    army, navy, air = b.home["A"].n, b.home["N"].n, b.home["F"].n
    if (army, navy, air, b.anti, b.industry_suppressed, b.air_suppressed) == (
        c.army,
        c.navy,
        c.air,
        c.anti,
        c.industry_suppressed,
        c.air_suppressed,
    ):
        return
    d.countries[b.code] = but(
        c,
        army=army,
        navy=navy,
        air=air,
        anti=b.anti,
        industry_suppressed=b.industry_suppressed,
        air_suppressed=b.air_suppressed,
    )


def fight(d: Draft, b: Battle, chance: Chance) -> int | None:
    """Steps 3c-3k in one country, in the order of 9.3; the captor, if one conquers it."""
    state = d.state
    antimissiles(b, chance)
    missiles_strike(b, chance)
    att_air, def_air = air_battle(b, chance)
    excess_air(b, att_air, def_air, chance)
    navy_battle(b, chance)
    coast_defence(b, chance)
    attacked = army_battle(state, b, chance)
    if attacked and total(b.d_army) == 0:
        # BP 9.3j, 4C.6: attackers who are enemies fight each other
        attackers_fight(state, b.code, b.a_army, b.a_air, b.spare_air, chance)
    write_back(d, b)
    # BP 9.3k, 4C.1: one conquering group captures the country
    conquering = sorted({g.player for g in b.a_army if g.verb == "AC" and g.n > 0})
    if not (attacked and total(b.d_army) == 0 and conquering):
        return None
    if len(conquering) == 1:
        return conquering[0]
    return chance.choice(conquering, purpose=f"captor {b.code}")


def antimissiles(b: Battle, chance: Chance) -> None:
    """BP 9.3c, 4G.1: each AntiMissile shoots down one incoming missile, chosen at random;
    AntiMissiles used are gone, unused ones stay."""
    incoming = total(b.missiles)
    if not incoming or not b.anti:
        return
    down = min(incoming, b.anti)
    shares = share_losses([g.n for g in b.missiles], down, chance, f"ABM {b.code}")
    for g, s in zip(b.missiles, shares, strict=True):
        g.stopped += s
        g.n -= s
    b.anti -= down


def missiles_strike(b: Battle, chance: Chance) -> None:
    """BP 9.3d, 4F.1: each missile destroys 10 defending Army or suppresses 10 Industry or
    AirForce, and costs the owner 2 HPI; hits on Army beyond the defenders are saved (9.6)."""
    c = b.country
    for g in b.missiles:
        if g.n <= 0:
            continue
        if c.owner != MINOR:
            b.hpi_delta -= 2 * g.n
        if g.verb == "MA":
            want = 10 * g.n
            b.saved_hits += want - hit(b.d_army, want, chance, f"missiles {b.code}")
        elif g.verb == "MI":
            b.industry_suppressed = min(c.industry, b.industry_suppressed + 10 * g.n)
        else:
            suppress_air(b, 10 * g.n)


def suppress_air(b: Battle, n: int) -> None:
    """BP 5F.4: AirForce on the ground suppressed (not destroyed)."""
    n = min(b.home["F"].n, n)
    b.home["F"].n -= n
    b.air_suppressed += n


def air_battle(b: Battle, chance: Chance) -> tuple[int, int]:
    """BP 9.3e: AirForce against AirForce: losses about half the smaller number, shared
    about equally. The two sides' numbers as it began (for the excess of 3f)."""
    att_air, def_air = total(b.a_air), total(b.d_air)
    if att_air and def_air:
        losses = rround(min(att_air, def_air), 2, chance, f"air losses {b.code}")
        a_share = rround(losses, 2, chance, f"air split {b.code}")
        hit(b.a_air, a_share, chance, f"air {b.code}")
        hit(b.d_air, losses - a_share, chance, f"air {b.code}")
    return att_air, def_air


def excess_air(b: Battle, att_air: int, def_air: int, chance: Chance) -> None:
    """BP 9.3f: the excess (the difference of the two sides as 3e began) gets about half its
    number in hits: the defenders' on attacking Army, Navy, AirForce in that order; the
    attackers' on the targets they were sent against, shared by each group's size."""
    code = b.code
    if def_air > att_air:
        hits = rround(def_air - att_air, 2, chance, f"excess defending air {code}")
        purpose = f"excess air {code}"
        for pool in (b.a_army, b.a_navy, b.a_air):
            if hits <= 0:
                break  # nothing left to hit with (hit would take nothing and draw nothing)
            hits -= hit(pool, hits, chance, purpose)
        return
    if att_air <= def_air:
        return
    excess = att_air - def_air
    for g in b.a_air:
        share = rround(excess * g.sent, att_air, chance, f"excess share {code}")
        air_strike(b, g, rround(share, 2, chance, f"excess air {g.verb} {code}"), chance)


def air_strike(b: Battle, g: Group, hits: int, chance: Chance) -> None:
    """BP 4E.3, 5F.3, 5F.4: an attacking AirForce group's hits on its target."""
    c, code = b.country, b.code
    if g.verb == "FA":
        done = hit(b.d_army, hits, chance, f"air on army {code}")
        if hits > done and g.n:
            # 9.3j, 9.6: AirForce more than enough for the Army fights on
            b.spare_air[g.player] = b.spare_air.get(g.player, 0) + (hits - done)
    elif g.verb == "FN":
        hit(b.d_navy, hits, chance, f"air on navy {code}")
    elif g.verb == "FF":
        # BP 5F.4: each unstopped AirForce suppresses about half an AirForce
        suppress_air(b, hits)
    else:
        # BP 5F.3: ... or about half an Industry
        b.industry_suppressed = min(c.industry, b.industry_suppressed + hits)


def navy_battle(b: Battle, chance: Chance) -> None:
    """BP 9.3g, 4D.3: attacking Navy against defending Navy, about half their number in
    hits on each other."""
    att_navy, def_navy = total(b.a_navy), total(b.d_navy)
    if att_navy and def_navy:
        to_def = rround(att_navy, 2, chance, f"navy {b.code}")
        to_att = rround(def_navy, 2, chance, f"navy {b.code}")
        hit(b.d_navy, to_def, chance, f"navy {b.code}")
        hit(b.a_navy, to_att, chance, f"navy {b.code}")


def coast_defence(b: Battle, chance: Chance) -> None:
    """BP 9.3h, 4D.4: the defending Navy strikes armies coming from the sea."""
    from_sea = [g for g in b.a_army if g.from_sea]
    if from_sea and total(b.d_navy):
        hits = rround(total(b.d_navy), 2, chance, f"coast {b.code}")
        hit(from_sea, hits, chance, f"coast {b.code}")


def army_battle(state: GameState, b: Battle, chance: Chance) -> bool:
    """BP 4C.6: the armies fight; several attackers are totalled. BP 1B (ruling R-C3): if
    the holder has declared one of the attacking players an ally, his side is counted at
    BETRAYAL (nine tenths) of its number in this fight. True if armies attacked."""
    att, dfd = total(b.a_army), total(b.d_army)
    if not att:
        return False
    betrayed = b.holder != MINOR and any(
        state.player(b.holder).declared.get(g.player) == "A" for g in b.a_army if g.n > 0
    )
    a_loss, d_loss = army_losses(
        att, dfd, chance, f"army {b.code}", handicap=BETRAYAL if betrayed else (1, 1)
    )
    hit(b.a_army, a_loss, chance, f"army losses {b.code}")
    hit(b.d_army, d_loss, chance, f"army losses {b.code}")
    return True


def attackers_fight(
    state: GameState,
    code: str,
    a_army: list[Group],
    a_air: list[Group],
    spare: Mapping[int, int],
    chance: Chance,
) -> None:
    """BP 9.3j, 4C.6: with the defenders gone, attacking Army and AirForce of players who are
    enemies fight each other, each getting about half its number in hits shared among the
    enemy groups, until no enemies are left among them (ruling R-C2: at most 20 rounds)."""
    fighters = [g for g in a_army if g.n > 0]
    fighters += [g for g in a_air if g.verb == "FA" and g.n > 0 and spare.get(g.player)]
    for round_ in range(ATTACKER_ROUNDS):
        live = [g for g in fighters if g.n > 0]
        players = sorted({g.player for g in live})
        if not any(state.enemies(p, q) for p in players for q in players if p < q):
            return
        damage = _round_damage(state, code, live, players, round_, chance)
        for q, h in sorted(damage.items()):
            hit([g for g in live if g.player == q], h, chance, f"attackers {code}")


def _round_damage(
    state: GameState,
    code: str,
    live: Sequence[Group],
    players: Sequence[int],
    round_: int,
    chance: Chance,
) -> dict[int, int]:
    """One round of 9.3j: each player's hits (half his number) shared among his enemies."""
    damage: dict[int, int] = {}
    for p in players:
        mine = sum(g.n for g in live if g.player == p)
        foes = [q for q in players if state.enemies(p, q)]
        if not foes:
            continue
        hits = rround(mine, 2, chance, f"attackers {code} round {round_}")
        weights = [sum(g.n for g in live if g.player == q) for q in foes]
        got = share_losses(weights, min(hits, sum(weights)), chance, f"attackers {code}")
        for q, h in zip(foes, got, strict=True):
            damage[q] = damage.get(q, 0) + h
    return damage
