"""Accounts, sessions, ratings and per-game statistics of the web table (issue 46).

Why these libraries:

- **Passwords** are hashed with Argon2id through ``argon2-cffi`` (the reference C
  implementation, maintained by the Argon2 authors' bindings; RFC 9106's recommended
  algorithm, with the library's default cost: 64 MiB, 3 passes). Nothing of ours touches the
  hash format: ``PasswordHasher.hash``/``verify``/``check_needs_rehash``.
- **Sessions** are server-side rows (``mt_sessions``) named by a random id the browser keeps
  in a cookie signed with ``itsdangerous`` (already the seat links' signer) and a time stamp:
  a forged cookie fails the signature, an expired one its age (and its row's expiry), and
  signing out, changing the password or deleting the account deletes the rows, which a
  cookie-only session (Starlette's ``SessionMiddleware``) could not revoke. The cookie is set
  with Starlette's own ``Response.set_cookie``: ``HttpOnly``, ``SameSite=Lax``, ``Secure``
  when the page came over HTTPS.
- **Ratings** are OpenSkill's Plackett-Luce model (``openskill``, maintained; a Bayesian
  rating for rankings of any number of players, the open counterpart of TrueSkill): see
  ``docs/accounts.md``.

Every browser has a *guest* id in the same cookie (made on its first page), so that a guest's
seats are remembered and kept when it signs up (:meth:`Store.adopt_guest`), and a CSRF token
derived from it (:func:`csrf_token`): every form of this module's pages carries it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer
from openskill.models import PlackettLuce

from ..i18n import _
from .store import Account, Rating

__all__ = ["check_name", "check_password", "hash_password", "verify_password",
           "needs_rehash", "SessionCookie", "Visitor", "csrf_token", "name_key",
           "RATING_MODEL", "BOT_RATINGS", "PROVISIONAL_GAMES", "rate_game", "display_rating",
           "game_stats", "COOKIE", "SESSION_DAYS"]

#: the session cookie's name and how long a signed-in session lasts
COOKIE = "mt_session"
SESSION_DAYS = 30
#: account names: 3-24 characters, letters (any script), digits, ``_ - .``
NAME_LENGTH = (3, 24)
#: passwords: 8-128 characters
PASSWORD_LENGTH = (8, 128)

_hasher = PasswordHasher()


def name_key(name: str) -> str:
    """The key an account name is unique by: NFKC, case-folded (``Ann`` and ``ann`` are one
    name)."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(raw: Any) -> str:
    """An account name as typed, checked: 3-24 characters once spaces around it are taken
    off, each a letter, a digit or one of ``_ - .``. Raises ``ValueError`` naming the
    problem."""
    if not isinstance(raw, str):
        raise ValueError(_("name: type a name"))
    name = unicodedata.normalize("NFKC", raw.strip())
    low, high = NAME_LENGTH
    if not low <= len(name) <= high:
        raise ValueError(_("name: {n} characters; a name has {low} to {high}").format(
            n=len(name), low=low, high=high))
    for ch in name:
        if not (ch.isalnum() or ch in "_-."):
            raise ValueError(_("name: {char} is not allowed (letters, digits, _ - . only)")
                             .format(char=repr(ch)))
    return name


def check_password(raw: Any) -> str:
    """A new password as typed, checked: 8-128 characters, no control characters. Raises
    ``ValueError`` naming the problem."""
    if not isinstance(raw, str):
        raise ValueError(_("password: type a password"))
    low, high = PASSWORD_LENGTH
    if not low <= len(raw) <= high:
        raise ValueError(_("password: {n} characters; a password has {low} to {high}")
                         .format(n=len(raw), low=low, high=high))
    if any(unicodedata.category(ch) == "Cc" for ch in raw):
        raise ValueError(_("password: control characters are not allowed"))
    return raw


def hash_password(password: str) -> str:
    """The Argon2id hash of ``password`` (argon2-cffi's encoded string, salt included)."""
    return str(_hasher.hash(password))


def verify_password(pw_hash: str, password: str) -> bool:
    """Whether ``password`` matches ``pw_hash``."""
    try:
        return bool(_hasher.verify(pw_hash, password))
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(pw_hash: str) -> bool:
    """Whether a hash was made with weaker parameters than the library's current ones."""
    return bool(_hasher.check_needs_rehash(pw_hash))


#: a hash to verify against when no account has the name, so that a wrong name takes as
#: long as a wrong password (nothing tells whether a name exists)
_DUMMY_HASH = hash_password(secrets.token_urlsafe(16))


def dummy_verify(password: str) -> None:
    """Spend a password check's time for a name that has no account."""
    verify_password(_DUMMY_HASH, password)


@dataclass
class Visitor:
    """Who a request comes from: its browser's guest id, its session id (when signed in)
    and the account (None: a guest). ``fresh``: the cookie must be (re)written."""

    guest: str
    session: str | None = None
    account: Account | None = None
    fresh: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def holder(self) -> str:
        """What the seats this visitor holds are stored under: ``a:ID`` or ``g:GUEST``."""
        return f"a:{self.account.id}" if self.account is not None else f"g:{self.guest}"

    @property
    def session_hash(self) -> str | None:
        """The SHA-256 the session's row is kept under (the id itself is never stored)."""
        return None if self.session is None else session_hash(self.session)


def session_hash(session: str) -> str:
    """The SHA-256 (hex) of a session id: what ``mt_sessions`` keeps."""
    return hashlib.sha256(session.encode()).hexdigest()


class SessionCookie:
    """The signed cookie of a browser: ``{"g": guest id, "s": session id or None}``,
    signed with the server's secret and time-stamped (refused past ``max_age``)."""

    def __init__(self, secret: str, max_age: int = SESSION_DAYS * 86400) -> None:
        self._signer = URLSafeTimedSerializer(secret, salt="mahjong-table session")
        self._csrf_key = hashlib.sha256(("csrf:" + secret).encode()).digest()
        self.max_age = max_age

    def read(self, value: str | None) -> tuple[str, str | None] | None:
        """The guest and session ids of a cookie's value, or None for a cookie that is
        missing, forged, malformed or expired."""
        if not value or len(value) > 400:
            return None
        try:
            data = self._signer.loads(value, max_age=self.max_age)
        except BadSignature:  # (SignatureExpired is one)
            return None
        if not isinstance(data, dict):
            return None
        guest, session = data.get("g"), data.get("s")
        if not isinstance(guest, str) or not (session is None or isinstance(session, str)):
            return None
        return guest, session

    def write(self, guest: str, session: str | None) -> str:
        """A cookie's value for these ids."""
        return str(self._signer.dumps({"g": guest, "s": session}))

    def csrf(self, guest: str) -> str:
        """The CSRF token of a browser's forms (an HMAC of its guest id: another site can
        neither read the cookie nor compute it)."""
        return hmac.new(self._csrf_key, guest.encode(), hashlib.sha256).hexdigest()[:32]


def csrf_token(cookie: SessionCookie, visitor: Visitor) -> str:
    """The CSRF token every form of ``visitor``'s pages carries."""
    return cookie.csrf(visitor.guest)


# ----- ratings ------------------------------------------------------------------------------

#: the rating model: OpenSkill's Plackett-Luce (mu 25, sigma 25/3 to start)
RATING_MODEL = PlackettLuce()
#: the fixed rating (mu, sigma) of the bots of each level: they are not updated
BOT_RATINGS: dict[str, tuple[float, float]] = {
    "easy": (15.0, 2.0), "beginner": (15.0, 2.0), "american-beginner": (15.0, 2.0),
    "random": (5.0, 2.0),
    "normal": (25.0, 2.0), "efficiency": (22.0, 2.0), "strong": (25.0, 2.0),
    "american": (25.0, 2.0),
    "hard": (30.0, 2.0), "master": (30.0, 2.0), "american-master": (30.0, 2.0),
}
#: a rating is provisional until this many rated games
PROVISIONAL_GAMES = 10


def display_rating(r: Rating | None) -> float:
    """The number shown for a rating: ``mu - 3 sigma`` (conservative: a new player starts
    at 0), scaled by 40 as is usual for OpenSkill ladders (0 at the start, about 1,000 for
    mu 25 with a settled sigma)."""
    if r is None:
        return 0.0
    return round(40.0 * (r.mu - 3.0 * r.sigma), 1)


class GameRating:
    """What rates a finished game: its rule set, the seats' accounts (None for a bot seat)
    and bots, and the places (0 first; equal scores share a place). Called with the
    accounts' ratings as stored, returns their new ``(mu, sigma)``."""

    def __init__(self, rules: str, accounts: list[int | None], bots: list[str | None],
                 places: list[int]) -> None:
        self.rules = rules
        self.seat_accounts = accounts
        self.bots = bots
        self.places = places
        self.accounts = [a for a in accounts if a is not None]

    def __call__(self, have: dict[int, Rating | None]) -> dict[int, tuple[float, float]]:
        teams = []
        for seat in range(4):
            a = self.seat_accounts[seat]
            if a is not None:
                r = have.get(a)
                teams.append([RATING_MODEL.rating() if r is None
                              else RATING_MODEL.rating(mu=r.mu, sigma=r.sigma)])
            else:
                mu, sigma = BOT_RATINGS.get(self.bots[seat] or "", (25.0, 2.0))
                teams.append([RATING_MODEL.rating(mu=mu, sigma=sigma)])
        new = RATING_MODEL.rate(teams, ranks=[p + 1 for p in self.places])
        return {a: (float(new[seat][0].mu), float(new[seat][0].sigma))
                for seat, a in enumerate(self.seat_accounts) if a is not None}


def rate_game(rules: str, seats: list[str], holders: list[str | None],
              scores: list[int]) -> GameRating | None:
    """The rating of a finished game of a public room, or None when it is not rated: every
    seat must be a bot or a person's seat held by an account (a guest's seat makes the game
    unrated), and at least one account must play. Places come from the final scores."""
    accounts: list[int | None] = []
    bots: list[str | None] = []
    for kind, holder in zip(seats, holders, strict=True):
        if kind == "human":
            if holder is None or not holder.startswith("a:"):
                return None
            accounts.append(int(holder[2:]))
            bots.append(None)
        else:
            accounts.append(None)
            bots.append(kind)
    if not any(a is not None for a in accounts):
        return None
    if len({a for a in accounts if a is not None}) != sum(a is not None for a in accounts):
        return None  # one account at two seats is not a ranking of players
    places = [sum(1 for o in scores if o > s) for s in scores]
    return GameRating(rules, accounts, bots, places)


# ----- per-game statistics --------------------------------------------------------------------

def game_stats(results: list[dict[str, Any]], scores: list[int]) -> list[dict[str, Any]]:
    """Per seat, what a finished game's hands say (from each ``hand_end`` event's
    ``result``): hands played, hands won, deal-ins (discarded the winning tile), the sum of
    the winning hands' fan or points (``score.fan`` or ``score.points``), final score and place."""
    out = []
    places = [sum(1 for o in scores if o > s) for s in scores]
    for seat in range(4):
        wins = [r for r in results if r.get("winner") == seat and r.get("reason") == "mahjong"]
        deal_ins = [r for r in results if r.get("discarder") == seat
                    and r.get("reason") == "mahjong" and r.get("winner") != seat]
        total = 0
        for r in wins:
            score = r.get("score") or {}
            value = score.get("fan", score.get("points"))
            if isinstance(value, (int, float)):
                total += int(value)
        out.append({"hands": len(results), "wins": len(wins), "deal_ins": len(deal_ins),
                    "win_value": total, "score": scores[seat], "place": places[seat]})
    return out
