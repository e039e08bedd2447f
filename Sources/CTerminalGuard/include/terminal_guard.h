#ifndef STANDUPS_TERMINAL_GUARD_H
#define STANDUPS_TERMINAL_GUARD_H
#include <stddef.h>

/* Puts the terminal back when the process is interrupted, suspended or ends,
 * from signal handlers that do only async-signal-safe work. Swift's face of
 * it is Sources/CursesBackend/SignalGuard.swift. */

int cn_guard_save_termios(int tty_in, int tty_out);
void cn_guard_set_wake_fd(int fd);
void cn_guard_set_restore_bytes(const char *bytes, size_t len);
void cn_guard_arm(int armed);
int cn_guard_capture_stderr(void);
void cn_guard_release_stderr(void);
void cn_guard_restore_termios(void);
int cn_guard_termination_requests(void);
void cn_guard_stop_process_group(int unless_requests_differ_from);
void cn_guard_ignore_background_output(void);
void cn_guard_install(void);
void cn_guard_uninstall(void);
void cn_guard_register_at_exit(void);
__attribute__((noreturn)) void cn_guard_end_as_signalled(int sig);

#endif
