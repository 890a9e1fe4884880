"""Who may open lobby tables: the caps that keep strangers from exhausting an open lobby.

`join` needs no authentication, so the lobby counts what each *source* (a network address; an
IPv6 address by its /64, which one host can fill) has asked for and not yet earned:

- **unproven seats**: joins waiting in a queue, plus seats at tables that are not yet playing
  whose agent has not proved the seat's token (the `hello`/`auth` handshake). A source holds at
  most `max_unproven` of them; past it a join is refused (`source_busy`) until some of its
  agents prove their seats or leave. An agent that does the handshake at once (every real
  agent, `sgs bot --lobby --seats N` fleets included) frees its place within a round trip.
- **open tables**: tables any of whose seats came from the source, at most `max_tables_per_source`.
- **in total**: `max_waiting` joins waiting and `max_tables` open tables (`lobby_full`).

A trusted fleet is told apart by what it does, not by where it comes from: joins that complete
the seat handshake. Tables whose agents never prove their seats dissolve unplayed after
`UNPROVEN_SECONDS` (their files are created only when a table starts playing, so they leave
nothing on disk). CURVE clients on the server's allow-list are authenticated: with an allow-list
the per-source caps do not apply (the totals do).
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from dataclasses import dataclass

UNPROVEN_SECONDS = 15.0  # a lobby table none of whose agents proved a seat by then dissolves


@dataclass(frozen=True)
class Limits:
    max_unproven: int = 64  # per source: waiting joins + seats not yet proven at new tables
    max_tables_per_source: int = 256  # per source: open tables with a seat from it
    max_waiting: int = 10_000  # in total: joins waiting in queues
    max_tables: int = 1_000  # in total: open tables (lobby, configured and resumed)


def source_key(address: str) -> str:
    """The key a peer's address is counted under: IPv4 and ipc ("") as they are, IPv6 by /64."""
    if ":" not in address:
        return address
    try:
        net = ipaddress.ip_network(f"{address.split('%', 1)[0]}/64", strict=False)
    except ValueError:
        return address
    mapped = net.network_address.ipv4_mapped if isinstance(net, ipaddress.IPv6Network) else None
    return str(mapped) if mapped is not None else str(net)


class Admission:
    """The counters behind the caps. The server tells it what happened; it answers `refuse`."""

    def __init__(self, limits: Limits, *, per_source: bool = True) -> None:
        self.limits = limits
        self.per_source = per_source  # False: every source is authenticated (CURVE allow-list)
        self.unproven: Counter[str] = Counter()
        self.tables: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()  # refusal code -> count (for status and tests)

    def refuse(self, source: str, waiting: int, open_tables: int) -> tuple[str, str] | None:
        """-> (code, message) when a join from `source` must be refused now, else None."""
        lim = self.limits
        out: tuple[str, str] | None = None
        if waiting >= lim.max_waiting:
            out = ("lobby_full", f"{waiting} agents are waiting (the cap); try again later")
        elif open_tables >= lim.max_tables:
            out = ("lobby_full", f"{open_tables} tables are open (the cap); try again later")
        elif self.per_source and self.unproven[source] >= lim.max_unproven:
            out = (
                "source_busy",
                f"{lim.max_unproven} joins from your address are waiting or seated without "
                "having proved their seat; try again when they have",
            )
        elif self.per_source and self.tables[source] >= lim.max_tables_per_source:
            out = (
                "source_busy",
                f"{lim.max_tables_per_source} open tables have seats from your address; "
                "try again when one has finished",
            )
        if out is not None:
            self.refused[out[0]] += 1
        return out

    def queued(self, source: str) -> None:
        self.unproven[source] += 1

    def settled(self, source: str) -> None:
        """An unproven place of `source` ended: its agent proved the seat, left the queue, or
        its table started or dissolved."""
        n = self.unproven[source] - 1
        if n > 0:
            self.unproven[source] = n
        else:
            del self.unproven[source]

    def table_opened(self, sources: set[str]) -> None:
        for s in sources:
            self.tables[s] += 1

    def table_closed(self, sources: set[str]) -> None:
        for s in sources:
            n = self.tables[s] - 1
            if n > 0:
                self.tables[s] = n
            else:
                del self.tables[s]
