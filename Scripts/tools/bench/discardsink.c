/* A loopback HTTP/1.1 server that reads request bodies and throws them away (part 15 of Scripts/bench).

   Listens on 127.0.0.1 at a free port and prints "port N" on standard output. Each connection gets a thread
   that reads requests one after the other: the head (up to 64 KiB), answers `Expect: 100-continue` at once,
   reads `Content-Length` bytes of body into one 256 KiB buffer without keeping them, and answers 200 with the
   number of body bytes it read as a text body. A chunked body is refused with 411. It runs until it is
   killed. Built by Scripts/bench with `gcc -O2 -pthread` into the benchmark package's .build folder. */

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#define HEAD_LIMIT (64 * 1024)
#define BODY_BUFFER (256 * 1024)

static int send_all(int fd, const char *data, size_t length) {
    while (length > 0) {
        ssize_t sent = send(fd, data, length, MSG_NOSIGNAL);
        if (sent < 0 && errno == EINTR) continue;
        if (sent <= 0) return -1;
        data += sent;
        length -= (size_t)sent;
    }
    return 0;
}

/* The value of header `name` in `head` (NUL-terminated, lines ending in CRLF), copied into `value`. */
static int header(const char *head, const char *name, char *value, size_t size) {
    size_t length = strlen(name);
    for (const char *line = strstr(head, "\r\n"); line && line[2]; line = strstr(line + 2, "\r\n")) {
        const char *start = line + 2;
        if (strncasecmp(start, name, length) == 0 && start[length] == ':') {
            const char *cursor = start + length + 1;
            while (*cursor == ' ' || *cursor == '\t') cursor++;
            size_t used = 0;
            while (cursor[used] && cursor[used] != '\r' && used + 1 < size) {
                value[used] = cursor[used];
                used++;
            }
            value[used] = 0;
            return 1;
        }
    }
    return 0;
}

static void *serve(void *argument) {
    int fd = (int)(long)argument;
    char *head = malloc(HEAD_LIMIT + 1);
    char *body = malloc(BODY_BUFFER);
    size_t held = 0;
    while (head && body) {
        char *end = NULL;
        while (!(end = (held >= 4 ? memmem(head, held, "\r\n\r\n", 4) : NULL))) {
            if (held == HEAD_LIMIT) goto done;
            ssize_t count = recv(fd, head + held, HEAD_LIMIT - held, 0);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) goto done;
            held += (size_t)count;
        }
        size_t head_length = (size_t)(end - head) + 4;
        char saved = head[head_length];
        head[head_length] = 0;
        char value[128];
        if (header(head, "Transfer-Encoding", value, sizeof value)) {
            const char *refusal = "HTTP/1.1 411 Length Required\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
            send_all(fd, refusal, strlen(refusal));
            goto done;
        }
        long long length = header(head, "Content-Length", value, sizeof value) ? atoll(value) : 0;
        int closing = header(head, "Connection", value, sizeof value) && strcasecmp(value, "close") == 0;
        if (header(head, "Expect", value, sizeof value) && strcasecmp(value, "100-continue") == 0) {
            const char *go = "HTTP/1.1 100 Continue\r\n\r\n";
            if (send_all(fd, go, strlen(go)) < 0) goto done;
        }
        head[head_length] = saved;
        size_t extra = held - head_length;
        long long taken = (long long)extra < length ? (long long)extra : length;
        memmove(head, head + head_length + taken, extra - (size_t)taken);
        held = extra - (size_t)taken;
        long long received = taken;
        while (received < length) {
            long long left = length - received;
            ssize_t count = recv(fd, body, left < BODY_BUFFER ? (size_t)left : BODY_BUFFER, 0);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) goto done;
            received += count;
        }
        char answer[256];
        char digits[32];
        int digits_length = snprintf(digits, sizeof digits, "%lld", received);
        int answer_length = snprintf(answer, sizeof answer,
                                     "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n%s",
                                     digits_length, digits);
        if (send_all(fd, answer, (size_t)answer_length) < 0 || closing) goto done;
    }
done:
    free(head);
    free(body);
    close(fd);
    return NULL;
}

int main(void) {
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    int yes = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = 0};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 ||
        listen(listener, 512) != 0 || getsockname(listener, (struct sockaddr *)&address, &size) != 0) {
        perror("discardsink");
        return 1;
    }
    printf("port %d\n", ntohs(address.sin_port));
    fflush(stdout);
    for (;;) {
        int fd = accept(listener, NULL, NULL);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED) continue;
            perror("discardsink: accept");
            return 1;
        }
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
        pthread_t thread;
        if (pthread_create(&thread, NULL, serve, (void *)(long)fd) != 0) {
            close(fd);
            continue;
        }
        pthread_detach(thread);
    }
}
