"""Builds the DocC site of every package with the toolchain's own docc; see Scripts/docs."""
