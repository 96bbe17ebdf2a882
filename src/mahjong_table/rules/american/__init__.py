"""American mahjong, National Mah Jongg League style (rule book 001 Part one).

- :mod:`.model`: the card's data model (lines, concrete variations, groups).
- :mod:`.card`: the card file format, its loader and the shipped practice card.
- :mod:`.matcher`: which lines a hand completes, and tiles away from every line.
- :mod:`.scoring`: a line's points and the payments.
- :mod:`.ruleset`: the rule set the engine consults (wall, deal, Charleston, claims, jokers,
  dead hands).
"""
