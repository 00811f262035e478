#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
/* The only C that StudyTerm has: curses macros and globals wrapped for Swift 6, plus the
   async-signal-safe bits (signal flags, crash-time terminal restore) that cannot be Swift. */

/* The wide-char API (get_wch, cchar_t, setcchar) is declared only when one of these is set
   BEFORE curses.h; SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif
#include <term.h>

/* glibc declares wcwidth() only under __USE_XOPEN; Swift's Glibc module lacks it. */
extern int wcwidth(wchar_t c);
static inline int nc_wcwidth(wchar_t c) { return wcwidth(c); }

/* ---- C globals are shared mutable state, which Swift 6 rejects: wrap them. ---- */
static inline WINDOW *nc_stdscr(void) { return stdscr; }
static inline int nc_lines(void) { return LINES; }
static inline int nc_cols(void) { return COLS; }
static inline int nc_colors(void) { return COLORS; }
static inline int nc_color_pairs(void) { return COLOR_PAIRS; }

/* ---- Function-like and expression macros are not imported by Swift. ---- */
static inline unsigned int nc_a_normal(void) { return (unsigned int)A_NORMAL; }
static inline unsigned int nc_a_bold(void) { return (unsigned int)A_BOLD; }
static inline unsigned int nc_a_reverse(void) { return (unsigned int)A_REVERSE; }
static inline unsigned int nc_a_underline(void) { return (unsigned int)A_UNDERLINE; }
static inline unsigned int nc_a_dim(void) { return (unsigned int)A_DIM; }
static inline int nc_key_f(int n) { return KEY_F(n); }

/* stdin/stdout are C globals too: open the curses screen on them here. */
static inline SCREEN *nc_newterm_stdio(void) { return newterm(NULL, stdout, stdin); }
/* Erases the terminal's scrollback with terminfo's E3 (ncurses' clear() never sends it), written
   straight to the terminal after curses has flushed its frame; padding ($<n>) is left out.
   Returns 1 when the terminal has E3, 0 when it has none. */
static inline int nc_clear_scrollback(void) {
    const char *e3 = tigetstr((char *)"E3");
    if (e3 == NULL || e3 == (char *)-1) return 0;
    char bytes[64];
    size_t n = 0;
    for (const char *p = e3; *p != '\0' && n < sizeof bytes; p++) {
        if (p[0] == '$' && p[1] == '<') {
            while (*p != '\0' && *p != '>') p++;
            if (*p == '\0') break;
            continue;
        }
        bytes[n++] = *p;
    }
    size_t written = 0;
    while (written < n) {
        ssize_t r = write(STDOUT_FILENO, bytes + written, n - written);
        if (r <= 0) break;
        written += (size_t)r;
    }
    return 1;
}
static inline int nc_stdio_are_ttys(void) { return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO); }

/* Locale: true when the current LC_CTYPE codeset is UTF-8. */
static inline int nc_codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && strcmp(codeset, "UTF-8") == 0;
}

/* One cell: a base character plus up to four combining marks, with attributes and a pair. */
static inline int nc_mvadd_cell(WINDOW *w, int y, int x, const wchar_t *chars,
                                unsigned int attrs, short pair) {
    cchar_t cc;
    if (setcchar(&cc, chars, (attr_t)attrs, pair, NULL) != OK) return ERR;
    return mvwadd_wch(w, y, x, &cc);
}

/* ---- Mouse: button masks are macros. Presses only; clicks would add a delay. ---- */
static inline mmask_t nc_mouse_press_mask(void) {
    return BUTTON1_PRESSED | BUTTON2_PRESSED | BUTTON3_PRESSED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
        | BUTTON5_PRESSED
#endif
        ;
}
/* Which button a mouse event pressed: 1-3 buttons, 4 wheel up, 5 wheel down, 0 none. */
static inline int nc_mouse_button(mmask_t state) {
    if (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
    if (state & (BUTTON2_PRESSED | BUTTON2_CLICKED)) return 2;
    if (state & (BUTTON3_PRESSED | BUTTON3_CLICKED)) return 3;
    if (state & BUTTON4_PRESSED) return 4;
#ifdef BUTTON5_PRESSED
    if (state & BUTTON5_PRESSED) return 5;
#endif
    return 0;
}

#include "signals.h"
#endif
