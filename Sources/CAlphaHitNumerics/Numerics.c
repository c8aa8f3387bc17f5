// Everything in this target is static inline in include/CAlphaHitNumerics.h; SwiftPM needs one
// translation unit to build the target.
#include "CAlphaHitNumerics.h"
