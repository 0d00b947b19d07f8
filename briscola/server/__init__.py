"""The LAN server, ``briscola serve``: a lobby of tables over TCP (floor 7).

``config`` holds the settings, ``lobby`` the connections and the lobby's
requests (:class:`Server`), ``table`` a table's seats, spectators, matches
and records, ``seat`` a seat whose connection may come and go, and ``pool``
the process pool where the built-in bots think.  Every seat speaks the bot
protocol of :mod:`briscola.protocol` over a TCP link, and every match is
played by the one table loop, :func:`briscola.table.play_match`.
"""
