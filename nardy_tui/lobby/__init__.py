"""The lobby server: players meet, play refereed matches through it, and watch them."""
