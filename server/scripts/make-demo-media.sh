#!/bin/sh
# Generates the demo media committed under server/assets/demo (run once; needs Debian's ffmpeg).
# Stories: 4 s 360x640 H.264 MP4s with a JPEG poster; photos: 4:5 JPEGs (the seed renders their
# renditions as an upload would); an avatar, a banner and three highlight covers.
# All drawn from gradients and text.
set -eu
out="$(dirname "$0")/../assets/demo"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mkdir -p "$out"
ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }

colors="0x1f8a4c:0x0b3d2e 0xd9485f:0x5c1a2b 0x3b6fd9:0x14245c 0xe0a21b:0x6b3f06 0x8a4cd9:0x2e0b5c"
i=1
for pair in $colors; do
  c0=${pair%%:*}; c1=${pair##*:}
  ff -f lavfi -i "gradients=s=360x640:c0=$c0:c1=$c1:x0=0:y0=0:x1=360:y1=640:speed=0.02:d=4:r=24" \
    -vf "drawtext=fontfile=$font:text='Story $i':fontcolor=white:fontsize=44:x=(w-tw)/2:y=(h-th)/2-20,drawtext=fontfile=$font:text='Close Friends':fontcolor=white@0.8:fontsize=22:x=(w-tw)/2:y=(h/2)+40:enable='gte(t,1)'" \
    -c:v libx264 -preset veryslow -crf 34 -pix_fmt yuv420p -profile:v main -movflags +faststart -an "$out/story-$i.mp4"
  ff -ss 1.5 -i "$out/story-$i.mp4" -frames:v 1 -q:v 6 "$out/story-$i.jpg"
  i=$((i + 1))
done

i=1
while IFS='|' read -r caption c0 c1; do
  ff -f lavfi -i "gradients=s=720x900:c0=$c0:c1=$c1:x0=0:y0=0:x1=720:y1=900:speed=0.00001:d=1" -frames:v 1 \
    -vf "drawtext=fontfile=$font:text='$caption':fontcolor=white:fontsize=64:x=(w-tw)/2:y=(h-th)/2" -q:v 7 "$out/photo-$i.jpg"
  i=$((i + 1))
done <<'PHOTOS'
Praia|0x2bb5d9|0x14245c
Café|0xc47a3a|0x3d2210
Treino|0x1f8a4c|0x0b3d2e
Fim de tarde|0xf08a24|0x8a2b4c
Viagem|0x8a4cd9|0x2e0b5c
Look do dia|0xd9485f|0x5c1a2b
Jantar|0xe0a21b|0x6b3f06
Leitura|0x4c9ad9|0x1d3557
Show|0xd94cb5|0x3d0b5c
Parque|0x5cc46a|0x1f4d24
Bastidores|0x707a8a|0x1c2027
Domingo|0xf2c14e|0xa8551c
PHOTOS

ff -f lavfi -i "gradients=s=320x320:c0=0x1f8a4c:c1=0xe0a21b:d=1" -frames:v 1 \
  -vf "drawtext=fontfile=$font:text='C':fontcolor=white:fontsize=180:x=(w-tw)/2:y=(h-th)/2" -q:v 5 "$out/avatar.jpg"
ff -f lavfi -i "gradients=s=1080x360:c0=0x0b3d2e:c1=0x1f8a4c:x0=0:y0=0:x1=1080:y1=360:d=1" -frames:v 1 \
  -vf "drawtext=fontfile=$font:text='Closer':fontcolor=white@0.85:fontsize=72:x=(w-tw)/2:y=(h-th)/2" -q:v 6 "$out/banner.jpg"
i=1
for title in Viagens Rotina Favoritos; do
  ff -f lavfi -i "gradients=s=200x200:c0=0x1f8a4c:c1=0x3b6fd9:d=1,hue=h=$((i * 90))" -frames:v 1 \
    -vf "drawtext=fontfile=$font:text='$title':fontcolor=white:fontsize=26:x=(w-tw)/2:y=(h-th)/2" -q:v 6 "$out/highlight-$i.jpg"
  i=$((i + 1))
done
du -sh "$out"
