// Counts heap allocations by interposing the allocation functions of glibc: the executable's definitions
// take precedence over libc's for every library in the process, and each one forwards to glibc's own
// implementation (__libc_malloc & co.), so the allocator itself is unchanged. `free` is not interposed.
#include "MallocCounter.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic uint64_t allocations;
static _Atomic uint64_t bytes;

static inline void count(size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&bytes, (uint64_t)size, memory_order_relaxed);
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count(count_ * size);
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count(size);
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
        return EINVAL;
    }
    count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

int malloc_counter_is_active(void) { return 1; }

malloc_counter_totals malloc_counter_read(void) {
    malloc_counter_totals totals = {
        atomic_load_explicit(&allocations, memory_order_relaxed),
        atomic_load_explicit(&bytes, memory_order_relaxed),
    };
    return totals;
}

uint64_t malloc_counter_in_use_bytes(void) { return (uint64_t)mallinfo2().uordblks; }

uint64_t malloc_counter_live_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)(info.uordblks + info.hblkhd);
}

void malloc_counter_trim(void) { malloc_trim(0); }

#else

int malloc_counter_is_active(void) { return 0; }

malloc_counter_totals malloc_counter_read(void) {
    malloc_counter_totals totals = {0, 0};
    return totals;
}

uint64_t malloc_counter_in_use_bytes(void) { return 0; }

uint64_t malloc_counter_live_bytes(void) { return 0; }

void malloc_counter_trim(void) {}

#endif
