// The reference `make bench` measures the app against: the job issue 19's
// figures were taken on, written directly on ncurses and panels, with nothing
// between a key and `doupdate` but the drawing. A list of the data file's
// standups as two-line cards (j/k move the selection, scrolling by a card),
// `a` opens a centred "New standup" box with a title field over it, Esc
// closes it, q quits. It reads only the titles, with a plain scan: the bench
// writes the file, so the format is known.
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncurses.h>
#include <panel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { maxTitles = 100000, titleLength = 64, cardHeight = 3 };
static char titles[maxTitles][titleLength];
static int count = 0;

static void readTitles(const char *path) {
  FILE *file = path ? fopen(path, "r") : NULL;
  if (!file) return;
  static char line[4096];
  while (count < maxTitles && fgets(line, sizeof line, file)) {
    char *key = strstr(line, "\"title\"");
    if (!key) continue;
    char *open = strchr(key + 7, '"');
    char *close = open ? strchr(open + 1, '"') : NULL;
    if (!close) continue;
    size_t length = (size_t)(close - open - 1);
    if (length >= titleLength) length = titleLength - 1;
    memcpy(titles[count], open + 1, length);
    titles[count][length] = 0;
    count++;
  }
  fclose(file);
}

static void drawCard(int index, int selected, int y) {
  attr_set(A_BOLD, (short)(1 + index % 6), NULL);
  mvaddstr(y, 1, "\u258c");
  attr_set(A_BOLD, 0, NULL);
  addstr(index == selected ? "\u203a " : "  ");
  addstr(titles[index]);
  attr_set(A_NORMAL, 0, NULL);
  mvaddstr(y, COLS - 13, "4 attendees");
  attr_set(A_BOLD, (short)(1 + index % 6), NULL);
  mvaddstr(y + 1, 1, "\u258c");
  attr_set(A_DIM, 0, NULL);
  printw("  %d min \u00b7 Theme", 5 + index % 10);
  attr_set(A_NORMAL, 0, NULL);
}

static void drawList(int selected, int top) {
  erase();
  attr_set(A_REVERSE, 0, NULL);
  mvprintw(0, 0, " Standups%*s", COLS - 9, "");
  attr_set(A_NORMAL, 0, NULL);
  int cards = (LINES - 3) / cardHeight;
  for (int i = 0; i < cards && top + i < count; i++) drawCard(top + i, selected, 2 + i * cardHeight);
  attr_set(A_DIM, 0, NULL);
  mvaddstr(LINES - 1, 1, "j/k move \u2022 enter open \u2022 a add \u2022 q quit");
  attr_set(A_NORMAL, 0, NULL);
}

int main(int argc, char **argv) {
  setlocale(LC_ALL, "");
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], "--data") == 0) readTitles(argv[i + 1]);
  if (count == 0) {
    fprintf(stderr, "ncurses-reference: no titles (--data FILE)\n");
    return 1;
  }
  initscr();
  raw();
  noecho();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  start_color();
  use_default_colors();
  for (short pair = 1; pair <= 6; pair++) init_pair(pair, pair, -1);
  PANEL *list = new_panel(stdscr);
  (void)list;
  int width = 60, height = 7;
  WINDOW *box = newwin(height, width, (LINES - height) / 2, (COLS - width) / 2);
  PANEL *sheet = new_panel(box);
  hide_panel(sheet);
  char title[titleLength] = "";
  int selected = 0, top = 0, sheetShown = 0;
  for (;;) {
    int cards = (LINES - 3) / cardHeight;
    if (selected < top) top = selected;
    if (selected >= top + cards) top = selected - cards + 1;
    drawList(selected, top);
    if (sheetShown) {
      werase(box);
      box_set(box, 0, 0);
      mvwaddstr(box, 0, 2, " New standup ");
      mvwprintw(box, 2, 2, "Title  %s", title);
      mvwaddstr(box, height - 2, 2, "ctrl+s save \u2022 esc cancel");
      curs_set(1);
      wmove(box, 2, 9 + (int)strlen(title));
    } else {
      curs_set(0);
    }
    update_panels();
    doupdate();
    int key = getch();
    if (sheetShown) {
      size_t length = strlen(title);
      if (key == 27 || key == 19) {
        sheetShown = 0;
        hide_panel(sheet);
        title[0] = 0;
      } else if ((key == KEY_BACKSPACE || key == 127) && length > 0) {
        title[length - 1] = 0;
      } else if (key >= ' ' && key < 127 && length + 1 < titleLength) {
        title[length] = (char)key;
        title[length + 1] = 0;
      }
      continue;
    }
    if (key == 'q') break;
    if ((key == 'j' || key == KEY_DOWN) && selected + 1 < count) selected++;
    if ((key == 'k' || key == KEY_UP) && selected > 0) selected--;
    if (key == 'a') {
      sheetShown = 1;
      show_panel(sheet);
    }
  }
  endwin();
  return 0;
}
