"""The JSON-lines protocol (PROTOCOL.md, version 1): external programs as Players.

Floor 6.  :mod:`.framing` cuts bytes into lines, :mod:`.messages` reads and
builds messages, :mod:`.process` runs a bot program and cleans up after it,
:mod:`.host` makes it a :class:`~briscola.players.Player`, :mod:`.bot_side`
is the other end (``briscola bot``), :mod:`.check` is ``briscola check-bot``
and :mod:`.bench` measures the whole path.
"""

PROTOCOL_VERSION = 1

__all__ = ["PROTOCOL_VERSION"]
