"""Sub-commands of the ``mahjong-table`` command, one module each."""
