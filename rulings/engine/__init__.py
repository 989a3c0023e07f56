"""Tableside's rules engine: pure Python, no Django. See docs/architecture.md."""
