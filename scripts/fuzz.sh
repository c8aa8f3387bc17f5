#!/usr/bin/env bash
# Builds and runs one libFuzzer target with the address sanitizer.
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#
# TARGET is png, webp or svg (image decoding into every format, from that format's corpus and
# dictionary: one decoder, which tells the format from the content), layout (layout-file parsing and validation) or
# pipeline (a layout plus an image, built into an engine, queried in a batch, its map jobs run and
# each element outlined) or atlas
# (TexturePacker/Aseprite JSON, Starling XML and libGDX text atlas descriptions). Inputs that
# crash are written to Fuzz/crashes/TARGET/; copy each into Fuzz/regressions/TARGET/, where the
# ordinary test suite replays them. The seed corpus is Fuzz/corpus/TARGET (committed); new inputs
# found go to .build/fuzz/corpus/TARGET (not committed).
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: scripts/fuzz.sh png|webp|svg|layout|pipeline|atlas SECONDS [libFuzzer options]}
seconds=${2:?usage: scripts/fuzz.sh png|webp|svg|layout|pipeline|atlas SECONDS [libFuzzer options]}
shift 2
case "$target" in
    png | webp | svg) source_file=Fuzz/ImageDecodeFuzzer.swift ;;
    layout) source_file=Fuzz/LayoutFuzzer.swift ;;
    pipeline) source_file=Fuzz/PipelineFuzzer.swift ;;
    atlas) source_file=Fuzz/AtlasFuzzer.swift ;;
    *) echo "Error: unknown target '$target' (png, webp, svg, layout, pipeline or atlas)" >&2; exit 2 ;;
esac

build=.build/fuzz
obj="$build/obj-$target"
mkdir -p "$obj" "$build/modules/CAlphaHitPNG" "$build/modules/CAlphaHitSVG" "$build/modules/CAlphaHitNumerics" "$build/corpus/$target" "Fuzz/crashes/$target"
toolchain=$(dirname "$(command -v swiftc)")

# The C boundary, instrumented for the fuzzer and the address sanitizer.
for c in Sources/CAlphaHitPNG/*.c; do
    "$toolchain/clang" -c -g -O1 -fsanitize=fuzzer-no-link,address -I Sources/CAlphaHitPNG/include \
        $(pkg-config --cflags libpng) "$c" -o "$obj/$(basename "$c" .c).o"
done
for c in Sources/CAlphaHitSVG/*.c; do
    "$toolchain/clang" -c -g -O1 -fsanitize=fuzzer-no-link,address -I Sources/CAlphaHitSVG/include \
        $(pkg-config --cflags librsvg-2.0) "$c" -o "$obj/$(basename "$c" .c).o"
done
# CAlphaHitNumerics is header-only (static inline): a module map is all it needs.
for module in CAlphaHitPNG CAlphaHitSVG CAlphaHitNumerics; do
    cat > "$build/modules/$module/module.modulemap" <<MAP
module $module {
    header "$(pwd)/Sources/$module/include/$module.h"
    export *
}
MAP
done

# The pipeline target also runs the inspector page's planes, which live in the command line's
# module: the file is compiled in as it is, but for its import of the library it now sits in.
extra=()
if [ "$target" = pipeline ]; then
    sed -E '/^import AlphaHit/d' Sources/HitTestCLI/Commands/InspectorPlanes.swift > "$build/InspectorPlanes.swift"
    extra+=("$build/InspectorPlanes.swift")
fi

# The library's targets, compiled as one module without their imports of one another.
rm -rf "$build/library-$target" && mkdir -p "$build/library-$target"
for target_dir in AlphaHitBasics AlphaHitJSON AlphaHitImages AlphaHitAtlas AlphaHitOutline AlphaHitEngine AlphaHit AlphaHitReports; do
    find "Sources/$target_dir" -name '*.swift' | while read -r file; do
        sed -E '/^(@_exported )?import AlphaHit/d' "$file" > "$build/library-$target/${target_dir}_$(basename "$file")"
    done
done

# The library's Swift sources and the target, as one module; libFuzzer provides main.
"$toolchain/swiftc" -g -O -sanitize=fuzzer,address -parse-as-library -module-name AlphaHitFuzz -package-name AlphaHit \
    -I Sources/CLibPNG -I Sources/CLibWebP -I "$build/modules/CAlphaHitPNG" -I "$build/modules/CAlphaHitSVG" -I "$build/modules/CAlphaHitNumerics" \
    $(find "$build/library-$target" -name '*.swift' | sort) "$source_file" "${extra[@]}" \
    "$obj"/*.o $(pkg-config --libs libpng libwebp librsvg-2.0) -o "$build/$target"

# Leaks inside Debian's libraries (not ours) are suppressed by name, each explained in the file.
export LSAN_OPTIONS="suppressions=$(pwd)/Fuzz/lsan-libraries.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
options=(-max_total_time="$seconds" -artifact_prefix="Fuzz/crashes/$target/" -print_final_stats=1)
[ -f "Fuzz/$target.dict" ] && options+=(-dict="Fuzz/$target.dict")
exec "$build/$target" "${options[@]}" "$@" "$build/corpus/$target" "Fuzz/corpus/$target"
