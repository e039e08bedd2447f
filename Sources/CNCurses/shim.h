#ifndef STANDUPS_CNCURSES_SHIM_H
#define STANDUPS_CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <errno.h>
#include <fcntl.h>
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
#include <ncursesw/term.h>

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
static inline int cn_key_f(int n) { return KEY_F(n); }
static inline int cn_ccharw_max(void) { return CCHARW_MAX; }

/* glibc declares wcwidth only for X/Open builds, which the Swift Glibc module
 * is not; declare it here (POSIX, same signature) so Swift can call it. */
extern int wcwidth(wchar_t);
static inline int cn_wcwidth(wchar_t c) { return wcwidth(c); }

static inline attr_t cn_a_altcharset(void) { return A_ALTCHARSET; }

/* The character that, with A_ALTCHARSET, draws a horizontal line from the
 * terminal's line-drawing set (ACS_HLINE: 'q'): a run of them is one byte
 * repeated (`rep`) on the wire, where U+2500 is three bytes a cell. (WACS_HLINE
 * is U+2500 itself in a UTF-8 locale.) ncurses substitutes U+2500 on terminals
 * whose line-drawing set is unusable in UTF-8 (the `U8` capability). */
static inline wchar_t cn_acs_hline_char(void) { return (wchar_t)(ACS_HLINE & A_CHARTEXT); }

/* A blank of the given attributes and colour pair, made by setcchar: the
 * template a row's cells are copied from before their text is set. The pair
 * goes through setcchar's `opts` pointer, ncurses' extension for pair numbers
 * above 32767. */
static inline cchar_t cn_styled_blank(attr_t attrs, int pair) {
  wchar_t text[2] = {L' ', 0};
  cchar_t cell;
  if (setcchar(&cell, text, attrs, 0, &pair) == ERR) {
    memset(&cell, 0, sizeof cell);
    cell.chars[0] = L' ';
  }
  return cell;
}

/* The current terminal's string capabilities, standard then extended (its
 * description's own, such as shifted arrow keys): how many there are, and
 * the name and value of each (NULL when absent). term.h exposes the entry
 * for reading; these only read it. */
static inline int cn_string_capability_count(void) {
  return cur_term ? cur_term->type.num_Strings : 0;
}

static inline const char *cn_string_capability_name(int index) {
  const TERMTYPE *entry = &cur_term->type;
  int standard = entry->num_Strings - entry->ext_Strings;
  if (index < 0 || index >= entry->num_Strings) return NULL;
  if (index < standard) return index < STRCOUNT ? strnames[index] : NULL;
  return entry->ext_Names[entry->ext_Booleans + entry->ext_Numbers + (index - standard)];
}

static inline const char *cn_string_capability_value(int index) {
  const char *value = cur_term->type.Strings[index];
  return value == (const char *)-1 ? NULL : value;
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

/* What the terminfo database says of terminal `name`: -1 unknown, 0 known but
 * without cursor addressing (dumb, hard-copy), 1 usable full screen. Looked up
 * before newterm, which refuses such terminals without saying why. */
static inline int cn_terminal_kind(const char *name) {
  int error = 0;
  if (setupterm(name, 1, &error) != OK) return -1;
  int usable = tigetstr("cup") != NULL && tigetstr("cup") != (char *)-1;
  del_curterm(cur_term);
  return usable;
}

/* Whether `sig` is ignored (SIG_IGN) in this process. */
static inline int cn_signal_is_ignored(int sig) {
  struct sigaction action;
  return sigaction(sig, NULL, &action) == 0 && action.sa_handler == SIG_IGN;
}

/* The bytes that set the scrolling region to rows top…bottom, or NULL. */
static inline const char *cn_scroll_region(int top, int bottom) {
  char *csr = tigetstr("csr");
  if (csr == NULL || csr == (char *)-1) return NULL;
  return tiparm(csr, top, bottom);
}

/* The bytes that move the cursor to (row, column), or NULL. */
static inline const char *cn_cursor_address(int row, int column) {
  char *cup = tigetstr("cup");
  if (cup == NULL || cup == (char *)-1) return NULL;
  return tiparm(cup, row, column);
}

#endif
