// The libcurl functions FoundationNetworking and CurlInfrastructure call, each loading libcurl on first use.
//
// Scripts/release archives this file as `libcurl.a` in a folder it puts first on the linker's search path, so
// the static `networking` binary's `-lcurl` resolves here instead of to libcurl.so. The binary then starts
// without libcurl and the ~30 libraries it pulls in (TLS, Kerberos, LDAP, SSH, ...); a run that sends nothing,
// such as a cached answer, never loads them. The first call loads libcurl.so.4 and resolves every function once.
//
// Only the prototypes matter, so no curl header is needed. Three functions are variadic: their one extra
// argument is a long, a pointer or a curl_off_t, told apart by the option number as libcurl's option types
// (CURLOPTTYPE_*) define them, and passed on with its own type.
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef int code_t;  // CURLcode, CURLMcode, CURLUcode and every option or part enum: all int-sized

#define LIBCURL_FUNCTIONS(X)                                                                                     \
    X(void, curl_easy_cleanup, (void *handle))                                                                   \
    X(code_t, curl_easy_getinfo, (void *handle, int info, ...))                                                  \
    X(void *, curl_easy_init, (void))                                                                            \
    X(code_t, curl_easy_pause, (void *handle, int bitmask))                                                      \
    X(code_t, curl_easy_setopt, (void *handle, int option, ...))                                                 \
    X(const char *, curl_easy_strerror, (code_t code))                                                           \
    X(void, curl_free, (void *pointer))                                                                          \
    X(code_t, curl_global_init, (long flags))                                                                    \
    X(code_t, curl_multi_add_handle, (void *multi, void *handle))                                                \
    X(code_t, curl_multi_assign, (void *multi, int socket, void *pointer))                                       \
    X(code_t, curl_multi_cleanup, (void *multi))                                                                 \
    X(void *, curl_multi_info_read, (void *multi, int *remaining))                                               \
    X(void *, curl_multi_init, (void))                                                                           \
    X(code_t, curl_multi_perform, (void *multi, int *running))                                                   \
    X(code_t, curl_multi_poll, (void *multi, void *extra, unsigned int count, int timeout, int *ready))          \
    X(code_t, curl_multi_remove_handle, (void *multi, void *handle))                                             \
    X(code_t, curl_multi_setopt, (void *multi, int option, ...))                                                 \
    X(code_t, curl_multi_socket_action, (void *multi, int socket, int mask, int *running))                       \
    X(const char *, curl_multi_strerror, (code_t code))                                                          \
    X(code_t, curl_multi_wakeup, (void *multi))                                                                  \
    X(code_t, curl_share_cleanup, (void *share))                                                                 \
    X(void *, curl_share_init, (void))                                                                           \
    X(code_t, curl_share_setopt, (void *share, int option, ...))                                                 \
    X(void *, curl_slist_append, (void *list, const char *string))                                               \
    X(void, curl_slist_free_all, (void *list))                                                                   \
    X(void *, curl_url, (void))                                                                                  \
    X(code_t, curl_url_get, (const void *url, int part, char **text, unsigned int flags))                        \
    X(code_t, curl_url_set, (void *url, int part, const char *text, unsigned int flags))                         \
    X(char *, curl_version, (void))                                                                              \
    X(void *, curl_version_info, (int age))

#define DECLARE_POINTER(ret, name, params) static ret(*real_##name) params;
LIBCURL_FUNCTIONS(DECLARE_POINTER)

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

// Exits with EX_UNAVAILABLE (69): FoundationNetworking has no way to report a missing transport, and a null
// function would crash.
static void unavailable(const char *what, const char *detail) {
    fprintf(stderr, "networking: cannot use the network: %s (%s); install libcurl (Debian: libcurl4)\n", what,
            detail ? detail : "unknown error");
    _exit(69);
}

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) unavailable("libcurl.so.4 could not be loaded", dlerror());
#define RESOLVE(ret, name, params)                                                                               \
    *(void **)(&real_##name) = dlsym(library, #name);                                                            \
    if (!real_##name) unavailable("libcurl.so.4 lacks " #name, dlerror());
    LIBCURL_FUNCTIONS(RESOLVE)
}

#define READY pthread_once(&loaded, load)

void curl_easy_cleanup(void *handle) { READY; real_curl_easy_cleanup(handle); }
void *curl_easy_init(void) { READY; return real_curl_easy_init(); }
code_t curl_easy_pause(void *handle, int bitmask) { READY; return real_curl_easy_pause(handle, bitmask); }
const char *curl_easy_strerror(code_t code) { READY; return real_curl_easy_strerror(code); }
void curl_free(void *pointer) { READY; real_curl_free(pointer); }
code_t curl_global_init(long flags) { READY; return real_curl_global_init(flags); }
code_t curl_multi_add_handle(void *multi, void *handle) { READY; return real_curl_multi_add_handle(multi, handle); }
code_t curl_multi_assign(void *multi, int socket, void *pointer) {
    READY;
    return real_curl_multi_assign(multi, socket, pointer);
}
code_t curl_multi_cleanup(void *multi) { READY; return real_curl_multi_cleanup(multi); }
void *curl_multi_info_read(void *multi, int *remaining) { READY; return real_curl_multi_info_read(multi, remaining); }
void *curl_multi_init(void) { READY; return real_curl_multi_init(); }
code_t curl_multi_perform(void *multi, int *running) { READY; return real_curl_multi_perform(multi, running); }
code_t curl_multi_poll(void *multi, void *extra, unsigned int count, int timeout, int *ready) {
    READY;
    return real_curl_multi_poll(multi, extra, count, timeout, ready);
}
code_t curl_multi_remove_handle(void *multi, void *handle) {
    READY;
    return real_curl_multi_remove_handle(multi, handle);
}
code_t curl_multi_socket_action(void *multi, int socket, int mask, int *running) {
    READY;
    return real_curl_multi_socket_action(multi, socket, mask, running);
}
const char *curl_multi_strerror(code_t code) { READY; return real_curl_multi_strerror(code); }
code_t curl_multi_wakeup(void *multi) { READY; return real_curl_multi_wakeup(multi); }
code_t curl_share_cleanup(void *share) { READY; return real_curl_share_cleanup(share); }
void *curl_share_init(void) { READY; return real_curl_share_init(); }
void *curl_slist_append(void *list, const char *string) { READY; return real_curl_slist_append(list, string); }
void curl_slist_free_all(void *list) { READY; real_curl_slist_free_all(list); }
void *curl_url(void) { READY; return real_curl_url(); }
code_t curl_url_get(const void *url, int part, char **text, unsigned int flags) {
    READY;
    return real_curl_url_get(url, part, text, flags);
}
code_t curl_url_set(void *url, int part, const char *text, unsigned int flags) {
    READY;
    return real_curl_url_set(url, part, text, flags);
}
char *curl_version(void) { READY; return real_curl_version(); }
void *curl_version_info(int age) { READY; return real_curl_version_info(age); }

// libcurl's option types: LONG below 10000, OBJECTPOINT and FUNCTIONPOINT from 10000, OFF_T from 30000, BLOB
// (a pointer) from 40000.
#define FORWARD_OPTION(call, target, option)                                                                     \
    do {                                                                                                         \
        va_list arguments;                                                                                       \
        va_start(arguments, option);                                                                             \
        code_t result;                                                                                           \
        if (option < 10000) {                                                                                    \
            long value = va_arg(arguments, long);                                                                \
            result = call(target, option, value);                                                                \
        } else if (option >= 30000 && option < 40000) {                                                          \
            int64_t value = va_arg(arguments, int64_t);                                                          \
            result = call(target, option, value);                                                                \
        } else {                                                                                                 \
            void *value = va_arg(arguments, void *);                                                             \
            result = call(target, option, value);                                                                \
        }                                                                                                        \
        va_end(arguments);                                                                                       \
        return result;                                                                                           \
    } while (0)

code_t curl_easy_setopt(void *handle, int option, ...) {
    READY;
    FORWARD_OPTION(real_curl_easy_setopt, handle, option);
}

code_t curl_multi_setopt(void *multi, int option, ...) {
    READY;
    FORWARD_OPTION(real_curl_multi_setopt, multi, option);
}

// CURLSHOPT_SHARE (1) and CURLSHOPT_UNSHARE (2) take an int (a curl_lock_data); the others a pointer.
code_t curl_share_setopt(void *share, int option, ...) {
    READY;
    va_list arguments;
    va_start(arguments, option);
    code_t result;
    if (option == 1 || option == 2) {
        int value = va_arg(arguments, int);
        result = real_curl_share_setopt(share, option, value);
    } else {
        void *value = va_arg(arguments, void *);
        result = real_curl_share_setopt(share, option, value);
    }
    va_end(arguments);
    return result;
}

// Every CURLINFO takes a pointer to where the answer goes.
code_t curl_easy_getinfo(void *handle, int info, ...) {
    READY;
    va_list arguments;
    va_start(arguments, info);
    void *destination = va_arg(arguments, void *);
    va_end(arguments);
    return real_curl_easy_getinfo(handle, info, destination);
}
