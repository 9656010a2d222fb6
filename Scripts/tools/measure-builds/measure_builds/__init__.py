"""Helpers for Scripts/measure-builds: clean, incremental and naive-baseline build measurements."""
