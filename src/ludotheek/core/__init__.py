"""The game protocol, the registry, the seeded generator and game records."""
