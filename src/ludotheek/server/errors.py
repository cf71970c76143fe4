"""Errors the API answers with: a status and a message that says what is wrong."""

from __future__ import annotations


class ApiError(Exception):
    status = 400

    def __init__(self, message: str, **extra: object) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra


class BadRequest(ApiError):
    status = 400


class Forbidden(ApiError):
    status = 403


class NotFound(ApiError):
    status = 404


class Conflict(ApiError):
    status = 409


class TooLarge(ApiError):
    status = 413


class TooMany(ApiError):
    status = 429
