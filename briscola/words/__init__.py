"""Every sentence a person reads, in every language the program speaks.

The words own the i18n mechanism (:mod:`.i18n`: whole sentences with the
person, number and gender as forms), one catalog file per language
(:mod:`.en`, :mod:`.de`, :mod:`.it`, :mod:`.es`, :mod:`.pt`, each every
message of the program: the table, its help, the lobby, the replay, the
review, the rules), the code that puts those sentences together for each
screen (:mod:`.table`, :mod:`.lobby`, :mod:`.replay_text`, :mod:`.review`,
:mod:`.rules_text`), the words a person types in any language
(:mod:`.answers`), and :func:`.text.printable`, which makes others' text safe
to show.

Floor 4: just above the engine.  It imports only the engine's cards and
table rules (the names and the letters of the cards, the teams of a table),
so that a new language is one new file here and nothing else changes.
"""
