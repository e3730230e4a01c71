"""Play above the engine (layer 2): views, scoring, layouts, positions, games, the action
space, one player at a time, episodes.
"""
