"""quiver's small games: for each game a configuration that starts at the initial state (its
history empty), keeps hidden information from the first move (half of THREE ARROWS' decision
states share their information set with another, most of the others'), and is small enough
that CFR+ solves it to exploitability 1e-4 in seconds (quiver.solve, predictive);
docs/python.md, "Small games", gives each one's tree and its value, each seat's expected return
under equilibrium, which python/tests/test_small.py pins to four decimals.

The games' rules are unchanged: what makes them small is data, a variant file of few pieces or
items (python/quiver/variants/, docs/variants.md), and the API's own cut, max_game_length with
the ranks at the cut as the returns (truncated_returns=ranks):

- three-arrows: two Crosses and two Saltires (four diagonal arrows) a player, each of which may
  be placed covered, no shield and no bonus piece, for four decisions (each player's first two
  placements, an uncovering, or an attack where two pieces touch); what a covered piece is
  stays hidden;
- concardia: the deal by chance from two 8-card decks (seven cards to each hand), the secret
  starting cards, the coin, and the first player's first action, which wins if it captures
  (target=1): quiver.tiny's configuration, which starts at the initial state already;
- evons: one seedling among blocks, which no hand plays (six cards for p1, five for p2), dealt
  by chance, for three decisions: the two mulligans and the first player's first hand play, the
  cut coming before the second player can answer;
- arrow-party: three players, the item cards dealt in table order (shuffle=false: each holds
  an x2 and a reverse, and a half, the third player a minus5 instead), for six decisions: the
  secret item uses of the first round, each player's revealed only once all are ready, and the
  secret throws.

    game = quiver.small.load("three-arrows")
"""
import os

from .game import load_game
from .tiny import CONFIGS as _TINY

VARIANTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "variants")


def _variant(name):
    path = os.path.join(VARIANTS, name)
    if "," in path or "=" in path:
        raise ValueError("quiver.small: the package's folder %r holds ',' or '=', which a "
                         "parameter text cannot carry: install the package elsewhere" % VARIANTS)
    return "variant=" + path


CONFIGS = {
    "three-arrows": ("three-arrows", lambda: _variant("small-three-arrows.json")
                     + ",max_game_length=4,truncated_returns=ranks"),
    "concardia": ("concardia", lambda: _TINY["concardia"][1]),
    "evons": ("evons", lambda: "deck1=seedling" + ",block-nature" * 5 + ",deck2=seedling"
              + ",block-nature" * 4 + ",max_game_length=3,truncated_returns=ranks"),
    "arrow-party": ("arrow-party", lambda: _variant("small-arrow-party.json")
                    + ",players=3,size=9,rounds=2,stars=0,skulls=0,shuffle=false,"
                    "ground=e5:reverse,max_game_length=6,truncated_returns=ranks"),
}


def params(name):
    """The game's name and parameter text of the small configuration of game `name`."""
    if name not in CONFIGS:
        raise KeyError("no small configuration of %r: the games are %s"
                       % (name, ", ".join(sorted(CONFIGS))))
    game, text = CONFIGS[name]
    return game, text()


def load(name):
    """The small configuration of game `name` ("three-arrows", "concardia", "evons",
    "arrow-party")."""
    game, text = params(name)
    return load_game(game, text)
