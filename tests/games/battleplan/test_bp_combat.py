"""Land and sea combat of section 9 step 3 and 4, with the results of 4C.6, 13A, 13B."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import Down, Up, at_sea, edit, edit_player, game, play
from umpire.core.chance import ScriptedChance, SeededChance
from umpire.games.battleplan.groups import Group
from umpire.games.battleplan.losses import army_losses, hit


@pytest.mark.rule("BP 4C.6")
def test_losses_on_one_live_group_need_no_draw() -> None:
    live, gone = Group(1, "TU", "A", "AC", "BU", 5), Group(1, "TU", "A", "AC", "BU", 0)
    assert hit([gone, live], 3, ScriptedChance([]), "t") == 3 and live.n == 2
    assert hit([live, gone], 9, ScriptedChance([]), "t") == 2 and live.n == 0  # all it had
    assert hit([live, gone], 4, ScriptedChance([]), "t") == 0


@pytest.mark.rule("BP 4C.6")
@pytest.mark.parametrize(("att", "dfd"), [(20, 6), (30, 12), (7, 3), (100, 99), (12, 30), (5, 9)])
def test_army_losses_are_loser_squared_over_winner(att: int, dfd: int) -> None:
    win, lose = max(att, dfd), min(att, dfd)
    low, high = divmod(lose * lose, win)
    a_down, d_down = army_losses(att, dfd, Down(), "t")
    a_up, d_up = army_losses(att, dfd, Up(), "t")
    if att > dfd:
        assert d_down == d_up == dfd  # the smaller side is destroyed
        assert a_down == low and a_up == low + (1 if high else 0)
    else:
        assert a_down == a_up == att  # the defender wins: all attackers die
        assert d_down == low and d_up == low + (1 if high else 0)


@pytest.mark.rule("BP 4C.6")
def test_equal_sides_defender_wins_with_one_or_none_left() -> None:
    assert army_losses(10, 10, ScriptedChance([1]), "t") == (10, 9)
    assert army_losses(10, 10, ScriptedChance([0]), "t") == (10, 10)


@pytest.mark.rule("BP 4C.6")
@pytest.mark.rule("BP 4C.1")
@pytest.mark.rule("BP 4C.2")
def test_several_attackers_total_and_share_losses_conquerors_stay_attackers_go_home() -> None:
    s = game()
    s = edit(s, "BU", army=20)
    s = edit(s, "BU", popularity={})
    s = edit(s, "GR", popularity={5: 50})  # TU controls GR
    s2, _events = play(s, {"TU": "@TU AC30BU @GR AB10BU"})
    # BU's 8 AirForce, unopposed, get 4 hits on the 40 attackers (9.3f); 36 against 22
    # (20 + 2 built): BU falls; losses 22²/36 = 13.4 -> 13 shared between the two groups
    bu, gr, tu = s2.countries["BU"], s2.countries["GR"], s2.countries["TU"]
    assert bu.owner == 5
    lost = (30 - bu.army) + (10 + 6 - gr.army)  # GR, a controlled minor, built 6 Army
    assert lost == 4 + 13
    assert tu.army == 20


@pytest.mark.rule("BP 4C.3")
@pytest.mark.rule("BP 9.3b")
def test_support_joins_the_defenders_and_returns() -> None:
    s = game()
    s = edit(s, "BU", popularity={5: 50})  # TU controls BU (10 Army +2 built)
    s2, _ = play(s, {"TU": "@TU AS30BU", "AL": "@AL AT1GR"})
    assert s2.countries["TU"].army == 50  # home again
    s3, _ = play(s, {"TU": "@TU AS30BU"})
    assert s3.countries["BU"].army == 16  # 10 + 6 built (a controlled minor builds Army)


@pytest.mark.rule("BP 4C.6")
@pytest.mark.rule("BP 9.3a")
def test_armies_attacking_each_other_meet_at_the_border() -> None:
    s = game(["AL", "NE", "SP", "BU", "TU"])  # BU is player [4]
    s2, events = play(s, {"TU": "@TU AB40BU", "BU": "@BU AB20TU"}, Down())
    # 40 against 20 at the border: 20 destroyed, 40 lose 400/40 = 10; 30 go on to BU
    assert any(e.kind == "border" for e in events)
    # BU's 30 AirForce, unopposed, get 15 hits (9.3f): 15 against BU's 30 defending Army;
    # the defender wins and loses 15²/30 = 7.5 -> 7
    assert s2.countries["TU"].army == 10
    assert s2.countries["BU"].army == 30 - 7


@pytest.mark.rule("BP 9.3c")
@pytest.mark.rule("BP 9.3d")
@pytest.mark.rule("BP 4F.1")
@pytest.mark.rule("BP 4G.1")
def test_antimissiles_and_missiles() -> None:
    s = game()
    s = edit(s, "TU", missiles=5)
    s = edit(s, "BU", anti=2)
    s2, _ = play(s, {"TU": "@TU MA5BU"})
    bu = s2.countries["BU"]
    # 2 shot down, 3 hit: 30 Army destroyed (BU had 12); the AntiMissiles are used up
    assert (bu.army, bu.anti, s2.countries["TU"].missiles) == (0, 0, 0)
    s = edit(s, "BU", anti=0)
    s = edit(s, "BU", industry=20)
    s = edit(s, "BU", limit=20)
    s3, _ = play(s, {"TU": "@TU MI1BU MF1BU"})
    assert s3.countries["BU"].air_suppressed >= 8  # its 8 AirForce, minus a recovery
    s4, _ = play(s, {"TU": "@TU MI2BU"})
    assert s4.countries["BU"].industry_suppressed == 20  # 10 per missile, up to all of it


@pytest.mark.rule("BP 4F.1")
@pytest.mark.rule("BP 3A")
def test_missile_hit_costs_two_hpi() -> None:
    s = game()
    s = edit(s, "TU", missiles=2)
    s2, _ = play(s, {"TU": "@TU MA2AL"})
    # -2 per hit; +1 per Industry building Dollars (AL's 30 Industry, by default)
    assert s2.countries["AL"].hpi == 100 - 2 * 2 + 30


@pytest.mark.rule("BP 9.3e")
@pytest.mark.rule("BP 9.3f")
@pytest.mark.rule("BP 4E.3")
def test_air_combat_and_excess_air() -> None:
    s = game()
    s2, _ = play(s, {"TU": "@TU FA20BU"}, Down())
    # 20 attacking against 8 defending: 4 lost, 2 each; excess 12 -> 6 hits on BU's 12 Army
    assert s2.countries["TU"].air == 30 - 2
    assert s2.countries["BU"].air == 8 - 2
    assert s2.countries["BU"].army == 12 - 6
    s3, _ = play(s, {"TU": "@TU FA4BU AC10BU"}, Down())
    # 8 defending against 4: 2 lost each side... the excess 4 defending -> 2 hits on the army
    assert s3.countries["TU"].air == 30 - 1 - 0
    assert s3.countries["BU"].owner == 0  # 8 attackers against 12: the defender wins


@pytest.mark.rule("BP 9.3g")
@pytest.mark.rule("BP 9.3h")
@pytest.mark.rule("BP 4D.4")
def test_navy_against_navy_and_against_seaborne_army() -> None:
    s = game()
    s = at_sea(s, "BLA", 5, navy=10)
    s = at_sea(s, "BLA", 5, army=20)
    s2, _ = play(s, {"TU": "@BLA NN10BU AC20BU @TU FA8BU"}, Down())
    # 10 Navy against BU's 6: 5 hits on BU, 3 on us; BU's 1 navy left: 0 hits on the army
    assert s2.countries["BU"].navy == 1
    assert s2.seas["BLA"].forces[5].navy == 7
    assert s2.countries["BU"].owner == 5  # 20 against 12 Army
    s3, _ = play(s, {"TU": "@BLA AC20BU"}, Down())
    # BU's 8 AirForce get 4 hits and its 6 Navy 3 on the seaborne army: 13 against 12
    assert s3.countries["BU"].army == 13 - 144 // 13


@pytest.mark.rule("BP 9.3j")
def test_enemy_attackers_fight_each_other() -> None:
    s = game(["AL", "NE", "SP", "RO", "TU"])  # RO is [4]
    s = edit_player(s, 5, declared={**s.player(5).declared, 4: "E"})
    s2, events = play(s, {"TU": "@TU AC40BU", "RO": "@RO AC40BU"}, SeededChance(1, "t"))
    assert s2.countries["BU"].owner in (4, 5)
    text = next(e.text for e in events if e.kind == "land_combat")
    assert "TU(Army=40-" in text and "RO(Army=40-" in text
    # the two groups fought after BU's army was destroyed: far more lost than 12²/80
    lost = (
        80
        - s2.countries["BU"].army
        - (s2.countries["TU"].army - 10)
        - (s2.countries["RO"].army - 10)
    )
    assert lost > 2


@pytest.mark.rule("BP 13B")
@pytest.mark.rule("BP 9.7")
@pytest.mark.rule("BP 4E.5")
def test_occupying_an_occupied_country() -> None:
    s = game(["AL", "NE", "SP", "BU", "TU"])
    s = edit(s, "BU", army=5)
    s = edit(s, "BU", missiles=2)
    s = edit(s, "BU", air_suppressed=4)
    s2, _ = play(s, {"TU": "@TU AC40BU"}, Down())
    bu = s2.countries["BU"]
    assert bu.owner == 5
    assert bu.navy == 0 and s2.seas["BLA"].forces[4].navy == 20  # navy to the adjacent sea
    assert bu.missiles == 2  # captured
    assert bu.air == 0
    # unsuppressed AirForce leaves (to a sea in range: BU owns nothing else)
    # (30 and the 1 of the 4 suppressed that recovered as the turn opened)
    assert sum(s2.seas[x].forces[4].air for x in s2.seas if 4 in s2.seas[x].forces) == 31
    assert bu.air_suppressed == 3  # suppressed AirForce captured
    assert bu.taxbase_suppressed == 100 and bu.industry_suppressed == 30


@pytest.mark.rule("BP 4C.5")
@pytest.mark.rule("BP 9.6")
@pytest.mark.rule("BP 9.5")
def test_counter_attack_retakes_the_country() -> None:
    s = game(["AL", "NE", "SP", "BU", "TU"])
    s2, events = play(s, {"BU": "@BU AB45GR", "TU": "@TU AC30BU FA30BU"}, Down())
    # BU keeps 5; TU's 30 (their air matching BU's) take it with all 30 left; BU's group
    # beats GR (4 hits from GR's air, 41 against 12: 3 lost) and comes back 38 against 30
    # BP 14: two groups, the conqueror's and the country's own, with losses; numbers for
    # those who held it, hold it or attacked it with Army or AirForce, types for the others
    reported = [(e.text, sorted(e.audience.members)) for e in events if e.kind == "counter_attack"]
    assert reported == [
        ("BU: [5](Army=30-30) BU(Army=38-23) Recaptured by [4]", ["BU", "TU"]),
        ("BU: [5](Army) BU(Army) Recaptured by [4]", ["AL", "NE", "SP"]),
    ]
    assert s2.countries["BU"].owner == 4
    assert s2.countries["BU"].army == 38 - (30 * 30) // 38
    assert s2.seas["BLA"].forces.get(4) is None  # navy stayed: re-conquered, no evacuation


@pytest.mark.rule("BP 9.4")
@pytest.mark.rule("BP 2D")
@pytest.mark.rule("BP 4D.5")
def test_sea_combat_shares_and_losses() -> None:
    s = game()
    s = at_sea(s, "BLA", 5, navy=16)
    s = at_sea(s, "BLA", 1, navy=8)
    s = at_sea(s, "BLA", 1, army=16)
    s2, _ = play(s, {}, Down())
    assert s2.seas["BLA"].forces[1].navy == 8  # not enemies: no fight
    s = edit_player(s, 5, declared={**s.player(5).declared, 1: "E"})
    s3, events = play(s, {}, Down())
    # [5]: 16 shots over 16 Army (weight 16) and 8 Navy (weight 16): 8 and 8 -> 8 Army, 2 Navy
    # [1]: 8 shots at 16 Navy: 8 -> 2 Navy lost
    assert s3.seas["BLA"].forces[1].army == 8
    assert s3.seas["BLA"].forces[1].navy == 6
    assert s3.seas["BLA"].forces[5].navy == 14
    assert any(e.kind == "sea_combat" for e in events)


@pytest.mark.rule("BP 13A")
def test_occupying_a_minor_captures_navy_and_suppresses_air() -> None:
    s = game()
    s2, _ = play(s, {"TU": "@TU AC40BU"}, Down())
    bu = s2.countries["BU"]
    assert (bu.owner, bu.navy, bu.air, bu.air_suppressed) == (5, 6, 0, 8)
    s3, _ = play(s2, {}, Down())
    assert (s3.countries["BU"].air, s3.countries["BU"].air_suppressed) == (2, 6)  # recovering
