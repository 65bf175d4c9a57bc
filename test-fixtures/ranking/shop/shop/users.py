"""Customer accounts: sign-up, e-mail confirmation and passwords."""
import hashlib
import os

USERS = {}


def sign_up(email, password):
    salt = os.urandom(16)
    USERS[email.lower()] = {"salt": salt, "hash": hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1), "confirmed": False}


def confirm_email(email):
    USERS[email.lower()]["confirmed"] = True


def check_password(email, password):
    user = USERS.get(email.lower())
    if user is None:
        return False
    return hashlib.scrypt(password.encode(), salt=user["salt"], n=2**14, r=8, p=1) == user["hash"]
