// Typed access to libcurl's variadic option and info functions, which Swift cannot call directly.
// One wrapper per argument type; each passes its argument through unchanged.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/sockios.h>
#include <sys/ioctl.h>
#endif

// MARK: TLS

/// CURLOPT_CAINFO_BLOB or CURLOPT_PROXY_CAINFO_BLOB: PEM certificate authorities from memory, copied by
/// libcurl (CURL_BLOB_COPY); with OpenSSL it takes the place of CURLOPT_CAINFO.
static inline CURLcode ccurl_easy_set_blob(CURL *handle, CURLoption option, const void *bytes, size_t length) {
    struct curl_blob blob;
    blob.data = (void *)bytes;
    blob.len = length;
    blob.flags = CURL_BLOB_COPY;
    return curl_easy_setopt(handle, option, &blob);
}

/// The PEM bundle of certificate authorities libcurl was built to trust (curl_version_info's cainfo), or NULL.
static inline const char *ccurl_default_ca_file(void) {
    return curl_version_info(CURLVERSION_NOW)->cainfo;
}

/// The folder of certificate authorities libcurl was built to trust (curl_version_info's capath), or NULL.
static inline const char *ccurl_default_ca_folder(void) {
    return curl_version_info(CURLVERSION_NOW)->capath;
}

// MARK: Proxies

/// CURLOPT_SUPPRESS_CONNECT_HEADERS on: a CONNECT proxy's own response head never reaches the header callback,
/// so the callback sees only the origin's heads.
static inline CURLcode ccurl_easy_suppress_connect_headers(CURL *handle) {
    return curl_easy_setopt(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
}

/// CURLOPT_PROXY: the proxy URL; the empty string means no proxy, whatever the environment says.
static inline CURLcode ccurl_easy_set_proxy(CURL *handle, const char *url) {
    return curl_easy_setopt(handle, CURLOPT_PROXY, url);
}

/// CURLOPT_NOPROXY: the comma-separated hosts reached without the proxy; the empty string means none.
static inline CURLcode ccurl_easy_set_no_proxy(CURL *handle, const char *hosts) {
    return curl_easy_setopt(handle, CURLOPT_NOPROXY, hosts);
}

/// CURLOPT_PROXYUSERNAME: the user name sent to the proxy.
static inline CURLcode ccurl_easy_set_proxy_user_name(CURL *handle, const char *name) {
    return curl_easy_setopt(handle, CURLOPT_PROXYUSERNAME, name);
}

/// CURLOPT_PROXYPASSWORD: the password sent to the proxy.
static inline CURLcode ccurl_easy_set_proxy_password(CURL *handle, const char *password) {
    return curl_easy_setopt(handle, CURLOPT_PROXYPASSWORD, password);
}

// MARK: Name resolution

/// CURLOPT_QUICK_EXIT on: removing a handle whose name is still resolving leaves libcurl's resolver thread to
/// finish and free itself, instead of joining it on the calling thread. CURLE_UNKNOWN_OPTION before 7.87.
static inline CURLcode ccurl_easy_leave_resolver_behind(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075700
    return curl_easy_setopt(handle, CURLOPT_QUICK_EXIT, 1L);
#else
    (void)handle;
    return CURLE_UNKNOWN_OPTION;
#endif
}

// MARK: Shared connection state

/// CURLSHOPT_SHARE: makes the share handle hold `data` (CURL_LOCK_DATA_DNS, CURL_LOCK_DATA_SSL_SESSION) for
/// every easy handle that uses it.
static inline CURLSHcode ccurl_share_share(CURLSH *share, curl_lock_data data) {
    return curl_share_setopt(share, CURLSHOPT_SHARE, data);
}

/// CURLOPT_SHARE: the share handle whose caches the easy handle uses.
static inline CURLcode ccurl_easy_set_share(CURL *handle, CURLSH *share) {
    return curl_easy_setopt(handle, CURLOPT_SHARE, share);
}

// MARK: curl_easy_setopt

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
static inline CURLcode ccurl_easy_setopt_write_function(
    CURL *handle, CURLoption option, curl_write_callback function) {
    return curl_easy_setopt(handle, option, function);
}

/// For CURLOPT_READFUNCTION.
static inline CURLcode ccurl_easy_setopt_read_function(CURL *handle, CURLoption option, curl_read_callback function) {
    return curl_easy_setopt(handle, option, function);
}

/// For CURLOPT_SEEKFUNCTION.
static inline CURLcode ccurl_easy_setopt_seek_function(CURL *handle, CURLoption option, curl_seek_callback function) {
    return curl_easy_setopt(handle, option, function);
}

/// For CURLOPT_XFERINFOFUNCTION.
static inline CURLcode ccurl_easy_setopt_xferinfo_function(
    CURL *handle, CURLoption option, curl_xferinfo_callback function) {
    return curl_easy_setopt(handle, option, function);
}

// MARK: curl_easy_getinfo

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

// MARK: curl_multi_setopt

static inline CURLMcode ccurl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

static inline CURLMcode ccurl_multi_setopt_pointer(CURLM *handle, CURLMoption option, void *value) {
    return curl_multi_setopt(handle, option, value);
}

// MARK: Constants Swift does not import from macros

/// The write callback's answer that pauses receiving (CURL_WRITEFUNC_PAUSE).
static const size_t ccurl_writefunc_pause = CURL_WRITEFUNC_PAUSE;
/// curl_easy_pause's bitmask that resumes both directions (CURLPAUSE_CONT).
static const int ccurl_pause_cont = CURLPAUSE_CONT;
/// The size of the buffer given to CURLOPT_ERRORBUFFER (CURL_ERROR_SIZE).
static const size_t ccurl_error_size = CURL_ERROR_SIZE;

// MARK: Streaming bodies

/// The read callback's answer that pauses sending (CURL_READFUNC_PAUSE).
static const size_t ccurl_readfunc_pause = CURL_READFUNC_PAUSE;
/// The read callback's answer that stops the transfer with CURLE_ABORTED_BY_CALLBACK (CURL_READFUNC_ABORT).
static const size_t ccurl_readfunc_abort = CURL_READFUNC_ABORT;
/// The seek callback's answer when the body is back at the asked offset (CURL_SEEKFUNC_OK).
static const int ccurl_seekfunc_ok = CURL_SEEKFUNC_OK;
/// The seek callback's answer for a body that cannot be read again (CURL_SEEKFUNC_CANTSEEK).
static const int ccurl_seekfunc_cantseek = CURL_SEEKFUNC_CANTSEEK;
/// The origin libcurl names when it rewinds a body to an absolute offset (SEEK_SET).
static const int ccurl_seek_set = SEEK_SET;

// MARK: Bytes still leaving the socket

/// For CURLOPT_SOCKOPTFUNCTION: told of each socket libcurl opens.
static inline CURLcode ccurl_easy_setopt_sockopt_function(CURL *handle, curl_sockopt_callback function) {
    return curl_easy_setopt(handle, CURLOPT_SOCKOPTFUNCTION, function);
}

/// For CURLOPT_CLOSESOCKETFUNCTION: closes each socket libcurl is done with, in its place.
static inline CURLcode ccurl_easy_setopt_closesocket_function(CURL *handle, curl_closesocket_callback function) {
    return curl_easy_setopt(handle, CURLOPT_CLOSESOCKETFUNCTION, function);
}

/// For CURLOPT_PREREQFUNCTION: told of the connection, new or reused, just before a request is sent on it.
static inline CURLcode ccurl_easy_setopt_prereq_function(CURL *handle, curl_prereq_callback function) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, function);
}

/// The socket option callback's answer that lets libcurl go on (CURL_SOCKOPT_OK).
static const int ccurl_sockopt_ok = CURL_SOCKOPT_OK;
/// The pre-request callback's answer that lets the request go (CURL_PREREQFUNC_OK).
static const int ccurl_prereqfunc_ok = CURL_PREREQFUNC_OK;

/// The local port `socket` is bound to, or -1.
static inline int ccurl_socket_local_port(int socket) {
    struct sockaddr_storage address;
    socklen_t length = sizeof(address);
    if (getsockname(socket, (struct sockaddr *)&address, &length) != 0) { return -1; }
    if (address.ss_family == AF_INET) { return ntohs(((struct sockaddr_in *)&address)->sin_port); }
    if (address.ss_family == AF_INET6) { return ntohs(((struct sockaddr_in6 *)&address)->sin6_port); }
    return -1;
}

/// Closes `socket`; 0 when it was closed.
static inline int ccurl_socket_close(int socket) {
    return close(socket);
}

/// The bytes written to `socket` that its peer has not acknowledged yet (SIOCOUTQ on Linux, SO_NWRITE on
/// Apple platforms), or -1 when the system cannot tell.
static inline long ccurl_socket_unsent_bytes(int socket) {
#if defined(__linux__)
    int count = 0;
    return ioctl(socket, SIOCOUTQ, &count) == 0 ? (long)count : -1;
#elif defined(__APPLE__)
    int count = 0;
    socklen_t length = sizeof(count);
    return getsockopt(socket, SOL_SOCKET, SO_NWRITE, &count, &length) == 0 ? (long)count : -1;
#else
    return -1;
#endif
}

#endif
