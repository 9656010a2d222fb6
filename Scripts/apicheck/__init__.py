"""Compares the public API of every library package with the baselines committed in API/; see Scripts/check-api."""
