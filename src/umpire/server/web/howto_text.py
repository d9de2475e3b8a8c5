"""The "How to play" pages' own text: each game's turn, orders and printout, in our words.

Nothing here is copied from a rulebook: it summarises what the rules say a player does, in
plain sentences of our own (an order's notation is quoted as the player types it). Each
section names the rule ids it explains (ids of the rule index: ``BP 8``, ``COTW 4A``), so that
a message citing "section 8" or "rule 4A" can point at the part of the page that explains it.
The text is a small Markdown (:mod:`umpire.server.web.markdown`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Part:
    """One section of a game's page: its anchor, heading, the rule ids it explains, text."""

    anchor: str
    title: str
    rules: tuple[str, ...]
    text: str


def ids(text: str) -> tuple[str, ...]:
    """Rule ids written in one string, separated by spaces."""
    return tuple(text.split())


BATTLEPLAN = (
    Part(
        "game",
        "The game",
        ("1A", "1B", "2A", "2B", "2C", "2D", "3A", "3B"),
        """
Each player runs one or more countries of a map of land spaces (countries) and sea spaces.
Countries you occupy pay you Dollars every turn; with them you build forces, pay for
research and spread propaganda. Every other country starts as a *minor* with a little
Industry of its own. Each country also keeps a *popularity* figure per player: how its people
feel about you, which matters when you try to hold it.

There are five kinds of force: **Army**, **Navy**, **AirForce**, **Industry** (which builds
the others), besides Missiles and AntiMissiles. When the game ends depends on the scenario
(our rulings below say how each one ends); the printout of the last turn names the result.
""",
    ),
    Part(
        "turn",
        "A turn",
        (
            "9.1",
            "9.2",
            "9.3a",
            "9.3k",
            "9.4",
            "9.5",
            "9.6",
            "9.7",
            "9.8",
            "7",
            "10",
            "11",
            "12A",
            "12B",
            "12C",
            "12D",
            "12E",
            "13A",
            "13B",
        ),
        """
Every player sends orders for the turn; then everything happens at once, in a fixed order:

1. forces that were told to move arrive;
2. Industry builds the new forces;
3. land combat: armies meeting at a border fight first, then air combat, navies, and the
   conquest of a country whose defending Army is gone;
4. sea combat;
5. survivors of attacks go home, and armies whose home was taken strike back;
6. forces that can no longer stay in a lost country leave it;
7. every player collects the income of the countries they hold.

Orders you do not give are not lost: **default builds** say how Industry builds where you
gave no build order, and **standing orders** (an order with `/1/` … `/5/` in front) repeat
every turn while they are legal. Some combinations are refused: attacking your own country,
attacking and supporting the same country with the same force, or two orders that differ
only by their number (add the numbers into one order instead).
""",
    ),
    Part(
        "orders",
        "Orders",
        ("8", "4A", "4B", "4C.1", "5A", "5B", "5C", "5D", "5E", "16"),
        """
Orders are short codes separated by spaces. `@XXX` starts the orders of the space `XXX`
(three letters: `@TU` for Turkey, `@BLA` for the Black Sea); the codes after it are that
space's orders until the next `@`.

- **Diplomacy**: `2E` declares player 2 an enemy, `4A` player 4 an ally.
- **Conquer**: `AC20BU` sends 20 Army to take Bulgaria.
- **Attack**: the first letter is the force that attacks, the second the force it aims at:
  `FA8BU` is 8 AirForce attacking Bulgaria's Army, `NN10BU` 10 Navy attacking its Navy.
- **Transfer**: `AT5BLA` moves 5 Army to the Black Sea.
- **Build**: `BA6 BN2` builds 6 Army and 2 Navy with the space's Industry.
- **Research and propaganda**: `RA10` spends $10 on Army research (it raises your Army
  multiplier from next turn), `P5BU` $5 of propaganda in Bulgaria.
- **Messages**: `MSG 3: text` sends a signed message to player 3, where the game allows it.

A code that is not one of these is refused on its own; the rest of your orders stand.
""",
    ),
    Part(
        "printout",
        "Your printout",
        ("14", "6A", "6B", "6C", "6D"),
        """
The printout of each turn reads from the top:

- **Due**: the turn whose orders are due (or the result, once the game is over);
- **Game … Turn … Player [n]**: the scenario, the turn and your player number and power;
- **Spies, CounterSpies, Dollars**: what you hold;
- **Defaults**: your default builds, as proportions;
- **Allies, Enemies, Permits**: your declarations in force; then who declared you an ally and
  the enemies other players have declared;
- **Multipliers**: for each kind of force (and Spies, CounterSpies), how many hundredths of
  one a unit of Industry (or a Dollar) makes; research raises them;
- **Sharing, Shared with you**: whose spies you share, and who shares theirs with you;
- in the World Wide scenarios, what you need to win;
- **Forces under your control**: a line for each of your countries and seas (Army, Navy,
  AirForce, Industry and the rest; a `*` marks a minor you control), then a **Total** line;
- your **standing orders**, space by space (`@TU /1/AC5BU`);
- **Player / Occupied Countries**: every player and the countries they occupy;
- the spaces and seas, with what you know of them;
- **Visible forces of all players**: what your spies and your forces let you see;
- the turn's reports: **Land combat**, **Sea combat**, **Spies caught** and the
  **Messages** sent to you.
""",
    ),
)

DIPLOMACY = (
    Part(
        "game",
        "The game",
        (),
        """
Seven great powers (six in 1939 III) share Europe. Some provinces are *supply centres*: a power may keep one
army or fleet for each centre it owns. Whoever owns more than half of all centres wins;
otherwise the players may agree to end the game as a draw.
""",
    ),
    Part(
        "turn",
        "A turn",
        (),
        """
Each year has a spring and an autumn. In each season every player writes orders for all of
their units at once; they are revealed and carried out together. A unit pushed out of its
province (*dislodged*) must retreat in a short retreat phase, or is disbanded. After the
autumn, a centre belongs to the power that has a unit in it, and each power builds new units
in its empty home centres or removes units until it has as many units as centres.
""",
    ),
    Part(
        "orders",
        "Orders",
        (),
        """
One order a line. A unit is `A` (army) or `F` (fleet) and its province, by its three letter
abbreviation or full name:

- **Hold**: `F bre H`.
- **Move**: `A par - bur`; a fleet on a coast with two coasts names it: `F stp/sc - bot`.
- **Support**: `A mar S A par - bur` adds strength to another unit's move or hold.
  A support is *cut* when the supporting unit is attacked from anywhere but the province
  it supports into.
- **Convoy**: `F eng C A lon - bre`; the army writes `A lon - bre via convoy` when it must
  go by sea.
- **Retreat** (retreat phase): `A mun R kie`, or disband it.
- **Adjustments** (winter): `Build A par`, `Remove F kie`, `Waive`.

An order that cannot be read or is not allowed now is refused on its line; that unit holds.
Two orders for one unit: the last counts, and the receipt says so.
""",
    ),
    Part(
        "printout",
        "Your printout",
        (),
        """
- **the heading**: the game, the phase now to be played and whose report it is;
- **Results**: every order of every power, each with its result (moved, bounced, cut,
  dislodged, void);
- **Units**: where every unit stands now;
- **Dislodged**: units that must retreat, with the provinces they may go to;
- **Supply centres**: who owns each centre, and how many units each power may keep;
- **Adjusting units** (after the autumn): how many each power builds or removes.
""",
    ),
)

# Parts a scenario adds to its game's page: (game, scenario) -> parts.
SCENARIO_PARTS: dict[tuple[str, str], tuple[Part, ...]] = {
    ("diplomacy", "1939-iii"): (
        Part(
            "d39",
            "What 1939 III changes",
            tuple(str(n) for n in range(1, 45)),
            """
1939 III is played by six powers on a modified 1939 map, starting in the autumn of 1938;
the standard rules apply except where it says otherwise.

- **Supply points** instead of one unit per centre: each winter every home centre you own
  yields 3 SP and every other centre 2; an army or fleet costs 2 SP a year, a tank or bomber
  3. Short of SP, you must disband; with SP to spare, you may build. In the winter you may
  also give up to a fifth of your SP to other powers, unconditionally
  (`Transfer 1 SP to ITA`, with your adjustments).
- **Neutral armies** garrison the neutral centres at the start; they may be attacked and
  supported.
- **Tanks** (`T`): at most one for every two armies. Holding, supporting or making a
  one-province attack a tank counts double; it may instead move two provinces, naming the
  province it passes through (`T mun - cro via aus`), at single strength. A tank stopped on
  the way may end in the route province. Tanks are convoyed like armies.
- **Bombers** (`B`): at most one more than your armies. A bomber flies a path within its
  range and either supports a unit (`S [unit and its order]`), cuts a support (`N`) or
  bombs a centre (`R`: that centre yields 2 SP less next winter and builds nothing), and
  must land in a province you own, or one whose owner gives it leave (`Land`).
""",
        ),
    ),
}

ORIGINS = (
    Part(
        "game",
        "The game",
        ("1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "2.1", "2.2", "2.3", "NOC"),
        """
Five powers (the USA, France, Britain, the USSR and Germany) spend six turns, the years
before the war, winning influence over thirteen areas of Europe. Influence is counted in
*political factors* (PFs). Enough PFs in an area let a power put down a **Diplomatic
Understanding** marker (it stands for 5 PFs) or take **Control** of the area (after which
nobody may place PFs there). At the end, each power scores the points its National
Objectives chart gives for the Understanding and Control markers it holds; the USA scores
instead for areas where the others hold none.
""",
    ),
    Part(
        "turn",
        "A turn",
        (
            "3.1",
            "3.2",
            "3.3",
            "3.4",
            "3.5",
            "3.6",
            "4.1",
            "4.2",
            "4.3",
            "4.4",
            "4.5",
            "4.6",
            "4.7",
            "4.8",
            "5.1",
            "5.2",
            "5.3.1",
            "5.3.2",
            "5.3.3",
            "5.4",
            "6.1",
            "7.1",
            "7.2",
            "7.3",
            "BASE",
            "BONUS",
            "DCT",
        ),
        """
1. Each power receives its PFs for the turn (a fixed allowance, and bonus PFs that depend on
   the Control markers others have placed) and places them, in its home area or elsewhere.
   It may also move PFs out of its home area; PFs placed outside it stay where they are.
2. **Diplomatic conflicts**: a power may attack the PFs of one or more rivals in an area,
   once per area, with as many of its own PFs there as it chooses (an Understanding marker
   counts as 5). The umpire resolves the attacks one by one, the USA's first, then France's,
   Britain's, the USSR's and Germany's, rolling on the conflict table at the odds of the two
   sides.
3. **Markers**: Understanding and Control markers are placed, all at once. An Understanding
   needs an area your chart scores; Control needs a Control entry on your chart, no rival PFs
   or markers in the area, and at least 5 of your PFs (they are then removed). You may offer
   to share Control with a rival who could also take it.
4. **Spies**: each power may spy on one rival in one area (and on two rivals in its home
   area); the others only see *that* PFs were placed or moved, not how many.
""",
    ),
    Part(
        "orders",
        "Orders",
        (),
        """
One order a line; areas by code or name; `HOME` is your own home area.

- **Place**: `PLACE 3 POL` puts 3 of this turn's PFs in Poland.
- **Move**: `MOVE 2 FROM HOME TO AUS` moves 2 PFs out of your home area.
- **Attack** (a diplomatic conflict): `ATTACK POL GER,USSR WITH 6` attacks the PFs of
  Germany and the USSR in Poland with 6 of yours.
- **Markers**: `UNDERSTANDING AUS`; `CONTROL POL SHARE USSR` takes Control of Poland,
  offering to share it with the USSR.
- **Spy**: `SPY POL GER` shows you Germany's holding in Poland.
""",
    ),
    Part(
        "printout",
        "Your printout",
        ("8.1", "8.2", "8.3", "8.4", "8.5"),
        """
- **the heading**: the game, whose report it is, the turn just played and the turn whose
  orders are due next;
- **PFs available**: the PFs you may place next turn, base plus bonus, and where each bonus
  comes from;
- **Map**: a line for each area with a column for each power: empty (no influence), `X`
  (PFs), `U+` (an Understanding marker and more PFs), `U` (the marker alone) or `C`
  (Control); your own figures in full, a rival's only as far as your spies saw them; then
  who moved PFs out of their home area this turn;
- **Diplomatic conflicts this turn**: every attack and its odds column, for all to read; the
  numbers only for the two sides;
- **Markers placed this turn**;
- **Orders as carried out**: each of your orders and what became of it;
- **Notes**: anything else you should know (what your spies saw, an order adjusted);
- **Final scores** once the game is over, otherwise the order notation.
""",
    ),
)

CONQUEST = (
    Part(
        "game",
        "The game",
        (),
        """
Up to six players start from a *Homeland* chosen on the world map and build a power base of
countries by alliance and by war. A player wins by reaching the target the game was set up
with, or by holding the most when the rounds run out.
""",
    ),
    Part(
        "turn",
        "A turn",
        (),
        """
At the start each player calls a number for the draw (`DIGIT`), which decides who goes
first, and chooses a Homeland. Your first alliances are with countries of your Homeland's
zone, up to your Homeland's value. Later you may buy one alliance at a time with chips (half
the country's value, in thousands), only with an unoccupied country outside the other players'
Homeland zones.

The option to attack passes around the table: the player who holds it attacks a country or
passes. Each side of a battle fights with the weapon and posture it chose: `PLANE` beats
`TANK`, `TANK` beats `SUB`, `SUB` beats `PLANE`; an aggressive posture hits harder but burns
more. Players may also make pacts with each other, and break them (a broken pact is never
renewed).
""",
    ),
    Part(
        "orders",
        "Orders",
        ids(
            "2C 3 4 4A 9 9A 9B 10 10C 11A 11B 12 12F 14D 15 15A 18 18A 18B 18C 18F 19 19A 20A "
            "20B 21C 21F"
        ),
        """
One order a line; countries by code or name. An alliance bought later, and an attack on a
country another player holds, are paid in chips (your own and, with a pact, a player ally's);
a weapon is chosen only when you fight a battle, and a weapon destroyed in a war (or lost in
the endgame's last battle) cannot be chosen again until that war (or that battle) is over.

- `DIGIT 7`: your number for the draw.
- `HOMELAND USA`: choose your Homeland.
- `ALLY CAN MEX`: ally with countries.
- `ATTACK IND`: attack a country.
- `PLANE AGGRESSIVE`: your weapon (`TANK`, `SUB`, `PLANE`) and posture (`CAUTIOUS`,
  `AGGRESSIVE`).
- `PACT BLUE` / `BREAK BLUE`: offer or break a pact with a player.
- `PASS`: nothing this turn.
""",
    ),
    Part(
        "printout",
        "Your printout",
        (),
        """
- **the heading**: the game and the turn;
- **The board**: every country, marked H (a Homeland), C (conquered), A (allied) or . (free),
  with its value in thousands;
- **Power base record and chips**: each player's Homeland, allied and conquered countries,
  and chips;
- **What happened**: the draw, every alliance, attack and battle of the turn, and pacts made
  or broken;
- **Order notation**: the orders you may write, with the rules they come from.
""",
    ),
)

SPI_WW2 = (
    Part(
        "game",
        "The game",
        (),
        """
Four to six players take the great powers of the Second World War in Europe on a hex map.
Besides the fighting, powers may make peace or grant one another rights (supply, passage).
Each power has its objectives; victory is judged on them when the game ends.
""",
    ),
    Part(
        "turn",
        "A turn",
        ("4.1", "4.2", "4.41", "4.42", "4.43"),
        """
Play goes in Game-Turns. Each Game-Turn opens with a **Diplomacy Interphase**, in which
every power may grant or withdraw permissions, send lend-lease and offer peace; then each
power in turn plays its own **Player-Turn** (a movement phase, then a combat phase), in the
scenario's fixed order. Only the power whose Player-Turn it is (and, in the Interphase,
every power) sends orders; the others are told they have nothing to give. Combat is settled
on the combat results table with the game's recorded dice.
""",
    ),
    Part(
        "orders",
        "Orders",
        (),
        """
One order a line; hexes by id (four digits, column then row: `2113`) or place name;
strength points (sp) by nationality.

- `PLACE GER 3 2113`: reinforcements.
- `MOVE GER 3 2113-2213`: land movement (`RAIL` for rail movement).
- `SHIP <nat> <sp> <port>-<port>`: naval transport (`LAND` for an invasion).
- `ATTACK 2213 WITH GER 3 2113, ITA 1 2114`: an attack and the units that make it.
- `PERMIT FRA SUPPLY`: a permission (`REFUSE` withdraws it).
- `PEACE FRA`: offer peace.
- `LENDLEASE <sp>`: lend-lease, in the Diplomacy Interphase.
- `PASS`: nothing this phase.
""",
    ),
    Part(
        "printout",
        "Your printout",
        (),
        """
- **the heading**: the game and whose report it is, then the phase now to be played and the
  Game-Turn after which the game ends;
- **Orders due**: which powers order in this phase and what it takes (if you are not among
  them, the printout says you have nothing to give);
- **a note** on the rules that run on our provisional two-player core (see our rulings);
- **Events**: what happened in the phase just played (moves, combats with their rolls,
  politics);
- **Politics**: wars, invasions, who operates each minor country, permissions, the US entry;
- **your means**: what you may still place and ship this Game-Turn;
- **Units**: the strength points on the map, as far as you may see them;
- **Victory**: the objectives and where each power stands.
""",
    ),
)

PARTS: dict[str, tuple[Part, ...]] = {
    "battleplan": BATTLEPLAN,
    "diplomacy": DIPLOMACY,
    "origins": ORIGINS,
    "conquest": CONQUEST,
    "spi-ww2": SPI_WW2,
}

# The rulings files (under docs/rulings) of each game and, where a scenario adds its own,
# each scenario's: (game, scenario or "") -> file names.
RULINGS: dict[tuple[str, str], tuple[str, ...]] = {
    ("battleplan", ""): ("battleplan.md",),
    ("battleplan", "equal"): ("battleplan.md", "battleplan-world.md"),
    ("battleplan", "anonymous"): ("battleplan.md", "battleplan-world.md"),
    ("battleplan", "1939"): ("battleplan.md", "battleplan-world.md"),
    ("battleplan", "south-america"): ("battleplan.md", "battleplan-world.md"),
    ("battleplan", "real"): ("battleplan.md", "battleplan-world.md"),
    ("diplomacy", ""): ("diplomacy.md",),
    ("diplomacy", "1939-iii"): ("diplomacy.md", "diplomacy-1939-iii.md"),
    ("origins", ""): ("origins.md",),
    ("conquest", ""): ("conquest.md",),
    ("spi-ww2", ""): ("spi-ww2.md",),
}
