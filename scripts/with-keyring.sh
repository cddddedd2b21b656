#!/usr/bin/env bash
# Runs a command with a real, unlocked OS keychain (Secret Service) and a throw-away HOME, so tests use the
# real keychain without touching the developer's own: a private D-Bus session is started even when the desktop
# has one. Where D-Bus or gnome-keyring is missing (macOS, Windows), the command runs as it is.
set -euo pipefail

if [ "${STATUSDESK_IN_KEYRING:-}" = "1" ] \
  || ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  exec "$@"
fi

test_home="$(mktemp -d "${TMPDIR:-/tmp}/statusdesk-home.XXXXXX")"
trap 'rm -rf "$test_home"' EXIT
# Keep npm's cache where it was: the throw-away HOME is only for the keyring and the app's data.
export npm_config_cache="${npm_config_cache:-$(npm config get cache 2>/dev/null || echo "$HOME/.npm")}"
export HOME="$test_home" STATUSDESK_IN_KEYRING=1 XDG_CONFIG_HOME="$test_home/.config" XDG_DATA_HOME="$test_home/.local/share"
unset DBUS_SESSION_BUS_ADDRESS
dbus-run-session -- bash -c 'printf "pw\n" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' keyring "$@"
