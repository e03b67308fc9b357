#!/usr/bin/env python3
"""Verifies an Istruttoria callback as its receiver would (Standard Webhooks, docs/callbacks.md).

Only the standard library. As a module:

    from verify_callback import verify
    verify(secret, headers, raw_body)  # raises InvalidCallback, or returns None

As a command (the project's test drives it so): the secret and the three headers in the
environment (CALLBACK_SECRET, WEBHOOK_ID, WEBHOOK_TIMESTAMP, WEBHOOK_SIGNATURE), the raw body
on standard input; exit status 0 when the callback is genuine, 1 (with the reason) otherwise.
"""

import base64
import hashlib
import hmac
import os
import sys
import time

TOLERANCE_SECONDS = 5 * 60


class InvalidCallback(Exception):
    pass


def verify(secret: str, headers: dict, body: bytes, now: float | None = None) -> None:
    """Raises InvalidCallback unless `body` with `headers` was signed with `secret` recently."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    msg_id = headers["webhook-id"]
    timestamp = headers["webhook-timestamp"]
    try:
        sent_at = int(timestamp)
    except ValueError as error:
        raise InvalidCallback("the timestamp is not a number") from error
    if abs((time.time() if now is None else now) - sent_at) > TOLERANCE_SECONDS:
        raise InvalidCallback("the timestamp is too old or too new: a replay?")
    signed = f"{msg_id}.{sent_at}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    # Several signatures while a secret is being rotated: any one that matches will do.
    for signature in headers["webhook-signature"].split():
        version, _, value = signature.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return
    raise InvalidCallback("no signature matches: not from Istruttoria, or the body was changed")


def main() -> int:
    headers = {
        "webhook-id": os.environ["WEBHOOK_ID"],
        "webhook-timestamp": os.environ["WEBHOOK_TIMESTAMP"],
        "webhook-signature": os.environ["WEBHOOK_SIGNATURE"],
    }
    try:
        verify(os.environ["CALLBACK_SECRET"], headers, sys.stdin.buffer.read())
    except InvalidCallback as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
