// Typed access to zlib's initializer macros, which Swift cannot call directly.
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2: prepares `stream` to inflate with `windowBits` (15 for a zlib wrapper, -15 for raw deflate,
/// 31 for gzip).
static inline int czlib_inflate_init(z_stream *stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

/// deflateInit2 with zlib's default memory level and strategy: prepares `stream` to compress at `level` with
/// `windowBits` as for czlib_inflate_init.
static inline int czlib_deflate_init(z_stream *stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

#endif
