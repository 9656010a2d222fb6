"""The `--scale` simulation of Scripts/measure-builds: the real networking replicated K times, N real features."""
