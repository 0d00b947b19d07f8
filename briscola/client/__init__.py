"""The LAN client, ``briscola join`` (floor 7).

``session`` is the connection (handshake, lobby requests, reconnects with
the token), ``lobby`` the lobby at the prompt, ``seat`` turns a seat's
messages back into the calls of a Player, ``play`` seats the person of
``briscola play`` (:class:`~briscola.prompt.person.Person`) at a LAN table,
``relay`` seats an external bot program, and ``run`` reads the options.
"""
