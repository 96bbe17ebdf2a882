"""The web table (issue 9): ``mahjong-table serve``.

- :mod:`.store`: tables and their actions in SQLite or PostgreSQL (SQLAlchemy Core).
- :mod:`.table`: one live table: the game rebuilt from its actions, bots, the claim pause,
  what each client is sent.
- :mod:`.app`: the Starlette application: the lobby, the table page, the websocket, tiles,
  records.

Needs the ``web`` extra (``pip install 'mahjong-table[web]'``).
"""
