"""A tiny query builder over sqlite3, so reports read like the question they ask."""
import sqlite3


class Query:
    def __init__(self, db, table):
        self.db, self.table, self.filters, self.groups = db, table, {}, []

    def where(self, **filters):
        self.filters.update(filters)
        return self

    def group_by(self, *columns):
        self.groups.extend(columns)
        return self

    def select(self, *columns, **aggregates):
        names = list(columns) + [f"{fn} AS {alias}" for alias, fn in aggregates.items()]
        sql = f"SELECT {', '.join(names)} FROM {self.table}"
        params = []
        if self.filters:
            clauses = []
            for column, value in self.filters.items():
                values = value if isinstance(value, tuple) else (value,)
                clauses.append(f"{column} IN ({', '.join('?' for _ in values)})")
                params.extend(values)
            sql += " WHERE " + " AND ".join(clauses)
        if self.groups:
            sql += " GROUP BY " + ", ".join(self.groups)
        self.db.row_factory = sqlite3.Row
        return [dict(row) for row in self.db.execute(sql, params)]


def query(db, table):
    return Query(db, table)
