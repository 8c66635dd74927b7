#!/usr/bin/env bash
# Installs the Debian packages the e2e harness needs (code-server build + headless chromium,
# and Neovim for the other-editor suite).
# Idempotent: does nothing (not even `apt-get update`) when everything is already installed.
# Works as root with no stdin (CI=true); uses sudo -n when not root and sudo is available.
set -euo pipefail

PACKAGES=(chromium libkrb5-dev build-essential python3 curl neovim)

is_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'
}

missing=()
for p in "${PACKAGES[@]}"; do
  is_installed "$p" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "[e2e] debian deps: all present (${PACKAGES[*]})"
  exit 0
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=(sudo -n); else
    echo "[e2e] debian deps missing (${missing[*]}) and not root / no sudo" >&2; exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
APT_OPTS=(-o DPkg::Lock::Timeout=900 -y -q)
start=$(date +%s)
echo "[e2e] debian deps: installing ${missing[*]}"
"${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=900 -q update
# --no-install-recommends for everything: chromium's recommends pull in a lot of desktop stuff,
# and the others do not need theirs either.
"${SUDO[@]}" apt-get install "${APT_OPTS[@]}" --no-install-recommends "${missing[@]}" </dev/null

for p in "${missing[@]}"; do
  is_installed "$p" || { echo "[e2e] debian deps: $p still not installed" >&2; exit 1; }
done
echo "[e2e] debian deps: done in $(( $(date +%s) - start ))s"
