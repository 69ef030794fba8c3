"""Tools built on play: scenarios, saves, simulation and the balance report, the read-back,
odds, the playability and setup checks, the one-line position.
"""
