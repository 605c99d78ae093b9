#!/usr/bin/env bash
# Generates the operator landing's how-to-subscribe demo video (src/renderer/src/assets/,
# committed: the app bundles it; nothing runs this at build or test time).
# Needs Debian's ffmpeg (with libvpx and libfreetype) and the DejaVu fonts.
#   bash scripts/media/generate-operator-howto.sh
#
# 12 s, 480x270 at 12 fps, VP9 in WebM without sound: three 4-second steps, each numbered large
# with digits and symbols only, so that the picture reads in any of the app's languages (the page
# words the steps beside it): choose a plan of 1 or 7 days, type the phone (+216 …) and the
# class, confirm with the PIN received by SMS; well under 200 KB.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=src/renderer/src/assets/operator-howto.webm
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
[ -f "$font" ] || { echo "missing $font (apt-get install fonts-dejavu-core)" >&2; exit 1; }

step() { # index | start second | caption
  local n=$1 start=$2 caption=$3 end=$(($2 + 4))
  printf "drawtext=fontfile=%s:text='%s':fontsize=96:fontcolor=white:x=(w-text_w)/2:y=50:enable='between(t,%s,%s)'," "$font" "$n" "$start" "$end"
  printf "drawtext=fontfile=%s:text='%s':fontsize=24:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=10:x=(w-text_w)/2:y=190:enable='between(t,%s,%s)'" "$font" "$caption" "$start" "$end"
}
filters="format=yuv420p,$(step 1 0 '1 ∣ 7'),$(step 2 4 '+216 •• ••• •••'),$(step 3 8 'PIN ••••  ✓')"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "gradients=size=480x270:rate=12:c0=0x0f6cbd:c1=0x8f1d8f:duration=12" -t 12 \
  -vf "$filters" -c:v libvpx-vp9 -crf 45 -b:v 80k -maxrate 120k -bufsize 240k -deadline good -cpu-used 4 -row-mt 1 \
  -g 24 -keyint_min 24 -an "$out"
printf '%s %s bytes\n' "$out" "$(stat -c %s "$out")"
