#!/usr/bin/env bash
# The two-instance test puts Debian's nginx in front of two servers; installs it when missing.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then echo "ensure-nginx: /usr/sbin/nginx is missing; install Debian's nginx package" >&2; exit 1; fi
echo "ensure-nginx: installing Debian's nginx" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
