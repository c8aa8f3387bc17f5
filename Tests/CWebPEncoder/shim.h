// libwebp's encoder, for the tests only: they make WebP files from PNGs and random pixels.
#include <webp/encode.h>
#include <webp/decode.h>
