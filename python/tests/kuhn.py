"""Kuhn poker (Kuhn, 1950) written with OpenSpiel's Game and State methods, for the tests of
the project's solver (test_solve.py) and of OpenSpiel's exploitability.py through the stand-in
(test_openspiel.py): three cards, one dealt to each of two players by chance, an ante of 1,
then pass (0) or bet (1): its value for the first player is -1/18, and the uniform policy's
NashConv 11/12, OpenSpiel's own test figures."""
import quiver

PASS, BET = 0, 1


class KuhnState:
    def __init__(self, cards=(), actions=()):
        self.cards, self.actions = tuple(cards), tuple(actions)

    def current_player(self):
        if len(self.cards) < 2:
            return quiver.CHANCE_PLAYER_ID
        return quiver.TERMINAL_PLAYER_ID if self.is_terminal() else len(self.actions) % 2

    def is_chance_node(self):
        return len(self.cards) < 2

    def chance_outcomes(self):
        left = [c for c in range(3) if c not in self.cards]
        return [(c, 1.0 / len(left)) for c in left]

    def is_terminal(self):
        a = self.actions
        return a in ((PASS, PASS), (BET, PASS), (BET, BET), (PASS, BET, PASS), (PASS, BET, BET))

    def player_return(self, player):
        return self.returns()[player]

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        a = self.actions
        if a == (BET, PASS):
            return [1.0, -1.0]
        if a == (PASS, BET, PASS):
            return [-1.0, 1.0]
        pot = 2.0 if BET in a else 1.0
        win = pot if self.cards[0] > self.cards[1] else -pot
        return [win, -win]

    def legal_actions(self, player=None):
        if self.is_chance_node():
            return [c for c, _ in self.chance_outcomes()]
        return [] if self.is_terminal() else [PASS, BET]

    def information_state_string(self, player=None):
        p = self.current_player() if player is None else player
        return "%d:%s" % (self.cards[p], "".join("pb"[x] for x in self.actions))

    def child(self, action):
        if self.is_chance_node():
            return KuhnState(self.cards + (action,), self.actions)
        return KuhnState(self.cards, self.actions + (action,))

    def clone(self):
        return KuhnState(self.cards, self.actions)

    def apply_action(self, action):
        after = self.child(action)
        self.cards, self.actions = after.cards, after.actions

    def is_simultaneous_node(self):
        return False

    def history(self):
        return list(self.cards + self.actions)

    def history_str(self):
        return ", ".join(str(x) for x in self.history())

    def __str__(self):
        return self.history_str()


class KuhnGame:
    def num_players(self):
        return 2

    def num_distinct_actions(self):
        return 2

    def new_initial_state(self):
        return KuhnState()

    def get_type(self):
        T = quiver.GameType
        return T(short_name="kuhn_poker", dynamics=T.Dynamics.SEQUENTIAL,
                 utility=T.Utility.ZERO_SUM, information=T.Information.IMPERFECT_INFORMATION,
                 chance_mode=T.ChanceMode.EXPLICIT_STOCHASTIC)
