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
  more=""
  case $lang in typescript) ext=qt.ts ;; go) ext=go more="--package contract" ;; rust) ext=rs ;; esac
  # its notes on open maps ("cannot infer this type") go to quicktype-$lang.log
  # shellcheck disable=SC2086
  "$bin/quicktype" -s schema "$schema" --lang "$lang" $more -o "$out/contract.$ext" \
    >"$out/quicktype-$lang.log" 2>&1
  echo "$lang (quicktype): $out/contract.$ext"
done
"$bin/tsc" --noEmit --strict --target es2020 "$out/contract.qt.ts"
echo "tsc --strict on quicktype's TypeScript: ok"
if command -v go >/dev/null 2>&1; then  # Debian: apt-get install golang-go
  mkdir -p "$out/go" && cp "$out/contract.go" "$out/go/contract.go"
  (cd "$out/go" && { [ -f go.mod ] || go mod init example.invalid/contract >/dev/null 2>&1; } &&
   GOPROXY=off go build ./...)
  echo "go build on quicktype's Go: ok"
fi
# Rust: crates.io is out of reach here, Debian's serde crates are not (apt-get install
# librust-serde-derive-dev librust-serde-json-dev): build against them when they are there.
if command -v cargo >/dev/null 2>&1 && ls -d /usr/share/cargo/registry/serde_json-* >/dev/null 2>&1; then
  mkdir -p "$out/rust/src" "$out/rust/.cargo"
  cp "$out/contract.rs" "$out/rust/src/lib.rs"
  printf '[package]\nname = "contract"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = { version = "1", features = ["derive"] }\nserde_json = "1"\n' \
    > "$out/rust/Cargo.toml"
  printf '[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n[net]\noffline = true\n' \
    > "$out/rust/.cargo/config.toml"
  (cd "$out/rust" && cargo build -q 2>"$out/cargo.log")
  echo "cargo build on quicktype's Rust: ok"
fi
