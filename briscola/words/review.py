"""The sentences of ``briscola review`` (a :mod:`.i18n` catalog).

:mod:`briscola.review` values the moves; these are the words it reports them
in, with the number as a form ("about 1 point", "about 3 points").
"""

from __future__ import annotations

from typing import Final

from .i18n import Catalog, Message

__all__ = ["PHRASES"]

_EN: Final[dict[str, Message]] = {
    "intro": "Review of {label}: each legal card valued by a long search ({samples} samples "
    "a move, seed {seed}) on the seat's own information only; values are the expected "
    "round margin, the side's points minus the best other side's",
    "seat": {
        "zero": "{name} (seat {seat}): no moves",
        "one": "{name} (seat {seat}): 1 move",
        "other": "{name} (seat {seat}): {n} moves",
    },
    "trick": "trick {i}",
    "round_trick": "round {round}, trick {i}",
    "move": "  {where}: played {card}, best {best}, cost {cost} · {values}",
    "forced": "  {where}: played {card}, the only legal card",
    "exchange": "exchange",
    "the_exchange": "the exchange",
    "accuracy": {
        "one": "  Accuracy: {within} of 1 choice within a point of best ({share}); "
        "mean cost {cost} points",
        "other": "  Accuracy: {within} of {n} choices within a point of best ({share}); "
        "mean cost {cost} points",
    },
    "no_choices": "  No choices to review: every move was forced.",
    "costliest": "  The costliest moves:",
    "none_costly": "  No move cost more than a point.",
    "lead": {
        "one": "    {where}: leading {card} cost about 1 point; {best} was best",
        "other": "    {where}: leading {card} cost about {n} points; {best} was best",
    },
    "lead_unseen": {
        "one": "    {where}: leading {card} with {unseen} unseen cost about 1 point; "
        "{best} was best",
        "other": "    {where}: leading {card} with {unseen} unseen cost about {n} points; "
        "{best} was best",
    },
    "follow": {
        "one": "    {where}: playing {card} on {led} cost about 1 point; {best} was best",
        "other": "    {where}: playing {card} on {led} cost about {n} points; {best} was best",
    },
    "follow_unseen": {
        "one": "    {where}: playing {card} on {led} with {unseen} unseen cost about 1 point; "
        "{best} was best",
        "other": "    {where}: playing {card} on {led} with {unseen} unseen cost about {n} "
        "points; {best} was best",
    },
    "exchanged": {
        "one": "    {where}: the exchange cost about 1 point; {best} was best",
        "other": "    {where}: the exchange cost about {n} points; {best} was best",
    },
}

_DE: Final[dict[str, Message]] = {
    "intro": "Analyse von {label}: jede erlaubte Karte bewertet von einer langen Suche "
    "({samples} Stichproben je Zug, Startwert {seed}), nur mit dem Wissen des Platzes; "
    "Werte sind der erwartete Vorsprung der Runde, die Punkte der Partei minus die der "
    "besten anderen",
    "seat": {
        "zero": "{name} (Platz {seat}): keine Züge",
        "one": "{name} (Platz {seat}): 1 Zug",
        "other": "{name} (Platz {seat}): {n} Züge",
    },
    "trick": "Stich {i}",
    "round_trick": "Runde {round}, Stich {i}",
    "move": "  {where}: gespielt {card}, am besten {best}, Kosten {cost} · {values}",
    "forced": "  {where}: gespielt {card}, die einzige erlaubte Karte",
    "exchange": "Tausch",
    "the_exchange": "der Tausch",
    "accuracy": {
        "one": "  Genauigkeit: {within} von 1 Entscheidung höchstens einen Punkt vom besten "
        "Zug ({share}); mittlere Kosten {cost} Punkte",
        "other": "  Genauigkeit: {within} von {n} Entscheidungen höchstens einen Punkt vom "
        "besten Zug ({share}); mittlere Kosten {cost} Punkte",
    },
    "no_choices": "  Nichts zu bewerten: jeder Zug war erzwungen.",
    "costliest": "  Die teuersten Züge:",
    "none_costly": "  Kein Zug kostete mehr als einen Punkt.",
    "lead": {
        "one": "    {where}: {card} auszuspielen kostete etwa 1 Punkt; {best} war am besten",
        "other": "    {where}: {card} auszuspielen kostete etwa {n} Punkte; {best} war am besten",
    },
    "lead_unseen": {
        "one": "    {where}: {card} auszuspielen, solange {unseen} ungesehen war, kostete etwa "
        "1 Punkt; {best} war am besten",
        "other": "    {where}: {card} auszuspielen, solange {unseen} ungesehen war, kostete "
        "etwa {n} Punkte; {best} war am besten",
    },
    "follow": {
        "one": "    {where}: {card} auf {led} zu spielen kostete etwa 1 Punkt; "
        "{best} war am besten",
        "other": "    {where}: {card} auf {led} zu spielen kostete etwa {n} Punkte; "
        "{best} war am besten",
    },
    "follow_unseen": {
        "one": "    {where}: {card} auf {led} zu spielen, solange {unseen} ungesehen war, "
        "kostete etwa 1 Punkt; {best} war am besten",
        "other": "    {where}: {card} auf {led} zu spielen, solange {unseen} ungesehen war, "
        "kostete etwa {n} Punkte; {best} war am besten",
    },
    "exchanged": {
        "one": "    {where}: der Tausch kostete etwa 1 Punkt; {best} war am besten",
        "other": "    {where}: der Tausch kostete etwa {n} Punkte; {best} war am besten",
    },
}

_IT: Final[dict[str, Message]] = {
    "intro": "Analisi di {label}: ogni carta giocabile valutata da una ricerca lunga "
    "({samples} campioni a mossa, codice {seed}) con le sole informazioni del posto; i valori "
    "sono il margine atteso della smazzata, i punti della squadra meno quelli della "
    "migliore delle altre",
    "seat": {
        "zero": "{name} (posto {seat}): nessuna mossa",
        "one": "{name} (posto {seat}): 1 mossa",
        "other": "{name} (posto {seat}): {n} mosse",
    },
    "trick": "presa {i}",
    "round_trick": "smazzata {round}, presa {i}",
    "move": "  {where}: giocata {card}, la migliore {best}, costo {cost} · {values}",
    "forced": "  {where}: giocata {card}, l'unica carta giocabile",
    "exchange": "scambio",
    "the_exchange": "lo scambio",
    "accuracy": {
        "one": "  Precisione: {within} scelta su 1 entro un punto dalla migliore ({share}); "
        "costo medio {cost} punti",
        "other": "  Precisione: {within} scelte su {n} entro un punto dalla migliore ({share}); "
        "costo medio {cost} punti",
    },
    "no_choices": "  Niente da valutare: ogni mossa era obbligata.",
    "costliest": "  Le mosse più costose:",
    "none_costly": "  Nessuna mossa è costata più di un punto.",
    "lead": {
        "one": "    {where}: uscire con {card} è costato circa 1 punto; era meglio {best}",
        "other": "    {where}: uscire con {card} è costato circa {n} punti; era meglio {best}",
    },
    "lead_unseen": {
        "one": "    {where}: uscire con {card} mentre {unseen} non era ancora uscito è costato "
        "circa 1 punto; era meglio {best}",
        "other": "    {where}: uscire con {card} mentre {unseen} non era ancora uscito è "
        "costato circa {n} punti; era meglio {best}",
    },
    "follow": {
        "one": "    {where}: giocare {card} su {led} è costato circa 1 punto; era meglio {best}",
        "other": "    {where}: giocare {card} su {led} è costato circa {n} punti; "
        "era meglio {best}",
    },
    "follow_unseen": {
        "one": "    {where}: giocare {card} su {led} mentre {unseen} non era ancora uscito è "
        "costato circa 1 punto; era meglio {best}",
        "other": "    {where}: giocare {card} su {led} mentre {unseen} non era ancora uscito è "
        "costato circa {n} punti; era meglio {best}",
    },
    "exchanged": {
        "one": "    {where}: lo scambio è costato circa 1 punto; era meglio {best}",
        "other": "    {where}: lo scambio è costato circa {n} punti; era meglio {best}",
    },
}

PHRASES: Final[Catalog] = {"en": _EN, "de": _DE, "it": _IT}
