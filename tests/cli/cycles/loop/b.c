/* b.c - calls back into a.c (never built). */
#include "loop/b.h"
#include "loop/a.h"

int b(void) { return a() - 1; }
