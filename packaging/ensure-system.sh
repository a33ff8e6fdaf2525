#!/usr/bin/env bash
# Install what a fresh Debian machine lacks for owsqt: the Python venv module and the
# system libraries Qt 6 loads (GL, EGL, fonts, xkb, D-Bus, and xcb and Wayland for a real
# screen).
# Installs with apt-get only when something is missing and we are root; otherwise says
# what to install and carries on (the offscreen tests need only the first group).
set -u

python=${PYTHON:-python3}
missing=()

if ! "$python" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  version=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
  missing+=("python${version}-venv")
fi

# library file -> Debian package
declare -A libraries=(
  [libGL.so.1]=libgl1
  [libEGL.so.1]=libegl1
  [libfontconfig.so.1]=libfontconfig1
  [libfreetype.so.6]=libfreetype6
  [libxkbcommon.so.0]=libxkbcommon0
  [libdbus-1.so.3]=libdbus-1-3
  [libglib-2.0.so.0]=libglib2.0-0
  [libxkbcommon-x11.so.0]=libxkbcommon-x11-0
  [libxcb-cursor.so.0]=libxcb-cursor0
  [libxcb-icccm.so.4]=libxcb-icccm4
  [libxcb-image.so.0]=libxcb-image0
  [libxcb-keysyms.so.1]=libxcb-keysyms1
  [libxcb-randr.so.0]=libxcb-randr0
  [libxcb-render-util.so.0]=libxcb-render-util0
  [libxcb-shape.so.0]=libxcb-shape0
  [libxcb-xinerama.so.0]=libxcb-xinerama0
  [libX11-xcb.so.1]=libx11-xcb1
  [libwayland-cursor.so.0]=libwayland-cursor0  # Wayland, and in the Linux bundle (make dist)
)
known=$(ldconfig -p 2>/dev/null || true)
for library in "${!libraries[@]}"; do
  grep -q "$library" <<<"$known" || missing+=("${libraries[$library]}")
done
if ! fc-list 2>/dev/null | grep -q .; then
  missing+=(fonts-dejavu-core)
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "Installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "owsqt may need these system packages: ${missing[*]}" >&2
  echo "install them with: sudo apt-get install ${missing[*]}" >&2
fi
