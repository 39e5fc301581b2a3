"""Cubitos: a push-your-luck dice-building race (rules engine, headless)."""
