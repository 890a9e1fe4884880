#!/bin/sh
# The published Sanguosha AI table (docs/ai-table.md): one paired `sgs arena` run per pairing of
# two bots and player count, into docs/results/sanguosha-<N>p-<A>-<B>/, then the table of them
# all (docs/results/table.md) and each run's SHA256SUMS of its reproducible files.
#
#     sh scripts/ai_table.sh                                  # smart,random at 5 and 8 players
#     PAIRINGS="mcts,smart smart,random" sh scripts/ai_table.sh   # any bot names sgs arena takes
#
# PAIRINGS (space-separated A,B), PLAYERS, GAMES (per pairing), SEED, WORKERS, BACKEND
# (process or ray) and OUT (default docs/results) may be set. The script runs in the checkout:
# a relative OUT is under it, and a module:Class bot is imported from it or from PYTHONPATH.
# The same settings give the same games.jsonl, ratings.jsonl, report.md and charts byte for
# byte on any WORKERS or backend; summary.json's `run` (time, games/s, time per decision) and
# the table's timing rows depend on the machine.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"  # the runs' summaries name their --out relative to the checkout
sgs="$here/.venv/bin/sgs"
python="$here/.venv/bin/python"
PAIRINGS=${PAIRINGS:-"smart,random"}
PLAYERS=${PLAYERS:-"5 8"}
GAMES=${GAMES:-2000}
SEED=${SEED:-1}
WORKERS=${WORKERS:-2}
BACKEND=${BACKEND:-process}
OUT=${OUT:-docs/results}
summaries=""
for n in $PLAYERS; do
  for pairing in $PAIRINGS; do
    name="sanguosha-${n}p-$(echo "$pairing" | tr ',:=' '-__')"
    dir="$OUT/$name"
    echo "== $name: sgs arena --game sanguosha --players $n --bots $pairing --lineup paired" \
      "--games $GAMES --seed $SEED --workers $WORKERS --backend $BACKEND" >&2
    "$sgs" arena --game sanguosha --players "$n" --bots "$pairing" --lineup paired \
      --games "$GAMES" --seed "$SEED" --workers "$WORKERS" --backend "$BACKEND" --out "$dir" \
      --force --quiet >&2
    (cd "$dir" && sha256sum games.jsonl ratings.jsonl report.md win_rates.png ratings.png \
      > SHA256SUMS)
    summaries="$summaries $dir/summary.json"
  done
done
# shellcheck disable=SC2086  # the paths hold no spaces
"$python" -m sgs.arena.table $summaries > "$OUT/table.md"
echo "table: $OUT/table.md" >&2
