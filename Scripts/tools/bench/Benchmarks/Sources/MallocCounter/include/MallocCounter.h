#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Totals since the process started, over every thread: calls that allocate (malloc, calloc, realloc,
/// memalign, posix_memalign, aligned_alloc) and the bytes they asked for.
typedef struct {
    uint64_t allocations;
    uint64_t bytes;
} malloc_counter_totals;

/// Whether the counting allocator functions are the ones the process uses (0 when not on glibc).
int malloc_counter_is_active(void);

/// The totals so far; take two and subtract them to count the allocations of a stretch of code.
malloc_counter_totals malloc_counter_read(void);

/// Bytes the allocator holds for live allocations (glibc `mallinfo2().uordblks`), or 0 when unknown.
uint64_t malloc_counter_in_use_bytes(void);

/// Bytes in live allocations, the large ones the allocator maps on their own included (glibc
/// `mallinfo2().uordblks + hblkhd`), or 0 when unknown.
uint64_t malloc_counter_live_bytes(void);

/// Gives free heap memory back to the system (glibc `malloc_trim(0)`); does nothing elsewhere.
void malloc_counter_trim(void);

#endif
