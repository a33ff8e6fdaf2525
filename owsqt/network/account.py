"""A player's Matrix account (issue 40): his homeserver and Matrix id, signed in with his
password once, then with the access token the homeserver gave, kept in the system's keyring
(the `keyring` package: Secret Service, the macOS Keychain, the Windows Credential Locker),
never in a plain file. Where the system has no keyring, nothing is kept and he signs in with
his password each time."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import keyring
import keyring.errors
from nio import AsyncClient, AsyncClientConfig, LoginError, WhoamiError

from owsqt.network.room import RoomError

SERVICE = "owsqt matrix"
DEVICE_NAME = "owsqt"


@dataclass(frozen=True, slots=True)
class Account:
    """A homeserver's address and a Matrix id on it."""

    homeserver: str
    user_id: str

    @property
    def key(self) -> str:
        """The account's name in the keyring."""
        return f"{self.user_id} on {self.homeserver}"


def keep_token(account: Account, device: str, token: str) -> bool:
    """Keep the account's device and access token in the keyring; whether it could."""
    try:
        keyring.set_password(SERVICE, account.key, f"{device} {token}")
    except keyring.errors.KeyringError:
        return False
    return True


def kept_token(account: Account) -> tuple[str, str] | None:
    """The device and access token kept for the account (None: none, or no keyring)."""
    try:
        kept = keyring.get_password(SERVICE, account.key)
    except keyring.errors.KeyringError:
        return None
    if not kept or " " not in kept:
        return None
    device, token = kept.split(" ", 1)
    return device, token


def forget_token(account: Account) -> None:
    with contextlib.suppress(keyring.errors.KeyringError):
        keyring.delete_password(SERVICE, account.key)


async def sign_in(
    account: Account, password: str | None = None, config: AsyncClientConfig | None = None
) -> AsyncClient:
    """A client signed in to the account: with the token kept in the keyring while the
    homeserver takes it, else with `password` (the new token kept). RoomError says why it
    cannot sign in."""
    client = AsyncClient(account.homeserver, account.user_id, config=config)
    kept = kept_token(account)
    if kept is not None:
        device, token = kept
        client.restore_login(account.user_id, device, token)
        if not isinstance(await client.whoami(), WhoamiError):
            return client
        forget_token(account)  # signed out elsewhere, or expired
        client.access_token = ""
    if password is None:
        await client.close()
        raise RoomError(f"sign in to {account.key} with your password: no token is kept")
    answer = await client.login(password, device_name=DEVICE_NAME)
    if isinstance(answer, LoginError):
        await client.close()
        raise RoomError(f"{account.homeserver} refused the sign-in: {answer.message}")
    keep_token(account, answer.device_id, answer.access_token)
    return client
