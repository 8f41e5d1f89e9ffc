"""quiver's tiny configurations: for each game a parameter set whose whole tree is small
enough for tabular methods: CFR and an exact exploitability in seconds to minutes in pure
Python (examples/python/cfr.py; OpenSpiel's cfr.py and exploitability.py likewise). Each keeps
what its game hides (docs/python.md, "Tiny configurations", says what each is, its size and
the exploitability CFR reaches). Each is cut by max_game_length, with the ranks at the cut as
its returns (truncated_returns=ranks):

- three-arrows: a late position (the game's `start`, OpenSpiel's start_at) with covered pieces
  and the die, for five more decisions (max_game_length);
- concardia: 8-card decks dealt by chance (seven to each hand), the secret starting cards, the
  coin, and the first player's first action, which wins if it captures (target=1);
- evons: 7-card decks for six turns, from p2's second turn (its card's first ability) on for ten
  decisions, the draws of the turns to come dealt by chance;
- arrow-party: three players on 9 x 9 for two rounds, from the second round's start: the secret
  items, throws and directions of six decisions.

    game = quiver.tiny.load("evons")
"""
from .game import load_game

CONFIGS = {
    "three-arrows": (
        "three-arrows",
        "start=2244,4640,8196,6531,4193,6348,4121,8204,1163,1192,8195,852,1122,4930,2211,1357,"
        "2904,1089,2330,979,8218,987,29,1490,1061,1233,301,336,428,968,555,393,9939,"
        "max_game_length=38,truncated_returns=ranks"),
    "concardia": (
        "concardia",
        "deck1=striker-r,striker-r,guard-p,guard-p,scout-s,scout-s,lancer-r,lancer-r,"
        "deck2=striker-s,striker-s,guard-r,guard-r,scout-p,scout-p,lancer-p,lancer-p,"
        "target=1,max_game_length=3,truncated_returns=ranks"),
    "evons": (
        "evons",
        "deck1=spark-mite,spark-mite,seedling,tide-sprite,seedling,tide-sprite,spark-mite,"
        "deck2=spark-mite,seedling,tide-sprite,spark-mite,tide-sprite,seedling,seedling,"
        "max_turns=6,start=3,3,9,9,9,3,9,12,12,12,2,3,12,4,3,9,9,12,0,3920,4487,12,1203,"
        "max_game_length=10,truncated_returns=ranks"),
    "arrow-party": (
        "arrow-party",
        "players=3,size=9,rounds=2,stars=0,skulls=0,start=4,5,3,6,7,8,12,17,16,23,19,20,28,27,"
        "29,30,38,38,32,33,39,30,30,31,40,40,40,32,35,40,31,40,32,33,38,40,40,40,40,35,39,40,"
        "38,31,40,40,37,36,40,40,37,33,40,40,40,40,36,40,34,40,40,30,40,40,36,40,40,40,40,39,"
        "37,40,40,33,40,40,39,40,40,40,40,40,40,31,40,40,40,34,40,40,40,35,34,40,40,40,37,32,"
        "35,36,34,40,8,4096,3,4096,0,4096,4103,4104,4105,1,5,2,4,5,4,4166,4166,4165,0,0,1,2,"
        "11,10,9,13,14,15,22,18,21,25,24,26,max_game_length=18,truncated_returns=ranks"),
}


def params(name):
    """The game's name and parameter text of the tiny configuration of game `name`."""
    if name not in CONFIGS:
        raise KeyError("no tiny configuration of %r: the games are %s"
                       % (name, ", ".join(sorted(CONFIGS))))
    return CONFIGS[name]


def load(name):
    """The tiny configuration of game `name` ("three-arrows", "concardia", "evons",
    "arrow-party")."""
    game, text = params(name)
    return load_game(game, text)
