"""Random playouts through the Python package, step for step what bench/spiel_playouts.c does
in C (docs/history/benchmarks-5.md, "The spiel API from C and from Python"): whose turn it is,
then the legal ids listed, one drawn uniformly and applied, or a chance outcome drawn by its
probability and applied (State.apply_chance_sample). With --info, the seat to move's information
state string is asked at every decision as well, as a CFR or an IS-MCTS asks for its key; with
--tensor, its information state tensor, as a learner asks for its input; with --once, the string
at the first decision of each game only (what asking costs the steps after it). --games N does a
fixed work, for timing the whole process beside the C loop's.

    PYTHONPATH=build/python python3 bench/spiel_playouts.py [--info | --tensor | --once] [SECONDS | --games N] [GAME [PARAMS]]
"""
import sys
import time

import quiver


FLAGS = {"": "", "info": " (--info)", "tensor": " (--tensor)", "once": " (--once)"}


def run(name, params, seconds, ngames=0, ask=""):
    game = quiver.load_game(name, params)
    random = __import__("random").Random(1).random
    steps = games = longest = 0
    start = time.perf_counter()
    end = start + seconds
    while games < ngames if ngames else time.perf_counter() < end:
        state = game.new_initial_state()
        first = steps
        info = ask in ("info", "once")
        while True:
            who = state.current_player()
            if who == quiver.TERMINAL_PLAYER_ID:
                break
            u = random()
            if who == quiver.CHANCE_PLAYER_ID:
                state.apply_chance_sample(u)
            else:
                legal = state.legal_actions()
                if info:
                    state.information_state_string(who)
                    info = ask == "info"
                elif ask == "tensor":
                    state.information_state_tensor(who)
                state.apply_action(legal[int(u * len(legal))])
            steps += 1
        games += 1
        longest = max(longest, steps - first)
    t = time.perf_counter() - start
    print("%s%s%s%s: %.0f steps/s, %.1f steps per game, the longest %d (%d games in %.2f s)"
          % (name, " " if params else "", params, FLAGS[ask], steps / t,
             steps / games, longest, games, t))


def main():
    args = sys.argv[1:]
    ask = next((a[2:] for a in args if a in ("--info", "--tensor", "--once")), "")
    args = [a for a in args if a not in ("--info", "--tensor", "--once")]
    ngames = 0
    if args[:1] == ["--games"]:
        ngames = int(args[1])
        args = args[2:]
        seconds = 0
    else:
        seconds = float(args.pop(0)) if args else 1.0
    if args:
        run(args[0], args[1] if len(args) > 1 else "", seconds, ngames, ask)
    else:
        for name in quiver.games():
            run(name, "", seconds, ngames, ask)


if __name__ == "__main__":
    main()
