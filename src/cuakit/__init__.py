"""cuakit: train computer-use agents that learn from watching screen recordings of their own work.

Layers, bottom first (a module imports only from layers below it):
``actions``/``keys``/``coords``/``errors`` → ``episodes`` → ``envs`` → ``video`` → ``reward``
→ ``agent`` → ``cli``.
"""

__version__ = "0.1.0"
