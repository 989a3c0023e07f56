"""A game plug-in that cannot be imported (its engine is being written): it must hide no other game."""

raise ImportError("the Broken game is being written")
