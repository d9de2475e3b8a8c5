"""World Wide Battle Plan (the WW section of battle-plan.md): the world map and its variants.

``geography`` reads the reconstructed world map (data/world.toml); ``powers1939`` the 1939
powers and their original spaces (data/world1939.toml). Rulings:
docs/rulings/battleplan-world.md.
"""
