/* a.c - calls b, which calls back: the cycle file_cycles.sh must find (never built). */
#include "loop/a.h"
#include "loop/b.h"

int a(void) { return b() + 1; }
