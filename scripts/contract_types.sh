#!/bin/sh
# Types for bots in other languages, generated from protocol/contract.schema.json (docs/contract.md):
# TypeScript with json-schema-to-typescript (then checked by tsc --strict) and with quicktype,
# Go and Rust with quicktype. Needs Node and npm (the npm registry); nothing in `make test` runs it.
#
#     sh scripts/contract_types.sh [OUT]        # OUT: a directory, default build/contract-types
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
schema="$here/protocol/contract.schema.json"
out=${1:-"$here/build/contract-types"}
tools="$out/tools"
mkdir -p "$tools"
if [ ! -x "$tools/node_modules/.bin/json2ts" ] || [ ! -x "$tools/node_modules/.bin/quicktype" ]; then
  (cd "$tools" && printf "{\"name\": \"contract-types\", \"private\": true}\n" > package.json &&
   npm install --no-audit --no-fund --silent json-schema-to-typescript@16.0.0 quicktype@26.0.0 typescript@5)
fi
bin="$tools/node_modules/.bin"
"$bin/json2ts" -i "$schema" -o "$out/contract.ts" --unreachableDefinitions
"$bin/tsc" --noEmit --strict --target es2020 "$out/contract.ts"
echo "typescript (json-schema-to-typescript): $out/contract.ts, tsc --strict: ok"
for lang in typescript go rust; do
  case $lang in typescript) ext=qt.ts ;; go) ext=go ;; rust) ext=rs ;; esac
  # its notes on open maps ("cannot infer this type") go to quicktype-$lang.log
  "$bin/quicktype" -s schema "$schema" --lang "$lang" -o "$out/contract.$ext" >"$out/quicktype-$lang.log" 2>&1
  echo "$lang (quicktype): $out/contract.$ext"
done
"$bin/tsc" --noEmit --strict --target es2020 "$out/contract.qt.ts"
echo "tsc --strict on quicktype's TypeScript: ok"
