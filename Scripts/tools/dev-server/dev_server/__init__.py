"""Local HTTP backend for the networking packages: token API, Stack Exchange stand-in, CDN, faults."""
