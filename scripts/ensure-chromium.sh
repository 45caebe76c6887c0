#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core; never a downloaded browser: its headless shell
# (chromium-headless-shell, the same Chromium without the desktop browser's layers: a third less CPU for a login
# and three screens, 9 % less machine CPU over the browser files, session 38) for the tests, the full `chromium`
# for the bench's front-end figures and Lighthouse (tests/browser/lib/chromium.ts). The public site's screenshots
# need a Chinese font (fonts-noto-cjk), and the site bench's W3C Nu checker needs Java (default-jre-headless,
# bench/site/nu.ts).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -d /usr/share/fonts/opentype/noto ] && ls /usr/share/fonts/opentype/noto/NotoSansCJK* >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then echo "ensure-chromium: missing ${missing[*]}; install these Debian packages" >&2; exit 1; fi
echo "ensure-chromium: installing Debian's ${missing[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
