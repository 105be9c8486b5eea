/*
 * The native client of the fake server: a `claude`-compatible executable that carries one session
 * to a running `clide-conformance fake-server` (CLIDE_FAKE_SERVER=<socket>) with no Node process
 * at all. It speaks the wire format of src/fake-claude/server/frames.ts and behaves as the Node
 * client does (src/fake-claude/server/client.ts): a hello with its argv, environment, cwd and pid,
 * and the server's token read from <socket>.token (only the server's user can read it);
 * stdin forwarded chunk by chunk once the server accepts, never before; stdout and stderr written
 * as they come; the exit code, or death by the signal the session died of. A broken server is
 * exit 70 with the same text. No server at the path, a refusal, or no answer within 2 s: the
 * session runs in Node instead (the kit's bin/fake-claude, with CLIDE_FAKE_SERVER removed from its
 * environment), with nothing of stdin read.
 *
 * Built by the kit on the user's machine (src/fake-claude/server/native-client.ts) with the
 * machine's C compiler; fake-client-config.h, written beside this file for each build, holds the
 * kit version, the Node binary and the bin/fake-claude it falls back to.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "fake-client-config.h"

extern char **environ;

#define WIRE_PROTOCOL 2
#define TOKEN_CHARS 64
#define ANSWER_TIMEOUT_MS 2000
#define MAX_FRAME_BYTES (256u * 1024u * 1024u)
#define CHUNK_BYTES (64 * 1024)

enum {
  F_HELLO = 'H',
  F_ACCEPT = 'A',
  F_REFUSE = 'R',
  F_STDIN = 'I',
  F_STDIN_END = 'E',
  F_STDOUT = 'O',
  F_STDERR = 'W',
  F_EXIT = 'X',
};

static const char *socket_path;
static int argc_saved;
static char **argv_saved;

/* ---- growable byte buffer ---- */

typedef struct {
  unsigned char *data;
  size_t len, cap;
} buf_t;

static void die_oom(void) {
  static const char text[] = "fake-claude: internal error: out of memory\n";
  ssize_t ignored = write(2, text, sizeof text - 1);
  (void)ignored;
  _exit(70);
}

static void buf_reserve(buf_t *b, size_t extra) {
  if (b->len + extra <= b->cap) return;
  size_t cap = b->cap ? b->cap : 4096;
  while (cap < b->len + extra) cap *= 2;
  unsigned char *data = realloc(b->data, cap);
  if (!data) die_oom();
  b->data = data;
  b->cap = cap;
}

static void buf_add(buf_t *b, const void *bytes, size_t n) {
  buf_reserve(b, n);
  memcpy(b->data + b->len, bytes, n);
  b->len += n;
}

static void buf_str(buf_t *b, const char *s) { buf_add(b, s, strlen(s)); }

/* A JSON string of `s`: bytes of 0x80 and over pass as they are (UTF-8), as Node's own argv does. */
static void buf_json(buf_t *b, const char *s) {
  static const char hex[] = "0123456789abcdef";
  buf_add(b, "\"", 1);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    unsigned char c = *p;
    if (c == '"' || c == '\\') {
      char esc[2] = {'\\', (char)c};
      buf_add(b, esc, 2);
    } else if (c < 0x20 || c == 0x7f) {
      char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
      buf_add(b, esc, 6);
    } else {
      buf_add(b, &c, 1);
    }
  }
  buf_add(b, "\"", 1);
}

static void frame_header(buf_t *b, unsigned char type, size_t length) {
  unsigned char head[5] = {type, (unsigned char)(length >> 24), (unsigned char)(length >> 16),
                           (unsigned char)(length >> 8), (unsigned char)length};
  buf_add(b, head, 5);
}

/* ---- time and writes ---- */

static long long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int quiet_stdout = 0, quiet_stderr = 0;

/* Writes all of `n` bytes to fd 1 or 2, waiting out a non-blocking descriptor; a closed reader (EPIPE) quiets it for good. */
static void write_out(int fd, const unsigned char *p, size_t n) {
  int *quiet = fd == 1 ? &quiet_stdout : &quiet_stderr;
  while (n > 0 && !*quiet) {
    ssize_t w = write(fd, p, n);
    if (w >= 0) {
      p += w;
      n -= (size_t)w;
    } else if (errno == EINTR) {
      continue;
    } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
      struct pollfd pfd = {fd, POLLOUT, 0};
      poll(&pfd, 1, -1);
    } else {
      *quiet = 1;
    }
  }
}

static void write_text(int fd, const char *s) { write_out(fd, (const unsigned char *)s, strlen(s)); }

/* ---- the ends of a session ---- */

static void run_locally(void) {
  if (access(CLIDE_FALLBACK, R_OK) != 0) {
    /* Built for a kit install that is gone (moved, removed): say so rather than let Node fail to find it. */
    write_text(2, "fake-claude: internal error: no server took the session, and the kit this native client was built for is gone (");
    write_text(2, CLIDE_FALLBACK);
    write_text(2, ": ");
    write_text(2, strerror(errno));
    write_text(2, "); start the CLIDE_FAKE_CLAUDE that clide-conformance fake-server prints\n");
    _exit(70);
  }
  unsetenv("CLIDE_FAKE_SERVER");
  signal(SIGPIPE, SIG_DFL);
  char **args = calloc((size_t)argc_saved + 2, sizeof *args);
  if (!args) die_oom();
  args[0] = (char *)CLIDE_NODE;
  args[1] = (char *)CLIDE_FALLBACK;
  for (int i = 1; i < argc_saved; i++) args[i + 1] = argv_saved[i];
  execv(CLIDE_NODE, args);
  args[0] = "node";
  execvp("node", args);
  write_text(2, "fake-claude: internal error: cannot start node for ");
  write_text(2, CLIDE_FALLBACK);
  write_text(2, ": ");
  write_text(2, strerror(errno));
  write_text(2, "\n");
  _exit(70);
}

static const struct {
  const char *name;
  int number;
} SIGNALS[] = {
    {"SIGHUP", SIGHUP},   {"SIGINT", SIGINT},   {"SIGQUIT", SIGQUIT}, {"SIGILL", SIGILL},
    {"SIGTRAP", SIGTRAP}, {"SIGABRT", SIGABRT}, {"SIGBUS", SIGBUS},   {"SIGFPE", SIGFPE},
    {"SIGKILL", SIGKILL}, {"SIGUSR1", SIGUSR1}, {"SIGSEGV", SIGSEGV}, {"SIGUSR2", SIGUSR2},
    {"SIGPIPE", SIGPIPE}, {"SIGALRM", SIGALRM}, {"SIGTERM", SIGTERM},
};

/* The value of a top-level key of a flat JSON object the server wrote: a number, or a string without escapes. */
static const char *json_field(const char *json, const char *key, size_t *length) {
  char pattern[32];
  snprintf(pattern, sizeof pattern, "\"%s\":", key);
  const char *at = strstr(json, pattern);
  if (!at) return NULL;
  at += strlen(pattern);
  if (*at == '"') {
    const char *end = strchr(at + 1, '"');
    if (!end) return NULL;
    *length = (size_t)(end - at - 1);
    return at + 1;
  }
  const char *end = at;
  while (*end == '-' || (*end >= '0' && *end <= '9')) end++;
  *length = (size_t)(end - at);
  return *length ? at : NULL;
}

/* The session ended: leave with its exit code, or die of its signal (stdout and stderr are written through). */
static void leave(const unsigned char *payload, size_t n) {
  char *json = malloc(n + 1);
  if (!json) die_oom();
  memcpy(json, payload, n);
  json[n] = 0;
  size_t length = 0;
  int code = 0;
  const char *value = json_field(json, "exitCode", &length);
  if (value) code = atoi(value);
  value = json_field(json, "signal", &length);
  if (value) {
    for (size_t i = 0; i < sizeof SIGNALS / sizeof SIGNALS[0]; i++) {
      if (strlen(SIGNALS[i].name) == length && strncmp(SIGNALS[i].name, value, length) == 0) {
        signal(SIGNALS[i].number, SIG_DFL);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, SIGNALS[i].number);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        raise(SIGNALS[i].number);
      }
    }
  }
  _exit(code & 0xff);
}

static void fail(const char *what, const char *detail) {
  write_text(2, "fake-claude: internal error: the fake server (CLIDE_FAKE_SERVER=");
  write_text(2, socket_path);
  write_text(2, ") ");
  write_text(2, what);
  if (detail) write_text(2, detail);
  write_text(2, "\n");
  _exit(70);
}

/* ---- frames from the server ---- */

typedef struct {
  buf_t in;
  size_t start;     /* first unparsed byte of `in` */
  size_t consumed;  /* bytes of the stream parsed so far, for error offsets */
} decoder_t;

static int known_type(unsigned char t) {
  return t == F_HELLO || t == F_ACCEPT || t == F_REFUSE || t == F_STDIN || t == F_STDIN_END ||
         t == F_STDOUT || t == F_STDERR || t == F_EXIT;
}

/* The next whole frame, 1; none yet, 0; a broken stream fails the session (as FrameDecoder throws). */
static int next_frame(decoder_t *d, unsigned char *type, const unsigned char **payload, size_t *length) {
  size_t have = d->in.len - d->start;
  if (have < 5) return 0;
  const unsigned char *head = d->in.data + d->start;
  char detail[160];
  if (!known_type(head[0])) {
    snprintf(detail, sizeof detail, "unknown frame type 0x%02x (at byte %zu of the stream)", head[0], d->consumed);
    fail("sent a broken frame stream: ", detail);
  }
  uint32_t n = ((uint32_t)head[1] << 24) | ((uint32_t)head[2] << 16) | ((uint32_t)head[3] << 8) | head[4];
  if (n > MAX_FRAME_BYTES) {
    snprintf(detail, sizeof detail, "frame of %u bytes, over the %u a frame may have (at byte %zu of the stream)",
             n, MAX_FRAME_BYTES, d->consumed);
    fail("sent a broken frame stream: ", detail);
  }
  if (have < 5 + (size_t)n) return 0;
  *type = head[0];
  *payload = head + 5;
  *length = n;
  d->start += 5 + (size_t)n;
  d->consumed += 5 + (size_t)n;
  return 1;
}

/* Drops what was parsed, once it is all parsed (no memmove per frame). */
static void compact(decoder_t *d) {
  if (d->start == 0) return;
  memmove(d->in.data, d->in.data + d->start, d->in.len - d->start);
  d->in.len -= d->start;
  d->start = 0;
}

/*
 * Acts on every whole frame received: stdout and stderr are written, an exit leaves. Before the
 * session runs (`running` 0), a refusal runs it here instead and an accept returns 1 (the frames
 * after it wait for the session's loop); once it runs, an accept or a refusal means nothing.
 */
static int play_frames(decoder_t *d, int running) {
  unsigned char type;
  const unsigned char *payload;
  size_t length;
  while (next_frame(d, &type, &payload, &length)) {
    if (type == F_STDOUT) write_out(1, payload, length);
    else if (type == F_STDERR) write_out(2, payload, length);
    else if (type == F_EXIT) leave(payload, length);
    else if (type == F_ACCEPT && !running) return 1;
    else if (type == F_REFUSE && !running) run_locally();
    else if (type != F_ACCEPT && type != F_REFUSE) {
      char detail[64];
      snprintf(detail, sizeof detail, "(%c)", type);
      fail("sent a frame a server does not send ", detail);
    }
  }
  return 0;
}

/* Reads what the socket has; 0 at its end or error. */
static int read_socket(int fd, decoder_t *d) {
  for (;;) {
    compact(d);
    buf_reserve(&d->in, CHUNK_BYTES);
    ssize_t r = read(fd, d->in.data + d->in.len, d->in.cap - d->in.len);
    if (r > 0) {
      d->in.len += (size_t)r;
      return 1;
    }
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 1;
    return 0;
  }
}

/*
 * The server's token (64 hex digits) from <socket>.token into `token`, 1; 0 when it cannot be read
 * (no server, or one of another user): the hello then goes without it, and the server says so.
 */
static int read_token(char token[TOKEN_CHARS + 1]) {
  size_t n = strlen(socket_path);
  char *path = malloc(n + sizeof ".token");
  if (!path) die_oom();
  memcpy(path, socket_path, n);
  memcpy(path + n, ".token", sizeof ".token");
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  free(path);
  if (fd < 0) return 0;
  /* One byte more than a token: a longer file is no token. */
  char text[TOKEN_CHARS + 2];
  size_t have = 0;
  while (have < sizeof text) {
    ssize_t r = read(fd, text + have, sizeof text - have);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    have += (size_t)r;
  }
  close(fd);
  while (have > 0 && (text[have - 1] == '\n' || text[have - 1] == '\r' || text[have - 1] == ' ')) have--;
  if (have != TOKEN_CHARS) return 0;
  for (size_t i = 0; i < have; i++) {
    char c = text[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return 0;
  }
  memcpy(token, text, TOKEN_CHARS);
  token[TOKEN_CHARS] = 0;
  return 1;
}

static void hello(buf_t *out) {
  buf_t json = {0};
  char number[32];
  buf_str(&json, "{\"protocol\":");
  snprintf(number, sizeof number, "%d", WIRE_PROTOCOL);
  buf_str(&json, number);
  char token[TOKEN_CHARS + 1];
  if (read_token(token)) {
    buf_str(&json, ",\"token\":");
    buf_json(&json, token);
  }
  buf_str(&json, ",\"kit\":");
  buf_json(&json, CLIDE_KIT_VERSION);
  buf_str(&json, ",\"argv\":[");
  for (int i = 1; i < argc_saved; i++) {
    if (i > 1) buf_str(&json, ",");
    buf_json(&json, argv_saved[i]);
  }
  buf_str(&json, "],\"env\":{");
  int first = 1;
  for (char **e = environ; *e; e++) {
    char *eq = strchr(*e, '=');
    if (!eq || eq == *e) continue;
    if (!first) buf_str(&json, ",");
    first = 0;
    *eq = 0;
    buf_json(&json, *e);
    *eq = '=';
    buf_str(&json, ":");
    buf_json(&json, eq + 1);
  }
  char *cwd = getcwd(NULL, 0);
  buf_str(&json, "},\"cwd\":");
  buf_json(&json, cwd ? cwd : "");
  free(cwd);
  snprintf(number, sizeof number, "%ld", (long)getpid());
  buf_str(&json, ",\"pid\":");
  buf_str(&json, number);
  buf_str(&json, ",\"stdinIsTTY\":");
  buf_str(&json, isatty(0) ? "true" : "false");
  struct stat in_stat;
  buf_str(&json, ",\"stdinIsFile\":");
  buf_str(&json, fstat(0, &in_stat) == 0 && S_ISREG(in_stat.st_mode) ? "true" : "false");
  buf_str(&json, "}");
  frame_header(out, F_HELLO, json.len);
  buf_add(out, json.data, json.len);
  free(json.data);
}

/* Writes what it can of `pending` to the non-blocking socket; -1 when the socket is broken. */
static int flush_socket(int fd, buf_t *pending, size_t *sent) {
  while (*sent < pending->len) {
    ssize_t w = write(fd, pending->data + *sent, pending->len - *sent);
    if (w > 0) {
      *sent += (size_t)w;
    } else if (w < 0 && errno == EINTR) {
      continue;
    } else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return 0;
    } else {
      return -1;
    }
  }
  pending->len = 0;
  *sent = 0;
  return 0;
}

int main(int argc, char **argv) {
  argc_saved = argc;
  argv_saved = argv;
  signal(SIGPIPE, SIG_IGN);
  socket_path = getenv("CLIDE_FAKE_SERVER");
  if (!socket_path || !*socket_path) run_locally();

  struct sockaddr_un address;
  memset(&address, 0, sizeof address);
  address.sun_family = AF_UNIX;
  if (strlen(socket_path) >= sizeof address.sun_path) run_locally();
  memcpy(address.sun_path, socket_path, strlen(socket_path));
  int sock = socket(AF_UNIX, SOCK_STREAM, 0);
  if (sock < 0) run_locally();
  fcntl(sock, F_SETFD, FD_CLOEXEC);
  fcntl(sock, F_SETFL, fcntl(sock, F_GETFL) | O_NONBLOCK);
  long long deadline = now_ms() + ANSWER_TIMEOUT_MS;
  if (connect(sock, (struct sockaddr *)&address, sizeof address) != 0) {
    if (errno != EINPROGRESS) run_locally();
    struct pollfd pfd = {sock, POLLOUT, 0};
    int error = 0;
    socklen_t size = sizeof error;
    if (poll(&pfd, 1, ANSWER_TIMEOUT_MS) <= 0 || getsockopt(sock, SOL_SOCKET, SO_ERROR, &error, &size) != 0 ||
        error != 0)
      run_locally();
  }

  buf_t pending = {0};
  size_t sent = 0;
  hello(&pending);
  decoder_t decoder = {0};

  /* The hello, then the server's answer: nothing of stdin is read before it accepts. */
  for (;;) {
    if (flush_socket(sock, &pending, &sent) < 0) run_locally();
    long long left = deadline - now_ms();
    if (left <= 0) run_locally();
    struct pollfd pfd = {sock, (short)(POLLIN | (pending.len ? POLLOUT : 0)), 0};
    int ready = poll(&pfd, 1, (int)left);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) run_locally();
    if (!(pfd.revents & (POLLIN | POLLHUP | POLLERR))) continue;
    if (!read_socket(sock, &decoder)) run_locally();
    if (play_frames(&decoder, 0)) break;
  }

  /* The session: stdin to the server, its frames to stdout and stderr, until its exit. */
  int stdin_open = 1;
  unsigned char *chunk = malloc(CHUNK_BYTES);
  if (!chunk) die_oom();
  for (;;) {
    play_frames(&decoder, 1);
    if (flush_socket(sock, &pending, &sent) < 0) {
      /* A server gone mid-session: what it sent is still read, then its close fails the session. */
      pending.len = 0;
      sent = 0;
    }
    struct pollfd fds[2] = {
        {sock, (short)(POLLIN | (pending.len ? POLLOUT : 0)), 0},
        {0, POLLIN, 0},
    };
    /* While a chunk waits for the socket, stdin is not read further (the server's backpressure). */
    int watch_stdin = stdin_open && pending.len == 0;
    int ready = poll(fds, watch_stdin ? 2 : 1, -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      fail("could not be waited on: ", strerror(errno));
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      if (!read_socket(sock, &decoder)) {
        /* Its last frames first: a server that ends the session closes after its exit frame. */
        play_frames(&decoder, 1);
        fail("closed the session before it ended", NULL);
      }
    }
    if (watch_stdin && fds[1].revents) {
      ssize_t r = (fds[1].revents & POLLNVAL) ? 0 : read(0, chunk, CHUNK_BYTES);
      if (r < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
      if (r > 0) {
        frame_header(&pending, F_STDIN, (size_t)r);
        buf_add(&pending, chunk, (size_t)r);
      } else {
        /* Its end, or an error reading it: the input ends, as for the executable. */
        stdin_open = 0;
        frame_header(&pending, F_STDIN_END, 0);
      }
    }
  }
}
