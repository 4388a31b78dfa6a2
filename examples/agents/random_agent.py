#!/usr/bin/env python3
"""The smallest agent for cluedo-engine's process protocol (docs/agent-protocol.md): it suggests one
random card of each category (the room it is given on a board), shows a random card when it must
refute, and never accuses. Standard library only; every choice comes from the request's seed.

  cluedo simulate --agent-cmd mine="python3 examples/agents/random_agent.py" --agents mine,deductive
"""
import json
import random
import sys

CLASSIC = {
    "suspects": ["Miss Scarlet", "Colonel Mustard", "Mrs. White", "Mr. Green", "Mrs. Peacock", "Professor Plum"],
    "weapons": ["Candlestick", "Knife", "Lead Pipe", "Revolver", "Rope", "Wrench"],
    "rooms": ["Kitchen", "Ballroom", "Conservatory", "Dining Room", "Billiard Room", "Library", "Lounge", "Hall", "Study"],
}

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        reply = {"type": "hello", "protocol": 1, "name": "random"}
    elif request["type"] == "end":
        continue
    else:
        rng = random.Random(request["seed"])
        reply = {"id": request["id"]}
        if request["type"] == "suggest":
            categories = list(request["game"].get("deck", CLASSIC).values())
            reply["cards"] = [rng.choice(cards) for cards in categories]
            if request.get("room"):
                reply["cards"][-1] = request["room"]
        elif request["type"] == "refute":
            reply["show"] = rng.choice(request["options"])
        else:
            reply["accuse"] = None
    print(json.dumps(reply), flush=True)
