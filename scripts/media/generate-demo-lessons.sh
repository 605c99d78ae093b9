#!/usr/bin/env bash
# Generates the demo lessons' video clips under resources/demo-media/lessons/ (committed; the
# seed and the tests use the committed files, nothing runs this at build or test time).
# Needs Debian's ffmpeg (with libvpx, libopus and libfreetype) and the DejaVu fonts.
#   bash scripts/media/generate-demo-lessons.sh
#
# Each clip: 24 s, 640x360 at 15 fps, VP9 + Opus in WebM (Chromium and Electron both play it),
# a keyframe every 2 s so a seek anywhere lands quickly, a running clock drawn on the picture so
# a test or a person can see which second is playing, the bitrate capped so each stays well
# under 1 MB.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=resources/demo-media/lessons
mkdir -p "$out"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
[ -f "$font" ] || { echo "missing $font (apt-get install fonts-dejavu-core)" >&2; exit 1; }

# name | picture source | tone (Hz) | title drawn on the picture
clips=(
  "lesson-a|testsrc2=size=640x360:rate=15|440|Leçon A"
  "lesson-b|smptehdbars=size=640x360:rate=15|523|Leçon B"
  "lesson-c|mandelbrot=size=640x360:rate=15|659|Leçon C"
  "recording-a|rgbtestsrc=size=640x360:rate=15|392|Enregistrement"
)
duration=24
for clip in "${clips[@]}"; do
  IFS='|' read -r name source tone title <<<"$clip"
  text="drawtext=fontfile=$font:text='$title':fontsize=40:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=12:x=(w-text_w)/2:y=40"
  clock="drawtext=fontfile=$font:text='%{pts\\:hms}':fontsize=48:fontcolor=yellow:box=1:boxcolor=black@0.6:boxborderw=10:x=(w-text_w)/2:y=h-100"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$source" -f lavfi -i "sine=frequency=$tone:sample_rate=48000" -t "$duration" \
    -vf "format=yuv420p,$text,$clock" -c:v libvpx-vp9 -crf 42 -b:v 120k -maxrate 160k -bufsize 320k -deadline good -cpu-used 4 -row-mt 1 \
    -g 30 -keyint_min 30 -c:a libopus -b:a 32k -ac 1 -shortest "$out/$name.webm"
  printf '%s %s bytes\n' "$out/$name.webm" "$(stat -c %s "$out/$name.webm")"
done
