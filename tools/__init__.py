"""Build, serve and benchmark helpers for the web version (run as scripts)."""
