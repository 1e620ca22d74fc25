#!/usr/bin/env bash
# Runs a command with a throwaway, unlocked Secret Service on Linux, so keychain tests use a
# real keychain and never touch the user's own. Elsewhere (macOS, Windows) the OS keychain is
# always there and the command runs as is.
set -euo pipefail
if [ "$(uname -s)" != Linux ] || [ -n "${QUIRE_KEYRING_READY:-}" ]; then exec "$@"; fi
for tool in dbus-run-session gnome-keyring-daemon; do
  command -v "$tool" >/dev/null || {
    echo "with-keyring: $tool is missing (Debian/Ubuntu: apt-get install dbus gnome-keyring)" >&2
    exit 1
  }
done
XDG_DATA_HOME="$(mktemp -d)"
export XDG_DATA_HOME
trap 'rm -rf "$XDG_DATA_HOME"' EXIT
# The password only unlocks this throwaway keyring, created here and deleted on exit.
dbus-run-session -- bash -c '
  echo quire-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  export QUIRE_KEYRING_READY=1
  exec "$@"' with-keyring "$@" 2> >(grep -v -e "^dbus-daemon\[" -e "Gtk-WARNING" -e "^$" >&2)
