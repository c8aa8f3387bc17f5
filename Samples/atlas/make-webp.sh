#!/usr/bin/env bash
# The atlas sample's WebP sheet: a lossless WebP of the TexturePacker sheet that make-samples
# draws (every pixel kept, colour under transparent pixels too), read by ui-webp.json.
# Needs cwebp (Debian: apt-get install webp).
set -euo pipefail
cd "$(dirname "$0")"
cwebp -quiet -lossless -exact -z 9 ui-texturepacker.png -o ui-texturepacker.webp
