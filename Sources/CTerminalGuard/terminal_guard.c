#define _GNU_SOURCE
#include "terminal_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* ---------------------------------------------------------------------------
 * Signal guard: puts the terminal back when the process is interrupted.
 *
 * Handlers may only do async-signal-safe work (write, tcsetattr, sigaction,
 * raise), so the bytes to write and the termios to restore are prepared ahead
 * of time and kept here, in C, where no Swift runtime is involved.
 *
 * The state is one static of this file: every caller shares it.
 * ------------------------------------------------------------------------- */

#define CN_GUARD_RESTORE_MAX 512
#define CN_GUARD_MAX_SIGNAL 65

typedef struct {
  volatile sig_atomic_t armed;
  volatile sig_atomic_t terminate_requests; /* SIGTERM, SIGHUP and SIGINT, ever */
  volatile sig_atomic_t sigterms; /* SIGTERMs and SIGINTs since curses mode was entered */
  volatile sig_atomic_t hangups;
  int tty_in;
  int tty_out;
  int wake_fd;
  int have_termios;
  struct termios saved;
  char restore[CN_GUARD_RESTORE_MAX];
  size_t restore_len;
  int stderr_saved;   /* the real stderr while it is being captured, else -1 */
  int stderr_capture; /* unlinked temp file holding what was written meanwhile */
  int installed[CN_GUARD_MAX_SIGNAL];
  struct sigaction previous[CN_GUARD_MAX_SIGNAL];
} cn_guard_state;

static cn_guard_state guard_state = {
    .tty_in = 0, .tty_out = 1, .wake_fd = -1, .stderr_saved = -1, .stderr_capture = -1};

static cn_guard_state *cn_guard(void) { return &guard_state; }

/* Remembers the terminal's modes as the shell left them. Returns 0 on success. */
int cn_guard_save_termios(int tty_in, int tty_out) {
  cn_guard_state *s = cn_guard();
  s->tty_in = tty_in;
  s->tty_out = tty_out;
  s->have_termios = tcgetattr(tty_in, &s->saved) == 0;
  return s->have_termios ? 0 : -1;
}

void cn_guard_set_wake_fd(int fd) { cn_guard()->wake_fd = fd; }

/* Bytes that undo curses mode (leave the alternate screen, show the cursor...). */
void cn_guard_set_restore_bytes(const char *bytes, size_t len) {
  cn_guard_state *s = cn_guard();
  if (len > CN_GUARD_RESTORE_MAX) len = CN_GUARD_RESTORE_MAX;
  memcpy(s->restore, bytes, len);
  s->restore_len = len;
}

void cn_guard_arm(int armed) {
  cn_guard_state *s = cn_guard();
  s->armed = armed;
  if (armed) s->sigterms = s->hangups = 0;
}

/* How many SIGTERMs, SIGINTs and SIGHUPs the process has had: a change tells
 * the app that one came while it was stopped. */
int cn_guard_termination_requests(void) { return cn_guard()->terminate_requests; }

/* While curses owns the screen, anything written to stderr (a runtime's
 * "Fatal error: ..." just before a crash, a stray log line) would land on the
 * alternate screen and vanish with it. When stderr is the terminal, it is sent
 * to a temp file instead and replayed once the terminal is back. */
int cn_guard_capture_stderr(void) {
  cn_guard_state *s = cn_guard();
  if (s->stderr_saved >= 0 || !isatty(2)) return 0;
  const char *dir = getenv("TMPDIR");
  char path[512];
  snprintf(path, sizeof path, "%s/standups-stderr-XXXXXX", dir && *dir ? dir : "/tmp");
  int capture = mkstemp(path);
  if (capture < 0) return -1;
  unlink(path);
  int saved = dup(2);
  if (saved < 0 || dup2(capture, 2) < 0) {
    if (saved >= 0) close(saved);
    close(capture);
    return -1;
  }
  fcntl(saved, F_SETFD, FD_CLOEXEC);
  fcntl(capture, F_SETFD, FD_CLOEXEC);
  s->stderr_capture = capture;
  s->stderr_saved = saved;
  return 0;
}

/* Async-signal-safe: points stderr back at the terminal and replays what was
 * captured. */
void cn_guard_release_stderr(void) {
  cn_guard_state *s = cn_guard();
  int saved = s->stderr_saved;
  if (saved < 0) return;
  s->stderr_saved = -1;
  dup2(saved, 2);
  close(saved);
  int capture = s->stderr_capture;
  s->stderr_capture = -1;
  char buffer[1024];
  if (lseek(capture, 0, SEEK_SET) == 0) {
    ssize_t n;
    while ((n = read(capture, buffer, sizeof buffer)) > 0) {
      ssize_t done = 0;
      while (done < n) {
        ssize_t w = write(2, buffer + done, (size_t)(n - done));
        if (w <= 0 && errno != EINTR) break;
        if (w > 0) done += w;
      }
    }
  }
  close(capture);
}

/* Async-signal-safe: restores the terminal once, if curses mode is active. */
static void cn_guard_restore_now(void) {
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
  cn_guard_release_stderr();
}

/* Puts back the modes saved by cn_guard_save_termios, outside any handler. */
void cn_guard_restore_termios(void) {
  cn_guard_state *s = cn_guard();
  if (s->have_termios) tcsetattr(s->tty_in, TCSANOW, &s->saved);
}

static void cn_guard_put_back(int sig) {
  cn_guard_state *s = cn_guard();
  if (sig > 0 && sig < CN_GUARD_MAX_SIGNAL && s->installed[sig]) {
    sigaction(sig, &s->previous[sig], NULL);
    s->installed[sig] = 0;
  } else {
    signal(sig, SIG_DFL);
  }
}

/* Makes the process die of `sig` once the current handler returns. */
static void cn_guard_die_of(int sig) {
  signal(sig, SIG_DFL);
  raise(sig); /* blocked while handling sig: delivered on return */
}

/* Restores the terminal, then lets the signal end the process.
 *
 * SIGQUIT (which only `kill` can send in raw mode) takes the default action,
 * as do the other signals whose default is to end the process (SIGUSR1,
 * SIGALRM, SIGPIPE…): nothing here asks for them, so they end it. Crash signals go to whoever had them before, usually the Swift
 * runtime's backtracer: a fault raised by the CPU simply re-faults into it
 * when this handler returns; a signal sent with kill/abort (si_code <= 0) or
 * a trap, which resumes after itself, is passed on by calling the previous
 * handler directly. Either way the process then dies of the signal, even if
 * that handler would have let it go on with a terminal no longer in curses
 * mode. */
static void cn_guard_on_fatal(int sig, siginfo_t *info, void *context) {
  int saved_errno = errno;
  cn_guard_state *s = cn_guard();
  cn_guard_restore_now();
  struct sigaction previous;
  sigemptyset(&previous.sa_mask);
  previous.sa_handler = SIG_DFL;
  previous.sa_flags = 0;
  if (sig > 0 && sig < CN_GUARD_MAX_SIGNAL && s->installed[sig]) previous = s->previous[sig];
  cn_guard_put_back(sig);
  int crash = sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGABRT || sig == SIGFPE
              || sig == SIGTRAP;
  int sent = info == NULL || info->si_code <= 0 || sig == SIGTRAP;
  if (crash && !sent) {
    errno = saved_errno;
    return;
  }
  if (crash && previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    if (previous.sa_flags & SA_SIGINFO) {
      previous.sa_sigaction(sig, info, context);
    } else {
      previous.sa_handler(sig);
    }
  }
  cn_guard_die_of(sig);
  errno = saved_errno;
}

/* Resize, suspend requests, wake-ups and polite termination requests only
 * poke the self-pipe; the app's run loop does the real work. SIGINT (only
 * `kill` sends it in raw mode, where Ctrl-C is a key) is such a request too:
 * dying of it would drop a recording or an unsaved change. A second SIGTERM
 * or SIGINT means someone thinks the app is stuck: restore and die. So does a third
 * hang-up: a closing terminal sends two (the shell passes one on, the kernel
 * sends its own), and the app must still save. */
static void cn_guard_on_notify(int sig) {
  int saved_errno = errno;
  cn_guard_state *s = cn_guard();
  if (sig == SIGTERM || sig == SIGHUP || sig == SIGINT) s->terminate_requests++;
  int stuck = ((sig == SIGTERM || sig == SIGINT) && ++s->sigterms > 1)
              || (sig == SIGHUP && ++s->hangups > 2);
  if (stuck) {
    cn_guard_restore_now();
    cn_guard_put_back(sig);
    cn_guard_die_of(sig);
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
enum { CN_NOTIFY, CN_FATAL, CN_ENDING, CN_IGNORE };

static void cn_guard_install_one(int sig, int kind) {
  cn_guard_state *s = cn_guard();
  if (sig <= 0 || sig >= CN_GUARD_MAX_SIGNAL || s->installed[sig]) return;
  struct sigaction previous;
  if (sigaction(sig, NULL, &previous) != 0) return;
  if (previous.sa_handler == SIG_IGN) return;
  /* Signals nothing here asks for: a handler someone else set stays. */
  if ((kind == CN_ENDING || kind == CN_IGNORE) && previous.sa_handler != SIG_DFL) return;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  if (kind == CN_IGNORE) {
    action.sa_handler = SIG_IGN;
  } else if (kind == CN_FATAL || kind == CN_ENDING) {
    action.sa_sigaction = cn_guard_on_fatal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  } else {
    action.sa_handler = cn_guard_on_notify;
    action.sa_flags = SA_RESTART;
  }
  s->previous[sig] = previous;
  if (sigaction(sig, &action, NULL) == 0) s->installed[sig] = 1;
}

/* Stops the whole process group, as the shell's job control expects of a
 * job, and returns once it is continued (`fg`). SIGTSTP takes its default
 * action for the moment: it is the stop itself. Returns at once, without
 * stopping, when the kernel discards the signal (an orphaned process group)
 * or when termination requests came since the count the caller last saw. */
void cn_guard_stop_process_group(int unless_requests_differ_from) {
  if (cn_guard()->terminate_requests != unless_requests_differ_from) return;
  struct sigaction stop, previous;
  memset(&stop, 0, sizeof stop);
  sigemptyset(&stop.sa_mask);
  stop.sa_handler = SIG_DFL;
  sigaction(SIGTSTP, &stop, &previous);
  sigset_t tstp, mask;
  sigemptyset(&tstp);
  sigaddset(&tstp, SIGTSTP);
  sigprocmask(SIG_UNBLOCK, &tstp, &mask);
  kill(0, SIGTSTP); /* delivered to this thread before kill returns */
  sigprocmask(SIG_SETMASK, &mask, NULL);
  sigaction(SIGTSTP, &previous, NULL);
}

/* Off the terminal for good (asked to end while stopped): writing to it from
 * the background must not stop the process when the terminal has `tostop`. */
void cn_guard_ignore_background_output(void) { signal(SIGTTOU, SIG_IGN); }

void cn_guard_install(void) {
  const int notify[] = {SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGTSTP};
  const int fatal[] = {SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP};
  /* Their default ends the process; restore first, then let them. */
  const int ending[] = {SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGPIPE, SIGSYS,
#ifdef SIGSTKFLT
                        SIGSTKFLT,
#endif
#ifdef SIGPWR
                        SIGPWR,
#endif
  };
  for (size_t i = 0; i < sizeof notify / sizeof notify[0]; i++) {
    cn_guard_install_one(notify[i], CN_NOTIFY);
  }
  for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
    cn_guard_install_one(fatal[i], CN_FATAL);
  }
  for (size_t i = 0; i < sizeof ending / sizeof ending[0]; i++) {
    cn_guard_install_one(ending[i], CN_ENDING);
  }
  /* A write past the file-size limit then fails (EFBIG) like any failed
   * save, which keeps the data, instead of ending the process mid-save. */
  cn_guard_install_one(SIGXFSZ, CN_IGNORE);
}

void cn_guard_uninstall(void) {
  cn_guard_state *s = cn_guard();
  for (int sig = 1; sig < CN_GUARD_MAX_SIGNAL; sig++) {
    if (s->installed[sig]) {
      sigaction(sig, &s->previous[sig], NULL);
      s->installed[sig] = 0;
    }
  }
}

static void cn_guard_at_exit(void) { cn_guard_restore_now(); }

/* Ends the process as the signal would have, once the app has saved and put
 * the terminal back: the parent (a shell, a script, a supervisor) sees it
 * killed by the signal, which is how a shell knows to stop a loop on Ctrl-C.
 * Output still buffered in stdio goes out first. */
void cn_guard_end_as_signalled(int sig) {
  fflush(NULL);
  cn_guard_restore_now();
  struct sigaction action;
  memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  action.sa_handler = SIG_DFL;
  sigaction(sig, &action, NULL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, sig);
  sigprocmask(SIG_UNBLOCK, &only, NULL);
  raise(sig);
  _exit(128 + sig); /* a signal whose default does not end the process */
}

/* Registers the exit-time restore once per process. */
void cn_guard_register_at_exit(void) {
  static int registered = 0;
  if (!registered) {
    registered = 1;
    atexit(cn_guard_at_exit);
  }
}
