// The floor for a Swift terminal program: statically linked Swift, ncursesw, one painted screen
// and a wait for a key; no Foundation, no task. Tests/bench/ttybench_compare.py --baseline
// compiles it (swiftc -O -static-stdlib) and times it beside studyterm, dialog and whiptail.
#if canImport(Glibc)
    import Glibc
#endif
import CNcursesw

setlocale(LC_ALL, "")
initscr()
raw()
noecho()
keypad(stdscr, true)
mvaddstr(2, 2, "Name:")
mvaddstr(3, 2, "[                    ]")
mvaddstr(23, 1, "Enter done  Tab/Shift-Tab field  Ctrl-C cancel  F1 help")
move(3, 3)
refresh()
while true {
    let key = getch()
    if key == 3 || key == 27 { break }   // Ctrl-C or Esc
    addch(chtype(key))
    refresh()
}
endwin()
