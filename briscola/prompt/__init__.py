"""The person at the prompt: ``briscola play`` (floor 6).

``view`` turns what the person's seat has seen into lines of text, ``entry``
reads what they type, ``console`` is the terminal (prompt-toolkit) or a plain
pipe, ``person`` is the seat's :class:`~briscola.players.Player`, and ``app``
arranges a table of bots around it.
"""
