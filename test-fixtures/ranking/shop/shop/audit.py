"""An append-only log of who changed what."""
import time

LOG = []


def record(actor, action, subject):
    LOG.append({"at": time.time(), "actor": actor, "action": action, "subject": subject})


def history(subject):
    return [entry for entry in LOG if entry["subject"] == subject]
