#ifndef STANDUPS_CNCURSES_SHIM_H
#define STANDUPS_CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>
#include <ncursesw/panel.h>

/* ---------------------------------------------------------------------------
 * Accessors for ncurses' mutable globals and function-like macros. Swift 6
 * rejects direct use of C mutable globals (shared mutable state) and cannot
 * import macros with arguments, so each gets a tiny inline function.
 * ------------------------------------------------------------------------- */

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *cn_stdin(void) { return stdin; }
static inline FILE *cn_stdout(void) { return stdout; }

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }

static inline int cn_ok(void) { return OK; }
static inline int cn_err(void) { return ERR; }
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cn_key_f(int n) { return KEY_F(n); }
static inline int cn_ccharw_max(void) { return CCHARW_MAX; }

/* Writes one grapheme (a base character plus up to CCHARW_MAX-1 combining
 * marks; unused slots are 0) at (y, x). The pair goes through setcchar's
 * `opts` pointer, ncurses' extension for pair numbers above 32767. */
static inline int cn_put_cell(WINDOW *win, int y, int x, attr_t attrs, int pair, wchar_t c0,
                              wchar_t c1, wchar_t c2, wchar_t c3, wchar_t c4) {
  wchar_t text[CCHARW_MAX + 1] = {c0, c1, c2, c3, c4, 0};
  cchar_t cell;
  if (setcchar(&cell, text, attrs, 0, &pair) == ERR) return ERR;
  return mvwadd_wch(win, y, x, &cell);
}

/* One read from the keyboard: returns OK (a character), KEY_CODE_YES (a KEY_*
 * code) or ERR (nothing available); the value lands in *value. */
static inline int cn_get_wch(WINDOW *win, unsigned int *value) {
  wint_t ch = 0;
  int status = wget_wch(win, &ch);
  *value = (unsigned int)ch;
  return status;
}

/* The terminal's size from the kernel, which knows about a resize before
 * ncurses does. Returns 0 on success. */
static inline int cn_window_size(int fd, int *rows, int *cols) {
  struct winsize ws;
  if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
  *rows = ws.ws_row;
  *cols = ws.ws_col;
  return 0;
}

/* tigetstr reports "not a string capability" as (char *)-1; fold that and
 * "absent" into NULL so Swift only has one case to check. */
static inline const char *cn_tigetstr(const char *name) {
  char *value = tigetstr(name);
  if (value == (char *)-1) return NULL;
  return value;
}

/* ---------------------------------------------------------------------------
 * Signal guard: puts the terminal back when the process is interrupted.
 *
 * Handlers may only do async-signal-safe work (write, tcsetattr, sigaction,
 * raise), so the bytes to write and the termios to restore are prepared ahead
 * of time and kept here, in C, where no Swift runtime is involved.
 *
 * The state lives in a static local of a static inline function, so every
 * Swift object file that calls these functions would get its own copy. Only
 * Sources/CursesBackend/SignalGuard.swift may call the cn_guard_* functions.
 * ------------------------------------------------------------------------- */

#define CN_GUARD_RESTORE_MAX 512
#define CN_GUARD_MAX_SIGNAL 65

typedef struct {
  volatile sig_atomic_t armed;
  volatile sig_atomic_t terminate_requests;
  int tty_in;
  int tty_out;
  int wake_fd;
  int have_termios;
  struct termios saved;
  char restore[CN_GUARD_RESTORE_MAX];
  size_t restore_len;
  int installed[CN_GUARD_MAX_SIGNAL];
  struct sigaction previous[CN_GUARD_MAX_SIGNAL];
} cn_guard_state;

static inline cn_guard_state *cn_guard(void) {
  static cn_guard_state state = {.tty_in = 0, .tty_out = 1, .wake_fd = -1};
  return &state;
}

/* Remembers the terminal's modes as the shell left them. Returns 0 on success. */
static inline int cn_guard_save_termios(int tty_in, int tty_out) {
  cn_guard_state *s = cn_guard();
  s->tty_in = tty_in;
  s->tty_out = tty_out;
  s->have_termios = tcgetattr(tty_in, &s->saved) == 0;
  return s->have_termios ? 0 : -1;
}

static inline void cn_guard_set_wake_fd(int fd) { cn_guard()->wake_fd = fd; }

/* Bytes that undo curses mode (leave the alternate screen, show the cursor...). */
static inline void cn_guard_set_restore_bytes(const char *bytes, size_t len) {
  cn_guard_state *s = cn_guard();
  if (len > CN_GUARD_RESTORE_MAX) len = CN_GUARD_RESTORE_MAX;
  memcpy(s->restore, bytes, len);
  s->restore_len = len;
}

static inline void cn_guard_arm(int armed) {
  cn_guard_state *s = cn_guard();
  s->armed = armed;
  if (armed) s->terminate_requests = 0;
}

/* Async-signal-safe: restores the terminal once, if curses mode is active. */
static inline void cn_guard_restore_now(void) {
  cn_guard_state *s = cn_guard();
  if (!s->armed) return;
  s->armed = 0;
  size_t done = 0;
  while (done < s->restore_len) {
    ssize_t n = write(s->tty_out, s->restore + done, s->restore_len - done);
    if (n > 0) {
      done += (size_t)n;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;
    }
  }
  if (s->have_termios) tcsetattr(s->tty_in, TCSANOW, &s->saved);
}

static inline void cn_guard_put_back(int sig) {
  cn_guard_state *s = cn_guard();
  if (sig > 0 && sig < CN_GUARD_MAX_SIGNAL && s->installed[sig]) {
    sigaction(sig, &s->previous[sig], NULL);
    s->installed[sig] = 0;
  } else {
    signal(sig, SIG_DFL);
  }
}

/* Restores the terminal, hands the signal to whoever had it before (the Swift
 * runtime's backtracer, or the default action) and lets it run. A fault
 * raised by the CPU re-faults when the handler returns; a signal sent with
 * kill/raise (si_code <= 0) or a trap that resumes after itself is re-raised. */
static inline void cn_guard_on_fatal(int sig, siginfo_t *info, void *context) {
  (void)context;
  int saved_errno = errno;
  cn_guard_restore_now();
  cn_guard_put_back(sig);
  if (info == NULL || info->si_code <= 0 || sig == SIGTRAP) raise(sig);
  errno = saved_errno;
}

/* Resize, wake-ups and polite termination requests only poke the self-pipe;
 * the app's run loop does the real work. A second SIGTERM/SIGHUP while the
 * first is still pending means the app is stuck: restore and die. */
static inline void cn_guard_on_notify(int sig) {
  int saved_errno = errno;
  cn_guard_state *s = cn_guard();
  if (sig != SIGWINCH && s->terminate_requests++ > 0) {
    cn_guard_restore_now();
    cn_guard_put_back(sig);
    raise(sig);
    errno = saved_errno;
    return;
  }
  if (s->wake_fd >= 0) {
    unsigned char byte = (unsigned char)sig;
    ssize_t ignored = write(s->wake_fd, &byte, 1);
    (void)ignored;
  }
  errno = saved_errno;
}

/* Installs a handler unless the signal was ignored when we started (nohup,
 * background jobs): that choice belongs to whoever launched us. */
static inline void cn_guard_install_one(int sig, int fatal) {
  cn_guard_state *s = cn_guard();
  if (sig <= 0 || sig >= CN_GUARD_MAX_SIGNAL || s->installed[sig]) return;
  struct sigaction previous;
  if (sigaction(sig, NULL, &previous) != 0) return;
  if (previous.sa_handler == SIG_IGN) return;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  if (fatal) {
    action.sa_sigaction = cn_guard_on_fatal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  } else {
    action.sa_handler = cn_guard_on_notify;
    action.sa_flags = SA_RESTART;
  }
  s->previous[sig] = previous;
  if (sigaction(sig, &action, NULL) == 0) s->installed[sig] = 1;
}

static inline void cn_guard_install(void) {
  const int notify[] = {SIGWINCH, SIGTERM, SIGHUP};
  const int fatal[] = {SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP};
  for (size_t i = 0; i < sizeof notify / sizeof notify[0]; i++) cn_guard_install_one(notify[i], 0);
  for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) cn_guard_install_one(fatal[i], 1);
}

static inline void cn_guard_uninstall(void) {
  cn_guard_state *s = cn_guard();
  for (int sig = 1; sig < CN_GUARD_MAX_SIGNAL; sig++) {
    if (s->installed[sig]) {
      sigaction(sig, &s->previous[sig], NULL);
      s->installed[sig] = 0;
    }
  }
}

static inline void cn_guard_at_exit(void) { cn_guard_restore_now(); }

/* Registers the exit-time restore once per process. */
static inline void cn_guard_register_at_exit(void) {
  static int registered = 0;
  if (!registered) {
    registered = 1;
    atexit(cn_guard_at_exit);
  }
}

#endif
