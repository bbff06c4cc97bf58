"""Front-end Python: the interaction model and its words (no browser imports here
except in ``web/page/main.py``, the page's entry point)."""
