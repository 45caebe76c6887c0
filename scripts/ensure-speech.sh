#!/usr/bin/env bash
# Read-aloud (docs/voice.md) needs Debian's espeak-ng (Mandarin voice cmn) and ffmpeg; its tests measure
# the audio with sox. Installs what is missing when run as root (CI, a fresh server), else says what to install.
# `--soft`: warn and carry on (npm start: the portal runs without read-aloud; synthesis then fails and says why).
set -euo pipefail
need=()
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
command -v sox >/dev/null 2>&1 || need+=(sox)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-speech: ${need[*]} missing; install Debian's packages: apt-get install ${need[*]}" >&2
  [ "${1:-}" = "--soft" ] && exit 0
  exit 1
fi
echo "ensure-speech: installing Debian's ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
