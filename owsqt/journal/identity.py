"""A player's Ed25519 key: made on first use, kept in the user's config directory, and used
to sign every journal entry that player writes (docs/pbem-format.md, "Signatures")."""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import tempfile
from pathlib import Path

import platformdirs
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

KEY_FILE = "identity.pem"
KEY_PREFIX = "ed25519:"


class IdentityError(ValueError):
    """The player's key cannot be read or written; says which file and why."""


def config_dir() -> Path:
    """The player's config folder (keys, the files sent, settings), as platformdirs has it:
    on Linux $XDG_CONFIG_HOME/owsqt or ~/.config/owsqt (where owsqt always kept it), on
    Windows %LOCALAPPDATA%\\owsqt, on macOS ~/Library/Application Support/owsqt."""
    return Path(platformdirs.user_config_dir("owsqt", appauthor=False))


class Identity:
    """One player's key pair. The private half never leaves this object or its file."""

    def __init__(self, private: Ed25519PrivateKey, home: Path | None = None) -> None:
        self._private = private
        # The folder the key is kept in, where what belongs with the key is kept too (the
        # files sent, session/sentfiles.py); None for a key made in memory (tests, fuzzing).
        self.home = home
        raw = private.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        self.public = KEY_PREFIX + base64.b64encode(raw).decode("ascii")

    @classmethod
    def generate(cls) -> Identity:
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_seed(cls, seed: bytes) -> Identity:
        """A key made from 32 bytes: the same bytes, the same key (reproducible fuzzing)."""
        return cls(Ed25519PrivateKey.from_private_bytes(hashlib.sha256(seed).digest()))

    @classmethod
    def load_or_create(cls, path: Path | None = None) -> Identity:
        """The key kept at `path` (default: identity.pem in config_dir()); made there, readable
        by its owner only, when there is none. A damaged key file is reported, never replaced:
        the games signed with it would lose their signer."""
        path = path if path is not None else config_dir() / KEY_FILE
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return cls._create(path)
        except OSError as error:
            raise IdentityError(f"your key {path} cannot be read: {error.strerror}") from None
        try:
            private = serialization.load_pem_private_key(data, password=None)
        except (ValueError, TypeError):
            raise IdentityError(
                f"your key {path} is damaged; restore it from a backup, or move it away to "
                "make a new one (games signed with the old key can then only be verified)"
            ) from None
        if not isinstance(private, Ed25519PrivateKey):
            raise IdentityError(f"your key {path} is not an Ed25519 key")
        return cls(private, path.parent)

    @classmethod
    def _create(cls, path: Path) -> Identity:
        identity: Identity = cls(Ed25519PrivateKey.generate(), path.parent)
        pem = identity._private.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _keep_whole(path, pem)
        except FileExistsError:  # another owsqt made it a moment ago: use that one
            return cls.load_or_create(path)
        except OSError as error:
            raise IdentityError(f"cannot keep your new key in {path}: {error.strerror}") from None
        return identity

    def sign(self, message: str) -> str:
        """The signature of `message`, in base64 (88 characters)."""
        signature = self._private.sign(message.encode("utf-8"))
        return base64.b64encode(signature).decode("ascii")

    def secret_for(self, label: str) -> str:
        """A 64-hex-digit secret that only this key can compute, the same every time for the
        same label: Ed25519 signatures are deterministic. The dice commitment uses it, so a
        player's secret survives a restart without being stored anywhere."""
        signature = self._private.sign(f"owsqt secret {label}".encode())
        return hashlib.sha256(signature).hexdigest()


def _keep_whole(path: Path, pem: bytes) -> None:
    """Put `pem` at `path`, readable by its owner only, whole or not at all: written to a file
    of its own beside it, then linked in place, which fails (FileExistsError) when a key is
    there already. Two owsqt started at once on a new computer (the desktop and `owsqt act`)
    must not read each other's key half written."""
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)  # 0600
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(pem)
            handle.flush()
            os.fsync(handle.fileno())
        os.link(temporary, path)
    finally:
        os.unlink(temporary)


def is_public_key(text: str) -> bool:
    return _public_bytes(text) is not None


def signature_holds(public: str, message: str, signature: str) -> bool:
    """Whether `signature` (base64) is `public`'s signature of `message`."""
    raw = _public_bytes(public)
    if raw is None:
        return False
    signature_bytes = canonical_b64decode(signature)
    if signature_bytes is None:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(raw).verify(signature_bytes, message.encode("utf-8"))
    except (ValueError, InvalidSignature):
        return False
    return True


def canonical_b64decode(text: str) -> bytes | None:
    """The bytes of `text` if it is their one canonical base64 spelling, else None. Base64
    lets the unused low bits of the last character vary, so a changed character could
    otherwise leave a signature or a key valid: a file is accepted only as it was written."""
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw if base64.b64encode(raw).decode("ascii") == text else None


def fingerprint(public: str) -> str:
    """A short name for a key that players can read to each other: 4 groups of 4 hex."""
    digest = hashlib.sha256(public.encode("ascii", "replace")).hexdigest()
    return " ".join(digest[i : i + 4] for i in range(0, 16, 4))


def _public_bytes(text: str) -> bytes | None:
    if not text.startswith(KEY_PREFIX):
        return None
    raw = canonical_b64decode(text.removeprefix(KEY_PREFIX))
    return raw if raw is not None and len(raw) == 32 else None
