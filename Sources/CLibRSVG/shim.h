#include <librsvg/rsvg.h>
#include <cairo.h>
