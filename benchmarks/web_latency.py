"""The browser client's latency: from a request reaching the gateway to its prompt on the page.

    python benchmarks/web_latency.py [--players 2] [--games 1] [--seed 1] [--json FILE]

Serves Sanguosha (`sgs serve`, smart bot processes on the other seats, no deadline), runs
`sgs web` on loopback, and drives seat 0 in Debian's Chromium (Playwright), answering each
request at once by its default button, to the end of each game. Two figures, p50 and p95:

- gateway: the request's arrival at the gateway (the seat's `Client` hands it over) -> the
  page's `drawn` frame (sent from the first animation frame after the prompt is in the DOM),
  as the gateway measures it: its `request drawn` debug line (`sgs web --log-level debug`).
- browser: the `request` frame's arrival in the page (a WebSocket message listener added
  before the page's own) -> the prompt painted (the second animation frame after the
  prompt's `data-id` changed: the first runs before that paint, the second after it), by
  `performance.now()` in the page.

Nothing is mocked; the machine's load is in the figures (run it on a quiet machine).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT = 300.0

# Before the page's script: time each `request` frame's arrival, and each prompt's paint.
PROBE = """
(() => {
  window.__sgsTimes = { got: {}, painted: {} };
  const Real = window.WebSocket;
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (ev) => {
        const at = performance.now();
        if (ev.data.startsWith('{"t": "request"')) {
          const m = /"id": (\\d+)/.exec(ev.data);
          if (m && !(m[1] in window.__sgsTimes.got)) window.__sgsTimes.got[m[1]] = at;
        }
      });
    }
  };
  const watch = () => {
    const box = document.querySelector("#request");
    if (!box) return setTimeout(watch, 5);
    new MutationObserver(() => {
      const id = box.dataset.id;
      if (id === undefined || id in window.__sgsTimes.painted) return;
      window.__sgsTimes.painted[id] = -1;
      requestAnimationFrame(() => requestAnimationFrame(() => {
        window.__sgsTimes.painted[id] = performance.now();
      }));
    }).observe(box, { attributes: true, attributeFilter: ["data-id"] });
  };
  document.addEventListener("DOMContentLoaded", watch);
})();
"""


class Proc:
    def __init__(self, args: list[str], err: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(REPO), SGS_LOG="json")
        self.err_path = err
        self.err = open(err, "wb")  # noqa: SIM115 - closed in stop()
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "sgs.cli", *args],
            stdout=subprocess.PIPE,
            stderr=self.err,
            stdin=subprocess.DEVNULL,
            cwd=REPO,
            env=env,
            text=True,
        )

    def expect(self, prefix: str) -> str:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            if line.startswith(prefix):
                return line.rstrip("\n")
        raise SystemExit(f"no line {prefix!r}: {self.err_path.read_text()[-2000:]}")

    def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(WAIT)
        self.err.close()


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def one_game(pg: Any, tmp: Path, players: int, seed: int, n: int) -> tuple[int, float]:
    """Serve one game, play seat 0 in the page to its end; (requests answered, seconds)."""
    bots = ",".join(["-"] + ["smart"] * (players - 1))
    serve = Proc(
        ["serve", "--game", "sanguosha", "--players", str(players), f"--bots={bots}",
         "--seed", str(seed), "--deadline", "0", "--table", "t1", "--log-dir", str(tmp)],
        tmp / f"serve-{n}.stderr",
    )  # fmt: skip
    web: Proc | None = None
    try:
        endpoint = serve.expect("table ").rsplit(" on ", 1)[1]
        words = serve.expect("spectators: ").split()
        pub = words[words.index("--connect") + 1]
        token = serve.expect("seat 0: ").split("SGS_TOKEN=")[1].split()[0]
        web = Proc(
            ["web", "--connect", endpoint, "--watch", pub, "--bind", "127.0.0.1:0",
             "--log-level", "debug"],
            tmp / f"web-{n}.stderr",
        )  # fmt: skip
        url = web.expect("web: http://").split()[1]
        start = time.monotonic()
        pg.goto(f"{url}#/seat/t1/0/{token}")
        answered = 0
        while True:
            pg.wait_for_function(
                "document.body.classList.contains('ended') || "
                "!!document.querySelector('#request:not([hidden]) .default')",
                timeout=WAIT * 1000,
            )
            if pg.evaluate("document.body.classList.contains('ended')"):
                break
            rid = pg.get_attribute("#request", "data-id")
            pg.click("#request .default")
            answered += 1
            pg.wait_for_function(
                "(rid) => document.body.classList.contains('ended') || "
                "document.querySelector('#request').dataset.id !== rid",
                arg=rid,
                timeout=WAIT * 1000,
            )
        took = time.monotonic() - start
        serve.popen.wait(WAIT)
        return answered, took
    finally:
        if web is not None:
            web.stop()
        serve.stop()


def gateway_ms(stderr: Path) -> list[float]:
    out = []
    for line in stderr.read_text(errors="replace").splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if rec.get("event") == "request drawn":
            out.append(float(rec["ms"]))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2, help="seats (2 to 10; seat 0 the page's)")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("SGS_CHROMIUM", "/usr/bin/chromium")
    gateway: list[float] = []
    browser: list[float] = []
    answered = 0
    seconds = 0.0
    with tempfile.TemporaryDirectory(prefix="sgs-web-latency-") as d, sync_playwright() as p:
        tmp = Path(d)
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for n in range(args.games):
            ctx = b.new_context(viewport={"width": 1280, "height": 860})
            pg = ctx.new_page()
            pg.add_init_script(PROBE)
            got, took = one_game(pg, tmp, args.players, args.seed + n, n)
            answered += got
            seconds += took
            times = pg.evaluate("window.__sgsTimes")
            for rid, at in times["got"].items():
                painted = times["painted"].get(rid, -1)
                if painted >= 0:
                    browser.append(painted - at)
            ctx.close()
            gateway += gateway_ms(tmp / f"web-{n}.stderr")
        b.close()
    figures = {
        "players": args.players,
        "games": args.games,
        "requests": answered,
        "seconds": round(seconds, 2),
        "gateway_ms": {"n": len(gateway), "p50": pct(gateway, 50), "p95": pct(gateway, 95)},
        "browser_ms": {"n": len(browser), "p50": pct(browser, 50), "p95": pct(browser, 95)},
    }
    print(
        f"sanguosha {args.players}p, {args.games} game(s), {answered} requests answered in the "
        f"page in {seconds:.1f} s"
    )
    for name, what in (
        ("gateway_ms", "request at the gateway -> page's drawn frame"),
        ("browser_ms", "request frame in the page -> prompt painted"),
    ):
        f = figures[name]
        assert isinstance(f, dict)
        mean = statistics.fmean(gateway if name == "gateway_ms" else browser or [0.0])
        print(
            f"  {what}: p50 {f['p50']:.1f} ms, p95 {f['p95']:.1f} ms (mean {mean:.1f}, n={f['n']})"
        )
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
