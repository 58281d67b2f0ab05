#!/usr/bin/env python3
"""Writes a hard log for `puzzle-lab cluedo deduce`: a random deal for PLAYERS seats, TURNS suggestions by the other
seats (whose shown cards seat 0 never sees: every refutation stays an open "one of three"), no accusation.
Usage: cluedo-log.py PLAYERS TURNS SEED > log.json"""
import json, random, sys

players, turns, seed = (int(a) for a in sys.argv[1:4])
rng = random.Random(seed)
env = [rng.randrange(0, 6), rng.randrange(6, 12), rng.randrange(12, 21)]
rest = [c for c in range(21) if c not in env]
rng.shuffle(rest)
hands = [[] for _ in range(players)]
for i, c in enumerate(rest):
    hands[i % players].append(c)
log = {"players": players, "me": 0, "hand": sorted(hands[0]), "hand_sizes": [len(h) for h in hands], "turns": []}
for t in range(turns):
    by = 1 + t % (players - 1)
    s = [rng.randrange(0, 6), rng.randrange(6, 12), rng.randrange(12, 21)]
    shown_by = None
    for k in range(1, players):
        seat = (by + k) % players
        if any(c in hands[seat] for c in s):
            shown_by = seat
            break
    turn = {"by": by, "suggest": s, "shown_by": shown_by}
    if shown_by == 0:
        turn["card"] = next(c for c in s if c in hands[0])
    log["turns"].append(turn)
print(json.dumps(log))
