"""Compares the public API of every library package with the text listings committed in Tests/API/.

See Scripts/check-api.
"""
