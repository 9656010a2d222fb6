"""Compares the public API of every library package with the baselines committed in Tests/API/.

See Scripts/check-api.
"""
