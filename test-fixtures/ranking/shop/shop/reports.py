"""Sales reports for the back office, computed in the database."""
from .db import query


def totals_by_customer(db):
    """Paid and shipped totals per customer, largest first."""
    rows = (
        query(db, "orders")
        .where(status=("paid", "shipped"))
        .group_by("customer")
        .select("customer", count="*", total="sum(total)")
    )
    return sorted(rows, key=lambda row: row["total"], reverse=True)
