#!/usr/bin/env bash
# Builds oneTBB under ThreadSanitizer, from the Debian source package of the very version the
# system's libtbb-dev is, so that a TSan build of swarmpath can link a TBB whose scheduler TSan
# sees. (Debian's libtbb is not instrumented: TSan then cannot see the hand-offs between TBB's
# worker threads and reports them as races; see docs/reliability.md.)
#
#   tools/build-instrumented-onetbb.sh FOLDER
#
# Prints the CMake package folder to pass as -DTBB_DIR=... on its last line of output.
# Assumes Debian (apt, dpkg-source) and a mirror that serves source packages; it does not touch
# the system's apt configuration: the source index is fetched into FOLDER/apt with a private
# sources list (mirror: SWARMPATH_DEBIAN_MIRROR, default http://deb.debian.org/debian).
# Only the tbb library is built (no tbbmalloc, tests or examples): about 20 s of compiling.
# A finished build in FOLDER is reused when its version matches.
set -euo pipefail

folder="${1:?usage: tools/build-instrumented-onetbb.sh FOLDER}"
mkdir -p "$folder"
folder="$(cd "$folder" && pwd)"
jobs="${SWARMPATH_BUILD_JOBS:-$(nproc)}"

source_package="$(dpkg-query -W -f='${source:Package}' libtbb-dev 2>/dev/null || true)"
version="$(dpkg-query -W -f='${source:Version}' libtbb-dev 2>/dev/null || true)"
if [ -z "$source_package" ] || [ -z "$version" ]; then
  echo "build-instrumented-onetbb: libtbb-dev is not installed (run tools/install-dependencies.sh)" >&2
  exit 1
fi
install_dir="$folder/install"
package_dir="$install_dir/lib/cmake/TBB"
if [ -f "$package_dir/TBBConfig.cmake" ] && [ "$(cat "$folder/version" 2>/dev/null)" = "$version" ]; then
  echo "build-instrumented-onetbb: reusing $source_package $version in $install_dir" >&2
  echo "$package_dir"
  exit 0
fi

# A private apt state holding only the source index, so the system's lists and sources stay as they are.
codename="$(. /etc/os-release && echo "${VERSION_CODENAME:?}")"
mirror="${SWARMPATH_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
apt_dir="$folder/apt"
rm -rf "$apt_dir" "$folder/source"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$apt_dir/sources.list.d" "$folder/source"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
{
  echo "deb-src [signed-by=$keyring] $mirror $codename main"
  echo "deb-src [signed-by=$keyring] $mirror $codename-updates main"
  echo "deb-src [signed-by=$keyring] ${mirror%/debian}/debian-security $codename-security main"
} > "$apt_dir/sources.list"
apt_options=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/sources.list.d"
             -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache::Archives=$apt_dir/archives"
             -o "APT::Sandbox::User=root" -o "Debug::NoLocking=1")
echo "build-instrumented-onetbb: fetching $source_package $version (source) from $mirror" >&2
if ! apt-get "${apt_options[@]}" -qq update >&2; then
  echo "build-instrumented-onetbb: could not read the source index from $mirror" >&2
  exit 1
fi
if ! (cd "$folder/source" && apt-get "${apt_options[@]}" -qq source --download-only "$source_package=$version" >&2); then
  echo "build-instrumented-onetbb: could not download the source of $source_package $version" >&2
  exit 1
fi
dsc="$(ls "$folder"/source/*.dsc)"
(cd "$folder/source" && dpkg-source --no-check -x "$dsc" tree >&2)

echo "build-instrumented-onetbb: building with -fsanitize=thread into $install_dir" >&2
cmake -S "$folder/source/tree" -B "$folder/build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_INSTALL_PREFIX="$install_dir" -DTBB_SANITIZE=thread -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF \
  -DTBBMALLOC_BUILD=OFF -DTBBMALLOC_PROXY_BUILD=OFF -DTBB_STRICT=OFF -DTBB_ENABLE_IPO=OFF >&2
ninja -C "$folder/build" -j"$jobs" >&2
cmake --install "$folder/build" >&2
echo "$version" > "$folder/version"
echo "$package_dir"
