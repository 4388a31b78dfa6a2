#!/usr/bin/env python3
"""A Clue agent for cluedo-engine's process protocol (docs/agent-protocol.md), standard library only.

It plays by elimination: a card is out of the envelope when it is in its hand, face up, or was
shown to it. It suggests cards still in (at random, from the request's seed), shows a random
option when it must refute, and accuses once one card of each category is left: it asks for the
"certain" extension, so that the engine counts it certain when it accuses. On a board it uses the
"move" extension: its pawn heads for the nearest room whose card may be in the envelope.

Run it in a tournament:
  cluedo simulate --agent-cmd elim="python3 examples/agents/elimination_agent.py" --agents elim,deductive
"""
import json
import random
import sys


def deck_of(game):
    """The categories of the game's deck, in order, each a list of card names."""
    deck = game.get("deck")
    if deck is None:  # the classic deck, as docs/game-log.md defines it
        deck = {
            "suspects": ["Miss Scarlet", "Colonel Mustard", "Mrs. White", "Mr. Green", "Mrs. Peacock", "Professor Plum"],
            "weapons": ["Candlestick", "Knife", "Lead Pipe", "Revolver", "Rope", "Wrench"],
            "rooms": ["Kitchen", "Ballroom", "Conservatory", "Dining Room", "Billiard Room", "Library", "Lounge", "Hall", "Study"],
        }
    return list(deck.values())


def still_possible(game):
    """Per category, the cards that may still be in the envelope."""
    out = set(game.get("myHand", [])) | set(game.get("faceUp", []))
    for event in game.get("events", []):
        if event.get("shown") and event.get("by") == game.get("me"):
            out.add(event["shown"])
    return [[card for card in category if card not in out] for category in deck_of(game)]


def decide(request):
    rng = random.Random(request["seed"])
    game = request["game"]
    kind = request["type"]
    if kind == "suggest":
        possible = still_possible(game)
        cards = [rng.choice(cards or category) for cards, category in zip(possible, deck_of(game))]
        if request.get("room"):  # on a board the suggestion names the room the pawn is in
            cards[-1] = request["room"]
        return {"cards": cards}
    if kind == "refute":
        return {"show": rng.choice(request["options"])}
    if kind == "move":  # the "move" extension, asked for in the hello: which room to head for
        steps = request["steps"]  # the rooms reachable from here, by the steps it takes
        here = None if request["summoned"] else request["at"]  # staying is allowed after a summons only
        rooms = [room for room in still_possible(game)[-1] if room in steps and room != here]
        rooms = rooms or [room for room in steps if room != here]
        return {"room": min(rooms, key=lambda room: (steps[room], room))}
    if kind == "accuse":
        possible = still_possible(game)
        if all(len(cards) == 1 for cards in possible):
            return {"accuse": [cards[0] for cards in possible]}
        return {"accuse": None}
    raise ValueError("unknown request " + kind)


def main():
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "hello":
            reply = {"type": "hello", "protocol": 1, "name": "elimination", "version": "1.0", "extensions": ["move", "certain"]}
        elif request["type"] == "end":
            continue  # a learning agent would study request["game"], the full record
        else:
            reply = {"id": request["id"], **decide(request)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
