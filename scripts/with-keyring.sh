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

# Should the keyring daemon go away mid-run, D-Bus starts it again when a test next asks for the Secret Service;
# the system's own service file would start it locked (it then asks for a password through a prompt that cannot
# be shown, and every keychain test fails). This session's service file starts it unlocked, with the same password.
services="$test_home/dbus-services"
mkdir -p "$services"
cat > "$services/org.freedesktop.secrets.service" <<'SERVICE'
[D-BUS Service]
Name=org.freedesktop.secrets
Exec=/bin/sh -c 'printf "pw\\n" | exec gnome-keyring-daemon --foreground --unlock --components=secrets'
SERVICE
session_args=()
if [ -f /usr/share/dbus-1/session.conf ]; then
  # The system's session configuration, with this folder's services looked up first.
  sed "s#<standard_session_servicedirs */>#<servicedir>$services</servicedir><standard_session_servicedirs/>#" \
    /usr/share/dbus-1/session.conf >"$test_home/dbus-session.conf"
  session_args=(--config-file="$test_home/dbus-session.conf")
fi

dbus-run-session "${session_args[@]}" -- bash -c 'printf "pw\n" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' keyring "$@"
