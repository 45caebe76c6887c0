#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core; never a downloaded browser.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then echo "ensure-chromium: /usr/bin/chromium is missing; install Debian's chromium package" >&2; exit 1; fi
echo "ensure-chromium: installing Debian's chromium" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
