"""A stand-in for absl (not a Debian package here): absl.logging, which OpenSpiel's MCTS and
IS-MCTS call."""
