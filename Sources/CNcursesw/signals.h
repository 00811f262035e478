#ifndef CNCURSESW_SIGNALS_H
#define CNCURSESW_SIGNALS_H
/* Signal handling that must be async-signal-safe, so it lives in C.
 *
 * A signal handler cannot receive context, so a process-wide slot is unavoidable (the one
 * sanctioned exception to "no mutable globals"). The state lives in weak globals, not in
 * function-local statics: Swift emits a private copy of every static inline function into each
 * object file that calls it, and a release build inlines SignalTrap's calls into other files,
 * so function-local statics split into copies (the handler set one flag, the event loop read
 * another, and SIGTERM went unnoticed). Every object file that includes this header defines
 * the weak globals, and the linker keeps one of each. Still, call the nc_signal_* and nc_crash_*
 * functions only from TUINcurses/SignalTrap.swift. */

/* The last termination signal received (0 = none); written only by the handler. */
__attribute__((weak)) volatile sig_atomic_t nc_signal_pending = 0;
static inline volatile sig_atomic_t *nc_signal_slot(void) {
    return &nc_signal_pending;
}
/* The signals the trap handles: every catchable signal whose default action ends the process
   sets the flag, so the screen saves progress and restores the terminal before it ends:
   SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM,
   SIGPROF and, on Linux, SIGIO (SIGPOLL), SIGPWR, SIGSTKFLT and every real-time signal
   (SIGRTMIN..SIGRTMAX). SIGTSTP is ignored. SIGPIPE is ignored by the program itself (a write
   to a closed pipe is an error there, not a death). SIGKILL and SIGSTOP cannot be caught;
   crashes (SIGSEGV, SIGBUS, SIGSYS and friends) have their own handler below. The previous
   action of each is kept in a slot indexed by the signal's number. */
#define NC_SIGNAL_LIMIT 65
__attribute__((weak)) struct sigaction nc_signal_saved[NC_SIGNAL_LIMIT] = {{{0}}};
static inline struct sigaction *nc_signal_saved_actions(void) {
    return nc_signal_saved;
}
/* 1 when the trap notes `signo`, 2 when it ignores it (SIGTSTP), 0 when it leaves it alone.
   With `station` set (a study station, where no key or job-control signal may do anything a
   participant could use), SIGINT and SIGQUIT are ignored instead of noted, and SIGTTIN and
   SIGTTOU are ignored too (their default stops the process). */
static inline int nc_signal_trapped_as(int signo, int station) {
    if (station) {
        switch (signo) {
        case SIGINT: case SIGQUIT: case SIGTTIN: case SIGTTOU:
            return 2;
        default:
            break;
        }
    }
    switch (signo) {
    case SIGINT: case SIGTERM: case SIGHUP: case SIGQUIT: case SIGUSR1: case SIGUSR2:
    case SIGALRM: case SIGXCPU: case SIGXFSZ: case SIGVTALRM: case SIGPROF:
#ifdef __linux__
    case SIGIO: case SIGPWR: case SIGSTKFLT:
#endif
        return 1;
    case SIGTSTP:
        return 2;
    default:
        break;
    }
#ifdef SIGRTMIN
    if (signo >= SIGRTMIN && signo <= SIGRTMAX) return 1;
#endif
    return 0;
}
static inline int nc_signal_trapped(int signo) { return nc_signal_trapped_as(signo, 0); }
static void nc_signal_note(int signo) { *nc_signal_slot() = signo; }

/* 1 for each signal whose previous action nc_signal_install saved (and nc_signal_restore puts back). */
__attribute__((weak)) volatile sig_atomic_t nc_signal_saved_valid[NC_SIGNAL_LIMIT] = {0};

/* Installs flag-only handlers for the signals above (no SA_RESTART, so a waiting
   poll returns with EINTR) and ignores SIGTSTP (and, with `station`, SIGINT, SIGQUIT, SIGTTIN and
   SIGTTOU), remembering the previous handlers. In raw mode Ctrl-Z is a key, and a stop sent from
   outside must not freeze a screen mid-step; with SIGTSTP handled, ncurses also skips the two
   sigaction calls it makes around every refresh. Call before initscr/newterm, so ncurses sees
   the signals as handled and installs none of its own. */
static inline void nc_signal_install(int station) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    for (int signo = 1; signo < NC_SIGNAL_LIMIT; signo++) {
        int trapped = nc_signal_trapped_as(signo, station);
        if (trapped == 0) continue;
        action.sa_handler = trapped == 2 ? SIG_IGN : nc_signal_note;
        nc_signal_saved_valid[signo] = sigaction(signo, &action, &nc_signal_saved_actions()[signo]) == 0;
    }
}

/* Puts back the handlers that were in place before nc_signal_install. */
static inline void nc_signal_restore(void) {
    for (int signo = 1; signo < NC_SIGNAL_LIMIT; signo++) {
        if (nc_signal_saved_valid[signo]) sigaction(signo, &nc_signal_saved_actions()[signo], NULL);
        nc_signal_saved_valid[signo] = 0;
    }
}

/* A study station, before its terminal opens: SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU and
   SIGPIPE are ignored for the whole process, so a key typed while the terminal is still in its
   cooked mode (Ctrl-C, Ctrl-backslash, Ctrl-Z) or a job-control stop does nothing. */
static inline void nc_signal_ignore_participant_signals(void) {
    static const int numbers[] = { SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) signal(numbers[i], SIG_IGN);
}

/* Returns and clears the pending signal number (0 when none). */
static inline int nc_signal_take(void) {
    int signo = *nc_signal_slot();
    *nc_signal_slot() = 0;
    return signo;
}

/* Outside a screen (line mode, the other commands), every signal the trap notes ends the process
   at once with status 128 + n, the status a screen ends with: SIGQUIT (Ctrl-backslash in line
   mode) no longer asks for a core dump or the Swift runtime's crash report, which on a terminal
   waits 30 seconds for a key. Line mode stores every answer as it is taken, so nothing is lost.
   A screen's trap replaces these while it runs and puts them back after. */
__attribute__((weak)) char nc_signal_end_remove_path[4096] = {0};
__attribute__((weak)) volatile sig_atomic_t nc_signal_end_remove_armed = 0;
static void nc_signal_end_now(int signo) {
    if (nc_signal_end_remove_armed) unlink(nc_signal_end_remove_path);
    _exit(128 + signo);
}
/* Names a file to remove when a signal ends the process this way (a lock file its holder removes
   when done); NULL forgets it. Disarmed while the path changes, so the handler never reads a torn
   one. Call only from TUINcurses/SignalTrap.swift. */
static inline void nc_signal_end_removing(const char *path) {
    nc_signal_end_remove_armed = 0;
    if (path == NULL || strlen(path) >= sizeof nc_signal_end_remove_path) return;
    memcpy(nc_signal_end_remove_path, path, strlen(path) + 1);
    nc_signal_end_remove_armed = 1;
}
static inline void nc_signal_end_quietly(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = nc_signal_end_now;
    for (int signo = 1; signo < NC_SIGNAL_LIMIT; signo++) {
        if (nc_signal_trapped(signo) == 1) sigaction(signo, &action, NULL);
    }
}

/* ---- Crash-time restore: a trap (SIGILL/SIGTRAP), SIGSEGV, SIGBUS, SIGFPE, SIGABRT or SIGSYS must not
   leave the terminal in raw mode on the alternate screen. The handler only uses write and
   tcsetattr, both async-signal-safe, with bytes captured at setup; then it re-raises. ---- */
struct nc_crash_state {
    struct termios modes;
    int have_modes;
    char reset[256];
    size_t reset_length;
};
__attribute__((weak)) struct nc_crash_state nc_crash_saved_state = {0};
static inline struct nc_crash_state *nc_crash_state(void) {
    return &nc_crash_saved_state;
}
#define NC_CRASH_SIGNAL_COUNT 7
static inline int nc_crash_signal_number(int index) {
    static const int numbers[NC_CRASH_SIGNAL_COUNT] = { SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGSYS };
    return numbers[index];
}

/* 1 once nc_crash_end_quietly ran: a crash then says one short line on standard error and dies of
   its signal at once, instead of the Swift runtime's crash report, which on a terminal waits 30
   seconds or more for a key ("Press space to interact") while the process stays alive. */
__attribute__((weak)) volatile sig_atomic_t nc_crash_quiet = 0;

/* Writes the crash's one line ("... (signal 11) ...") with write(2) alone: async-signal-safe. */
static void nc_crash_say(int signo) {
    static const char head[] = "\nstudyterm stopped on an internal error (signal ";
    static const char tail[] = "). Every answer stored before it is kept; please tell the study team.\n";
    char digits[4];
    int n = 0, value = signo > 0 && signo < 1000 ? signo : 0;
    do { digits[n++] = (char)('0' + value % 10); value /= 10; } while (value > 0 && n < 3);
    char line[sizeof head + sizeof tail + 4];
    size_t length = 0;
    memcpy(line, head, sizeof head - 1); length += sizeof head - 1;
    while (n > 0) line[length++] = digits[--n];
    memcpy(line + length, tail, sizeof tail - 1); length += sizeof tail - 1;
    ssize_t ignored = write(STDERR_FILENO, line, length);
    (void)ignored;
}

static void nc_crash_handler(int signo) {
    struct nc_crash_state *state = nc_crash_state();
    if (state->reset_length > 0) {
        ssize_t ignored = write(STDOUT_FILENO, state->reset, state->reset_length);
        (void)ignored;
    }
    if (state->have_modes) tcsetattr(STDIN_FILENO, TCSANOW, &state->modes);
    if (nc_crash_quiet) nc_crash_say(signo);
    signal(signo, SIG_DFL);
    raise(signo);
}

/* Outside a screen: a crash says its line and dies of its signal (see nc_crash_quiet). */
static void nc_crash_quiet_handler(int signo) {
    nc_crash_say(signo);
    signal(signo, SIG_DFL);
    raise(signo);
}

/* Saves the terminal modes; call before initscr/newterm. */
static inline void nc_crash_save_modes(void) {
    nc_crash_state()->have_modes = tcgetattr(STDIN_FILENO, &nc_crash_state()->modes) == 0;
}

/* Appends bytes to the crash reset sequence if they fit. */
static inline void nc_crash_append(const char *bytes) {
    struct nc_crash_state *state = nc_crash_state();
    if (bytes == NULL || bytes == (char *)-1) return;
    size_t length = strlen(bytes);
    if (state->reset_length + length >= sizeof state->reset) return;
    memcpy(state->reset + state->reset_length, bytes, length);
    state->reset_length += length;
}

/* Captures the reset sequence from terminfo (after newterm) and installs the crash handlers. */
static inline void nc_crash_install(int mouse_enabled) {
    nc_crash_state()->reset_length = 0;
    if (mouse_enabled) nc_crash_append("\033[?1006l\033[?1000l");
    nc_crash_append(tigetstr((char *)"sgr0"));
    nc_crash_append(tigetstr((char *)"cnorm"));
    nc_crash_append(tigetstr((char *)"rmkx"));
    nc_crash_append(tigetstr((char *)"rmcup"));
    for (int i = 0; i < NC_CRASH_SIGNAL_COUNT; i++) signal(nc_crash_signal_number(i), nc_crash_handler);
}

/* Removes the crash handlers (after a normal endwin), putting back the quiet ones when set. */
static inline void nc_crash_remove(void) {
    for (int i = 0; i < NC_CRASH_SIGNAL_COUNT; i++)
        signal(nc_crash_signal_number(i), nc_crash_quiet ? nc_crash_quiet_handler : SIG_DFL);
    nc_crash_state()->reset_length = 0;
}

/* Replaces the Swift runtime's crash handlers for the whole process (see nc_crash_quiet). */
static inline void nc_crash_end_quietly(void) {
    nc_crash_quiet = 1;
    for (int i = 0; i < NC_CRASH_SIGNAL_COUNT; i++) signal(nc_crash_signal_number(i), nc_crash_quiet_handler);
}
#endif
